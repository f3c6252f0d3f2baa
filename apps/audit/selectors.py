"""Reading the audit trail: admins read all of it, researchers the entries of their studies."""

import datetime

from django.db.models import QuerySet
from django.utils.translation import gettext

from apps.audit.chain import CONTENT_FIELDS, BrokenLink, ChainReport, chain_walk
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
        raise PermissionDenied(gettext("The audit trail is for admins and researchers."))
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


def audit_chain_verify(*, head: str | None = None) -> ChainReport:
    """Walk the whole trail in id order and report the first broken link. With ``head`` (a hash
    recorded earlier), a chain that no longer contains it is broken too (its tail was cut)."""
    fields = ["id", *CONTENT_FIELDS, "prev_hash", "entry_hash"]
    rows = AuditEntry.objects.order_by("id").values(*fields).iterator(chunk_size=2000)
    report = chain_walk(rows)
    if report.broken is None and head and head != report.head:
        kept = AuditEntry.objects.filter(entry_hash=head).values_list("id", flat=True).first()
        if kept is None:
            reason = f"the recorded head {head} is no longer in the chain (entries removed)"
            return ChainReport(report.entries, report.head, BrokenLink(None, reason))
    return report
