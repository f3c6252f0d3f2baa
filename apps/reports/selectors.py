"""What a participant's printed report says, read with the caller's access rules: the same as
the participant's own (a record the caller may not see is not found)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from apps.metrics.selectors import participant_summary
from apps.participants.selectors import clinician_note_list, participant_get, week_start
from apps.training.models import TrainingSession

WEEKS_SHOWN = 12  # the report's attendance table: the latest weeks since enrolment


def attendance(participant, planned: int | None, now=None) -> list[dict]:
    """Completed sessions per week (Monday to Sunday) since the week of enrolment, newest last;
    ``missed`` counts against the plan for the whole weeks that are over (not the week of
    enrolment, which began before them)."""
    this_week = week_start(now)
    first = week_start(participant.created_at)
    completed = list(
        TrainingSession.objects.filter(
            participant=participant, status="completed", completed_at__gte=first
        ).values_list("completed_at", flat=True)
    )
    weeks = []
    start = max(first, this_week - timedelta(weeks=WEEKS_SHOWN - 1))
    while start <= this_week:
        end = start + timedelta(days=7)
        done = sum(1 for at in completed if start <= at < end)
        over = start < this_week
        whole = start >= participant.created_at
        weeks.append(
            {
                "week_start": timezone.localtime(start).date(),
                "completed": done,
                "planned": planned,
                "missed": max(planned - done, 0)
                if planned is not None and over and whole
                else None,
                "current": not over,
            }
        )
        start = end
    return weeks


def participant_report(*, user, participant_id: int, with_notes: bool = False) -> dict:
    """Everything the report prints. Clinician notes only when asked for, and only for the
    participant's clinical team (others are refused, as on the notes endpoint)."""
    participant = participant_get(user=user, participant_id=participant_id)
    notes = None
    if with_notes:
        notes = [
            {"author": n.author.username, "at": n.created_at, "text": n.text}
            for n in clinician_note_list(user=user, participant=participant)
        ]
    summary = participant_summary(participant=participant)
    planned = participant.sessions_per_week_planned
    return {
        "participant": participant,
        "planned": planned,
        "plan_source": "the participant's plan"
        if participant.sessions_per_week is not None
        else "the study's newest protocol",
        "metrics": summary["metrics"],
        "weeks": attendance(participant, planned),
        "sessions_completed": summary["participant"]["sessions_completed"],
        "notes": notes,
        "generated_at": timezone.now(),
    }
