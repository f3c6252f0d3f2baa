"""Reads, scoped to what the caller may see. A record outside the scope is simply not found.

- admins: everything;
- researchers: the studies they own and everything in them;
- clinicians: the participants assigned to them, plus the studies whose clinical team they are on
  or in which they care for someone (names and protocols only: participants stay per person).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, TypedDict

from django.db.models import (
    Case,
    CharField,
    Count,
    F,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone
from django.utils.translation import gettext

from apps.common import clock
from apps.common.errors import NotFound, PermissionDenied
from apps.participants import rules  # other apps check these through selectors.rules
from apps.participants.models import ClinicianNote, Participant, Protocol, Study
from apps.programmes.models import Programme
from apps.programmes.selectors import sessions_per_week_in_force

if TYPE_CHECKING:  # the type of a model read with annotations (django-stubs)
    from django_stubs_ext import WithAnnotations


class WeeklyCounts(TypedDict):
    """What :func:`participant_list` adds to each participant it reads."""

    last_session_at: datetime | None
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


def week_start(now=None):
    """Monday 00:00 of the current week in the clinic's time zone (the ``TIME_ZONE`` setting).

    Every count of the weekly plan is made here, on the server, so that the sessions counted
    and the flag for missed ones use the same week whatever the browser's time zone."""
    local = timezone.localtime(now or clock.now())
    today = local.replace(hour=0, minute=0, second=0, microsecond=0)
    return today - timedelta(days=today.weekday())


def participant_list(
    *, user, study_id: int | None = None, group: str | None = None, search: str | None = None
) -> QuerySet[WithAnnotations[Participant, WeeklyCounts]]:
    """Visible participants with what a clinician's list needs, computed in the one query.

    ``sessions_this_week`` counts sessions completed since Monday and ``sessions_last_week`` those
    of the week before; ``sessions_per_week_planned`` is the participant's own plan, else the
    prescribed dose (its own, else the study's programme), else the study's newest protocol's
    (never the protocol last used: a plan belongs to the person);
    ``sessions_missed_last_week`` is last week's plan less last week's sessions, for someone
    enrolled before last week began (else null, as it is without a plan). Last week's plan
    (``sessions_planned_last_week``) is the participant's own plan as it is now, else a
    prescription (their own, else the study's) as it stood when last week ended (one changed
    this week counts from this week on), else the study's newest protocol's as it is now.
    ``arm_shown`` is the arm for those who may see it (:func:`rules.sees_arms`), else null.
    """
    participants = participant_scope(user=user)
    if study_id is not None:
        participants = participants.filter(study_id=study_id)
    if group:
        participants = participants.filter(group=group)
    if search:
        participants = participants.filter(code__icontains=search.strip())
    this_week = week_start()
    last_week = this_week - timedelta(days=7)
    newest_in_study = Protocol.objects.filter(study=OuterRef("study")).order_by(
        "-created_at", "-pk"
    )
    # A prescribed dose (apps.programmes) is the plan when there is one.
    own_dose = Programme.objects.filter(participant=OuterRef("pk"))
    study_dose = Programme.objects.filter(study=OuterRef("study"), participant=None)
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
            sessions_this_week=Count(
                "sessions",
                filter=Q(sessions__status="completed", sessions__completed_at__gte=this_week),
            ),
            sessions_last_week=Count(
                "sessions",
                filter=Q(
                    sessions__status="completed",
                    sessions__completed_at__gte=last_week,
                    sessions__completed_at__lt=this_week,
                ),
            ),
            sessions_per_week_planned=Coalesce(
                "sessions_per_week",
                Subquery(own_dose.values("sessions_per_week")[:1]),
                Subquery(study_dose.values("sessions_per_week")[:1]),
                Subquery(newest_in_study.values("sessions_per_week")[:1]),
                output_field=IntegerField(),
            ),
            sessions_planned_last_week=Coalesce(
                "sessions_per_week",
                sessions_per_week_in_force(this_week),
                Subquery(newest_in_study.values("sessions_per_week")[:1]),
                output_field=IntegerField(),
            ),
        )
        .annotate(
            sessions_missed_last_week=Case(
                When(
                    Q(created_at__lt=last_week, sessions_planned_last_week__isnull=False),
                    then=Greatest(F("sessions_planned_last_week") - F("sessions_last_week"), 0),
                ),
                default=Value(None),
                output_field=IntegerField(),
            )
        )
        .order_by("study__name", "code")
    )


def participant_visible(*, user, participant_id: int) -> Participant:
    """A visible participant, plain: for a view that acts on them or reads their own records,
    without the list's weekly counts, which :func:`participant_get` computes over every session
    they had."""
    try:
        return participant_scope(user=user).select_related("study").get(pk=participant_id)
    except Participant.DoesNotExist:
        raise NotFound(gettext("There is no such participant.")) from None


def participant_get(*, user, participant_id: int) -> WithAnnotations[Participant, WeeklyCounts]:
    """A visible participant, with the weekly counts of :func:`participant_list`."""
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
