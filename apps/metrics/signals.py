"""Queue a session's metrics when its game ends (after the transaction commits)."""

from django.dispatch import receiver

from apps.games.signals import game_finished
from config.celery import queue_after_commit


@receiver(game_finished)
def _queue_session_metrics(sender, game, **kwargs):
    from apps.metrics.tasks import session_metrics

    queue_after_commit(session_metrics, game.session_id)
