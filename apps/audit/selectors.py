"""Reading the audit trail: admins read all of it, researchers the entries of their studies."""

import datetime

from django.db.models import QuerySet

from apps.audit.models import AuditEntry
from apps.common.errors import PermissionDenied


def audit_entry_list(
    *,
    user,
    object_type: str | None = None,
    object_id: str | None = None,
    actor_id: int | None = None,
    action: str | None = None,
    since: datetime.datetime | None = None,
    until: datetime.datetime | None = None,
) -> QuerySet[AuditEntry]:
    if user.is_admin:
        entries = AuditEntry.objects.all()
    elif user.is_researcher:
        # Through the reverse accessor: the audit app does not import the participants app.
        owned = user.owned_studies.values("pk")
        entries = AuditEntry.objects.filter(study_id__in=owned)
    else:
        raise PermissionDenied("The audit trail is for admins and researchers.")
    if object_type:
        entries = entries.filter(object_type=object_type)
    if object_id:
        entries = entries.filter(object_id=object_id)
    if actor_id is not None:
        entries = entries.filter(actor_id=actor_id)
    if action:
        entries = entries.filter(action=action)
    if since is not None:
        entries = entries.filter(at__gte=since)
    if until is not None:
        entries = entries.filter(at__lt=until)
    return entries
