"""Mendikot, the four-player team game, exactly as RULES.md rules it.

Seats ``0 1 2 3`` play in that order; team 0 is seats 0 and 2, team 1 seats 1 and 3. A
:class:`Mendikot` state is a match of one or more rounds under one ``trump_rule``.

>>> from apps.games.engine.cards import new_deck, cards_str
>>> game = Mendikot.create(deck=cards_str(new_deck()), dealer=3,
...                        options={"trump_rule": "hidden_ask"})
>>> game.phase, game.to_act
('hide_trump', [0])
>>> game = game.apply({"type": "hide_trump", "seat": 0, "card": "KH"})
>>> game.view(0)["hidden_trump"], game.view(1)["hidden_trump"]
('KH', None)
>>> game = game.apply({"type": "play", "seat": 0, "card": "2S"})
>>> game.rules_report()["next"]
{'seat': 1, 'phase': 'play', 'legal': ['3S', '7S', 'JS'], 'can_ask': False}
"""

from __future__ import annotations

from .deal import deal, round_result
from .options import (
    ACTION_TYPES,
    ASK,
    FINISHED,
    FIRST_VOID,
    GAME,
    HIDDEN_ASK,
    HIDDEN_REVEAL,
    HIDE_TRUMP,
    PHASE_ACTIONS,
    PHASES,
    PLAY,
    RESULTS,
    SEATS,
    TRUMP_RULES,
    TURN_UP,
    MendikotOptions,
)
from .views import MendikotViews


class Mendikot(MendikotViews):
    """The state of a Mendikot match. Create it with :meth:`create` or :meth:`from_json`.

    Its fields are listed once in :mod:`.state`; the rules are in :mod:`.rules`, what each seat
    sees in :mod:`.views`, the JSON of the fields in :mod:`.serial`.
    """

    __slots__ = ()


__all__ = [
    "ACTION_TYPES",
    "ASK",
    "FINISHED",
    "FIRST_VOID",
    "GAME",
    "HIDDEN_ASK",
    "HIDDEN_REVEAL",
    "HIDE_TRUMP",
    "PHASES",
    "PHASE_ACTIONS",
    "PLAY",
    "RESULTS",
    "SEATS",
    "TRUMP_RULES",
    "TURN_UP",
    "Mendikot",
    "MendikotOptions",
    "deal",
    "round_result",
]
