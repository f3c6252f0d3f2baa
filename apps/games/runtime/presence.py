"""Who is at the table: each person seat's devices connected, and when it was last heard from.

Kept in the cache (Redis in production, shared by every live process; the process's memory in
the embedded default), never in the game's row: a socket connecting or a message arriving must
not cost a write to the database. Read for the spectator's view, which shows each seat's
presence and how long it has been silent.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.cache import cache

from apps.games.models import PERSON_KINDS

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


def heard(game_id: int, seat: int, at: datetime) -> None:
    """The seat's person sent something (a move, a message, a connection)."""
    cache.set(_key(game_id, seat, "heard"), at.isoformat(), KEEP)


def seats_presence(game, now: datetime) -> dict[int, dict[str, Any]]:
    """Each person seat's presence: its devices connected, when last heard from, and the
    seconds since."""
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
