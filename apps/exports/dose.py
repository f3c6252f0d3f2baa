"""The rows of the dose table: each programme week of each participant the export holds, from
week 1 to the week under way, read from the dose ledger (what was prescribed, scheduled, held
and missed) and the weekly plan (what the clinical team's screens planned, and whose plan it
was). Weeks are counted from the participant's start, so no calendar date leaves."""

from __future__ import annotations

from collections.abc import Iterator

from apps.common import clock
from apps.exports.scope import ExportScope
from apps.programmes.selectors import attendance, dose_ledger, programme_start, week_of


def dose_count(scope: ExportScope) -> int:
    now = clock.now()
    return sum(week_of(programme_start(p), now) or 0 for p in scope.participant_rows())


def dose_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    now = clock.now()
    for participant in scope.participant_rows().order_by("pk"):
        export_id = scope.subjects[participant.pk].export_id
        ledger = dose_ledger(participant, now)
        plans = {row.week: row for row in attendance(participant, now=now)}
        for week in ledger["weeks"]:
            if week.week not in plans:  # a later week the ledger shows for its schedule
                break
            plan = plans[week.week]
            measured = week.prescription is not None
            yield (
                export_id,
                week.week,
                not week.current,
                week.prescribed if measured else None,
                week.prescribed_minutes if measured else None,
                plan.planned,
                plan.source,
                week.scheduled,
                week.delivered,
                float(week.active_minutes),
                week.missed if measured else None,
                week.missed_reason,
            )
