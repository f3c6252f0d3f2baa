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
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from apps.games.engine import game_from_setup
from apps.games.engine.base import derive_seed
from apps.games.engine.bots import make_bot
from apps.games.engine.visibility import public_events
from apps.games.models import EventKind
from apps.games.runtime import examination
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


def _turns(game) -> dict[str, Any]:
    if game.turns is None:
        game.turns = {"silent_since": {}, "taken_over": {}}
    return game.turns


def taken_over(game, seat: int) -> dict[str, str] | None:
    """``{"at": iso, "reason": "silent" | "clinician"}`` while the seat is taken over."""
    return (game.turns or {}).get("taken_over", {}).get(str(seat))


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
        clocks = run.game.examination
        return [s for s in run.person_seats if examination.waiting(examination.clock_of(clocks, s))]
    return [s for s in state.to_act if run.is_person(s)]


def silence_starts(run: GameRun) -> None:
    """The table now waits for these seats: a person not yet silent starts being so (a silence
    goes on over turns the clock played for them)."""
    if not takeover_on(run):
        return  # nobody waits for a lone participant: their silence is not tracked
    silent = _turns(run.game)["silent_since"]
    for seat in owing(run):
        if not taken_over(run.game, seat):
            silent.setdefault(str(seat), run.now.isoformat())


def acted(run: GameRun, seat: int) -> None:
    """The seat's person made a move themselves: their silence, if any, is over."""
    if run.game.turns:
        run.game.turns["silent_since"].pop(str(seat), None)


def heard(run: GameRun, seat: int, reason: str) -> None:
    """The seat's person sent something: they are not silent, and act themselves again (unless
    the clinician put the computer in their seat)."""
    turns = run.game.turns
    if not turns:
        return
    turns["silent_since"].pop(str(seat), None)
    held = taken_over(run.game, seat)
    if held is not None and held["reason"] != CLINICIAN:
        seat_return(run, seat, reason)
    silence_starts(run)  # a turn of theirs already running counts their silence from now


def seat_return(run: GameRun, seat: int, reason: str) -> None:
    held = _turns(run.game)["taken_over"].pop(str(seat))
    away = round((run.now - datetime.fromisoformat(held["at"])).total_seconds(), 3)
    run.record(
        EventKind.SEAT_RETURN,
        seat=seat,
        payload={"seat": seat, "reason": reason, "taken_over_seconds": away},
    )


def take_over(run: GameRun, seat: int, reason: str) -> None:
    """The takeover opponent plays ``seat`` from now (``reason``: silent, or clinician); a hand
    it has still to examine is skipped."""
    turns = _turns(run.game)
    silent = turns["silent_since"].pop(str(seat), None)
    turns["taken_over"][str(seat)] = {"at": run.now.isoformat(), "reason": reason}
    run.record(
        EventKind.SEAT_TAKEOVER,
        seat=seat,
        payload={
            "seat": seat,
            "reason": reason,
            "silent_seconds": round((run.now - datetime.fromisoformat(silent)).total_seconds(), 3)
            if silent
            else None,
            "level": settings(run.game).takeover_level,
        },
    )
    run.examination_skip(seat)


def pause_started(game, now: datetime) -> None:
    _turns(game)["paused_at"] = now.isoformat()


def pause_ended(game, now: datetime) -> timedelta:
    """The pause is over: how long it lasted, every seat's turn clock moved on by as much (no
    silence counted while the table stood still)."""
    turns = _turns(game)
    stood = now - datetime.fromisoformat(turns.pop("paused_at"))
    for seat, since in turns["silent_since"].items():
        turns["silent_since"][seat] = (datetime.fromisoformat(since) + stood).isoformat()
    for held in turns["taken_over"].values():
        held["at"] = (datetime.fromisoformat(held["at"]) + stood).isoformat()
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
    silent = (run.game.turns or {}).get("silent_since", {}).get(str(seat))
    if not silent or rules.takeover_seconds is None or not takeover_on(run):
        return None
    at = datetime.fromisoformat(silent) + timedelta(seconds=rules.takeover_seconds)
    return Due(max(at, started), seat, "takeover")


def _due_for(run: GameRun, seat: int, started: datetime, rules: Settings) -> Due | None:
    game = run.game
    if not run.is_person(seat):
        return Due(started + pace(game, seat, started), seat, "opponent")
    if held := taken_over(game, seat):
        at = max(started + pace(game, seat, started), datetime.fromisoformat(held["at"]))
        return Due(at, seat, "takeover_play")
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
        clocks = game.examination
        dues = [
            _silence_due(run, seat, rules, examination.not_before(clock))
            for seat in owing(run)
            if (clock := examination.clock_of(clocks, seat)) is not None
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
    thinking = [s for s in to_act if not run.is_person(s) or taken_over(game, s)]
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


def seat_state(game, seat: int, kind: str) -> str:
    """``person`` (playing themselves), ``taken_over`` or ``bot``."""
    if kind == "bot":
        return "bot"
    return "taken_over" if taken_over(game, seat) else "person"
