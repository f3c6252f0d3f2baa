"""A game's log as one seat may see it: what a live table replays to a seat that reconnects.

Each event keeps its sequence number, kind, seat and time; its engine effects pass through
:func:`public_events` for that seat; a few kinds add their public facts. Everything else in the
stored payload (the dealt hands, a hidden trump, a 'Stragedy's intention, a sorted hand) stays
out.
"""

from __future__ import annotations

from typing import Any

from apps.games.engine.bots import public_events
from apps.games.models import EventKind, GameEvent

_EXAMINATION_KEYS = (
    "round",
    "deal",
    "hand",
    "planned_seconds",
    "actual_seconds",
    "ended_early",
)
_RESULTS = (EventKind.DEAL_RESULT, EventKind.ROUND_RESULT, EventKind.MATCH_RESULT)


def seat_event(event: GameEvent, seat: int) -> dict[str, Any]:
    payload = event.payload or {}
    item: dict[str, Any] = {
        "seq": event.seq,
        "kind": event.kind,
        "seat": event.seat,
        "server_time": event.server_time.isoformat(),
        "effects": public_events(payload.get("effects", []), seat),
    }
    if event.kind in (EventKind.EXAMINATION_SHOWN, EventKind.EXAMINATION_HIDDEN):
        item["examination"] = {k: payload[k] for k in _EXAMINATION_KEYS if k in payload}
    elif event.kind in _RESULTS:
        item["effects"] = public_events([payload], seat)
    elif event.kind == EventKind.ILLEGAL_ATTEMPT and event.seat == seat:
        item["code"] = payload.get("code")
    elif event.kind in (EventKind.SEAT_TAKEOVER, EventKind.SEAT_RETURN):
        item["reason"] = payload.get("reason")
    if payload.get("actor") == "takeover":
        item["actor"] = "takeover"
    return item


def seat_log(*, game_id: int, seat: int, since: int = -1) -> list[dict[str, Any]]:
    """The events after sequence number ``since``, in order, as ``seat`` may see them."""
    events = GameEvent.objects.filter(game_id=game_id, seq__gt=since).order_by("seq")
    return [seat_event(event, seat) for event in events]
