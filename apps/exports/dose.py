"""The rows of the dose table: each programme week of each participant the export holds, read
from the dose ledger (what was prescribed, scheduled, held and missed) and the weekly plan (what
the clinical team's screens planned, and whose plan it was). Weeks are counted from the
participant's start, so no calendar date leaves.

With shifted times, the table must not tell when the export was made (that moment would bound
each participant's shift, as a time of the export's own would): its weeks end with the last one
the participant's records reach (a session held in it, or a missed week explained), and a week
is told as over only where those records show it is. With real times, the weeks run to the one
under way."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass

from apps.common import clock
from apps.exports.scope import ExportScope
from apps.programmes.models import MissedDose
from apps.programmes.selectors import (
    attendances,
    completed_starts,
    dose_ledgers,
    programme_starts,
    week_of,
)


@dataclass(frozen=True)
class Extent:
    """How far a participant's rows run, and through which week they are told as over."""

    last: int
    over_through: int


def extents(scope: ExportScope, now: datetime.datetime) -> dict[int, Extent]:
    """Each participant's extent, by id, in four queries whatever their number."""
    starts = programme_starts(list(scope.participant_rows()))
    held = {
        pk: max((week_of(starts[pk], moment) or 0 for moment in moments), default=0)
        for pk, moments in completed_starts(starts).items()
    }
    explained: dict[int, int] = {}
    for pk, week in MissedDose.objects.filter(participant__in=starts).values_list(
        "participant_id", "week"
    ):
        explained[pk] = max(explained.get(pk, 0), week)
    out = {}
    for pk, start in starts.items():
        current = week_of(start, now) or 0
        if not scope.shift_dates:
            out[pk] = Extent(current, current - 1)
            continue
        last_held, last_explained = held.get(pk, 0), explained.get(pk, 0)
        last = min(max(last_held, last_explained), current)
        out[pk] = Extent(last, min(max(last_held - 1, last_explained), current - 1))
    return out


def dose_count(scope: ExportScope) -> int:
    return sum(extent.last for extent in extents(scope, clock.now()).values())


def dose_rows(scope: ExportScope) -> Iterator[tuple]:
    """The table's rows, participant by participant, in a fixed number of queries whatever
    the number of participants."""
    scope.load()
    now = clock.now()
    reach = extents(scope, now)
    listed = [p for p in scope.participant_rows().order_by("pk") if reach[p.pk].last]
    ledgers = dose_ledgers(listed, now)
    attended = attendances(listed, now)
    for participant in listed:
        extent = reach[participant.pk]
        export_id = scope.subjects[participant.pk].export_id
        plans = {row.week: row for row in attended[participant.pk]}
        for week in ledgers[participant.pk]["weeks"][: extent.last]:
            plan = plans[week.week]
            measured = week.prescription is not None
            over = week.week <= extent.over_through
            yield (
                export_id,
                week.week,
                True if over else (None if scope.shift_dates else False),
                week.prescribed if measured else None,
                week.prescribed_minutes if measured else None,
                plan.planned,
                plan.source,
                week.scheduled,
                week.delivered,
                float(week.active_minutes),
                week.missed if measured and over else None,
                week.missed_reason,
            )
