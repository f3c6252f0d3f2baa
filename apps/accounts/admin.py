from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.forms import UserChangeForm

from apps.accounts.models import User
from apps.audit.admin import ReasonAdmin, reason_form
from apps.audit.models import AuditEntry
from apps.audit.services import audit_record


def account_snapshot(user: User) -> dict:
    """What the trail keeps of an account: who it is and what it may do, never its password."""
    return {
        "username": user.username,
        "email": user.email,
        "role": user.role,
        "is_active": user.is_active,
        "is_staff": user.is_staff,
        "is_superuser": user.is_superuser,
        "groups": sorted(user.groups.values_list("pk", flat=True)) if user.pk else [],
    }


@admin.register(User)
class UserAdmin(ReasonAdmin, BaseUserAdmin):
    """Accounts in the admin: a change of role or access asks for a reason and is audited."""

    form = reason_form(UserChangeForm)
    list_display = ("username", "email", "role", "is_active", "last_login")
    list_filter = ("role", "is_active")
    fieldsets = (*(BaseUserAdmin.fieldsets or ()), ("Role", {"fields": ("role",)}))
    add_fieldsets = (*BaseUserAdmin.add_fieldsets, ("Role", {"fields": ("role",)}))

    def save_model(self, request, obj, form, change):
        if change:  # the account as stored: the form has already changed ``obj``
            form.audit_before = account_snapshot(User.objects.get(pk=obj.pk))
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)  # the groups are saved here
        before, after = getattr(form, "audit_before", None), account_snapshot(form.instance)
        if before == after:
            return
        audit_record(
            actor=request.user,
            action=AuditEntry.Action.UPDATE if change else AuditEntry.Action.CREATE,
            instance=form.instance,
            before=before,
            after=after,
            request=request,
            reason=self.reason(request, form),
        )

    def delete_model(self, request, obj):
        before, pk = account_snapshot(obj), obj.pk
        super().delete_model(request, obj)
        audit_record(
            actor=request.user,
            action=AuditEntry.Action.DELETE,
            object_type=obj._meta.label_lower,
            object_id=str(pk),
            before=before,
            request=request,
            reason=self.reason(request),
        )
