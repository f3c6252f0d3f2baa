"""Game jobs: writing what the server's clock has made due when no one is there to act."""

from celery import shared_task
from django.db import DatabaseError

from apps.games import services


@shared_task(
    name="games.settle",
    soft_time_limit=50,
    time_limit=60,
    autoretry_for=(DatabaseError, ConnectionError),
    retry_backoff=5,
    max_retries=3,
)
def settle_games(limit: int = 500) -> int:
    """Write the due moves of active games (opponents at their pace, turn timers, takeovers)
    that no socket or request has written: a game played over HTTP polling whose last moves
    are the opponents' ends here. Counts the games written (Celery beat)."""
    return sum(services.game_settle(game_id=pk) for pk in services.games_to_settle(limit=limit))
