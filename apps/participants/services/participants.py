"""Enrolment, details and consent of pseudonymous participants."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Iterable
from typing import NamedTuple

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record, audit_snapshot
from apps.common import clock
from apps.common.errors import Conflict
from apps.common.reasons import reason_required
from apps.participants import rules
from apps.participants.codes import participant_code_new
from apps.participants.models import Participant, Study, WeeklyPlan
from apps.participants.signals import consent_withdrawn
from apps.participants.validation import clean_or_refuse, refuse

CODE_ATTEMPTS = 20


def _check_clinicians(study: Study, clinicians: Iterable) -> None:
    team = set(study.clinicians.values_list("pk", flat=True))
    for user in clinicians:
        if not user.is_clinician:
            raise refuse(
                "clinicians",
                gettext("%(username)s is not a clinician.") % {"username": user.username},
            )
        if user.pk not in team:
            raise refuse(
                "clinicians",
                gettext("%(username)s is not on the study's clinical team.")
                % {"username": user.username},
            )


def _check_group(study: Study, group: str) -> None:
    if group and group not in study.group_codes:
        listed = ", ".join(study.group_codes) or "none yet: the study's owners set them"
        raise refuse(
            "group",
            gettext("A group is one of the study's group codes (%(listed)s).") % {"listed": listed},
        )


class Enrolment(NamedTuple):
    """What an enrolment request asks for, to tell a retry from another request."""

    study: int
    age_band: str
    language: str
    group: str
    clinicians: frozenset[int]


def _enrolled_with(client_key: uuid.UUID) -> Participant | None:
    """The participant enrolled with this key, in any study (one key is one enrolment)."""
    return Participant.objects.filter(client_key=client_key).order_by("pk").first()


def _the_same_enrolment(made: Participant, asked: Enrolment) -> Participant:
    """The participant the key enrolled answers the same request again; another request with
    that key is refused, whatever it asks."""
    clinicians = frozenset(made.clinicians.values_list("pk", flat=True))
    if Enrolment(made.study_id, made.age_band, made.language, made.group, clinicians) != asked:
        raise Conflict(
            gettext("This key already enrolled a participant with other details."),
            code="client_key_reused",
            details={"client_key": [gettext("Make a new key for each enrolment.")]},
        )
    return made


def _insert_with_new_code(participant: Participant) -> Participant:
    """Store the participant under a fresh code, drawing again when one is already taken.

    With a client key, an enrolment with the same key that committed first is the answer: its
    insert held ours back until then, and this transaction now reads its row.
    """
    for _ in range(CODE_ATTEMPTS):
        participant.code = participant_code_new()
        if Participant.objects.filter(study=participant.study, code=participant.code).exists():
            continue
        try:
            with transaction.atomic():  # a savepoint: a lost race must not spoil the enrolment
                participant.save(force_insert=True)
            return participant
        except IntegrityError:
            participant.pk = None
            if participant.client_key is not None:
                made = _enrolled_with(participant.client_key)
                if made is not None:
                    return made
    raise Conflict(
        gettext("No free participant code was found; please try again."), code="code_unavailable"
    )


@transaction.atomic
def participant_enrol(
    *,
    study: Study,
    actor,
    age_band: str = Participant.AgeBand.UNKNOWN,
    language: str = settings.LANGUAGE_CODE,
    group: str = "",
    clinicians: Iterable = (),
    client_key: uuid.UUID | None = None,
) -> Participant:
    """A new participant under a generated code; a clinician who enrols is assigned to them.

    ``client_key``: the participant already enrolled with this key is the answer, unchanged (a
    double click or a retried request enrols one person once); two requests with one key at
    once (for one study or two) meet at the key's unique constraint, and the second answers as
    it would after the first: with its participant, or refused when it asked for another.
    """
    rules.require(rules.may_enrol(actor, study), gettext("You are not on this study's team."))
    clinicians = set(clinicians) | ({actor} if actor.is_clinician else set())
    asked = Enrolment(study.pk, age_band, language, group, frozenset(u.pk for u in clinicians))
    if client_key is not None:
        made = _enrolled_with(client_key)
        if made is not None:
            return _the_same_enrolment(made, asked)
    _check_clinicians(study, clinicians)
    _check_group(study, group)
    participant = Participant(
        study=study, age_band=age_band, language=language, group=group, client_key=client_key
    )
    clean_or_refuse(participant, exclude=["code", "client_key"])
    stored = _insert_with_new_code(participant)
    if stored is not participant:
        return _the_same_enrolment(stored, asked)
    participant.clinicians.set(clinicians)
    audit_record(
        actor=actor, action=AuditEntry.Action.CREATE, instance=participant, study_id=study.pk
    )
    return participant


@transaction.atomic
def participant_update(
    *,
    participant: Participant,
    actor,
    age_band: str | None = None,
    group: str | None = None,
    clinicians: Iterable | None = None,
    reason: str = "",
) -> Participant:
    """Change what is given (``None``: leave as it is), for the reason given. For the study's
    owners."""
    rules.require(
        rules.owns_study(actor, participant.study),
        gettext("Only the study's owners change a participant's details."),
    )
    participant = (
        Participant.objects.select_for_update().select_related("study").get(pk=participant.pk)
    )
    before = audit_snapshot(participant)
    if clinicians is not None:
        _check_clinicians(participant.study, clinicians)
    if age_band is not None:
        participant.age_band = age_band
    if group is not None:
        _check_group(participant.study, group)
        participant.group = group
    clean_or_refuse(participant)
    participant.save()
    if clinicians is not None:
        participant.clinicians.set(clinicians)
    return _audited_update(participant, actor=actor, before=before, reason=reason)


@transaction.atomic
def participant_consent_record(
    *, participant: Participant, actor, date: datetime.date, form_version: str, reason: str = ""
) -> Participant:
    """Consent given on ``date`` on that version of the form (again: a newer form was signed,
    or the record is corrected, for the reason given)."""
    rules.require(
        rules.may_run_sessions(actor, participant),
        gettext("You may not record this participant's consent."),
    )
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    if participant.consent_withdrawn_at is not None:
        raise Conflict(
            gettext("This participant has withdrawn consent; enrol them again to take part."),
            code="consent_withdrawn",
        )
    if date > clock.today():
        raise refuse("date", gettext("Consent cannot be dated in the future."))
    correction = participant.consent_date is not None  # a change to consent on record
    before = audit_snapshot(participant)
    participant.consent_date = date
    participant.consent_form_version = form_version
    clean_or_refuse(participant)
    participant.save(update_fields=["consent_date", "consent_form_version"])
    return _audited_update(
        participant, actor=actor, before=before, reason=reason if correction else None
    )


@transaction.atomic
def participant_plan_set(
    *, participant: Participant, actor, sessions_per_week: int | None, reason: str = ""
) -> Participant:
    """The participant's weekly plan (``None``: none of their own; the prescription, else the
    study's newest protocol's, applies), from now on: a change is kept as a
    :class:`WeeklyPlan` version taking effect at once, so the weeks that have ended keep theirs.
    Set by the study's owners or the participant's clinical team."""
    rules.require(
        rules.may_run_sessions(actor, participant),
        gettext("Only the study's owners and the participant's clinical team set the weekly plan."),
    )
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    before = audit_snapshot(participant)
    changed = participant.sessions_per_week != sessions_per_week
    participant.sessions_per_week = sessions_per_week
    clean_or_refuse(participant)
    participant.save(update_fields=["sessions_per_week"])
    if changed:
        WeeklyPlan.objects.create(
            participant=participant,
            sessions_per_week=sessions_per_week,
            effective_at=clock.now(),
            made_by=actor,
        )
    return _audited_update(participant, actor=actor, before=before, reason=reason)


@transaction.atomic
def participant_language_set(*, participant: Participant, actor, language: str) -> Participant:
    """The language of the participant's play screen and report. Set by the study's owners or
    the participant's clinical team, or by the participant on their device (``actor`` None).
    A preference, not a clinical record: audited, with no reason asked."""
    if actor is not None:
        rules.require(
            rules.may_run_sessions(actor, participant),
            gettext(
                "Only the study's owners and the participant's clinical team set their language."
            ),
        )
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    before = audit_snapshot(participant)
    participant.language = language
    clean_or_refuse(participant)
    participant.save(update_fields=["language"])
    return _audited_update(participant, actor=actor, before=before)


@transaction.atomic
def participant_withdraw(*, participant: Participant, actor, reason: str = "") -> Participant:
    """Consent withdrawn, for the reason given: no new sessions from now on; what was recorded
    stays. Idempotent."""
    rules.require(
        rules.may_run_sessions(actor, participant),
        gettext("You may not withdraw this participant."),
    )
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    if participant.consent_withdrawn_at is not None:
        return participant
    before = audit_snapshot(participant)
    participant.consent_withdrawn_at = clock.now()
    participant.save(update_fields=["consent_withdrawn_at"])
    consent_withdrawn.send(sender=Participant, participant=participant)
    return _audited_update(participant, actor=actor, before=before, reason=reason)


def _audited_update(
    participant: Participant, *, actor, before: dict, reason: str | None = None
) -> Participant:
    """Audit the change. A change to what is on record needs its reason (``reason`` not
    None); refused without one, the transaction undoes the change."""
    after = audit_snapshot(participant)
    if after != before:  # a request that changes nothing leaves no trace
        audit_record(
            reason="" if reason is None else reason_required(reason),
            actor=actor,
            action=AuditEntry.Action.UPDATE,
            instance=participant,
            before=before,
            after=after,
            study_id=participant.study_id,
        )
    return participant
