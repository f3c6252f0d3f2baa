"""Metric jobs. Each takes ids, is idempotent (results are upserts), acknowledged late so a
killed worker's job runs again, retried with backoff on database or broker trouble."""

from celery import shared_task
from django.conf import settings
from django.db import DatabaseError

from apps.metrics import services
from config.celery import queue_after_commit

RETRY = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (DatabaseError, ConnectionError),
    "retry_backoff": 5,
    "retry_backoff_max": 300,
    "retry_jitter": True,
    "max_retries": 8,
}


@shared_task(name="metrics.session", soft_time_limit=240, time_limit=300, **RETRY)
def session_metrics(session_id: int) -> int:
    """Metrics of a completed session's games, the session, and the participant's trends;
    then memory fidelity is queued as a job of its own (the slow part comes after)."""
    services.session_metrics_compute(session_id=session_id)
    if services.fidelity_wanted():  # a broker down here must not fail the job: the sweeper
        queue_after_commit(session_fidelity, session_id)  # finds the fidelity not queued
    return session_id


@shared_task(name="metrics.fidelity", soft_time_limit=540, time_limit=600, **RETRY)
def session_fidelity(session_id: int) -> bool:
    """``memory_fidelity`` of a completed session's games and of the session, after its other
    metrics (about a second of CPU a game)."""
    return services.session_fidelity_compute(session_id=session_id)


@shared_task(name="metrics.game_analysis", soft_time_limit=240, time_limit=300, **RETRY)
def game_analysis(game_id: int) -> bool:
    """The solver's analysis of one finished Memulation game, for its replay."""
    return services.game_analysis_ensure(game_id=game_id)


@shared_task(name="metrics.nightly", soft_time_limit=3300, time_limit=3600, **RETRY)
def nightly_metrics() -> dict:
    """Every participant's readings again, with their study's inputs as they stand (Celery
    beat, each night)."""
    return services.metrics_nightly()


@shared_task(name="metrics.sweep", soft_time_limit=50, time_limit=60, **RETRY)
def sweep_metrics(limit: int = 200) -> int:
    """Queue every completed session whose metrics are missing or stale, and every finished
    game's missing replay analysis: a lost message (broker down when the game ended, a worker
    killed) is found here and computed after all. Counts the sessions queued."""
    ids = list(services.sessions_needing_metrics().values_list("pk", flat=True)[:limit])
    for session_id in ids:
        session_metrics.delay(session_id)
    stale = services.sessions_needing_fidelity().exclude(pk__in=ids)
    for session_id in list(stale.values_list("pk", flat=True)[:limit]):
        session_fidelity.delay(session_id)
    if settings.METRICS_WITH_SOLVER:
        games = services.games_needing_analysis().values_list("pk", flat=True)[:limit]
        for game_id in list(games):
            game_analysis.delay(game_id)
    return len(ids)
