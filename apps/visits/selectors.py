"""Reads of the assessment visits, scoped to the caller.

A blinded assessor sees the participants of the studies they assess by code only, and of each
visit its point, window, status and what was recorded: never an arm, a training metric, a note,
an age band or a group. Everyone else sees the visits of the participants they may see
(:func:`apps.participants.selectors.participant_scope`).

A visit's status is worked out from its window and today (the clinic's time zone):
``not_scheduled`` (the point has no window), ``waiting`` (its anchor, the allocation, has not
happened), ``upcoming``, ``due`` (the window is open), ``overdue`` (closed with nothing
recorded), ``done`` or ``missed`` (recorded), ``withdrawn`` (consent withdrawn, nothing
recorded).
A held visit's ``in_window`` is worked out the same way, against its window as it is now.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from apps.common import clock
from apps.common.errors import NotFound
from apps.participants.models import AssessmentPoint, Participant, Study
from apps.participants.selectors import participant_scope, study_scope
from apps.programmes.selectors import allocations, starts_on
from apps.visits.models import StudyAssessor, Visit, VisitWindow


def assesses(user, study_id: int) -> bool:
    """Is the user one of the study's blinded assessors?"""
    return bool(
        getattr(user, "is_assessor", False)
        and StudyAssessor.objects.filter(study_id=study_id, user=user).exists()
    )


def visit_participant_scope(*, user) -> QuerySet[Participant]:
    """The participants whose visits the user may see: for an assessor, those of the studies
    they assess who have consented; for other staff, the participants they may see."""
    if getattr(user, "is_assessor", False):
        studies = StudyAssessor.objects.filter(user=user).values("study_id")
        return Participant.objects.filter(study__in=studies, consent_date__isnull=False)
    return participant_scope(user=user)


def visit_participant_get(*, user, participant_id: int) -> Participant:
    found = visit_participant_scope(user=user).select_related("study").filter(pk=participant_id)
    participant = found.first()
    if participant is None:
        raise NotFound(gettext("There is no such participant."))
    return participant


def visit_study_scope(*, user) -> QuerySet[Study]:
    if getattr(user, "is_assessor", False):
        return Study.objects.filter(pk__in=StudyAssessor.objects.filter(user=user).values("study"))
    return study_scope(user=user)


def study_assessors(*, study: Study) -> list:
    return [
        place.user for place in StudyAssessor.objects.filter(study=study).select_related("user")
    ]


@dataclass(frozen=True)
class Window:
    anchor: str  # enrolment or allocation
    opens_day: int
    closes_day: int
    default: bool  # taken from the point's own window of days (no visit window was set)


def point_window(point: AssessmentPoint) -> Window | None:
    """The visit window of a point: the one set by the study's owners, else, for a point
    declared as a window of days after enrolment, that window; else none."""
    window = getattr(point, "visit_window", None)
    if window is not None:
        return Window(window.anchor, window.opens_day, window.closes_day, False)
    if point.window_start_days is not None and point.window_end_days is not None:
        return Window("enrolment", point.window_start_days, point.window_end_days, True)
    return None


def anchor_day(participant: Participant, anchor: str) -> datetime.date | None:
    """The day a window counts from: enrolment, or allocation (in a study without arms the
    participant's start: consent, else enrolment). None while a study with arms has not
    allocated the participant."""
    return anchor_on(participant, anchor, allocations([participant.pk]).get(participant.pk))


def anchor_on(
    participant: Participant, anchor: str, allocated_at: datetime.datetime | None
) -> datetime.date | None:
    """:func:`anchor_day`, given when the participant was allocated (None: not yet)."""
    if anchor == VisitWindow.Anchor.ENROLMENT:
        return timezone.localdate(participant.created_at)
    if allocated_at is not None:
        return timezone.localdate(allocated_at)
    if participant.study.opened_at is not None:
        return None
    return starts_on(participant, None)


def study_points(study_id: int) -> list[AssessmentPoint]:
    return list(
        AssessmentPoint.objects.filter(study_id=study_id)
        .select_related("visit_window")
        .order_by("pk")
    )


def in_window(
    held_on: datetime.date | None, window: Window | None, anchor: datetime.date | None
) -> bool | None:
    """Was the visit held inside its window as the window is now (the owners may move it after
    a visit is recorded)? None when it was not held or the window cannot be placed."""
    if held_on is None or window is None or anchor is None:
        return None
    opens = anchor + datetime.timedelta(days=window.opens_day)
    closes = anchor + datetime.timedelta(days=window.closes_day)
    return opens <= held_on <= closes


def _row(participant, point, window, anchor, visit, today) -> dict:
    opens = closes = None
    if window is not None and anchor is not None:
        opens = anchor + datetime.timedelta(days=window.opens_day)
        closes = anchor + datetime.timedelta(days=window.closes_day)
    if visit is not None:
        status = visit.status
    elif participant.consent_withdrawn_at is not None:
        status = "withdrawn"
    elif window is None:
        status = "not_scheduled"
    elif opens is None or closes is None:
        status = "waiting"
    elif today < opens:
        status = "upcoming"
    elif today <= closes:
        status = "due"
    else:
        status = "overdue"
    return {
        "participant": participant.pk,
        "code": participant.code,
        "study": participant.study_id,
        "point": point.pk,
        "kind": point.kind,
        "label": point.label or point.get_kind_display(),
        "when": point.when,
        "anchor": window.anchor if window else None,
        "opens_on": opens,
        "closes_on": closes,
        "status": status,
        "held_on": visit.held_on if visit else None,
        "in_window": in_window(visit.held_on, window, anchor) if visit else None,
        "measures": visit.measures if visit else {},
        "missed_reason": visit.missed_reason or None if visit else None,
        "recorded_at": visit.recorded_at if visit else None,
    }


def participant_visits(participant: Participant, now: datetime.datetime | None = None) -> list:
    """One row for each of the study's assessment points, in the order they were declared."""
    return _visit_rows(
        participant,
        study_points(participant.study_id),
        list(Visit.objects.filter(participant=participant)),
        allocations([participant.pk]).get(participant.pk),
        timezone.localdate(now or clock.now()),
    )


def _visit_rows(
    participant: Participant,
    points: list[AssessmentPoint],
    visits: list[Visit],
    allocated_at: datetime.datetime | None,
    today: datetime.date,
) -> list:
    """The rows of :func:`participant_visits`, from the participant's records as read."""
    recorded = {v.point_id: v for v in visits}
    anchors: dict[str, datetime.date | None] = {}
    rows = []
    for point in points:
        window = point_window(point)
        if window is not None and window.anchor not in anchors:
            anchors[window.anchor] = anchor_on(participant, window.anchor, allocated_at)
        anchor = anchors.get(window.anchor) if window else None
        rows.append(_row(participant, point, window, anchor, recorded.get(point.pk), today))
    return rows


def visit_list(*, user, study_id: int | None = None, status: str | None = None) -> list[dict]:
    """Every visit of the participants the user may see (the assessor's worklist), in a fixed
    number of queries whatever the number of participants."""
    participants = visit_participant_scope(user=user).select_related("study")
    if study_id is not None:
        participants = participants.filter(study_id=study_id)
    people = list(participants.order_by("study__name", "code"))
    points: dict[int, list[AssessmentPoint]] = {}
    for point in (
        AssessmentPoint.objects.filter(study__in={p.study_id for p in people})
        .select_related("visit_window")
        .order_by("pk")
    ):
        points.setdefault(point.study_id, []).append(point)
    visits: dict[int, list[Visit]] = {}
    for visit in Visit.objects.filter(participant__in=people):
        visits.setdefault(visit.participant_id, []).append(visit)
    allocated = allocations(people)
    today = timezone.localdate(clock.now())
    rows = []
    for participant in people:
        for row in _visit_rows(
            participant,
            points.get(participant.study_id, []),
            visits.get(participant.pk, []),
            allocated.get(participant.pk),
            today,
        ):
            if status is None or row["status"] == status:
                rows.append({**row, "study_name": participant.study.name})
    return rows
