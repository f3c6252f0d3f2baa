"""Reading a game's log: the setup and moves it replays from, and the events as one seat may
see them when it catches up.

A catching-up device (a socket that reconnects, a ``resume``) is sent each event with its
sequence number, kind, seat and time; its engine effects pass through the engine's visibility
filters (``public_events`` for that seat, then ``face_down_hidden`` against the game now, so no
card of a trick that lies face down by now is sent again, whatever sequence number is asked
for); a few kinds add their public facts. Everything else in the stored payload (the dealt hands,
a hidden trump, a 'Stragedy's intention, a sorted hand, a probe's answer) stays out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from apps.games.engine import GAMES
from apps.games.engine.contract import Action, Event
from apps.games.engine.visibility import face_down_hidden, public_events
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
_REASONED = (
    EventKind.SEAT_TAKEOVER,
    EventKind.SEAT_RETURN,
    EventKind.TABLE_PAUSED,
    EventKind.TABLE_RESUMED,
    EventKind.GAME_ABANDONED,
)


def setup_and_actions(game, pending: Iterable[GameEvent] = ()) -> tuple[dict, list[Action]]:
    """The game's setup and the engine actions applied since, in order: those written, then
    ``pending`` (a request's events not written yet), each read again as the game's action. A
    refused move changed nothing, so it is not among them."""
    written = GameEvent.objects.filter(game=game).order_by("seq").values_list("kind", "payload")
    read_action = GAMES[game.game_type].read_action
    setup: dict | None = None
    actions: list[Action] = []
    for kind, payload in [*written, *((e.kind, e.payload) for e in pending)]:
        if kind == EventKind.GAME_CREATED:
            setup = payload["setup"]
        elif "action" in payload and kind != EventKind.ILLEGAL_ATTEMPT:
            actions.append(read_action(payload["action"]))
    assert setup is not None, "every game's log opens with its creation"
    return setup, actions


def seat_event(event: GameEvent, seat: int) -> dict[str, Any]:
    """One event as ``seat`` may see it as it happens (its effects through ``public_events``)."""
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
        item["effects"] = public_events([cast(Event, payload)], seat)  # as the engine wrote it
    elif event.kind == EventKind.ILLEGAL_ATTEMPT and event.seat == seat:
        item["code"] = payload.get("code")
    elif event.kind in _REASONED:
        item["reason"] = payload.get("reason")
    if payload.get("actor") == "takeover":
        item["actor"] = "takeover"
    return item


def seat_events(events: Iterable[GameEvent], seat: int, view: dict[str, Any]) -> list[dict]:
    """``events`` as ``seat`` may see them now (``view``: the engine's view of the game now):
    the cards of tricks face down by now are left out."""
    items = [seat_event(event, seat) for event in events]
    cut = face_down_hidden([item["effects"] for item in items], view)
    for item, effects in zip(items, cut, strict=True):
        item["effects"] = effects
    return items


def seat_log(*, game_id: int, seat: int, since: int, view: dict[str, Any]) -> list[dict]:
    """The events after sequence number ``since``, in order, as ``seat`` may see them now."""
    events = GameEvent.objects.filter(game_id=game_id, seq__gt=since).order_by("seq")
    return seat_events(events, seat, view)
