"""Writes of the assessment visits: the study's assessors and visit windows (its owners) and
what an assessor records of a visit. Each runs in one transaction, checks the actor and leaves
an audit entry."""

from __future__ import annotations

import datetime
import math
import re

from django.db import transaction
from django.utils.translation import gettext

from apps.accounts.models import User
from apps.audit.models import AuditEntry
from apps.audit.services import audit_record, audit_snapshot
from apps.common import clock
from apps.common.errors import Conflict, NotFound, PermissionDenied, ValidationFailed
from apps.common.reasons import reason_required
from apps.participants.models import AssessmentPoint, Participant, Study
from apps.participants.selectors import rules
from apps.visits.models import MAX_DAY, StudyAssessor, Visit, VisitWindow
from apps.visits.selectors import anchor_day, assesses, point_window

MEASURE_CODE = re.compile(r"[a-z][a-z0-9_]{0,39}")  # the whole code (fullmatch)
MAX_MEASURES = 30
MAX_VALUE = 1e6


def refuse(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(gettext("The request has invalid fields."), details={field: [message]})


@transaction.atomic
def assessors_set(*, study: Study, actor, assessors: list[int]) -> list[User]:
    """The study's blinded assessors (its owners): accounts with the assessor role only."""
    rules.require(
        rules.owns_study(actor, study), gettext("Only the study's owners place assessors.")
    )
    users = list(User.objects.filter(pk__in=assessors, is_active=True))
    if len(users) != len(set(assessors)) or any(not u.is_assessor for u in users):
        raise refuse("assessors", gettext("Each must be an active account with the assessor role."))
    Study.objects.select_for_update().filter(pk=study.pk).first()
    before = sorted(StudyAssessor.objects.filter(study=study).values_list("user_id", flat=True))
    StudyAssessor.objects.filter(study=study).exclude(user__in=users).delete()
    for user in users:
        StudyAssessor.objects.get_or_create(study=study, user=user, defaults={"added_by": actor})
    after = sorted(u.pk for u in users)
    if after != before:
        audit_record(
            actor=actor,
            action=AuditEntry.Action.UPDATE,
            object_type="visits.assessors",
            object_id=str(study.pk),
            before={"assessors": before},
            after={"assessors": after},
            study_id=study.pk,
        )
    return sorted(users, key=lambda u: u.username)


@transaction.atomic
def visit_windows_set(*, study: Study, actor, windows: list[dict]) -> None:
    """The visit window of each point named (its owners); a point not named keeps its own."""
    rules.require(
        rules.owns_study(actor, study), gettext("Only the study's owners set visit windows.")
    )
    points = {p.pk: p for p in AssessmentPoint.objects.filter(study=study)}
    seen = set()
    for window in windows:
        if window["point"] not in points:
            raise refuse(
                "windows",
                gettext("Point %(point)s is not one of the study's.") % {"point": window["point"]},
            )
        if window["point"] in seen:
            raise refuse(
                "windows", gettext("Point %(point)s is named twice.") % {"point": window["point"]}
            )
        seen.add(window["point"])
        if not 0 <= window["opens_day"] <= window["closes_day"] <= MAX_DAY:
            raise refuse(
                "windows",
                gettext("A window opens on or before it closes, by day %(last)d.")
                % {"last": MAX_DAY},
            )
    for window in windows:
        point = points[window["point"]]
        row = VisitWindow.objects.filter(point=point).first()
        before = audit_snapshot(row) if row else None
        row = row or VisitWindow(point=point)
        row.anchor = window["anchor"]
        row.opens_day = window["opens_day"]
        row.closes_day = window["closes_day"]
        row.updated_by = actor
        row.save()
        audit_record(
            actor=actor,
            action=AuditEntry.Action.UPDATE if before else AuditEntry.Action.CREATE,
            instance=row,
            before=before,
            study_id=study.pk,
        )


def _held(held_on, measures, missed_reason: str, anchor: datetime.date) -> dict:
    if missed_reason:
        raise refuse("missed_reason", gettext("A visit held has no reason for being missed."))
    if held_on is None or not anchor <= held_on <= clock.today():
        raise refuse(
            "held_on", gettext("The day it was held: not before the anchor, nor in future.")
        )
    return {"status": Visit.Status.DONE, "held_on": held_on, "measures": _measures(measures),
            "missed_reason": ""}  # fmt: skip


def _missed(held_on, measures, missed_reason: str, opens: datetime.date) -> dict:
    if held_on is not None:
        raise refuse("held_on", gettext("A missed visit has no day it was held."))
    if measures:
        raise refuse("measures", gettext("A missed visit has no measures."))
    if missed_reason not in Visit.MissedReason.values:
        raise refuse(
            "missed_reason",
            gettext("One of: %(reasons)s.") % {"reasons": ", ".join(Visit.MissedReason.values)},
        )
    # Missed once the window is open (the participant may say during it that they cannot
    # come), never before: until then the visit may still be held.
    if clock.today() < opens:
        raise Conflict(
            gettext("The visit window has not opened yet: a visit is missed from %(day)s.")
            % {"day": opens.isoformat()},
            code="window_not_open",
        )
    return {"status": Visit.Status.MISSED, "held_on": None, "measures": {},
            "missed_reason": missed_reason}  # fmt: skip


def _measures(measures: object) -> dict:
    if not isinstance(measures, dict) or not 1 <= len(measures) <= MAX_MEASURES:
        raise refuse(
            "measures",
            gettext("The assessment: 1 to %(most)d measures, code: value.")
            % {"most": MAX_MEASURES},
        )
    for code, value in measures.items():
        if not isinstance(code, str) or not MEASURE_CODE.fullmatch(code):
            raise refuse(
                "measures",
                gettext("%(code)r is not a measure code (a-z, 0-9, _).") % {"code": str(code)[:40]},
            )
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise refuse(
                "measures", gettext("The value of %(code)s is not a number.") % {"code": code}
            )
        if not math.isfinite(value) or abs(value) >= MAX_VALUE:
            raise refuse(
                "measures", gettext("The value of %(code)s is out of range.") % {"code": code}
            )
    return dict(measures)


@transaction.atomic
def visit_record(
    *,
    participant: Participant,
    point_id: int,
    actor,
    status: str,
    held_on: datetime.date | None = None,
    measures: dict | None = None,
    missed_reason: str = "",
    reason: str = "",
) -> Visit:
    """The assessor's record of a visit: held on a day with the assessment's measures, or
    missed with a reason. Recording it again corrects it, with a reason (Part 11.10(e))."""
    if not assesses(actor, participant.study_id):
        raise PermissionDenied(gettext("Only the study's blinded assessors record visits."))
    point = AssessmentPoint.objects.filter(pk=point_id, study_id=participant.study_id).first()
    if point is None:
        raise NotFound(gettext("There is no such assessment point."))
    Participant.objects.select_for_update().filter(pk=participant.pk).first()
    participant.refresh_from_db()
    window = point_window(point)
    if window is None:
        raise Conflict(gettext("This point has no visit window yet."), code="no_visit_window")
    anchor = anchor_day(participant, window.anchor)
    if anchor is None:
        raise Conflict(gettext("The participant is not allocated yet."), code="not_allocated")
    visit = Visit.objects.filter(participant=participant, point=point).first()
    withdrawn = participant.consent_withdrawn_at
    if withdrawn is not None and (
        status == Visit.Status.DONE or (visit is not None and visit.recorded_at <= withdrawn)
    ):
        # Nothing is held after withdrawal, and what was recorded before it stays as it was.
        raise Conflict(gettext("The participant withdrew consent."), code="consent_withdrawn")
    if status == Visit.Status.DONE:
        fields = _held(held_on, measures, missed_reason, anchor)
    else:
        opens = anchor + datetime.timedelta(days=window.opens_day)
        fields = _missed(held_on, measures, missed_reason, opens)
    before = audit_snapshot(visit) if visit else None
    if visit is not None:
        reason = reason_required(reason)
    visit = visit or Visit(participant=participant, point=point)
    for name, value in fields.items():
        setattr(visit, name, value)
    visit.recorded_by = actor
    visit.recorded_at = clock.now()
    visit.save()
    audit_record(
        actor=actor,
        action=AuditEntry.Action.UPDATE if before else AuditEntry.Action.CREATE,
        instance=visit,
        before=before,
        study_id=participant.study_id,
        reason=reason,
    )
    return visit
