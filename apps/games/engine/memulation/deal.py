"""The deck and the deal: the deck given, the hands dealt, the cut for Lucky Duck."""

from __future__ import annotations

import random

from ..base import read_deck
from ..cards import CARD_NAMES, RANK_OF

__all__ = ["cut_for_lucky_duck", "dealt_hands", "read_deck"]


def dealt_hands(deck: tuple[int, ...], deal: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Hands A and B of a deal (0 = Old Deal, 1 = New Deal), in dealing order.

    The New Deal is dealt from the 25 Undealt cards, top first, with the old Pritticut buried
    at the bottom.

    >>> a, b = dealt_hands(tuple(range(52)), 1)
    >>> a[:3], b[:3], b[-1]
    ((27, 29, 31), (28, 30, 32), 26)
    """
    pack = deck if deal == 0 else (*deck[27:], deck[26])
    return pack[0:26:2], pack[1:26:2]


def cut_for_lucky_duck(deck: tuple[int, ...], rng: random.Random) -> tuple[int, list[list[str]]]:
    """Both seats draw a card from the Undealt; the higher rank is Lucky Duck, ties cut again.

    Returns Lucky Duck's seat and every cut as ``[seat 0's card, seat 1's card]``.

    >>> deck = tuple(range(52))
    >>> cut_for_lucky_duck(deck, random.Random(5)) == cut_for_lucky_duck(deck, random.Random(5))
    True
    """
    undealt = deck[27:]
    cuts = []
    while True:
        i, j = rng.sample(range(len(undealt)), 2)
        first, second = undealt[i], undealt[j]
        cuts.append([CARD_NAMES[first], CARD_NAMES[second]])
        if RANK_OF[first] != RANK_OF[second]:
            return (0 if RANK_OF[first] > RANK_OF[second] else 1), cuts
