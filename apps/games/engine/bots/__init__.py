"""Computer opponents for Memulation and Mendikot, behind one interface.

A bot plays one seat. It decides only from what that seat may know: the seat's ``view(seat)``
and the public events of the game (cards played, tricks won, the hand chosen, the 'Stragedy's
revealed card...), as filtered by :func:`public_events`, plus its own memory of them. It never
reads the game state. Every bot is deterministic given its seed and what it has been shown.

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

# Engine events a seat may see and the keys of each that are public (what a person at the
# table is shown). Anything else stays out of a bot's reach.
_PUBLIC_KEYS: dict[str, tuple[str, ...]] = {
    # The cut for Lucky Duck is made face up in front of both players.
    "round_started": ("round", "lucky_duck", "roles", "dealer", "turn_up", "trump"),
    "deal_started": ("round", "deal", "pritticut"),
    "examination_over": ("deal",),
    "hand_chosen": ("seat", "hand", "deal"),
    "card_played": ("seat", "card", "deal", "trick", "trump"),
    "trick_won": ("deal", "trick", "leader", "cards", "winner"),
    "trump_revealed": ("cause", "seat", "owner", "card", "trump", "trick"),
    "trump_fixed": ("seat", "card", "trump", "trick"),
    "deal_ended": ("round", "deal", "tricks_won"),
    "round_ended": (
        "round",
        "score",
        "deal_scores",
        "match_score",
        "winner",
        "result",
        "tens",
        "tricks_won",
        "next_dealer",
        "match_wins",
    ),
    "match_ended": ("score", "match_wins"),
}


def public_events(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The engine events as ``seat`` may see them (hidden cards and intentions removed).

    >>> public_events([{"type": "trump_hidden", "seat": 2, "card": "5C"}], 0)
    [{'type': 'trump_hidden', 'seat': 2}]
    >>> public_events([{"type": "deal_started", "deal": 2, "hands": {"A": []}}], 1)
    [{'type': 'deal_started', 'deal': 2}]
    """
    shown = []
    for event in events:
        kind = event["type"]
        if kind == "trump_hidden":
            item = {"type": kind, "seat": event["seat"]}
            if event["seat"] == seat:
                item["card"] = event["card"]
        elif kind == "stragedy":
            # The revealed card is turned up for both; the intended card is the chooser's own
            # secret, and where it really lay names a face-down card: never shown.
            item = {
                "type": kind,
                "seat": event["seat"],
                "position": dict(event["position"]),
                "revealed": event["revealed"],
            }
            if event["seat"] == seat:
                item["intended"] = event["intended"]
                item["hit"] = event["hit"]
        elif kind in _PUBLIC_KEYS:
            item = {"type": kind}
            item.update({k: event[k] for k in _PUBLIC_KEYS[kind] if k in event})
        else:
            continue
        shown.append(item)
    return shown


class Bot(Protocol):
    """One seat's computer player."""

    game: str
    kind: str
    seat: int

    def observe(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """Take in the seat's view and the public events since the last call."""

    def act(self, view: dict[str, Any]) -> dict[str, Any]:
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
