"""Which prescription measures which week: the rule of :class:`~apps.programmes.models.
Prescription`, read from the versions kept.

A week is measured against the prescription in force on its last day, the week under way (and
any week to come) against the one in force at the moment the ledger is read; for a participant
that is their own prescription while one is in force, else the study's
(:meth:`Timeline.measuring`). The dose ledger, the participant list's weekly counts, the report
and the reminders all read it here.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable

from django.db.models import Q
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

    def measuring(
        self, start: datetime.date, week: int, current: int, now: datetime.datetime
    ) -> Prescription | None:
        """The prescription programme week ``week`` is measured against, read at ``now`` (in
        programme week ``current``): a week that is over keeps the one in force on its last
        day; the week under way and later ones follow the one in force at ``now`` (not one
        made after it: a reminder decided for an earlier moment reads that moment's)."""
        return self._latest(took_effect_by(start, week, current, now))

    def _latest(self, took_effect: Callable[[datetime.datetime], bool]) -> Prescription | None:
        """Of the versions that took effect (by ``took_effect``), the participant's own one
        recorded last, unless it ended; else the study's recorded last."""
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


def took_effect_by(
    start: datetime.date, week: int, current: int, now: datetime.datetime
) -> Callable[[datetime.datetime], bool]:
    """Whether a version that took effect at a moment measures programme week ``week``, read at
    ``now`` (in programme week ``current``): for a week that is over, one that took effect
    before its end; for the week under way and later ones, one that took effect by ``now``."""
    if week < current:
        end = week_end(start, week)
        return lambda at: at < end
    return lambda at: at <= now


def timeline_of(participant: Participant) -> Timeline:
    versions = Prescription.objects.filter(
        Q(participant=participant) | Q(study_id=participant.study_id, participant=None)
    ).select_related("made_by")
    return Timeline(list(versions.order_by("pk")))


def timelines_of_studies(study_ids: Iterable[int]) -> Callable[[Participant], Timeline]:
    """Every participant's timeline in the studies, from one read of their versions: for a read
    over many participants (a study's flow, a page of the participant list), instead of one
    query a participant."""
    study: dict[int, list[Prescription]] = {}
    own: dict[int, list[Prescription]] = {}
    for version in Prescription.objects.filter(study_id__in=set(study_ids)).order_by("pk"):
        if version.participant_id is None:
            study.setdefault(version.study_id, []).append(version)
        else:
            own.setdefault(version.participant_id, []).append(version)

    def of(participant: Participant) -> Timeline:
        versions = study.get(participant.study_id, []) + own.get(participant.pk, [])
        return Timeline(sorted(versions, key=lambda version: version.pk))

    return of
