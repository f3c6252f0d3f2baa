"""Computer opponents for Memulation and Mendikot, behind one interface.

A bot plays one seat. It decides only from what that seat may know: the seat's ``view(seat)``
and the public events of the game (cards played, tricks won, the hand chosen, the 'Stragedy's
revealed card...), as filtered by ``visibility.public_events``, plus its own memory of them. It
never reads the game state. Every bot is deterministic given its seed and what it has been shown.

::

    bot = make_bot("memulation", "memory", seat=1, seed=42, fidelity=0.5)
    bot.observe(state.view(1), public_events(state.events, 1))   # after every change
    action = bot.act(state.view(1))                               # when seat 1 is to act

Kinds: Memulation ``random``, ``greedy``, ``memory`` (``fidelity`` 0..1), ``perfect``;
Mendikot ``random``, ``heuristic``, ``tracker``. :func:`play_game` runs a game to its end
with one bot per seat (the benchmarks and tests use it).

>>> from apps.games.engine import create_game
>>> state = create_game("memulation", seed=7, options={"examination": False})
>>> bots = [make_bot("memulation", "greedy", seat=s, seed=s) for s in (0, 1)]
>>> final = play_game(state, bots)
>>> final.finished, sum(final.match_score)
(True, 26)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..contract import Action, SeenEvent
from ..visibility import public_events


class Bot(Protocol):
    """One seat's computer player."""

    game: str
    kind: str
    seat: int

    def observe(self, view: Mapping[str, Any], events: list[SeenEvent]) -> None:
        """Take in the seat's view and the public events since the last call."""

    def act(self, view: Mapping[str, Any]) -> Action:
        """The action to take now (the seat is to act in ``view``)."""


def make_bot(game: str, kind: str, *, seat: int, seed: int, **params: Any) -> Bot:
    """A bot of ``kind`` for ``game`` playing ``seat``; ``params`` e.g. ``fidelity``."""
    kinds: Mapping[str, Callable[..., Bot]]
    if game == "memulation":
        from .memulation import MEMULATION_BOTS

        kinds = MEMULATION_BOTS
    elif game == "mendikot":
        from .mendikot import MENDIKOT_BOTS

        kinds = MENDIKOT_BOTS
    else:
        raise ValueError(f"unknown game {game!r}")
    if kind not in kinds:
        raise ValueError(f"unknown {game} bot {kind!r} (one of {', '.join(kinds)})")
    bot: Bot = kinds[kind](seat=seat, seed=seed, **params)
    return bot


def bot_versions() -> dict[str, dict[str, int]]:
    """Every bot's ``VERSION``, by game and kind.

    >>> bot_versions()["memulation"]["greedy"]
    1
    """
    from .memulation import MEMULATION_BOTS
    from .mendikot import MENDIKOT_BOTS

    return {
        game: {kind: bot.VERSION for kind, bot in kinds.items()}
        for game, kinds in (("memulation", MEMULATION_BOTS), ("mendikot", MENDIKOT_BOTS))
    }


def play_game(state: Any, bots: list[Bot], *, on_decision: Any = None) -> Any:
    """Play ``state`` to the end, seat ``i`` played by ``bots[i]``; return the final state.

    Every bot observes its view and the public events after every change. ``on_decision``, if
    given, is called as ``on_decision(seat, seconds, action)`` after each decision (timing:
    process CPU time spent in the bot's ``act``).
    """
    import time

    seats = len(bots)
    events = list(state.events)
    for seat in range(seats):
        bots[seat].observe(state.view(seat), public_events(events, seat))
    while not state.finished:
        seat = state.to_act[0]
        view = state.view(seat)
        started = time.process_time()
        action = bots[seat].act(view)
        if on_decision is not None:
            on_decision(seat, time.process_time() - started, action)
        state = state.apply(action)
        for s in range(seats):
            bots[s].observe(state.view(s), public_events(state.events, s))
    return state
