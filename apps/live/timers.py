"""One timer a game in each live process: when a table next changes by itself (a hand's time
is up, an opponent plays at its pace, a turn timer runs out, a silent seat is taken over),
what is due is written once, whatever the number of sockets watching it.

Every socket of a game tells the process's :data:`timers` when the game next changes (from the
change it was handed, or the view it read at connect); the process keeps the earliest time a
game and sleeps until then. When it wakes, it claims that moment in the cache (shared by every
live process: only the first claim is taken) and writes what is due (``game_settle``); the
change then reaches every socket through the channel layer. A wake that finds nothing due (a
person acted first: the hand they were shown ended early, their move came) writes nothing and so
brings no next time: it asks the game for its next change and sleeps again. A game whose sockets
all left has no timer: the beat job (``games.settle``) writes for games nobody watches.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

from django.core.cache import cache

from apps.common import clock
from apps.games import services
from apps.live.database import on_database

log = logging.getLogger(__name__)

LATER = 0.05  # seconds after a due time the timer wakes (the due time itself is inclusive)


def _settle_once(game_id: int, at: datetime) -> datetime | None:
    """Write what is due at ``at``, unless another process claimed that moment first. When
    nothing was written (no change will be pushed to bring the next time), the game's next
    change."""
    if cache.add(f"settle:{game_id}:{at.isoformat()}", 1, timeout=300) and services.game_settle(
        game_id=game_id
    ):
        return None
    return services.game_next_change(game_id=game_id)


class Timers:
    def __init__(self) -> None:
        self.watchers: dict[int, int] = {}
        self.pending: dict[int, tuple[datetime, asyncio.Task]] = {}

    def watch(self, game_id: int) -> None:
        self.watchers[game_id] = self.watchers.get(game_id, 0) + 1

    def unwatch(self, game_id: int) -> None:
        left = self.watchers.get(game_id, 0) - 1
        if left > 0:
            self.watchers[game_id] = left
            return
        self.watchers.pop(game_id, None)
        if pending := self.pending.pop(game_id, None):
            pending[1].cancel()

    def schedule(self, game_id: int, at: datetime | None) -> None:
        """The game next changes by itself at ``at`` (None: it waits for a person)."""
        if at is None or game_id not in self.watchers:
            return
        pending = self.pending.get(game_id)
        if pending is not None:
            if pending[0] <= at and not pending[1].done():
                return  # an earlier wake-up is set; the change it writes brings the next time
            pending[1].cancel()
        task = asyncio.get_running_loop().create_task(self._wake(game_id, at))
        self.pending[game_id] = (at, task)

    async def _wake(self, game_id: int, at: datetime) -> None:
        delay = (at - clock.now()).total_seconds() + LATER
        await asyncio.sleep(max(0.0, delay))
        if self.pending.get(game_id, (None,))[0] == at:
            del self.pending[game_id]
        try:
            later = await on_database(_settle_once)(game_id, at)
        except Exception:
            log.warning("could not settle game %s due at %s", game_id, at, exc_info=True)
            return
        if later is not None and later > at:
            self.schedule(game_id, later)


timers = Timers()
