"""Writing the audit trail. Services call :func:`audit_record` inside their transaction."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from apps.audit.models import AuditEntry


def audit_snapshot(instance: models.Model) -> dict:
    """The instance's concrete fields (and many-to-many ids) as JSON-safe values."""
    data = {}
    for field in instance._meta.concrete_fields:
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
) -> AuditEntry:
    if instance is not None:
        object_type = object_type or instance._meta.label_lower
        object_id = object_id or str(instance.pk)
        if action != AuditEntry.Action.DELETE and after is None:
            after = audit_snapshot(instance)
    user = actor if getattr(actor, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        actor=user,
        actor_name=getattr(user, "username", "") or "",
        action=action,
        object_type=object_type,
        object_id=object_id,
        study_id=study_id,
        before=before,
        after=after,
        ip=_client_ip(request),
    )
