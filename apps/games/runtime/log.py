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
from typing import NotRequired, TypedDict, cast

from apps.games.engine import GAMES
from apps.games.engine.contract import Action, CaughtUpEvent, Event, SeenEvent, View
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


class LoggedEvent(TypedDict):
    """One event of the log as a seat catching up is sent it."""

    seq: int
    kind: str
    seat: int | None
    server_time: str
    effects: list[CaughtUpEvent]
    examination: NotRequired[dict[str, object]]  # a hand shown or hidden: its public facts
    code: NotRequired[str | None]  # the seat's own refused move
    reason: NotRequired[str | None]  # a takeover, a return, a pause, an end
    actor: NotRequired[str]  # "takeover": the takeover opponent moved for the seat


def _seen_effects(event: GameEvent, seat: int) -> list[SeenEvent]:
    """The engine events of a logged event as ``seat`` may see them as they happen."""
    payload = event.payload or {}
    if event.kind in _RESULTS:
        return public_events([cast(Event, payload)], seat)  # the result, as the engine wrote it
    return public_events(payload.get("effects", []), seat)


def _logged(event: GameEvent, seat: int, effects: list[CaughtUpEvent]) -> LoggedEvent:
    payload = event.payload or {}
    item: LoggedEvent = {
        "seq": event.seq,
        "kind": event.kind,
        "seat": event.seat,
        "server_time": event.server_time.isoformat(),
        "effects": effects,
    }
    if event.kind in (EventKind.EXAMINATION_SHOWN, EventKind.EXAMINATION_HIDDEN):
        item["examination"] = {k: payload[k] for k in _EXAMINATION_KEYS if k in payload}
    elif event.kind == EventKind.ILLEGAL_ATTEMPT and event.seat == seat:
        item["code"] = payload.get("code")
    elif event.kind in _REASONED:
        item["reason"] = payload.get("reason")
    if payload.get("actor") == "takeover":
        item["actor"] = "takeover"
    return item


def seat_events(events: Iterable[GameEvent], seat: int, view: View) -> list[LoggedEvent]:
    """``events`` as ``seat`` may see them now (``view``: the engine's view of the game now):
    each one's engine events through ``public_events``, then the cards of tricks face down by
    now left out."""
    events = list(events)
    cut = face_down_hidden([_seen_effects(event, seat) for event in events], view)
    return [_logged(event, seat, effects) for event, effects in zip(events, cut, strict=True)]


def seat_log(*, game_id: int, seat: int, since: int, view: View) -> list[LoggedEvent]:
    """The events after sequence number ``since``, in order, as ``seat`` may see them now."""
    events = GameEvent.objects.filter(game_id=game_id, seq__gt=since).order_by("seq")
    return seat_events(events, seat, view)
