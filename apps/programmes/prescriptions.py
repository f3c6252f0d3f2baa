"""Which prescription measures which week: the rule of :class:`~apps.programmes.models.
Prescription`, read from the versions kept.

A week is measured against the prescription in force on its last day, the week under way (and
any week to come) against the one in force at the moment the ledger is read; for a participant
that is their own prescription while one is in force, else the study's. The rule is written
here twice, side by side: in Python for a participant's timeline (:class:`Timeline`) and in SQL
for a query of participants (:func:`sessions_per_week_in_force`); a test holds them together.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from django.db import models
from django.db.models import Case, F, OuterRef, Q, Subquery, When
from django.db.models.functions import Coalesce
from django.utils import timezone

from apps.participants.models import Participant
from apps.programmes.models import Prescription


def week_end(start: datetime.date, week: int) -> datetime.datetime:
    """The moment programme week ``week`` is over: midnight after its last day, in the
    clinic's time zone (the zone the weeks are counted in)."""
    day = start + datetime.timedelta(days=7 * week)
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time()))


class Timeline:
    """The versions that may apply to one participant (their own and the study's), in the
    order they were recorded."""

    def __init__(self, versions: list[Prescription]):
        self.versions = versions

    def in_force(self, before: datetime.datetime | None = None) -> Prescription | None:
        """The prescription in force just before ``before`` (None: the latest): a week's, for
        ``before`` the moment it is over."""
        return self._latest(lambda at: before is None or at < before)

    def in_force_at(self, moment: datetime.datetime) -> Prescription | None:
        """The prescription in force at ``moment``: of those that took effect at or before it."""
        return self._latest(lambda at: at <= moment)

    def _latest(self, took_effect: Callable[[datetime.datetime], bool]) -> Prescription | None:
        own: Prescription | None = None
        study: Prescription | None = None
        for version in self.versions:
            if version.effective_at is not None and not took_effect(version.effective_at):
                continue  # took effect later
            if version.participant_id is None:
                study = version
            else:
                own = None if version.cleared else version
        return own or study

    def newest_first(self) -> list[Prescription]:
        return self.versions[::-1]


def timeline_of(participant: Participant) -> Timeline:
    versions = Prescription.objects.filter(
        Q(participant=participant) | Q(study_id=participant.study_id, participant=None)
    ).select_related("made_by")
    return Timeline(list(versions.order_by("pk")))


def timelines_of_study(study_id: int) -> Callable[[Participant], Timeline]:
    """Every participant's timeline in a study, from one read of its versions: for a read
    over all of them (the study's flow), instead of one query a participant."""
    study: list[Prescription] = []
    own: dict[int, list[Prescription]] = {}
    for version in Prescription.objects.filter(study_id=study_id).order_by("pk"):
        if version.participant_id is None:
            study.append(version)
        else:
            own.setdefault(version.participant_id, []).append(version)

    def of(participant: Participant) -> Timeline:
        versions = study + own.get(participant.pk, [])
        return Timeline(sorted(versions, key=lambda version: version.pk))

    return of


def sessions_per_week_in_force(before: datetime.datetime) -> Coalesce:
    """For a query of participants: the sessions a week of the prescription in force just
    before ``before`` (their own, unless ended, else the study's), as
    :meth:`Timeline.in_force` reads it."""
    then = Q(effective_at__isnull=True) | Q(effective_at__lt=before)
    own = (
        Prescription.objects.filter(then, participant=OuterRef("pk"))
        .order_by("-pk")
        .annotate(own_sessions=Case(When(cleared=True, then=None), default=F("sessions_per_week")))
    )
    study = Prescription.objects.filter(then, study=OuterRef("study"), participant=None)
    return Coalesce(
        Subquery(own.values("own_sessions")[:1]),
        Subquery(study.order_by("-pk").values("sessions_per_week")[:1]),
        output_field=models.IntegerField(),
    )
