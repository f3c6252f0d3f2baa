"""How Memulation's own fields are written to JSON and read back, and the fields rebuilt on
load (the generic part is :mod:`apps.games.engine.fields`)."""

from __future__ import annotations

from typing import Any, TypedDict

from ..cards import CARD_NAMES, RANK_MASKS, RANK_OF, SUIT_OF, cards_mask, parse_card
from ..contract import Position
from .deal import dealt_hands


class TrickTaken(TypedDict):
    """A trick taken, as the reports write it."""

    leader: int
    cards: list[str]  # led, then followed
    winner: int


Trick = tuple[int, int, int, int]  # (leader, card led, card followed, winner)


def tricks_to_json(tricks: tuple[Trick, ...]) -> list[list[Any]]:
    return [[t[0], CARD_NAMES[t[1]], CARD_NAMES[t[2]], t[3]] for t in tricks]


def tricks_from_json(tricks: Any) -> tuple[Trick, ...]:
    return tuple((t[0], parse_card(t[1]), parse_card(t[2]), t[3]) for t in tricks)


def scores_to_json(scores: tuple[tuple[int, int], ...]) -> list[list[int]]:
    return [list(s) for s in scores]


def scores_from_json(scores: Any) -> tuple[tuple[int, int], ...]:
    return tuple((a, b) for a, b in scores)


def dealt(deck: tuple[int, ...], deal_no: int) -> tuple[int, int]:
    """The two hands of a deal as masks, in dealing order (A, B)."""
    hand_a, hand_b = dealt_hands(deck, deal_no)
    return cards_mask(hand_a), cards_mask(hand_b)


def won(tricks: tuple[Trick, ...]) -> tuple[int, int]:
    """The tricks each seat has taken."""
    counts = [0, 0]
    for t in tricks:
        counts[t[3]] += 1
    return counts[0], counts[1]


def piles(tricks: tuple[Trick, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's pile of the Old Deal: the indices of the tricks it took, in order."""
    return (
        tuple(i for i, t in enumerate(tricks) if t[3] == 0),
        tuple(i for i, t in enumerate(tricks) if t[3] == 1),
    )


def trump_of(pritticut: int) -> int:
    return -1 if pritticut < 0 else SUIT_OF[pritticut]


def wild_of(pritticut: int) -> int:
    return -1 if pritticut < 0 else RANK_OF[pritticut]


def wilds_of(pritticut: int) -> int:
    """Every other card of the wild rank is a Wild Card; the Pritticut itself is not in play."""
    return 0 if pritticut < 0 else RANK_MASKS[RANK_OF[pritticut]] & ~(1 << pritticut)


def trick_dict(trick: Trick) -> TrickTaken:
    leader, led, followed, winner = trick
    return {"leader": leader, "cards": [CARD_NAMES[led], CARD_NAMES[followed]], "winner": winner}


def position_dict(pile: int, trick: int, card: int) -> Position:
    return {"pile": pile, "trick": trick, "card": card}
