"""The audit trail in the Django admin (read-only), and the mixins that audit admin edits."""

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.http import HttpResponseRedirect
from django.utils.translation import gettext, gettext_noop

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record, audit_snapshot

REASON_MISSING = gettext_noop("Say why the record is changed: the audit trail keeps it.")
REASON_FIELDSET = (
    "Reason for change",
    {"fields": ("reason",), "description": "Kept in the audit trail with the old and new values."},
)


def reason_form(base: type[forms.ModelForm]) -> type[forms.ModelForm]:
    """``base`` asking why an existing record is changed (21 CFR Part 11.10(e))."""

    class WithReason(base):  # type: ignore[valid-type,misc]
        reason = forms.CharField(
            label="Reason for change",
            required=False,
            max_length=500,
            widget=forms.Textarea(attrs={"rows": 2}),
        )

        def clean_reason(self) -> str:
            reason = self.cleaned_data.get("reason", "").strip()
            if self.instance.pk is not None and not reason:
                raise forms.ValidationError(gettext(REASON_MISSING), code="reason_required")
            return reason

    return WithReason


class ReasonAdmin(admin.ModelAdmin):
    """Changes and deletions in the admin ask for a reason, as the API's do; deletions go one at a
    time (Django's bulk delete has no place for one)."""

    form = reason_form(forms.ModelForm)
    delete_confirmation_template = "admin/audit/delete_confirmation.html"

    def get_fieldsets(self, request, obj=None):
        fieldsets = list(super().get_fieldsets(request, obj))
        return [*fieldsets, REASON_FIELDSET] if obj is not None else fieldsets

    def get_actions(self, request, action_location=admin.ActionLocation.CHANGE_LIST):
        actions = super().get_actions(request, action_location)
        actions.pop("delete_selected", None)
        return actions

    def delete_view(self, request, object_id, extra_context=None):
        if request.method == "POST" and not request.POST.get("reason", "").strip():
            messages.error(request, gettext(REASON_MISSING))
            return HttpResponseRedirect(request.get_full_path())
        return super().delete_view(request, object_id, extra_context)

    @staticmethod
    def reason(request, form=None) -> str:
        if form is not None:
            return form.cleaned_data.get("reason", "")
        return request.POST.get("reason", "").strip()[:500]


class AuditedAdmin(ReasonAdmin):
    """A ModelAdmin whose saves and deletes are written to the audit trail, like the services',
    each with its reason.

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
        before, after = getattr(form, "audit_before", None), self.audit_snapshot(obj)
        if before == after:  # saved as it was: nothing changed, nothing to record
            return
        audit_record(
            actor=request.user,
            action=AuditEntry.Action.UPDATE if change else AuditEntry.Action.CREATE,
            instance=obj,
            before=before,
            after=after,
            study_id=self.audit_study_id(obj),
            request=request,
            reason=self.reason(request, form),
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
            reason=self.reason(request),
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
