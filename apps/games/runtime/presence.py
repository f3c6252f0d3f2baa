"""Who is at the table: each person seat's devices connected, and when it was last heard from.

Kept in the cache (Redis in production, shared by every live process; the process's memory in
the embedded default), never in the game's row: a socket connecting or a message arriving must
not cost a write to the database. Read for the spectator's view, which shows each seat's
presence and how long it has been silent.

When a seat was last heard from is written a moment later by the process's presence thread (the
latest time of every seat heard from meanwhile, in one round trip), so that a move, which hears
from its seat while it holds the game's lock, never waits on the cache for it. A read in the
same process writes what is waiting first.
"""

from __future__ import annotations

import logging
import os
import threading
from datetime import datetime
from typing import Any

from django.core.cache import cache

from apps.games.models import PERSON_KINDS

log = logging.getLogger(__name__)

KEEP = 24 * 3600  # seconds a game's presence is kept after it was last touched


def _key(game_id: int, seat: int, what: str) -> str:
    return f"presence:{game_id}:{seat}:{what}"


def connected(game_id: int, seat: int) -> None:
    """A device of the seat connected its socket."""
    key = _key(game_id, seat, "sockets")
    cache.add(key, 0, KEEP)
    cache.incr(key)


def disconnected(game_id: int, seat: int) -> None:
    key = _key(game_id, seat, "sockets")
    try:
        if cache.decr(key) < 0:
            cache.set(key, 0, KEEP)
    except ValueError:  # expired meanwhile
        pass


class _Heard:
    """When seats were last heard from, waiting to be written: the latest time a seat."""

    def __init__(self) -> None:
        self.waiting: dict[str, str] = {}
        self.lock = threading.Lock()
        self.wake = threading.Event()
        self.thread: threading.Thread | None = None
        self.pid = 0

    def put(self, key: str, at: str) -> None:
        with self.lock:
            self.waiting[key] = at
            if self.thread is None or self.pid != os.getpid() or not self.thread.is_alive():
                self.pid = os.getpid()
                self.thread = threading.Thread(target=self._run, name="presence", daemon=True)
                self.thread.start()
        self.wake.set()

    def write(self) -> None:
        with self.lock:
            batch, self.waiting = self.waiting, {}
        if batch:
            cache.set_many(batch, KEEP)

    def _run(self) -> None:
        while True:
            self.wake.wait()
            self.wake.clear()
            try:
                self.write()
            except Exception:  # the cache is out of reach: presence is shown as unknown
                log.warning("could not write when seats were last heard from", exc_info=True)


_heard = _Heard()


def heard(game_id: int, seat: int, at: datetime) -> None:
    """The seat's person sent something (a move, a message, a connection)."""
    _heard.put(_key(game_id, seat, "heard"), at.isoformat())


def seats_presence(game, now: datetime) -> dict[int, dict[str, Any]]:
    """Each person seat's presence: its devices connected, when last heard from, and the
    seconds since."""
    _heard.write()
    seats = [s for s, entry in enumerate(game.seats) if entry["kind"] in PERSON_KINDS]
    keys = [_key(game.pk, s, what) for s in seats for what in ("sockets", "heard")]
    found = cache.get_many(keys) if keys else {}
    shown = {}
    for seat in seats:
        heard_at = found.get(_key(game.pk, seat, "heard"))
        idle = None
        if heard_at:
            idle = round(max(0.0, (now - datetime.fromisoformat(heard_at)).total_seconds()), 1)
        shown[seat] = {
            "connected": (found.get(_key(game.pk, seat, "sockets")) or 0) > 0,
            "last_heard_at": heard_at,
            "idle_seconds": idle,
        }
    return shown
