"""The fields of a Memulation state, each declared once: its type and how JSON keeps it.

Slots, ``copy``, ``to_json`` and ``from_json`` are made from this list
(:func:`~apps.games.engine.fields.game_fields`); the JSON keys follow its order.
"""

from __future__ import annotations

from typing import Any

from ..base import GameState, deep
from ..cards import cards_str
from ..contract import Event, Roles, StragedyRecord
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
from .options import GAME, PHASES, SEATS, MemulationOptions
from .serial import (
    Trick,
    dealt,
    piles,
    scores_from_json,
    scores_to_json,
    tricks_from_json,
    tricks_to_json,
    trump_of,
    wild_of,
    wilds_of,
    won,
)


@game_fields
class MemulationState(GameState):
    """Public fields (read-only by convention): ``phase`` (one of :data:`PHASES`), ``round_no``
    (0-based), ``deal_no`` (0 Old Deal, 1 New Deal), ``lucky_duck``, ``lame_duck``, ``events``
    (what the last :meth:`apply` did)."""

    GAME = GAME
    SEATS = SEATS

    # the match
    setup: dict[str, Any] = beside()
    options: MemulationOptions = rebuilt(lambda s: MemulationOptions(s.setup["options"]))
    round_no: int = kept("round")
    history: tuple[Any, ...] = kept("history", dump=history_to_json, load=history_from_json)
    match_score: tuple[int, int] = kept("match_score", dump=list, load=pair_from_json)
    # the round
    round_seed: int = kept("round_seed")
    deck: tuple[int, ...] = kept("deck", dump=cards_str, load=deck_from_json)
    roles: Roles = kept("roles", dump=deep, load=deep)
    lucky_duck: int = kept("lucky_duck")
    lame_duck: int = rebuilt(lambda s: 1 - s.lucky_duck)
    # the deal
    deal_no: int = kept("deal")
    phase: str = kept("phase", load=phase_from_json(PHASES))
    to_move: int = kept("to_move")
    exam_pending: int = kept("exam_pending")  # bit per seat still examining
    dealt: tuple[int, int] = rebuilt(lambda s: dealt(s.deck, s.deal_no))  # hands A and B
    seat_a: int = kept("seat_a")  # the seat holding hand A (-1 before the choice)
    hands: tuple[int, int] = kept("hands", dump=hands_to_json, load=hands_from_json(SEATS))
    pritticut: int = kept("pritticut", dump=card_to_json, load=card_from_json)
    trump: int = rebuilt(lambda s: trump_of(s.pritticut))
    wild: int = rebuilt(lambda s: wild_of(s.pritticut))
    wilds: int = rebuilt(lambda s: wilds_of(s.pritticut))
    tricks: tuple[Trick, ...] = kept("tricks", dump=tricks_to_json, load=tricks_from_json)
    won: tuple[int, int] = rebuilt(lambda s: won(s.tricks))
    deal_scores: tuple[tuple[int, int], ...] = kept(
        "deal_scores", dump=scores_to_json, load=scores_from_json
    )
    leader: int = kept("leader")
    led: int = kept("led", dump=card_to_json, load=card_from_json)
    # the Old Deal, during the New Deal, and the 'Stragedy
    old_tricks: tuple[Trick, ...] = kept("old_tricks", dump=tricks_to_json, load=tricks_from_json)
    old_piles: tuple[tuple[int, ...], tuple[int, ...]] = rebuilt(lambda s: piles(s.old_tricks))
    old_seat_a: int = kept("old_seat_a")
    hole: tuple[int, int, int] | None = kept("hole", dump=optional_list, load=optional_tuple)
    stragedy: StragedyRecord | None = kept("stragedy", dump=deep, load=deep)
    # what the last action did
    events: list[Event] = transient()
