"""Signing a participant's report or a study's export: the signer re-enters their password
(and second factor), and the signature (who, when, meaning, the hash of what was signed) is
written with its audit entry in one transaction."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from apps.accounts.services import reauthenticate
from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common.errors import Conflict
from apps.exports.models import Export
from apps.participants.models import Participant
from apps.participants.selectors import rules
from apps.reports.selectors import report_content_hash
from apps.signoff.models import Signature
from apps.signoff.selectors import export_content_hash


def _sign(
    *,
    actor,
    kind: str,
    object_id: int,
    study_id: int,
    meaning: str,
    content_hash: str,
    request,
) -> Signature:
    """Called inside a transaction holding the record's row, so that sign-offs of one record
    queue: a second identical one (a double click, a retry) finds the first and is answered
    with it, with no second signature nor audit entry."""
    made = Signature.objects.filter(
        kind=kind, object_id=object_id, signer=actor, meaning=meaning, content_hash=content_hash
    ).first()
    if made is not None:
        return made
    signed_at = timezone.now()
    name = actor.get_full_name() or actor.get_username()
    entry = audit_record(
        actor=actor,
        action=AuditEntry.Action.SIGNED,
        object_type=f"signoff.{kind}",
        object_id=str(object_id),
        study_id=study_id,
        after={
            "signer": name,
            "meaning": meaning,
            "signed_at": signed_at.isoformat(),
            "content_hash": content_hash,
        },
        request=request,
    )
    return Signature.objects.create(
        kind=kind,
        object_id=object_id,
        study_id=study_id,
        signer=actor,
        signer_name=name,
        meaning=meaning,
        signed_at=signed_at,
        content_hash=content_hash,
        audit_entry=entry,
    )


def _sign_locked(
    record: Participant | Export,
    *,
    kind: str,
    content_hash: Callable[[Any], str],
    actor,
    meaning: str,
    request,
) -> Signature:
    """Signs ``record`` once its row is held, so that sign-offs of one record queue (see
    :func:`_sign`). Its own fields are read again then; what a caller's query added to it
    (a participant's weekly counts) is hashed as the caller read it."""
    with transaction.atomic():
        type(record).objects.select_for_update().filter(pk=record.pk).first()
        record.refresh_from_db()
        return _sign(
            actor=actor,
            kind=kind,
            object_id=record.pk,
            study_id=record.study_id,
            meaning=meaning,
            content_hash=content_hash(record),
            request=request,
        )


def report_sign(
    *, participant, actor, meaning: str, password: str, code: str = "", request=None
) -> Signature:
    """The participant's report as it reads now, signed by the study's owners or the
    participant's clinical team."""
    rules.require(
        rules.may_run_sessions(actor, participant),
        gettext("Only the study's owners and the participant's clinical team sign their report."),
    )
    reauthenticate(user=actor, password=password, code=code, request=request)
    return _sign_locked(
        participant,
        kind=Signature.Kind.REPORT,
        content_hash=report_content_hash,
        actor=actor,
        meaning=meaning,
        request=request,
    )


def export_sign(
    *, export: Export, actor, meaning: str, password: str, code: str = "", request=None
) -> Signature:
    """A finished export, signed by the study's owners (for a sponsor)."""
    rules.require(
        rules.owns_study(actor, export.study), gettext("Only the study's owners sign exports.")
    )
    if export.status != Export.Status.READY:
        raise Conflict(gettext("Only a finished export can be signed."), code="export_not_ready")
    reauthenticate(user=actor, password=password, code=code, request=request)
    return _sign_locked(
        export,
        kind=Signature.Kind.EXPORT,
        content_hash=export_content_hash,
        actor=actor,
        meaning=meaning,
        request=request,
    )
