"""Writing the audit trail. Services call :func:`audit_record` inside their transaction; the entry
is chained to the one before it in that same transaction."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, models, transaction
from django.utils import timezone

from apps.audit.chain import CONTENT_FIELDS, GENESIS, content_hash
from apps.audit.models import AuditEntry


def audit_snapshot(instance: models.Model) -> dict:
    """The instance's concrete fields (and many-to-many ids) as JSON-safe values, less those
    its model names in ``audit_omitted`` (what belongs to a request, not to the record)."""
    data = {}
    omitted = getattr(instance, "audit_omitted", ())
    for field in instance._meta.concrete_fields:
        if field.attname not in omitted:
            data[field.attname] = field.value_from_object(instance)
    if instance.pk is not None:
        for field in instance._meta.many_to_many:
            data[field.name] = sorted(obj.pk for obj in field.value_from_object(instance))
    return json.loads(json.dumps(data, cls=DjangoJSONEncoder))


def _client_ip(request) -> str | None:
    if request is None:
        return None
    return request.META.get("REMOTE_ADDR") or None


def audit_record(
    *,
    actor,
    action: str,
    instance: models.Model | None = None,
    before: dict | None = None,
    after: dict | None = None,
    study_id: int | None = None,
    object_type: str = "",
    object_id: str = "",
    request=None,
    reason: str = "",
) -> AuditEntry:
    if instance is not None:
        object_type = object_type or instance._meta.label_lower
        object_id = object_id or str(instance.pk)
        if action != AuditEntry.Action.DELETE and after is None:
            after = audit_snapshot(instance)
    user = actor if getattr(actor, "is_authenticated", False) else None
    entry = AuditEntry(
        at=timezone.now(),
        actor=user,
        actor_name=getattr(user, "username", "") or "",
        action=action,
        object_type=object_type,
        object_id=object_id,
        study_id=study_id,
        # As stored: JSON values round-tripped, the address normalised, so the hash is of
        # what a later reader gets back.
        before=_as_json(before),
        after=_as_json(after),
        ip=AuditEntry._meta.get_field("ip").get_prep_value(_client_ip(request)),
        reason=reason,
    )
    with transaction.atomic():
        _chain_lock()
        last = AuditEntry.objects.order_by("-id").values_list("entry_hash", flat=True).first()
        entry.prev_hash = last or GENESIS
        content = {name: getattr(entry, name) for name in CONTENT_FIELDS}
        entry.entry_hash = content_hash(content, entry.prev_hash)
        entry.save(force_insert=True)
    return entry


def _as_json(value):
    return None if value is None else json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def _chain_lock() -> None:
    """Serialise writers until the transaction ends, so two entries never claim the same
    predecessor (the chain never forks). The mode admits readers; only writers wait.

    SQLite has a single writer anyway.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("LOCK TABLE audit_auditentry IN SHARE ROW EXCLUSIVE MODE")
