"""Memulation, the two-player memory game, exactly as RULES.md rules it.

A :class:`Memulation` state is a match of one or more rounds; each round is the Old Deal and the
New Deal with the 'Stragedy between them. Seats are ``0`` and ``1``.

>>> from apps.games.engine.cards import new_deck, cards_str
>>> game = Memulation.create(deck=cards_str(new_deck()), lucky_duck=0,
...                          options={"examination": False})
>>> game.phase, game.to_act, game.pritticut_str
('choose_hand', [0], '2D')
>>> game = game.apply({"type": "choose_hand", "seat": 0, "hand": "B"})
>>> game.view(1)["hand"][:3]
['2S', '4S', '6S']
>>> game.view(1)["legal"][:3]
['2S', '4S', '6S']
>>> game = game.apply({"type": "play", "seat": 1, "card": "4S"})
>>> game = game.apply({"type": "play", "seat": 0, "card": "5S"})
>>> [e["type"] for e in game.events]
['card_played', 'trick_won']
>>> game.events[-1]["winner"], game.to_act
(0, [0])
"""

from __future__ import annotations

from .deal import cut_for_lucky_duck, dealt_hands, read_deck
from .options import (
    ACTION_TYPES,
    CHOOSE_HAND,
    END_EXAMINATION,
    END_EXAMINATION_ALL,
    EXAMINATION,
    FINISHED,
    GAME,
    HAND_A,
    HAND_B,
    PHASE_ACTIONS,
    PHASES,
    PLAY,
    ROLE_METHODS,
    SEATS,
    STRAGEDY,
    STRAGEDY_BASE,
    WILD_TIES,
    MemulationOptions,
    stragedy_move,
    stragedy_position,
)
from .views import MemulationViews


class Memulation(MemulationViews):
    """The state of a Memulation match. Create it with :meth:`create` or :meth:`from_json`.

    Its fields are listed once in :mod:`.state`; the rules are in :mod:`.rules`, what each seat
    sees in :mod:`.views`, the JSON of the fields in :mod:`.serial`.
    """

    __slots__ = ()


__all__ = [
    "ACTION_TYPES",
    "CHOOSE_HAND",
    "END_EXAMINATION",
    "END_EXAMINATION_ALL",
    "EXAMINATION",
    "FINISHED",
    "GAME",
    "HAND_A",
    "HAND_B",
    "PHASES",
    "PHASE_ACTIONS",
    "PLAY",
    "ROLE_METHODS",
    "SEATS",
    "STRAGEDY",
    "STRAGEDY_BASE",
    "WILD_TIES",
    "Memulation",
    "MemulationOptions",
    "cut_for_lucky_duck",
    "dealt_hands",
    "read_deck",
    "stragedy_move",
    "stragedy_position",
]
