"""Every sign-in, failed sign-in and sign-out goes into the audit trail."""

from django.contrib.auth.signals import user_logged_in, user_logged_out, user_login_failed
from django.dispatch import receiver

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record


@receiver(user_logged_in)
def _logged_in(sender, request, user, **kwargs):
    audit_record(actor=user, action=AuditEntry.Action.LOGIN, request=request)


@receiver(user_logged_out)
def _logged_out(sender, request, user, **kwargs):
    if user is not None:
        audit_record(actor=user, action=AuditEntry.Action.LOGOUT, request=request)


@receiver(user_login_failed)
def _login_failed(sender, credentials, request=None, **kwargs):
    entry = {"username": str(credentials.get("username", ""))[:150]}
    audit_record(actor=None, action=AuditEntry.Action.LOGIN_FAILED, after=entry, request=request)
