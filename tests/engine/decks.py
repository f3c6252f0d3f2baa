"""Deck builders for engine tests: state the hands, get the deck that deals them."""

from __future__ import annotations

from apps.games.engine.cards import CARD_NAMES, parse_card

ALL = list(CARD_NAMES)


def split(text: str) -> list[str]:
    return text.split()


def memulation_deck(hand_a: str, hand_b: str, pritticut: str, undealt: str = "") -> list[str]:
    """A deck dealing ``hand_a`` (positions 0, 2, .., 24), ``hand_b`` (1, 3, .., 25), the
    Pritticut at 26, then ``undealt`` and the remaining cards in ascending order."""
    a, b = split(hand_a), split(hand_b)
    assert len(a) == len(b) == 13, (len(a), len(b))
    deck = [""] * 26
    deck[0::2] = a
    deck[1::2] = b
    deck.append(pritticut)
    deck += split(undealt)
    used = {parse_card(c) for c in deck}
    deck += [CARD_NAMES[c] for c in range(52) if c not in used]
    assert len({parse_card(c) for c in deck}) == 52
    return deck


def mendikot_deck(hands: dict[int, str], dealer: int) -> list[str]:
    """A deck dealing ``hands[seat]`` (13 cards each) when ``dealer`` deals."""
    cards = {seat: split(text) for seat, text in hands.items()}
    assert all(len(c) == 13 for c in cards.values()) and len(cards) == 4
    deck = []
    for i in range(52):
        deck.append(cards[(dealer + 1 + i) % 4][i // 4])
    assert len({parse_card(c) for c in deck}) == 52
    return deck
