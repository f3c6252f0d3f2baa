"""Writes of the FHIR app: the clinic's identifier of a participant."""

from __future__ import annotations

import hashlib

from django.db import transaction
from django.utils.translation import gettext

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common.reasons import reason_required
from apps.fhir.models import ClinicIdentifier
from apps.participants.selectors import rules


def _fingerprint(identifier: ClinicIdentifier | None) -> dict | None:
    """What the audit trail keeps of an identifier: its system and a hash of its value (the
    trail is read by researchers; the value itself identifies the patient)."""
    if identifier is None:
        return None
    digest = hashlib.sha256(identifier.value.encode()).hexdigest()
    return {"system": identifier.system, "value_sha256": digest}


@transaction.atomic
def clinic_identifier_set(
    *, participant, actor, system: str, value: str, reason: str = ""
) -> ClinicIdentifier:
    """Record (or, for the reason given, change) the participant's identifier in the clinic's
    records. For the clinical team and the study's owners."""
    rules.require(
        rules.may_run_sessions(actor, participant),
        gettext("The clinic's identifier is for the clinical team and the study's owners."),
    )
    identifier = ClinicIdentifier.objects.select_for_update().filter(participant=participant)
    current = identifier.first()
    before = _fingerprint(current)
    if current is not None:
        reason = reason_required(reason)
    current = current or ClinicIdentifier(participant=participant)
    current.system, current.value, current.changed_by = system, value, actor
    current.save()
    audit_record(
        actor=actor,
        action=AuditEntry.Action.UPDATE if before else AuditEntry.Action.CREATE,
        instance=current,
        before=before,
        after=_fingerprint(current),
        study_id=participant.study_id,
        reason=reason,
    )
    return current
