"""Writes of the programme: prescriptions, reasons for missed weeks, progress links. Each runs
in one transaction, checks the actor and leaves an audit entry. Every change of a prescription
is also kept as a :class:`~apps.programmes.models.Prescription` version, effective from the
moment it is made: the weeks that have ended keep the prescription they were measured
against."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record, audit_snapshot
from apps.common import clock
from apps.common.errors import Conflict, ValidationFailed
from apps.participants.models import Participant, Study
from apps.participants.selectors import rules
from apps.programmes import links
from apps.programmes.models import DOSE_FIELDS, MAX_WEEKS, MissedDose, Prescription, Programme
from apps.programmes.selectors import dose_ledger

BOOSTER_KEYS = {"start_week", "weeks", "sessions_per_week"}


def refuse(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(gettext("The request has invalid fields."), details={field: [message]})


def _check_boosters(boosters: list[dict], weeks: int) -> list[dict]:
    cleaned, end = [], weeks
    for booster in boosters:
        if set(booster) != BOOSTER_KEYS or not all(
            isinstance(booster[key], int) and not isinstance(booster[key], bool)
            for key in BOOSTER_KEYS
        ):
            raise refuse(
                "boosters", gettext("Each booster is {start_week, weeks, sessions_per_week}.")
            )
        if booster["start_week"] <= end:
            raise refuse("boosters", gettext("Boosters come after the programme and each other."))
        if not (1 <= booster["weeks"] <= 12 and 1 <= booster["sessions_per_week"] <= 14):
            raise refuse("boosters", gettext("A booster lasts 1-12 weeks of 1-14 sessions."))
        end = booster["start_week"] + booster["weeks"] - 1
        if end > MAX_WEEKS * 2:
            raise refuse(
                "boosters", gettext("Boosters end by week %(value)s.") % {"value": MAX_WEEKS * 2}
            )
        cleaned.append({key: booster[key] for key in ("start_week", "weeks", "sessions_per_week")})
    return cleaned


@transaction.atomic
def programme_set(
    *,
    study: Study,
    actor,
    participant: Participant | None = None,
    sessions_per_week: int,
    minutes_per_session: int,
    weeks: int,
    boosters: list[dict] = (),  # type: ignore[assignment]
) -> Programme:
    """The study's prescription (its owners), or one participant's own (the owners and the
    participant's clinical team)."""
    if participant is None:
        rules.require(rules.owns_study(actor, study), gettext("Only the study's owners prescribe."))
    else:
        rules.require(
            rules.may_run_sessions(actor, participant),
            gettext("Only the study's owners and the participant's clinical team prescribe."),
        )
    Study.objects.select_for_update().filter(pk=study.pk).first()
    programme = Programme.objects.filter(study=study, participant=participant).first()
    before = audit_snapshot(programme) if programme else None
    programme = programme or Programme(study=study, participant=participant)
    programme.sessions_per_week = sessions_per_week
    programme.minutes_per_session = minutes_per_session
    programme.weeks = weeks
    programme.boosters = _check_boosters(list(boosters), weeks)
    programme.updated_by = actor
    programme.save()
    if before is None or any(before[f] != getattr(programme, f) for f in DOSE_FIELDS):
        _keep_version(programme, actor=actor)
    audit_record(
        actor=actor,
        action=AuditEntry.Action.UPDATE if before else AuditEntry.Action.CREATE,
        instance=programme,
        before=before,
        study_id=study.pk,
    )
    return programme


@transaction.atomic
def programme_clear(*, participant: Participant, actor) -> None:
    """The participant follows the study's prescription again."""
    rules.require(
        rules.may_run_sessions(actor, participant),
        gettext("Only the study's owners and the participant's clinical team prescribe."),
    )
    Study.objects.select_for_update().filter(pk=participant.study_id).first()
    own = Programme.objects.filter(participant=participant).first()
    if own is not None:
        audit_record(
            actor=actor,
            action=AuditEntry.Action.DELETE,
            instance=own,
            before=audit_snapshot(own),
            study_id=participant.study_id,
        )
        _keep_version(own, actor=actor, cleared=True)
        own.delete()


def _keep_version(programme: Programme, *, actor, cleared: bool = False) -> Prescription:
    """The change as a version of the prescription, in force from now (the clock the ledger
    reads "now" from)."""
    return Prescription.objects.create(
        study_id=programme.study_id,
        participant_id=programme.participant_id,
        cleared=cleared,
        effective_at=clock.now(),
        made_by=actor if getattr(actor, "is_authenticated", False) else None,
        **programme.dose,
    )


@transaction.atomic
def missed_dose_record(*, participant: Participant, actor, week: int, reason: str) -> MissedDose:
    """Why a week that is over fell short of its prescription (again: the reason changes)."""
    rules.require(
        rules.may_run_sessions(actor, participant),
        gettext("Only the study's owners and the participant's clinical team record missed weeks."),
    )
    Participant.objects.select_for_update().filter(pk=participant.pk).first()
    rows = {row.week: row for row in dose_ledger(participant)["weeks"]}
    row = rows.get(week)
    if row is None or row.missed is None:
        raise Conflict(
            gettext("Week %(week)s is not over yet.") % {"week": week}, code="week_not_over"
        )
    if not row.missed:
        raise Conflict(
            gettext("Nothing was missed in week %(week)s.") % {"week": week}, code="nothing_missed"
        )
    if reason not in MissedDose.Reason.values:
        raise refuse(
            "reason", gettext("One of: %(join)s.") % {"join": ", ".join(MissedDose.Reason.values)}
        )
    missed = MissedDose.objects.filter(participant=participant, week=week).first()
    before = audit_snapshot(missed) if missed else None
    missed = missed or MissedDose(participant=participant, week=week)
    missed.reason = reason
    missed.recorded_by = actor
    missed.save()
    audit_record(
        actor=actor,
        action=AuditEntry.Action.UPDATE if before else AuditEntry.Action.CREATE,
        instance=missed,
        before=before,
        study_id=participant.study_id,
    )
    return missed


@transaction.atomic
def progress_link_issue(*, participant: Participant, actor) -> tuple[str, object]:
    """A link for the participant's own device to their progress page; audited (it is a
    credential)."""
    rules.require(
        rules.may_run_sessions(actor, participant),
        gettext(
            "Only the study's owners and the participant's clinical team issue progress links."
        ),
    )
    token = links.progress_token(participant.pk)
    expires = clock.now() + links.MAX_AGE
    audit_record(
        actor=actor,
        action=AuditEntry.Action.CREATE,
        object_type="programmes.progress_link",
        object_id=str(participant.pk),
        after={"participant_id": participant.pk, "expires_at": expires.isoformat()},
        study_id=participant.study_id,
    )
    return token, expires


@transaction.atomic
def progress_link_by_reminder(*, participant: Participant) -> str:
    """A progress link for the participant who opened a reminder's single-use link (the
    reminder was their credential); audited like one issued by staff."""
    token = links.progress_token(participant.pk)
    audit_record(
        actor=None,
        action=AuditEntry.Action.CREATE,
        object_type="programmes.progress_link",
        object_id=str(participant.pk),
        after={
            "participant_id": participant.pk,
            "expires_at": (clock.now() + links.MAX_AGE).isoformat(),
            "by": "reminder",
        },
        study_id=participant.study_id,
    )
    return token
