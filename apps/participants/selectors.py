"""Reads, scoped to what the caller may see. A record outside the scope is simply not found.

- admins: everything;
- researchers: the studies they own and everything in them;
- clinicians: the participants assigned to them, plus the studies whose clinical team they are on
  or in which they care for someone (names and protocols only: participants stay per person).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime
from typing import TYPE_CHECKING, TypedDict, cast

from django.db.models import (
    Case,
    CharField,
    Count,
    F,
    Max,
    Q,
    QuerySet,
    Value,
    When,
)
from django.utils.translation import gettext

from apps.common.errors import NotFound, PermissionDenied
from apps.participants import rules  # other apps check these through selectors.rules
from apps.participants.models import ClinicianNote, Participant, Protocol, Study
from apps.programmes.selectors import weekly_counts

if TYPE_CHECKING:  # the type of a model read with annotations (django-stubs)
    from django_stubs_ext import WithAnnotations


class LastSession(TypedDict):
    """What :func:`participant_list` adds to each participant it reads."""

    last_session_at: datetime | None


class WeeklyCounts(LastSession):
    """And what :func:`with_weeks` adds to those of a page."""

    sessions_this_week: int
    sessions_last_week: int
    sessions_per_week_planned: int | None
    sessions_planned_last_week: int | None
    sessions_missed_last_week: int | None


_StudyOwner = Study.owners.through
_StudyClinician = Study.clinicians.through
_Assignment = Participant.clinicians.through


def _visible_study_ids(user) -> QuerySet | None:
    """Ids of the studies the user may see; ``None`` for all of them."""
    if user.is_admin:
        return None
    if user.is_researcher:
        return _StudyOwner.objects.filter(user=user).values("study_id")
    if user.is_clinician:
        teams = _StudyClinician.objects.filter(user=user).values("study_id")
        caring = _Assignment.objects.filter(user=user).values("participant__study_id")
        return Study.objects.filter(Q(pk__in=teams) | Q(pk__in=caring)).values("pk")
    return Study.objects.none().values("pk")


def _visible_participant_ids(user) -> QuerySet | None:
    """Ids of the participants the user may see; ``None`` for all of them."""
    if user.is_admin:
        return None
    if user.is_researcher:
        owned = _StudyOwner.objects.filter(user=user).values("study_id")
        return Participant.objects.filter(study__in=owned).values("pk")
    if user.is_clinician:
        return _Assignment.objects.filter(user=user).values("participant_id")
    return Participant.objects.none().values("pk")


def _arms_shown(user) -> Q:
    """Participants whose arm the user may see (:func:`rules.sees_arms`), as a filter."""
    if user.is_admin:
        return Q(pk__isnull=False)
    if user.is_researcher:
        return Q(study__design_open=True) | Q(
            study__in=_StudyOwner.objects.filter(user=user).values("study_id")
        )
    return Q(study__design_open=True)


def _scoped(queryset: QuerySet, field: str, ids: QuerySet | None) -> QuerySet:
    return queryset if ids is None else queryset.filter(**{f"{field}__in": ids})


def study_scope(*, user) -> QuerySet[Study]:
    """The studies the user may see, plain (for lookups and filters)."""
    return _scoped(Study.objects.all(), "pk", _visible_study_ids(user))


def participant_scope(*, user) -> QuerySet[Participant]:
    """The participants the user may see, plain (for lookups and filters)."""
    return _scoped(Participant.objects.all(), "pk", _visible_participant_ids(user))


def protocol_scope(*, user) -> QuerySet[Protocol]:
    """The protocols of the studies the user may see, plain (for lookups)."""
    return _scoped(Protocol.objects.all(), "study", _visible_study_ids(user))


def study_list(*, user) -> QuerySet[Study]:
    return study_scope(user=user).prefetch_related("owners", "clinicians", "arms")


def study_get(*, user, study_id: int) -> Study:
    try:
        return study_list(user=user).get(pk=study_id)
    except Study.DoesNotExist:
        raise NotFound(gettext("There is no such study.")) from None


def protocol_list(*, user, study_id: int | None = None) -> QuerySet[Protocol]:
    """Protocols of the visible studies, each with how many (visible) sessions used it."""
    protocols = protocol_scope(user=user).select_related("study")
    if study_id is not None:
        protocols = protocols.filter(study_id=study_id)
    participants = _visible_participant_ids(user)
    used = Q() if participants is None else Q(sessions__participant__in=participants)
    return protocols.annotate(session_count=Count("sessions", filter=used)).order_by(
        "study__name", "name", "-version"
    )


def protocol_get(*, user, protocol_id: int) -> Protocol:
    try:
        return protocol_list(user=user).get(pk=protocol_id)
    except Protocol.DoesNotExist:
        raise NotFound(gettext("There is no such protocol.")) from None


def participant_list(
    *, user, study_id: int | None = None, group: str | None = None, search: str | None = None
) -> QuerySet[WithAnnotations[Participant, LastSession]]:
    """Visible participants with their last session, in the one query; the weekly counts of a
    page of them are :func:`with_weeks`'s. ``arm_shown`` is the arm for those who may see it
    (:func:`rules.sees_arms`), else null."""
    participants = participant_scope(user=user)
    if study_id is not None:
        participants = participants.filter(study_id=study_id)
    if group:
        participants = participants.filter(group=group)
    if search:
        participants = participants.filter(code__icontains=search.strip())
    return (
        participants.select_related("study", "arm")
        .prefetch_related("clinicians")
        .annotate(
            last_session_at=Max("sessions__started_at"),
            arm_shown=Case(
                When(_arms_shown(user), then=F("arm__name")),
                default=Value(None),
                output_field=CharField(),
            ),
            allocated_at=F("allocation__allocated_at"),
            stratum=F("allocation__stratum"),
        )
        .order_by("study__name", "code")
    )


def with_weeks(
    participants: Sequence[Participant],
) -> list[WithAnnotations[Participant, WeeklyCounts]]:
    """The participants, each with the counts of its weeks (:class:`~apps.programmes.weekly.
    WeekCounts`: sessions held this programme week and last against the plan of each) set as
    a query's annotations would be: a page's worth in five queries."""
    counts = weekly_counts(participants)
    for participant in participants:
        for name, value in asdict(counts[participant.pk]).items():
            setattr(participant, name, value)
    return cast("list[WithAnnotations[Participant, WeeklyCounts]]", list(participants))


def participant_visible(*, user, participant_id: int) -> Participant:
    """A visible participant, plain: for a view that acts on them or reads their own records,
    without what :func:`participant_get` adds (the last session over every session they had,
    the arm shown)."""
    try:
        return participant_scope(user=user).select_related("study").get(pk=participant_id)
    except Participant.DoesNotExist:
        raise NotFound(gettext("There is no such participant.")) from None


def participant_get(*, user, participant_id: int) -> WithAnnotations[Participant, LastSession]:
    """A visible participant, with what :func:`participant_list` adds (its last session, the
    arm shown); the counts of its weeks are :func:`with_weeks`'s."""
    try:
        return participant_list(user=user).get(pk=participant_id)
    except Participant.DoesNotExist:
        raise NotFound(gettext("There is no such participant.")) from None


def clinician_note_list(*, user, participant: Participant) -> QuerySet[ClinicianNote]:
    """The participant's notes, for their clinical team only (never for researchers)."""
    if not rules.cares_for(user, participant):
        raise PermissionDenied(
            gettext("Clinician notes are for the participant's clinical team only.")
        )
    return participant.notes.select_related("author")


def clinician_note_get(*, user, participant: Participant, note_id: int) -> ClinicianNote:
    try:
        return clinician_note_list(user=user, participant=participant).get(pk=note_id)
    except ClinicianNote.DoesNotExist:
        raise NotFound(gettext("There is no such note.")) from None
