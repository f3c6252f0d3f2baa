"""Which prescription measures which week: the rule of :class:`~apps.programmes.models.
Prescription`, read from the versions kept.

A week is measured against the prescription in force on its last day, the week under way (and
any week to come) against the one in force now; for a participant that is their own
prescription while one is in force, else the study's.
"""

from __future__ import annotations

import datetime

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

    def in_force(self, before: datetime.datetime | None = None) -> Prescription | None:
        """The prescription in force just before ``before`` (None: now, the latest)."""
        own: Prescription | None = None
        study: Prescription | None = None
        for version in self.versions:
            if before is not None and version.effective_at and version.effective_at >= before:
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
