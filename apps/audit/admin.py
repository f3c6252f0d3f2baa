"""The audit trail in the Django admin (read-only), and the mixin that audits admin edits."""

from django.contrib import admin
from django.db import transaction

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record, audit_snapshot


class AuditedAdmin(admin.ModelAdmin):
    """A ModelAdmin whose saves and deletes are written to the audit trail, like the services'.

    Django's admin runs each change in a transaction, so the entry commits with the change.
    """

    def audit_study_id(self, obj) -> int | None:
        return getattr(obj, "study_id", None)

    def audit_snapshot(self, obj) -> dict:
        return audit_snapshot(obj)

    def save_model(self, request, obj, form, change):
        if change:  # the row as stored: the form has already changed ``obj``
            form.audit_before = self.audit_snapshot(type(obj)._default_manager.get(pk=obj.pk))
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)  # many-to-many are saved here
        obj = form.instance
        audit_record(
            actor=request.user,
            action=AuditEntry.Action.UPDATE if change else AuditEntry.Action.CREATE,
            instance=obj,
            before=getattr(form, "audit_before", None),
            after=self.audit_snapshot(obj),
            study_id=self.audit_study_id(obj),
            request=request,
        )

    def delete_model(self, request, obj):
        before, study_id, pk = self.audit_snapshot(obj), self.audit_study_id(obj), obj.pk
        super().delete_model(request, obj)
        audit_record(
            actor=request.user,
            action=AuditEntry.Action.DELETE,
            object_type=obj._meta.label_lower,
            object_id=str(pk),
            before=before,
            study_id=study_id,
            request=request,
        )

    def delete_queryset(self, request, queryset):
        with transaction.atomic():
            for obj in queryset:
                self.delete_model(request, obj)


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("at", "actor_name", "action", "object_type", "object_id", "study_id")
    list_filter = ("action", "object_type")
    search_fields = ("actor_name", "object_id")
    date_hierarchy = "at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
