"""The participant's access request: a copy of the data the platform holds about them, made
for their clinical team to hand over, and audited."""

from __future__ import annotations

from django.utils.translation import gettext

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common import clock
from apps.metrics.models import MetricValue
from apps.participants.models import AllocationSlot
from apps.participants.selectors import participant_get, rules
from apps.programmes.selectors import dose_ledger
from apps.training.models import TrainingSession

ARM_WITHHELD = "withheld while the study's design is concealed (given when the study ends)"


def access_request_make(*, user, participant_id: int) -> dict:
    """Everything held about the participant, by their code: details, consent, allocation,
    sessions, metrics, dose and the clinical team's notes (by role, never staff names)."""
    participant = participant_get(user=user, participant_id=participant_id)
    rules.require(
        rules.may_run_sessions(user, participant),
        gettext(
            "Access requests are made by the study's owners and the participant's clinical team."
        ),
    )
    study = participant.study
    slot = AllocationSlot.objects.filter(participant=participant).select_related("arm").first()
    sessions = TrainingSession.objects.filter(participant=participant).order_by("number")
    ledger = dose_ledger(participant)
    data = {
        "made_at": clock.now().isoformat(),
        "participant": {
            "code": participant.code,
            "study": study.name,
            "age_band": participant.age_band,
            "group": participant.group or None,
            "enrolled_at": participant.created_at.isoformat(),
        },
        "consent": {
            "date": participant.consent_date.isoformat() if participant.consent_date else None,
            "form_version": participant.consent_form_version or None,
            "withdrawn_at": participant.consent_withdrawn_at.isoformat()
            if participant.consent_withdrawn_at
            else None,
        },
        "allocation": None
        if slot is None
        else {
            "allocated_at": slot.allocated_at.isoformat(),
            "stratum": slot.stratum,
            "arm": slot.arm.name if study.design_open else ARM_WITHHELD,
        },
        "sessions": [
            {
                "number": s.number,
                "status": s.status,
                "protocol": s.protocol_snapshot.get("name"),
                "started_at": s.started_at.isoformat() if s.started_at else None,
                "completed_at": s.completed_at.isoformat() if s.completed_at else None,
            }
            for s in sessions
        ],
        "metrics": [
            {"session": v.session.number if v.session else None, "key": v.key, "value": v.value}
            for v in MetricValue.objects.filter(participant=participant, level="session")
            .select_related("session")
            .order_by("session__number", "key")
        ],
        "dose": [
            {
                "week": w.week,
                "prescribed": w.prescribed,
                "held": w.delivered,
                "missed_reason": w.missed_reason,
            }
            for w in ledger["weeks"]
        ],
        "clinician_notes": [
            {"written_at": n.created_at.isoformat(), "by": "clinician", "text": n.text}
            for n in participant.notes.order_by("created_at")
        ],
    }
    audit_record(
        actor=user,
        action=AuditEntry.Action.EXPORT,
        object_type="participants.access_request",
        object_id=str(participant.pk),
        after={
            "participant_id": participant.pk,
            "sections": sorted(key for key in data if key != "made_at"),
            "sessions": sessions.count(),
        },
        study_id=study.pk,
    )
    return data
