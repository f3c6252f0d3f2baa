"""Turns on the server clock: an opponent's pace, a person's turn timer, seats taken over.

Every turn starts at ``Game.turn_started_at``. What the clock does by itself in a turn is *due*
at a time worked out from that start and the game's turn settings (``Game.options["turns"]``,
copied from the protocol when the game is created, for one person or a table alike):

* an opponent plays at the start plus its pace (``pace`` seconds, with a seeded jitter of a
  quarter either way, so it looks like thinking; 0 plays at once);
* a person's turn, when ``turn_seconds`` is set, ends at the start plus that: the takeover
  opponent makes the move for them (logged with ``actor="takeover"``);
* at a table of two or more people, a person seat silent for ``takeover_seconds`` while the
  table waits for it (its move, or its Start of a hand to examine) is taken over (a
  ``seat_takeover`` event): the takeover opponent plays its turns, at the opponents' pace,
  until the person sends anything from the seat (a ``seat_return`` event). A clinician may put
  the computer in a person's seat too; then only the clinician gives it back.

Nothing runs between requests: :func:`step` applies the next thing due by now, at its due time
(so the event's ``server_time``, and the next turn's start, are when it was due, whichever
request wrote it). A read works the same out in memory.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from apps.games.engine import game_from_setup
from apps.games.engine.base import derive_seed
from apps.games.engine.bots import make_bot
from apps.games.engine.visibility import public_events
from apps.games.models import EventKind
from apps.games.runtime.log import setup_and_actions

if TYPE_CHECKING:
    from apps.games.runtime.run import GameRun

TAKEOVER = "takeover"  # the actor of a move the takeover opponent made
SILENT, CLINICIAN = "silent", "clinician"  # why a seat is taken over
JITTER = 0.25  # an opponent's pace varies this share either way, turn by turn
# The Mendikot bots by strength; a takeover level picks one (Memulation's memory bot takes the
# level as its fidelity instead).
MENDIKOT_BY_STRENGTH = ("random", "heuristic", "tracker")


@dataclass(frozen=True)
class Settings:
    """A game's turn settings; a game created before they existed plays as it always did."""

    pace: float = 0.0
    turn_seconds: float | None = None
    takeover_seconds: float | None = None
    takeover_level: float = 0.5


def settings_from_protocol(snapshot: dict[str, Any]) -> dict[str, Any]:
    """What a new game keeps in ``options["turns"]`` from its protocol snapshot."""
    return {
        "pace": snapshot.get("opponent_pace_seconds", 0.0),
        "turn_seconds": snapshot.get("turn_seconds"),
        "takeover_seconds": snapshot.get("takeover_seconds"),
        "takeover_level": snapshot.get("takeover_level", 0.5),
    }


def settings(game) -> Settings:
    stored = game.options.get("turns") or {}
    return Settings(**{key: stored[key] for key in Settings.__dataclass_fields__ if key in stored})


@dataclass(frozen=True)
class Due:
    """The next thing the clock does by itself: ``what`` for ``seat`` at ``at``."""

    at: datetime
    seat: int
    what: str  # "opponent", "takeover_play" (a taken-over seat), "turn_timer", "takeover"


# -- the seats' turn clocks (Game.turns) --------------------------------------------------------


@dataclass
class Held:
    """A person's seat the computer plays: since when, and why (silent, or the clinician)."""

    at: datetime
    reason: str


@dataclass
class SeatClocks:
    """The person seats' turn clocks: who has been silent since when while the table waited for
    them, who is taken over, and since when the table is paused (``Game.turns`` as JSON)."""

    silent_since: dict[int, datetime] = field(default_factory=dict)
    taken_over: dict[int, Held] = field(default_factory=dict)
    paused_at: datetime | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "silent_since": {str(s): at.isoformat() for s, at in self.silent_since.items()},
            "taken_over": {
                str(s): {"at": held.at.isoformat(), "reason": held.reason}
                for s, held in self.taken_over.items()
            },
        }
        if self.paused_at is not None:
            data["paused_at"] = self.paused_at.isoformat()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> SeatClocks:
        data = data or {}
        paused = data.get("paused_at")
        return cls(
            silent_since={
                int(s): datetime.fromisoformat(at) for s, at in data.get("silent_since", {}).items()
            },
            taken_over={
                int(s): Held(datetime.fromisoformat(held["at"]), held["reason"])
                for s, held in data.get("taken_over", {}).items()
            },
            paused_at=datetime.fromisoformat(paused) if paused else None,
        )


def held(game, seat: int) -> Held | None:
    """The seat's takeover, read from a game row (outside a run)."""
    return SeatClocks.from_json(game.turns).taken_over.get(seat)


def takeover_on(run: GameRun) -> bool:
    """Seats are taken over for silence only where other people wait: at a table of two or
    more people."""
    return settings(run.game).takeover_seconds is not None and len(run.person_seats) >= 2


def owing(run: GameRun) -> list[int]:
    """The person seats the table waits for now: to move, or (in an examination) to start
    their hand."""
    state = run.state
    if state.finished or run.probes_waiting:
        return []
    if state.phase == "examination":
        return [s for s in run.person_seats if (c := run.clock(s)) is not None and c.waiting]
    return [s for s in state.to_act if run.is_person(s)]


def silence_starts(run: GameRun) -> None:
    """The table now waits for these seats: a person not yet silent starts being so (a silence
    goes on over turns the clock played for them)."""
    if not takeover_on(run):
        return  # nobody waits for a lone participant: their silence is not tracked
    clocks = run.seat_clocks
    for seat in owing(run):
        if seat not in clocks.taken_over:
            clocks.silent_since.setdefault(seat, run.now)


def acted(run: GameRun, seat: int) -> None:
    """The seat's person made a move themselves: their silence, if any, is over."""
    run.seat_clocks.silent_since.pop(seat, None)


def heard(run: GameRun, seat: int, reason: str) -> None:
    """The seat's person sent something: they are not silent, and act themselves again (unless
    the clinician put the computer in their seat)."""
    clocks = run.seat_clocks
    clocks.silent_since.pop(seat, None)
    taken = clocks.taken_over.get(seat)
    if taken is not None and taken.reason != CLINICIAN:
        seat_return(run, seat, reason)
    silence_starts(run)  # a turn of theirs already running counts their silence from now


def seat_return(run: GameRun, seat: int, reason: str) -> None:
    taken = run.seat_clocks.taken_over.pop(seat)
    away = round((run.now - taken.at).total_seconds(), 3)
    run.record(
        EventKind.SEAT_RETURN,
        seat=seat,
        payload={"seat": seat, "reason": reason, "taken_over_seconds": away},
    )


def take_over(run: GameRun, seat: int, reason: str) -> None:
    """The takeover opponent plays ``seat`` from now (``reason``: silent, or clinician); a hand
    it has still to examine is skipped."""
    clocks = run.seat_clocks
    silent = clocks.silent_since.pop(seat, None)
    clocks.taken_over[seat] = Held(run.now, reason)
    run.record(
        EventKind.SEAT_TAKEOVER,
        seat=seat,
        payload={
            "seat": seat,
            "reason": reason,
            "silent_seconds": round((run.now - silent).total_seconds(), 3) if silent else None,
            "level": settings(run.game).takeover_level,
        },
    )
    run.examination_skip(seat)


def pause_started(clocks: SeatClocks, now: datetime) -> None:
    clocks.paused_at = now


def pause_ended(clocks: SeatClocks, now: datetime) -> timedelta:
    """The pause is over: how long it lasted, every seat's turn clock moved on by as much (no
    silence counted while the table stood still)."""
    assert clocks.paused_at is not None
    stood, clocks.paused_at = now - clocks.paused_at, None
    clocks.silent_since = {seat: at + stood for seat, at in clocks.silent_since.items()}
    for taken in clocks.taken_over.values():
        taken.at += stood
    return stood


# -- what is due -----------------------------------------------------------------------------


def pace(game, seat: int, started: datetime) -> timedelta:
    """How long the opponent at ``seat`` takes over the turn that started at ``started``."""
    seconds = settings(game).pace
    if seconds <= 0:
        return timedelta(0)
    rng = random.Random(derive_seed(game.seed, "pace", seat, started.isoformat()))
    return timedelta(seconds=seconds * (1 + rng.uniform(-JITTER, JITTER)))


def _silence_due(run: GameRun, seat: int, rules: Settings, started: datetime) -> Due | None:
    silent = run.seat_clocks.silent_since.get(seat)
    if not silent or rules.takeover_seconds is None or not takeover_on(run):
        return None
    at = silent + timedelta(seconds=rules.takeover_seconds)
    return Due(max(at, started), seat, "takeover")


def _due_for(run: GameRun, seat: int, started: datetime, rules: Settings) -> Due | None:
    game = run.game
    if not run.is_person(seat):
        return Due(started + pace(game, seat, started), seat, "opponent")
    if taken := run.seat_clocks.taken_over.get(seat):
        return Due(max(started + pace(game, seat, started), taken.at), seat, "takeover_play")
    candidates = [due] if (due := _silence_due(run, seat, rules, started)) else []
    if rules.turn_seconds:
        candidates.append(Due(started + timedelta(seconds=rules.turn_seconds), seat, "turn_timer"))
    return min(candidates, key=lambda due: due.at, default=None)


def next_due(run: GameRun) -> Due | None:
    """The next thing the turn clock does by itself (None: it waits for a person)."""
    state, game = run.state, run.game
    if state.finished or run.probes_waiting:
        return None  # a recall probe waiting: the table waits for its answer
    rules = settings(game)
    if state.phase == "examination":  # a hand nobody starts: its seat is taken over
        dues = [
            _silence_due(run, seat, rules, clock.not_before)
            for seat in owing(run)
            if (clock := run.clock(seat)) is not None
        ]
    elif game.turn_started_at:
        started = game.turn_started_at
        dues = [_due_for(run, seat, started, rules) for seat in state.to_act]
    else:
        return None
    return min((d for d in dues if d is not None), key=lambda due: due.at, default=None)


def step(run: GameRun, due: Due) -> None:
    """Apply ``due`` (due by now) at its due time."""
    with run.at(due.at):
        if due.what == "opponent":
            run.apply(run.opponents.act(run.state, due.seat))
        elif due.what == "takeover":
            take_over(run, due.seat, SILENT)
        else:
            reason = "turn_timer" if due.what == "turn_timer" else "taken_over"
            action = takeover_bot(run, due.seat).act(run.state.view(due.seat))
            run.apply(action, actor=TAKEOVER, takeover=reason)


# -- the takeover opponent -------------------------------------------------------------------


def takeover_kind(game_type: str, level: float) -> tuple[str, dict[str, Any]]:
    """The bot (and its parameters) of a takeover opponent of ``level`` 0..1: in Memulation the
    memory bot remembering that share of the cards, in Mendikot the bot of that strength.

    >>> takeover_kind("memulation", 0.7)
    ('memory', {'fidelity': 0.7})
    >>> [takeover_kind("mendikot", level)[0] for level in (0, 0.5, 1)]
    ['random', 'heuristic', 'tracker']
    """
    if game_type == "memulation":
        return "memory", {"fidelity": float(level)}
    strongest = len(MENDIKOT_BY_STRENGTH) - 1
    return MENDIKOT_BY_STRENGTH[min(strongest, int(level * len(MENDIKOT_BY_STRENGTH)))], {}


def takeover_bot(run: GameRun, seat: int):
    """An opponent at ``takeover_level`` for a person's seat, shown the game so far as that
    seat saw it (replayed from the log, so it remembers what a bot would)."""
    game = run.game
    kind, params = takeover_kind(game.game_type, settings(game).takeover_level)
    bot = make_bot(
        game.game_type, kind, seat=seat, seed=derive_seed(game.seed, TAKEOVER, seat), **params
    )
    setup, actions = setup_and_actions(game, pending=run.pending_events)
    state = game_from_setup(setup)
    bot.observe(state.view(seat), public_events(state.events, seat))
    for action in actions:
        state = state.apply(action)
        bot.observe(state.view(seat), public_events(state.events, seat))
    return bot


# -- what a seat is shown --------------------------------------------------------------------


def turn_view(run: GameRun) -> dict[str, Any] | None:
    """Whose turn it is on the server clock: who is thinking and until when, a person's turn
    timer, and when the clock next acts by itself."""
    state, game, now = run.state, run.game, run.now
    if state.finished or state.phase == "examination" or not game.turn_started_at:
        return None
    rules = settings(game)
    due = next_due(run)
    to_act = list(state.to_act)
    thinking = [s for s in to_act if not run.is_person(s) or s in run.seat_clocks.taken_over]
    deadline = None
    if rules.turn_seconds and any(s not in thinking for s in to_act):
        deadline = game.turn_started_at + timedelta(seconds=rules.turn_seconds)
    return {
        "to_act": to_act,
        "started_at": game.turn_started_at.isoformat(),
        "thinking": thinking,
        "thinking_until": due.at.isoformat() if due and thinking else None,
        "deadline": deadline.isoformat() if deadline else None,
        "seconds_left": _seconds(deadline - now) if deadline else None,
        "next_due_in_seconds": _seconds(due.at - now) if due else None,
    }


def _seconds(delta: timedelta) -> float:
    return round(max(0.0, delta.total_seconds()), 3)


def seat_state(clocks: SeatClocks, seat: int, kind: str) -> str:
    """``person`` (playing themselves), ``taken_over`` or ``bot``."""
    if kind == "bot":
        return "bot"
    return "taken_over" if seat in clocks.taken_over else "person"
