"""Queue a session's metrics when its game ends (after the transaction commits)."""

import threading
from contextlib import contextmanager

from django.conf import settings
from django.dispatch import receiver

from apps.games.signals import game_finished
from config.celery import queue_after_commit

_deferred = threading.local()


@contextmanager
def metrics_deferred():
    """Within this block, finished games queue no metric jobs: the caller computes them (bulk
    loads such as the demo data), or leaves them to the sweeper."""
    _deferred.on = True
    try:
        yield
    finally:
        _deferred.on = False


@receiver(game_finished)
def _queue_session_metrics(sender, game, **kwargs):
    if getattr(_deferred, "on", False):
        return
    from apps.games.selectors import seated_sessions
    from apps.metrics.tasks import game_analysis, session_metrics

    for session in seated_sessions(game):  # at a table, every participant's own session
        queue_after_commit(session_metrics, session.pk)
    # The replay's solver analysis, also for a session not (yet) completed. Off with the solver.
    if game.game_type == "memulation" and settings.METRICS_WITH_SOLVER:
        queue_after_commit(game_analysis, game.pk)
