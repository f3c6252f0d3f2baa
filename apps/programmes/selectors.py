"""Reads of the programme: the dose ledger (prescribed, scheduled, delivered, active minutes,
missed with reason) per participant and programme week, and the participant's own progress.

Everything delivered is counted from the training sessions, so the ledger cannot drift from
them. Weeks are the participant's own: week 1 is the seven days from their start (allocation,
else consent, else enrolment), in the clinic's time zone. Each week is measured against the
prescription in force on its last day, the week under way against the one in force now
(:mod:`apps.programmes.prescriptions`): a change of prescription never rewrites a week that
has ended.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext, ngettext

from apps.common import clock
from apps.common.errors import NotFound
from apps.participants.models import AssessmentPoint, Participant
from apps.programmes import links
from apps.programmes.models import MissedDose, Prescription, Programme
from apps.programmes.prescriptions import Timeline, timeline_of, timelines_of_studies

# The weekly plan's reads, as the participant list, the report, the progress page, the
# reminders and the dose export read them.
from apps.programmes.weekly import OWN, PRESCRIBED, PROTOCOL
from apps.programmes.weekly import allocations as allocations
from apps.programmes.weekly import attendance as attendance
from apps.programmes.weekly import attendances as attendances
from apps.programmes.weekly import completed_starts as completed_starts
from apps.programmes.weekly import plan_basis as plan_basis
from apps.programmes.weekly import plan_changes as plan_changes
from apps.programmes.weekly import plan_in_force as plan_in_force
from apps.programmes.weekly import programme_start as programme_start
from apps.programmes.weekly import programme_starts as programme_starts
from apps.programmes.weekly import starts_on as starts_on
from apps.programmes.weekly import week_of as week_of
from apps.programmes.weekly import weekly_counts as weekly_counts
from apps.training.models import TrainingSession
from apps.visits.models import Visit

PLAN_SOURCES = (OWN, PRESCRIBED, PROTOCOL)  # whose a week's plan is


def programme_for(participant: Participant) -> Programme | None:
    """The participant's own prescription, else the study's, else none."""
    own = Programme.objects.filter(participant=participant).first()
    return own or Programme.objects.filter(study_id=participant.study_id, participant=None).first()


def study_programme(*, study_id: int) -> Programme | None:
    return Programme.objects.filter(study_id=study_id, participant=None).first()


def prescriptions_for(participant: Participant) -> list[Prescription]:
    """The versions of the participant's own and the study's prescriptions, newest first."""
    return timeline_of(participant).newest_first()


def study_prescriptions(*, study_id: int) -> list[Prescription]:
    """Every version of the study's prescription, newest first."""
    versions = Prescription.objects.filter(study_id=study_id, participant=None)
    return list(versions.select_related("made_by").order_by("-pk"))


@dataclass
class Week:
    week: int
    starts_on: datetime.date
    current: bool
    prescribed: int
    prescribed_minutes: int
    scheduled: int = 0
    delivered: int = 0
    active_minutes: float = 0.0
    missed: int | None = None
    missed_reason: str | None = None
    prescription: int | None = None


def dose_ledger(participant: Participant, now: datetime.datetime | None = None) -> dict:
    """The participant's ledger at ``now``: one row per programme week from week 1 to the
    current week (or the programme's last, if later weeks have sessions), with totals over the
    weeks that are over. Each week reads the prescription of its own time, the current and
    later ones the prescription in force at ``now``; ``prescriptions`` are the versions that
    applied to the participant, newest first."""
    sessions = TrainingSession.objects.filter(participant=participant).values_list(*_SESSION)
    reasons = MissedDose.objects.filter(participant=participant).values_list("week", "reason")
    return _ledger(
        participant,
        now or clock.now(),
        programme_for(participant),
        timeline_of(participant),
        programme_start(participant),
        list(sessions),
        dict(reasons),
    )


def dose_ledgers(participants: list[Participant], now: datetime.datetime) -> dict[int, dict]:
    """Each participant's :func:`dose_ledger` at ``now``, by participant id (the study's flow,
    the dose export): five queries for any number of participants."""
    pks = [p.pk for p in participants]
    studies = {p.study_id for p in participants}
    programmes: dict[tuple[int, int | None], Programme] = {}  # one a study, one a participant
    for programme in Programme.objects.filter(
        models.Q(participant__in=pks) | models.Q(study_id__in=studies, participant=None)
    ):
        programmes[programme.study_id, programme.participant_id] = programme
    timelines = timelines_of_studies(studies)
    starts = programme_starts(participants)
    sessions: dict[int, list[tuple]] = {}
    for pk, *row in TrainingSession.objects.filter(participant__in=pks).values_list(
        "participant_id", *_SESSION
    ):
        sessions.setdefault(pk, []).append(tuple(row))
    reasons: dict[int, dict[int, str]] = {}
    for pk, week, reason in MissedDose.objects.filter(participant__in=pks).values_list(
        "participant_id", "week", "reason"
    ):
        reasons.setdefault(pk, {})[week] = reason
    return {
        p.pk: _ledger(
            p,
            now,
            programmes.get((p.study_id, p.pk)) or programmes.get((p.study_id, None)),
            timelines(p),
            starts[p.pk],
            sessions.get(p.pk, []),
            reasons.get(p.pk, {}),
        )
        for p in participants
    }


_SESSION = ("status", "scheduled_for", "started_at", "completed_at")


def _ledger(
    participant: Participant,
    now: datetime.datetime,
    programme: Programme | None,
    timeline: Timeline,
    start: datetime.date,
    sessions: list[tuple],
    reasons: dict[int, str],
) -> dict:
    """The ledger of :func:`dose_ledger`, from the participant's records as read."""
    current = week_of(start, now) or 0
    held: dict[int, list[float]] = {}
    scheduled: dict[int, int] = {}
    for status, planned_for, started, completed in sessions:
        if (week := week_of(start, planned_for)) is not None:
            scheduled[week] = scheduled.get(week, 0) + 1
        if status != TrainingSession.Status.COMPLETED or started is None or completed is None:
            continue
        if (week := week_of(start, started)) is not None:
            held.setdefault(week, []).append((completed - started).total_seconds() / 60)
    last = max([current, *held, *scheduled]) if (held or scheduled or current) else 0
    weeks = []
    for number in range(1, last + 1):
        version = timeline.measuring(start, number, current, now)
        prescribed = version.prescribed(number) if version else 0
        row = Week(
            week=number,
            starts_on=start + datetime.timedelta(days=7 * (number - 1)),
            current=number == current,
            prescribed=prescribed,
            prescribed_minutes=prescribed * (version.minutes_per_session if version else 0),
            prescription=version.pk if version else None,
            scheduled=scheduled.get(number, 0),
            delivered=len(held.get(number, [])),
            active_minutes=round(sum(held.get(number, [])), 1),
        )
        if number < current:  # a week that is over
            row.missed = max(prescribed - row.delivered, 0)
            row.missed_reason = reasons.get(number)
        weeks.append(row)
    over = [w for w in weeks if not w.current and w.week < current]
    prescribed_total = sum(w.prescribed for w in over)
    delivered_total = sum(min(w.delivered, w.prescribed) for w in over)
    return {
        "participant": participant.pk,
        "programme": programme,
        "prescriptions": timeline.newest_first(),
        "starts_on": start,
        "current_week": current,
        "weeks": weeks,
        "prescribed": prescribed_total,
        "delivered": sum(w.delivered for w in over),
        "held_as_prescribed": delivered_total,
        "adherence": round(delivered_total / prescribed_total, 3) if prescribed_total else None,
        "missed": sum(w.missed or 0 for w in over),
        "missed_unexplained": sum(1 for w in over if w.missed and not w.missed_reason),
    }


def participant_by_progress_link(token: str) -> Participant:
    """The consenting participant a progress link names (the link is their credential)."""
    participant = Participant.objects.filter(
        pk=links.progress_claim(token), consent_withdrawn_at__isnull=True
    ).first()
    if participant is None:
        raise NotFound(gettext("This progress link is not valid (or has expired)."))
    return participant


def progress_link_language(token: str) -> str | None:
    """The language of the participant a progress link opens (None: it opens nothing)."""
    try:
        return participant_by_progress_link(token).language
    except NotFound:
        return None


def participant_progress(participant: Participant, now: datetime.datetime | None = None) -> dict:
    """What the participant sees of their own training: this week's sessions against the plan
    and the weeks in a row the plan was kept, in plain words. No scores of any kind.

    This week is the programme week that holds ``now``; each week's plan is the one the
    clinician reads beside the participant (:mod:`apps.programmes.weekly`: their own plan, else
    the prescription's, else the protocol's), so the two never tell a different plan. Sessions
    scheduled for later weeks count for nothing here until those weeks come."""
    weeks = attendance(participant, now=now)
    this_week = weeks[-1] if weeks else None
    done = this_week.completed if this_week else 0
    planned = (this_week.planned or 0) if this_week else 0
    streak = 0
    for week in reversed(weeks[:-1]):
        if week.planned and week.completed >= week.planned:
            streak += 1
        elif week.planned:
            break
    if planned and done >= planned:
        streak += 1
    current = this_week.week if this_week else 0
    programme = programme_for(participant)
    return {
        "code": participant.code,
        "language": participant.language,
        "week": current,
        "sessions_done": done,
        "sessions_planned": planned,
        "streak_weeks": streak,
        "words": _words(done, planned, streak),
        # For the reminders, not the page: the programme's last week is gone by.
        "programme_over": programme is not None and current > programme.last_week,
    }


def _words(done: int, planned: int, streak: int) -> list[str]:
    """The progress page's sentences, in the participant's language."""
    if not planned:
        lines = [gettext("There are no sessions planned for you this week.")]
    elif done >= planned:
        lines = [
            ngettext(
                "You have done the %(planned)s session planned for this week. Well done!",
                "You have done all %(planned)s sessions planned for this week. Well done!",
                planned,
            )
            % {"planned": planned}
        ]
    else:
        left = planned - done
        lines = [
            ngettext(
                "You have done %(done)s of %(planned)s session planned this week.",
                "You have done %(done)s of %(planned)s sessions planned this week.",
                planned,
            )
            % {"done": done, "planned": planned},
            ngettext("%(left)s session to go.", "%(left)s sessions to go.", left) % {"left": left},
        ]
    if streak:
        lines.append(
            ngettext(
                "You have kept to your plan %(weeks)s week in a row.",
                "You have kept to your plan %(weeks)s weeks in a row.",
                streak,
            )
            % {"weeks": streak}
        )
    return lines


LOST_AFTER = datetime.timedelta(weeks=4)  # no session held this long: lost to follow-up


def _point_box(point: AssessmentPoint) -> dict:
    return {
        "point": point.pk,
        "kind": point.kind,
        "label": point.label or str(point.get_kind_display()),
        "assessed": 0,
        "missed": 0,
        "missed_reasons": {},
    }


def _count_visits(boxes: list[dict], recorded) -> None:
    """Add a participant's recorded visits to their arm's count at each point."""
    by_point = {box["point"]: box for box in boxes}
    for point, status, reason in recorded:
        box = by_point.get(point)
        if box is None:
            continue
        if status == Visit.Status.DONE:
            box["assessed"] += 1
        else:
            box["missed"] += 1
            box["missed_reasons"][reason] = box["missed_reasons"].get(reason, 0) + 1


def study_flow(*, study, show_arms: bool, now: datetime.datetime | None = None) -> dict:
    """The CONSORT-style flow of a study and its adherence: enrolled, allocated (per arm when
    ``show_arms``; in a study without arms every consenting participant counts as allocated),
    received the allocated training, lost to follow-up (no session for four weeks, with the
    latest reason recorded for a missed week) or withdrawn, assessed at each assessment point
    (the visits a blinded assessor recorded as held, and those missed with their reasons), and
    analysed (still consenting: the participants an export holds). Adherence is the dose
    ledgers', summed."""
    now = now or clock.now()
    people = list(
        Participant.objects.filter(study=study).select_related("arm", "allocation").order_by("pk")
    )
    ledgers = dose_ledgers(people, now)  # five queries, not five a person
    last_held = dict(
        TrainingSession.objects.filter(participant__study=study, status="completed")
        .values_list("participant_id")
        .annotate(last=models.Max("started_at"))
    )
    latest_reason: dict[int, str] = {}
    for pid, reason in (
        MissedDose.objects.filter(participant__study=study)
        .order_by("week")
        .values_list("participant_id", "reason")
    ):
        latest_reason[pid] = reason

    points = list(AssessmentPoint.objects.filter(study=study).order_by("pk"))
    visits: dict[int, list[tuple[int, str, str]]] = {}
    for pid, point, status, reason in Visit.objects.filter(participant__study=study).values_list(
        "participant_id", "point_id", "status", "missed_reason"
    ):
        visits.setdefault(pid, []).append((point, status, reason))

    def arm_of(p: Participant) -> str:
        return p.arm.name if (show_arms and p.arm) else "all"

    not_allocated = {"no_consent": 0, "withdrew_before_allocation": 0, "awaiting_allocation": 0}
    arms: dict[str, dict] = {}
    for p in people:
        slot = getattr(p, "allocation", None)  # none: not allocated
        began = slot.allocated_at if slot is not None else None
        if study.opened_at is None and p.consent_date is not None:
            began = p.created_at  # a study without arms: every consenting person trains
        if began is None:
            if p.consent_withdrawn_at is not None:
                not_allocated["withdrew_before_allocation"] += 1
            elif p.consent_date is None:
                not_allocated["no_consent"] += 1
            else:
                not_allocated["awaiting_allocation"] += 1
            continue
        box = arms.setdefault(
            arm_of(p),
            {
                "allocated": 0,
                "received": 0,
                "not_received": 0,
                "withdrew": 0,
                "lost": 0,
                "lost_reasons": {},
                "analysed": 0,
                "prescribed": 0,
                "delivered": 0,
                "assessed": [_point_box(point) for point in points],
            },
        )
        box["allocated"] += 1
        _count_visits(box["assessed"], visits.get(p.pk, ()))
        held = last_held.get(p.pk)
        box["received" if held else "not_received"] += 1
        if p.consent_withdrawn_at is not None:
            box["withdrew"] += 1
            continue
        box["analysed"] += 1
        if (held or began) < now - LOST_AFTER:
            box["lost"] += 1
            reason = latest_reason.get(p.pk, "no_reason_recorded")
            box["lost_reasons"][reason] = box["lost_reasons"].get(reason, 0) + 1
        ledger = ledgers[p.pk]
        box["prescribed"] += ledger["prescribed"]
        box["delivered"] += sum(
            min(w.delivered, w.prescribed) for w in ledger["weeks"] if w.missed is not None
        )
    for box in arms.values():
        box["adherence"] = (
            round(box["delivered"] / box["prescribed"], 3) if box["prescribed"] else None
        )
    return {
        "enrolled": len(people),
        "not_allocated": not_allocated,
        "allocated": sum(box["allocated"] for box in arms.values()),
        "arms": [{"arm": name, **box} for name, box in sorted(arms.items())],
        "lost_after_weeks": LOST_AFTER.days // 7,
    }
