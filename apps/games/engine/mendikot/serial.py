"""How Mendikot's own fields are written to JSON and read back, and the fields rebuilt on load
(the generic part is :mod:`apps.games.engine.fields`)."""

from __future__ import annotations

from typing import Any, TypedDict

from ..cards import CARD_NAMES, DECK_SIZE, SUIT_OF, SUITS, TEN_MASK, cards_str, parse_card
from ..contract import SeatCard

Trick = tuple[int, tuple[int, ...], int, int]  # (leader, cards in seat order, winner, trump flags)

IS_TEN = tuple(bool(TEN_MASK >> c & 1) for c in range(DECK_SIZE))


def suit_to_json(suit: int) -> str | None:
    return None if suit < 0 else SUITS[suit]


def suit_from_json(text: Any) -> int:
    return -1 if text is None else SUITS.index(text)


def tricks_to_json(tricks: tuple[Trick, ...]) -> list[list[Any]]:
    return [[t[0], cards_str(t[1]), t[2], t[3]] for t in tricks]


def tricks_from_json(tricks: Any) -> tuple[Trick, ...]:
    return tuple((t[0], tuple(parse_card(c) for c in t[1]), t[2], t[3]) for t in tricks)


def cards_from_json(cards: Any) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in cards)


def led_suit(cur: tuple[int, ...]) -> int:
    return SUIT_OF[cur[0]] if cur else -1


def team_tricks(tricks: tuple[Trick, ...]) -> tuple[int, int]:
    counts = [0, 0]
    for t in tricks:
        counts[t[2] % 2] += 1
    return counts[0], counts[1]


def team_tens(tricks: tuple[Trick, ...]) -> tuple[int, int]:
    tens = [0, 0]
    for t in tricks:
        tens[t[2] % 2] += sum(IS_TEN[c] for c in t[1])
    return tens[0], tens[1]


class TrickReport(TypedDict):
    """A trick as the reports write it: its leader, each card with its seat, its winner (None
    while it is in play)."""

    leader: int
    cards: list[SeatCard]
    winner: int | None


def trick_dict(trick: tuple[int, tuple[int, ...], int | None, int]) -> TrickReport:
    """A trick as the reports write it: its leader, each card with its seat, its winner."""
    leader, cards, winner, _flags = trick
    return {
        "leader": leader,
        "cards": [{"seat": (leader + i) % 4, "card": CARD_NAMES[c]} for i, c in enumerate(cards)],
        "winner": winner,
    }
