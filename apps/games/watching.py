"""A clinician's spectator view: public information only while the game runs, everything after.

The public view is the engine's seat view with everything a seat holds to itself taken out:
the hand, the examination's cards, the legal moves, a hidden trump and a 'Stragedy's intention.
Both games' seat views already show no other hand, no Undealt and no face-down card, so what is
left is what every seat at the table sees.
"""

from __future__ import annotations

from typing import Any

from apps.common import clock as clocks
from apps.games import examination as clock
from apps.games.engine.bots import public_events
from apps.games.locked import LockedGame
from apps.games.models import Game
from apps.games.seat_log import seat_log
from apps.games.seats import table_block

NO_SEAT = -1  # public_events and seat_log give a seat that is none of the table's no secrets
# What a seat's view holds that only that seat sees, and what a spectator gets instead.
_OWN: dict[str, Any] = {
    "seat": None,
    "team": None,
    "hand": None,
    "hand_label": None,
    "examination": None,
    "legal": [],
    "hidden_trump": None,
    "can_ask": False,
}


def public_view(state) -> dict[str, Any]:
    """The engine state as someone not at the table may see it while the game runs."""
    view = state.view(0)
    view.update({k: v for k, v in _OWN.items() if k in view})
    if view.get("stragedy"):
        view["stragedy"] = {k: v for k, v in view["stragedy"].items() if k != "intended"}
    return view


def _timing(shown: dict | None, now) -> dict[str, Any] | None:
    """The examination clock, never its cards."""
    if not shown:
        return None
    return {
        "round": shown["round"],
        "deal": shown["deal"],
        "hand": shown["hand"],
        "planned_seconds": shown["planned"],
        "seconds_left": round(clock.seconds_left(shown, now), 3),
        "waiting": clock.waiting(shown),
    }


def watch_view(game: Game) -> dict[str, Any]:
    """What a spectator is shown now. Takes no lock and writes nothing."""
    table = LockedGame(game, clocks.now())
    running = game.status in (Game.Status.WAITING, Game.Status.ACTIVE)
    if game.status == Game.Status.ACTIVE:
        table.catch_up()
    seats = (table_block(game, None) or {}).get("seats") or [
        {"seat": s, "kind": entry["kind"], "label": entry["kind"].title(), "joined": True}
        for s, entry in enumerate(game.seats)
    ]
    return {
        "id": game.pk,
        "game_type": game.game_type,
        "status": game.status,
        "version": game.next_seq,
        "seats": seats,
        "examination": _timing(game.examination, table.now) if running else None,
        "state": public_view(table.state),
        "recent": public_events(table.effects, NO_SEAT),
        "record": None if running else table.state.spectator_view(allow_unfinished=True),
    }


def watch_log(*, game_id: int, since: int = -1) -> list[dict[str, Any]]:
    """The game's events after ``since`` as a spectator may see them (no seat's secrets)."""
    return seat_log(game_id=game_id, seat=NO_SEAT, since=since)
