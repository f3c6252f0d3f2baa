"""What a game's run shows: each seat its own view, and someone watching the public one.

Both are built from a :class:`~apps.games.runtime.run.GameRun` at its moment (``run.now``), once
per change: the answer to the request that made it, and the views the writer hands to the
channel layer for every other seat and for the spectators. Hidden information is filtered by the
engine (``apps.games.engine.visibility``); nothing here takes a card out on its own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict

from apps.games.engine.contract import SeenEvent, View
from apps.games.engine.visibility import (
    NO_SEAT,
    examination_cut,
    public_events,
    spectator_view,
)
from apps.games.models import Game
from apps.games.runtime import presence, probes, turns
from apps.games.runtime.log import LoggedEvent, seat_events
from apps.games.runtime.seats import seat_label, table_block

if TYPE_CHECKING:
    from apps.games.runtime.run import GameRun


class SeatState(TypedDict):
    seat: int
    kind: str
    bot: str | None
    state: str
    taken_over_by: str | None


class ExaminationClock(TypedDict):
    """The seat's examination clock: which hand, how long, whether it has started."""

    round: int
    deal: int
    hand: str | None
    planned_seconds: float
    seconds_left: float
    waiting: bool
    starts_in_seconds: float | None
    ready: bool


class SeatBody(TypedDict):
    """What every game endpoint answers a seat with: the engine's view of the game for that
    seat (``state``), the public events that just happened (``recent``) and the table's clocks."""

    id: int
    game_type: str
    practice: bool
    status: str
    version: int
    seat: int
    seats: list[SeatState]
    waiting_for: list[int]
    next_change_in_seconds: float | None
    examination: ExaminationClock | None
    turn: dict[str, Any] | None
    probe: dict[str, Any] | None
    state: View
    recent: list[SeenEvent]
    table: dict[str, Any] | None


class WatchBody(TypedDict):
    """What someone watching is shown: the public view while the game runs, the full record once
    it is over."""

    id: int
    game_type: str
    status: str
    version: int
    seats: list[dict[str, Any]]
    waiting_for: list[int]
    next_change_in_seconds: float | None
    examination: dict[str, Any] | None
    state: View
    recent: list[SeenEvent]
    record: dict[str, Any] | None


class Pushed(TypedDict):
    """A change as it is pushed to one listener: its events since, and its view rendered."""

    events: list[LoggedEvent]
    view: str


def render(body: Mapping[str, object]) -> str:
    """A body as the JSON every transport sends (compact, as the REST framework renders it)."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def waiting_for(run: GameRun) -> list[int]:
    """The person seats the table waits for now: a recall probe's answer, a hand to examine,
    a move."""
    game, state = run.game, run.state
    if game.status != Game.Status.ACTIVE or state.finished:
        return []
    if run.probes is not None and run.probes.waiting:
        return run.probes.seats_asked()
    if state.phase == "examination":
        exam = run.examination
        return sorted(s for s, clock in exam.seats.items() if not clock.done) if exam else []
    return [s for s in state.to_act if run.is_person(s) and s not in run.seat_clocks.taken_over]


def _next_change(run: GameRun) -> float | None:
    """Seconds until the game changes with no one acting (None: it waits for a person)."""
    at = run.next_change()
    return None if at is None else round(max(0.0, (at - run.now).total_seconds()), 3)


def _examination(run: GameRun, seat: int) -> ExaminationClock | None:
    clock, exam = run.clock(seat), run.examination
    if clock is None or exam is None:
        return None
    return {
        "round": exam.round,
        "deal": exam.deal,
        "hand": clock.hand,
        "planned_seconds": clock.planned,
        "seconds_left": round(clock.seconds_left(run.now), 3),
        "waiting": clock.waiting,
        "starts_in_seconds": clock.starts_in(run.now),
        "ready": clock.done,
    }


def _seats(run: GameRun) -> list[SeatState]:
    seats: list[SeatState] = []
    for seat, entry in enumerate(run.game.seats):
        held = run.seat_clocks.taken_over.get(seat)
        seats.append(
            {
                "seat": seat,
                "kind": entry["kind"],
                "bot": entry.get("bot"),
                "state": turns.seat_state(run.seat_clocks, seat, entry["kind"]),
                "taken_over_by": None if held is None else held.reason,
            }
        )
    return seats


def seat_view(run: GameRun, seat: int, *, recent: bool = True) -> SeatBody:
    """The body every game endpoint answers with: the seat's view and what just happened (none
    in a view pushed after a change: the events sent before it say so)."""
    game = run.game
    view = run.state.view(seat)
    if view["phase"] == "examination":
        clock = run.clock(seat)
        view = examination_cut(view, clock.visible(run.now) if clock else None)
    return {
        "id": game.pk,
        "game_type": game.game_type,
        "practice": game.practice,
        "status": game.status,
        "version": game.next_seq,
        "seat": seat,
        "seats": _seats(run),
        "waiting_for": waiting_for(run),
        "next_change_in_seconds": _next_change(run),
        "examination": _examination(run, seat) if view["phase"] == "examination" else None,
        "turn": turns.turn_view(run),
        "probe": probes.probe_view(run.probes, seat) if game.status == Game.Status.ACTIVE else None,
        "state": view,
        "recent": public_events(run.effects, seat) if recent else [],
        "table": table_block(game, seat),
    }


def _public_clock(run: GameRun) -> dict[str, Any] | None:
    """The examination's timing for someone watching: each person's hand and time, no card."""
    exam = run.examination
    if exam is None:
        return None
    return {
        "round": exam.round,
        "deal": exam.deal,
        "seats": [
            {
                "seat": seat,
                "hand": clock.hand,
                "planned_seconds": clock.planned,
                "seconds_left": round(clock.seconds_left(run.now), 3),
                "waiting": clock.waiting,
                "done": clock.done,
            }
            for seat, clock in sorted(exam.seats.items())
        ],
    }


def watch_view(run: GameRun, *, recent: bool = True) -> WatchBody:
    """What someone watching is shown: public information while the game runs, the full record
    once it is over; each seat's presence (its device connected, and for how long it has been
    silent)."""
    game = run.game
    running = game.status in (Game.Status.WAITING, Game.Status.ACTIVE, Game.Status.PAUSED)
    seats = (table_block(game, None) or {}).get("seats") or [
        {"seat": s, "kind": entry["kind"], "label": seat_label(entry), "joined": True}
        for s, entry in enumerate(game.seats)
    ]
    here = presence.seats_presence(game, run.now)
    states = _seats(run)
    for entry in seats:
        entry.update(
            state=states[entry["seat"]]["state"],
            taken_over_by=states[entry["seat"]]["taken_over_by"],
            presence=here.get(entry["seat"]),
        )
    return {
        "id": game.pk,
        "game_type": game.game_type,
        "status": game.status,
        "version": game.next_seq,
        "seats": seats,
        "waiting_for": waiting_for(run),
        "next_change_in_seconds": _next_change(run),
        "examination": _public_clock(run) if running else None,
        "state": spectator_view(run.state),
        "recent": public_events(run.effects, NO_SEAT) if recent else [],
        "record": None if running else run.state.spectator_view(allow_unfinished=True),
    }


class Change:
    """A committed change to a game, as each seat and the spectators are to be told it: the
    events written (from sequence number ``since + 1``) and the views after, rendered only when
    asked for (the live tables ask for the seats someone listens to)."""

    def __init__(self, run: GameRun, *, since: int):
        self.run = run
        self.game_id = run.game.pk
        self.since = since
        self.version = run.game.next_seq
        self.next_change = run.next_change()

    def for_seat(self, seat: int) -> Pushed:
        """``seat``'s events (as it may see them now) and its view, rendered."""
        run = self.run
        events = seat_events(run.written, seat, run.state.view(seat))
        return {"events": events, "view": render(seat_view(run, seat, recent=False))}

    def for_watch(self) -> Pushed:
        run = self.run
        events = seat_events(run.written, NO_SEAT, run.state.view(0))
        return {"events": events, "view": render(watch_view(run, recent=False))}
