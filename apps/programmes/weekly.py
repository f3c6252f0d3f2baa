"""The weekly plan a clinician reads beside each participant (the list, their page, the report's
attendance table) and the participant reads on their progress page (and is reminded of), in the
participant's own weeks and by one rule.

Weeks are the dose ledger's: week 1 is the seven days from the participant's start (allocation,
else consent, else enrolment), in the clinic's time zone. A week's plan is the participant's
own weekly plan measuring that week, if one was set (their :class:`~apps.participants.models.
WeeklyPlan` versions, by the prescriptions' rule: a week that is over keeps the plan in force
on its last day); else what the prescription measuring that week
(:meth:`~apps.programmes.prescriptions.Timeline.measuring`) prescribes for it, which is none
after the programme and between its boosters; else the study's newest protocol's as that week
had it (by the same rule: a protocol stored in a week that is over measures the weeks from that
one on; never the protocol last used: a plan belongs to the person). So where the ledger
applies, the list and the ledger count the same sessions against the same dose.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext

from apps.common import clock
from apps.participants.models import AllocationSlot, Participant, Protocol, WeeklyPlan
from apps.programmes.prescriptions import Timeline, timelines_of_studies, took_effect_by
from apps.training.models import TrainingSession


def starts_on(participant: Participant, allocated_at: datetime.datetime | None) -> datetime.date:
    """The day the participant's week 1 begins, given when they were allocated (if they were)."""
    if allocated_at is not None:
        return timezone.localdate(allocated_at)
    if participant.consent_date is not None:
        return participant.consent_date
    return timezone.localdate(participant.created_at)


def allocations(participants: Iterable[Participant | int]) -> dict[int, datetime.datetime]:
    """When each of ``participants`` (ids, participants or a query of them) that is allocated
    was allocated, by participant id, in one query."""
    slots = AllocationSlot.objects.filter(participant__in=participants)
    return dict(slots.values_list("participant_id", "allocated_at"))


def programme_start(participant: Participant) -> datetime.date:
    """The day the participant's week 1 begins."""
    return starts_on(participant, allocations([participant.pk]).get(participant.pk))


def programme_starts(participants: Sequence[Participant]) -> dict[int, datetime.date]:
    """Each participant's first day of week 1, by participant id, in one query."""
    allocated = allocations([p.pk for p in participants])
    return {p.pk: starts_on(p, allocated.get(p.pk)) for p in participants}


def completed_starts(
    pks: Iterable[int], since: datetime.datetime | None = None
) -> dict[int, list[datetime.datetime | None]]:
    """When each participant's completed sessions started (from ``since``), by participant id,
    in one query."""
    sessions = TrainingSession.objects.filter(
        participant__in=pks,
        status=TrainingSession.Status.COMPLETED,
        started_at__isnull=False,
        completed_at__isnull=False,
    )
    if since is not None:
        sessions = sessions.filter(started_at__gte=since)
    started: dict[int, list[datetime.datetime | None]] = {}
    for pk, moment in sessions.values_list("participant_id", "started_at"):
        started.setdefault(pk, []).append(moment)
    return started


def week_of(start: datetime.date, moment: datetime.datetime | None) -> int | None:
    """The programme week ``moment`` falls in (None: before week 1, or no moment)."""
    if moment is None:
        return None
    days = (timezone.localdate(moment) - start).days
    return days // 7 + 1 if days >= 0 else None


OWN, PRESCRIBED, PROTOCOL = "own", "prescribed", "protocol"


def source_words(source: str) -> str:
    """Whose plan it is, in words (the report's "Plan:" line)."""
    return {
        OWN: gettext("the participant's plan"),
        PRESCRIBED: gettext("the prescription in force"),
        PROTOCOL: gettext("the study's newest protocol"),
    }[source]


@dataclass(frozen=True)
class WeekCounts:
    """What the participant list shows of the participant's weeks (the API's field names)."""

    sessions_this_week: int
    sessions_last_week: int
    sessions_per_week_planned: int | None
    sessions_planned_last_week: int | None
    sessions_missed_last_week: int | None


def protocol_plans(study_ids: Iterable[int]) -> dict[int, list[tuple[datetime.datetime, int]]]:
    """Each study's protocols, oldest first, as (stored at, sessions a week), by study id."""
    plans: dict[int, list[tuple[datetime.datetime, int]]] = {}
    protocols = Protocol.objects.filter(study_id__in=study_ids).order_by("created_at", "pk")
    for study_id, at, sessions in protocols.values_list(
        "study_id", "created_at", "sessions_per_week"
    ):
        plans.setdefault(study_id, []).append((at, sessions))
    return plans


def newest_protocol_plans(study_ids: Iterable[int]) -> dict[int, int]:
    """Each study's newest protocol's sessions a week, by study id (none: no protocol)."""
    return {study: plans[-1][1] for study, plans in protocol_plans(study_ids).items()}


def _held_by_week(
    start: datetime.date, started: Iterable[datetime.datetime | None]
) -> Counter[int]:
    """Sessions held in each programme week, from the moments the completed ones started."""
    return Counter(week for moment in started if (week := week_of(start, moment)) is not None)


class _Plans:
    """The plan of any week of any of a set of participants, from one read each of their own
    plans' versions, their studies' prescriptions and their studies' protocols."""

    def __init__(self, participants: Sequence[Participant], now: datetime.datetime):
        self.now = now
        study_ids = {p.study_id for p in participants}
        self.timelines: Callable[[Participant], Timeline] = timelines_of_studies(study_ids)
        self.own: dict[int, list[WeeklyPlan]] = {}
        versions = WeeklyPlan.objects.filter(participant__in=[p.pk for p in participants])
        for version in versions.order_by("pk"):
            self.own.setdefault(version.participant_id, []).append(version)
        self.protocols = protocol_plans(study_ids)

    def week(
        self, participant: Participant, start: datetime.date, week: int
    ) -> tuple[int | None, str]:
        """Sessions planned in programme week ``week`` (1 or later), and whose plan it is:
        :data:`OWN`, :data:`PRESCRIBED` or :data:`PROTOCOL`."""
        current = week_of(start, self.now) or 0
        took_effect = took_effect_by(start, week, current, self.now)
        own = None
        for plan in self.own.get(participant.pk, []):  # the one recorded last applies
            if plan.effective_at is None or took_effect(plan.effective_at):
                own = plan.sessions_per_week
        if own is not None:
            return own, OWN
        version = self.timelines(participant).measuring(start, week, current, self.now)
        if version is not None:
            return version.prescribed(week), PRESCRIBED
        protocol = None
        for at, sessions in self.protocols.get(participant.study_id, []):
            if took_effect(at):  # the newest stored by then applies
                protocol = sessions
        return protocol, PROTOCOL

    def planned(self, participant: Participant, start: datetime.date, week: int) -> int | None:
        return self.week(participant, start, week)[0]


def weekly_counts(
    participants: Sequence[Participant], now: datetime.datetime | None = None
) -> dict[int, WeekCounts]:
    """Each participant's sessions held this programme week and last, against the plan of each,
    by participant id: five queries for any number of participants. A session counts in the
    week it was started in, once completed (as in the ledger). Last week's plan and what was
    missed of it are null until week 1 is over; the plan is null without one."""
    now = now or clock.now()
    pks = [p.pk for p in participants]
    starts = programme_starts(participants)
    # Last week began less than two weeks ago (a day more for any time zone).
    started = completed_starts(pks, since=now - datetime.timedelta(days=15))
    held = {pk: _held_by_week(starts[pk], started.get(pk, [])) for pk in pks}
    plans = _Plans(participants, now)
    counts = {}
    for participant in participants:
        start, pk = starts[participant.pk], participant.pk
        current = week_of(start, now)
        if current is None:  # week 1 is still to come
            planned = plans.planned(participant, start, 1)
            counts[pk] = WeekCounts(0, 0, planned, None, None)
            continue
        last = current - 1
        planned_last = plans.planned(participant, start, last) if last else None
        held_last = held[pk][last]
        counts[pk] = WeekCounts(
            sessions_this_week=held[pk][current],
            sessions_last_week=held_last,
            sessions_per_week_planned=plans.planned(participant, start, current),
            sessions_planned_last_week=planned_last,
            sessions_missed_last_week=None
            if planned_last is None
            else max(planned_last - held_last, 0),
        )
    return counts


def plan_in_force(
    participant: Participant, now: datetime.datetime | None = None
) -> tuple[int | None, str]:
    """The plan of the participant's week under way, and whose it is in words (the report's
    "Plan:" line), by the rule of :func:`weekly_counts`."""
    now = now or clock.now()
    start = programme_start(participant)
    week = week_of(start, now) or 1
    planned, source = _Plans([participant], now).week(participant, start, week)
    return planned, source_words(source)


def plan_basis(participant: Participant) -> list:
    """What a week's plan is read from besides the prescriptions and the day: the participant's
    own plan, else the study's newest protocol's (for a report's signature, which a week
    passing leaves current)."""
    if participant.sessions_per_week is not None:
        return [participant.sessions_per_week, source_words(OWN)]
    newest = newest_protocol_plans([participant.study_id]).get(participant.study_id)
    return [newest, source_words(PROTOCOL)]


def plan_changes(participant: Participant) -> list[list]:
    """The changes of the participant's own plan since versions were kept, oldest first: when
    each took effect and what it set (for a report's signature, as the prescriptions' are)."""
    versions = WeeklyPlan.objects.filter(participant=participant, effective_at__isnull=False)
    rows = versions.order_by("pk").values_list("effective_at", "sessions_per_week")
    return [list(row) for row in rows]


@dataclass(frozen=True)
class AttendedWeek:
    """One programme week against its plan (the report's attendance table, the progress page and
    reminders, the dose export)."""

    week: int
    starts_on: datetime.date
    current: bool
    completed: int
    planned: int | None
    missed: int | None  # for the weeks that are over, against a plan
    source: str | None = None  # whose plan it is (OWN, PRESCRIBED, PROTOCOL); none: no plan


def attendance(
    participant: Participant, shown: int | None = None, now: datetime.datetime | None = None
) -> list[AttendedWeek]:
    """The participant's latest ``shown`` programme weeks (all: None) up to the one under way,
    oldest first: the sessions completed in each against its plan (the rule of
    :func:`weekly_counts`)."""
    now = now or clock.now()
    start = programme_start(participant)
    started = completed_starts([participant.pk]).get(participant.pk, [])
    return _attended(participant, start, started, _Plans([participant], now), shown)


def attendances(
    participants: Sequence[Participant], now: datetime.datetime | None = None
) -> dict[int, list[AttendedWeek]]:
    """Every week of :func:`attendance` of each participant, by participant id: five queries
    for any number of participants."""
    now = now or clock.now()
    starts = programme_starts(participants)
    started = completed_starts([p.pk for p in participants])
    plans = _Plans(participants, now)
    return {
        p.pk: _attended(p, starts[p.pk], started.get(p.pk, []), plans, None) for p in participants
    }


def _attended(
    participant: Participant,
    start: datetime.date,
    started: Iterable[datetime.datetime | None],
    plans: _Plans,
    shown: int | None,
) -> list[AttendedWeek]:
    """The weeks of :func:`attendance`, from when the completed sessions started."""
    current = week_of(start, plans.now)
    if current is None:
        return []
    held = _held_by_week(start, started)
    rows = []
    first = 1 if shown is None else max(1, current - shown + 1)
    for week in range(first, current + 1):
        planned, source = plans.week(participant, start, week)
        done = held[week]
        over = week < current
        rows.append(
            AttendedWeek(
                week=week,
                starts_on=start + datetime.timedelta(days=7 * (week - 1)),
                current=not over,
                completed=done,
                planned=planned,
                missed=max(planned - done, 0) if over and planned is not None else None,
                source=source if planned is not None else None,
            )
        )
    return rows
