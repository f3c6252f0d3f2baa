from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.forms import UserChangeForm

from apps.accounts.models import User
from apps.audit.admin import AuditedAdmin, reason_form


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
class UserAdmin(AuditedAdmin, BaseUserAdmin):
    """Accounts in the admin: a change of role or access asks for a reason and is audited."""

    form = reason_form(UserChangeForm)
    list_display = ("username", "email", "role", "is_active", "last_login")
    list_filter = ("role", "is_active")
    fieldsets = (*(BaseUserAdmin.fieldsets or ()), ("Role", {"fields": ("role",)}))
    add_fieldsets = (*BaseUserAdmin.add_fieldsets, ("Role", {"fields": ("role",)}))

    def audit_snapshot(self, obj) -> dict:
        return account_snapshot(obj)
