"""Turns on the server clock: an opponent's pace, a person's turn timer, silent seats taken over.

Every turn starts at ``Game.turn_started_at``. What the clock does by itself in a turn is *due*
at a time worked out from that start and the game's turn settings (``Game.options["turns"]``,
copied from the session's protocol when the game is created):

* an opponent plays at the start plus its pace (``pace`` seconds, with a seeded jitter of a
  quarter either way, so it looks like thinking; 0 plays at once);
* a person's turn, when ``turn_seconds`` is set, ends at the start plus that: the takeover
  opponent makes the move for them (logged with ``actor="takeover"``);
* at a table of two or more people, a person seat silent for ``takeover_seconds`` while it must
  act is taken over (a ``seat_takeover`` event): the takeover opponent plays its turns, at the
  opponents' pace, until the person sends anything from the seat (a ``seat_return`` event).

Nothing runs between requests: :func:`step` applies the next thing due by now, at its due time
(so the event's ``server_time``, and the next turn's start, are when it was due, whichever
request wrote it). A read works the same out in memory; the live socket wakes at
:func:`next_due` and pushes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from apps.games import probes
from apps.games.engine import game_from_setup
from apps.games.engine.base import derive_seed
from apps.games.engine.bots import make_bot, public_events
from apps.games.models import EventKind, GameEvent

if TYPE_CHECKING:
    from apps.games.locked import LockedGame

TAKEOVER = "takeover"  # the actor of a move the takeover opponent made
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
    """What a new game keeps in ``options["turns"]`` from its session's protocol snapshot."""
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


def _turns(game) -> dict[str, dict[str, str]]:
    if game.turns is None:
        game.turns = {"silent_since": {}, "taken_over": {}}
    return game.turns


def taken_over(game, seat: int) -> bool:
    return str(seat) in (game.turns or {}).get("taken_over", {})


def takeover_on(table: LockedGame) -> bool:
    """Seats are taken over only where other people wait: at a table of two or more people."""
    return settings(table.game).takeover_seconds is not None and len(table.person_seats) >= 2


def turn_started(table: LockedGame) -> None:
    """A new turn: a person seat to act outside the examination starts being silent, unless it
    already is (its silence goes on over turns the clock played for it)."""
    state = table.state
    if state.finished or state.phase == "examination" or not takeover_on(table):
        return  # nobody waits for a lone participant: their silence is not tracked
    for seat in state.to_act:
        if table.is_person(seat):
            _turns(table.game)["silent_since"].setdefault(str(seat), table.now.isoformat())


def acted(table: LockedGame, seat: int) -> None:
    """The seat's person made a move themselves: their silence, if any, is over."""
    if table.game.turns:
        table.game.turns["silent_since"].pop(str(seat), None)


def heard(table: LockedGame, seat: int, reason: str) -> None:
    """The seat's person sent something: they are not silent, and act themselves again."""
    turns = table.game.turns
    if not turns:
        return
    turns["silent_since"].pop(str(seat), None)
    since = turns["taken_over"].pop(str(seat), None)
    turn_started(table)  # a turn of theirs already running counts their silence from now
    if since is not None:
        away = round((table.now - datetime.fromisoformat(since)).total_seconds(), 3)
        table.record(
            EventKind.SEAT_RETURN,
            seat=seat,
            payload={"seat": seat, "reason": reason, "taken_over_seconds": away},
        )


# -- what is due -----------------------------------------------------------------------------


def pace(game, seat: int, started: datetime) -> timedelta:
    """How long the opponent at ``seat`` takes over the turn that started at ``started``."""
    seconds = settings(game).pace
    if seconds <= 0:
        return timedelta(0)
    rng = random.Random(derive_seed(game.seed, "pace", seat, started.isoformat()))
    return timedelta(seconds=seconds * (1 + rng.uniform(-JITTER, JITTER)))


def _due_for(table: LockedGame, seat: int, started: datetime, rules: Settings) -> Due | None:
    game = table.game
    if not table.is_person(seat):
        return Due(started + pace(game, seat, started), seat, "opponent")
    turns = game.turns or {}
    if since := turns.get("taken_over", {}).get(str(seat)):
        at = max(started + pace(game, seat, started), datetime.fromisoformat(since))
        return Due(at, seat, "takeover_play")
    candidates = []
    silent = turns.get("silent_since", {}).get(str(seat))
    if silent and rules.takeover_seconds is not None and takeover_on(table):
        at = datetime.fromisoformat(silent) + timedelta(seconds=rules.takeover_seconds)
        candidates.append(Due(max(at, started), seat, "takeover"))
    if rules.turn_seconds:
        candidates.append(Due(started + timedelta(seconds=rules.turn_seconds), seat, "turn_timer"))
    return min(candidates, key=lambda due: due.at, default=None)


def next_due(table: LockedGame) -> Due | None:
    """The next thing the turn clock does by itself (None: it waits for a person)."""
    state, game = table.state, table.game
    started = game.turn_started_at
    if state.finished or state.phase == "examination" or not started or probes.probe_waiting(game):
        return None  # a recall probe waiting: the table waits for its answer
    rules = settings(game)
    dues = [_due_for(table, seat, started, rules) for seat in state.to_act]
    return min((d for d in dues if d is not None), key=lambda due: due.at, default=None)


def step(table: LockedGame) -> bool:
    """Apply the next thing due by ``table.now``, at its due time; False if nothing is."""
    due = next_due(table)
    if due is None or due.at > table.now:
        return False
    now, table.now = table.now, due.at
    try:
        if due.what == "opponent":
            table.apply(table.opponents.act(table.state, due.seat))
        elif due.what == "takeover":
            _take_over(table, due.seat)
        else:
            reason = "turn_timer" if due.what == "turn_timer" else "taken_over"
            action = takeover_bot(table, due.seat).act(table.state.view(due.seat))
            table.apply(action, actor=TAKEOVER, takeover=reason)
    finally:
        table.now = now
    return True


def _take_over(table: LockedGame, seat: int) -> None:
    turns = _turns(table.game)
    silent = turns["silent_since"].get(str(seat))
    turns["taken_over"][str(seat)] = table.now.isoformat()
    table.record(
        EventKind.SEAT_TAKEOVER,
        seat=seat,
        payload={
            "seat": seat,
            "reason": "silent",
            "silent_seconds": round((table.now - datetime.fromisoformat(silent)).total_seconds(), 3)
            if silent
            else None,
            "level": settings(table.game).takeover_level,
        },
    )


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


def takeover_bot(table: LockedGame, seat: int):
    """An opponent at ``takeover_level`` for a person's seat, shown the game so far as that
    seat saw it (replayed from the log, so it remembers what a bot would)."""
    game = table.game
    kind, params = takeover_kind(game.game_type, settings(game).takeover_level)
    bot = make_bot(
        game.game_type, kind, seat=seat, seed=derive_seed(game.seed, TAKEOVER, seat), **params
    )
    setup, actions = _logged(table)
    assert setup is not None, "every game's log opens with its creation"
    state = game_from_setup(setup)
    bot.observe(state.view(seat), public_events(state.events, seat))
    for action in actions:
        state = state.apply(action)
        bot.observe(state.view(seat), public_events(state.events, seat))
    return bot


def _logged(table: LockedGame) -> tuple[dict | None, list[dict]]:
    """The game's setup and applied actions: those written, then those of this request."""
    written = (
        GameEvent.objects.filter(game=table.game).order_by("seq").values_list("kind", "payload")
    )
    pending = [(event.kind, event.payload) for event in table.pending_events]
    setup: dict | None = None
    actions: list[dict] = []
    for kind, payload in [*written, *pending]:
        if kind == EventKind.GAME_CREATED:
            setup = payload["setup"]
        elif "action" in payload and kind != EventKind.ILLEGAL_ATTEMPT:
            actions.append(payload["action"])
    return setup, actions


# -- what a seat is shown --------------------------------------------------------------------


def turn_view(table: LockedGame) -> dict[str, Any] | None:
    """Whose turn it is on the server clock: who is thinking and until when, a person's turn
    timer, and when the clock next acts by itself (what a live socket wakes for)."""
    state, game, now = table.state, table.game, table.now
    if state.finished or state.phase == "examination" or not game.turn_started_at:
        return None
    rules = settings(game)
    due = next_due(table)
    to_act = list(state.to_act)
    thinking = [s for s in to_act if not table.is_person(s) or taken_over(game, s)]
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
