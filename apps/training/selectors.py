"""Reads of training sessions, scoped like their participants (see apps.participants.selectors)."""

from django.db.models import QuerySet
from django.utils.translation import gettext

from apps.common.errors import NotFound
from apps.participants.selectors import participant_scope
from apps.training.models import TrainingSession


def session_list(
    *,
    user,
    participant_id: int | None = None,
    study_id: int | None = None,
    status: str | None = None,
) -> QuerySet[TrainingSession]:
    sessions = TrainingSession.objects.filter(
        participant__in=participant_scope(user=user).values("pk")
    ).select_related("participant")
    if participant_id is not None:
        sessions = sessions.filter(participant_id=participant_id)
    if study_id is not None:
        sessions = sessions.filter(participant__study_id=study_id)
    if status:
        sessions = sessions.filter(status=status)
    return sessions


def session_get(*, user, session_id: int) -> TrainingSession:
    try:
        return session_list(user=user).get(pk=session_id)
    except TrainingSession.DoesNotExist:
        raise NotFound(gettext("There is no such session.")) from None
