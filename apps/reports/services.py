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
from apps.reminders.selectors import plan_get, reminder_log
from apps.training.models import TrainingSession
from apps.visits.selectors import participant_visits

ARM_WITHHELD = "withheld while the study's design is concealed (given when the study ends)"


def access_request_make(*, user, participant_id: int) -> dict:
    """Everything held about the participant, by their code: details, consent, allocation,
    sessions, metrics, dose (and the prescriptions it was measured against), assessment
    visits, reminders (the address, the times chosen, what fell due) and the clinical team's
    notes (by role, never staff names)."""
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
        # The prescriptions the weeks were measured against (never who made them).
        "prescriptions": [
            {
                "effective_at": v.effective_at.isoformat() if v.effective_at else None,
                "own": v.participant_id is not None,
                "cleared": v.cleared,
                **v.dose,
            }
            for v in ledger["prescriptions"]
        ],
        "visits": [
            {
                "point": v["label"],
                "status": v["status"],
                "held_on": v["held_on"].isoformat() if v["held_on"] else None,
                "measures": v["measures"],
                "missed_reason": v["missed_reason"],
            }
            for v in participant_visits(participant)
            if v["recorded_at"] is not None
        ],
        "reminders": _reminders(participant),
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


def _reminders(participant) -> dict | None:
    plan = plan_get(participant)
    if plan is None:
        return None
    return {
        "email": plan.email,
        "time_zone": plan.time_zone,
        "times": plan.times,
        "weekdays": plan.weekdays,
        "quiet_hours": [plan.quiet_start.isoformat(), plan.quiet_end.isoformat()]
        if plan.quiet_start and plan.quiet_end
        else None,
        "active": plan.active,
        "stopped_at": plan.opted_out_at.isoformat() if plan.opted_out_at else None,
        "chosen_by": plan.chosen_by,
        "agreed_how": plan.agreed_how,
        "log": [
            {
                "due_at": entry.due_at.isoformat(),
                "outcome": entry.outcome,
                "why": entry.why or None,
                "opened_at": entry.link_used_at.isoformat() if entry.link_used_at else None,
            }
            for entry in reminder_log(participant, limit=None)
        ],
    }
