"""The fields of a Mendikot state, each declared once: its type and how JSON keeps it.

Slots, ``copy``, ``to_json`` and ``from_json`` are made from this list
(:func:`~apps.games.engine.fields.game_fields`); the JSON keys follow its order.
"""

from __future__ import annotations

from typing import Any

from ..base import GameState
from ..cards import cards_str
from ..contract import Event
from ..fields import (
    beside,
    card_from_json,
    card_to_json,
    deck_from_json,
    game_fields,
    hands_from_json,
    hands_to_json,
    history_from_json,
    history_to_json,
    kept,
    optional_list,
    optional_tuple,
    pair_from_json,
    phase_from_json,
    rebuilt,
    transient,
)
from .options import GAME, PHASES, SEATS, MendikotOptions
from .serial import (
    Trick,
    cards_from_json,
    led_suit,
    suit_from_json,
    suit_to_json,
    team_tens,
    team_tricks,
    tricks_from_json,
    tricks_to_json,
)


@game_fields
class MendikotState(GameState):
    """Public fields (read-only by convention): ``phase`` (one of :data:`PHASES`),
    ``round_no``, ``dealer``, ``trump`` (suit index, -1 while no trump is in force), ``events``
    (what the last :meth:`apply` did)."""

    GAME = GAME
    SEATS = SEATS

    # the match
    setup: dict[str, Any] = beside()
    options: MendikotOptions = rebuilt(lambda s: MendikotOptions(s.setup["options"]))
    round_no: int = kept("round")
    history: tuple[Any, ...] = kept("history", dump=history_to_json, load=history_from_json)
    match_wins: tuple[int, int] = kept("match_wins", dump=list, load=pair_from_json)
    # the round
    round_seed: int = kept("round_seed")
    deck: tuple[int, ...] = kept("deck", dump=cards_str, load=deck_from_json)
    dealer: int = kept("dealer")
    turn_up: int = kept("turn_up", dump=card_to_json, load=card_from_json)
    phase: str = kept("phase", load=phase_from_json(PHASES))
    to_move: int = kept("to_move")
    hands: tuple[int, int, int, int] = kept(
        "hands", dump=hands_to_json, load=hands_from_json(SEATS)
    )
    # trump: the hidden card and its owner, the suit in force, when and by whom it was revealed
    hidden: int = kept("hidden", dump=card_to_json, load=card_from_json)
    owner: int = rebuilt(lambda s: (s.dealer + 1) % 4)
    trump: int = kept("trump", dump=suit_to_json, load=suit_from_json)
    revealed: tuple[int, int] | None = kept("revealed", dump=optional_list, load=optional_tuple)
    # the tricks taken and the one in play
    tricks: tuple[Trick, ...] = kept("tricks", dump=tricks_to_json, load=tricks_from_json)
    leader: int = kept("leader")
    cur: tuple[int, ...] = kept("current", dump=cards_str, load=cards_from_json)
    cur_flags: int = kept("current_trumps")  # bit i: the trick's i-th card counts as a trump
    led_suit: int = rebuilt(lambda s: led_suit(s.cur))
    best_seat: int = kept("best", 0)
    best_card: int = kept("best", 1, dump=card_to_json, load=card_from_json)
    best_trump: bool = kept("best", 2)
    asked: bool = kept("asked")
    team_tricks: tuple[int, int] = rebuilt(lambda s: team_tricks(s.tricks))
    team_tens: tuple[int, int] = rebuilt(lambda s: team_tens(s.tricks))
    # what the last action did
    events: list[Event] = transient()
