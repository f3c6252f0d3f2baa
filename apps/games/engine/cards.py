"""Cards as small integers and hands as 52-bit masks.

A card is ``suit * 13 + rank``: suits in the order ``S H D C`` (0..3), ranks ``2..A`` as 0..12.
Sorting card numbers therefore gives the RULES.md display order (suit ``S H D C``, then rank low
to high), and a hand is an ``int`` with bit ``card`` set for every card it holds.

>>> parse_card("10S") == parse_card("TS")
True
>>> card_str(parse_card("qh"))
'QH'
>>> cards_str(mask_cards(cards_mask(parse_cards(["AS", "2C", "7H"]))))
['AS', '7H', '2C']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from .errors import RulesError

SUITS = "SHDC"
RANKS = "23456789TJQKA"
DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
RANK_MASKS = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))
TEN = RANKS.index("T")
TEN_MASK = RANK_MASKS[TEN]

SUIT_OF = tuple(c // 13 for c in range(DECK_SIZE))
"""``SUIT_OF[card]``: the suit index of every card (a table is faster than ``//`` in hot loops)."""
RANK_OF = tuple(c % 13 for c in range(DECK_SIZE))
"""``RANK_OF[card]``: the rank index of every card."""

_NAMES = tuple(r + s for s in SUITS for r in RANKS)
CARD_NAMES = _NAMES
"""``CARD_NAMES[card]``: the RULES.md notation of every card."""
_BY_NAME = {name: i for i, name in enumerate(_NAMES)}
_BY_NAME.update({"10" + s: _BY_NAME["T" + s] for s in SUITS})


def parse_card(text: object) -> int:
    """Parse ``QH``, ``TS`` or ``10S`` (any letter case); anything else is ``invalid_card``.

    >>> parse_card("2S"), parse_card("AC")
    (0, 51)
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    apps.games.engine.errors.RulesError: invalid_card: '1S' is not a card
    """
    if isinstance(text, str):
        # Stored and sent cards are written exactly (``QH``): looked up before any clean-up.
        card = _BY_NAME.get(text)
        if card is None:
            card = _BY_NAME.get(text.strip().upper())
        if card is not None:
            return card
    raise RulesError("invalid_card", f"{text!r} is not a card")


_STRICT = {name: i for i, name in enumerate(_NAMES)}
_STRICT.update({"10" + s: _STRICT["T" + s] for s in SUITS})


def parse_card_strict(text: object) -> int:
    """Parse a card exactly as RULES.md writes it: rank then suit in capitals (``QH``,
    ``TS``), or ``10`` for a ten; anything else is ``invalid_card``. The engine reads every
    card of an action or a replay file with this.

    >>> parse_card_strict("10S") == parse_card_strict("TS")
    True
    >>> parse_card_strict("qh")
    Traceback (most recent call last):
    ...
    apps.games.engine.errors.RulesError: invalid_card: 'qh' is not a card
    """
    if isinstance(text, str):
        card = _STRICT.get(text)
        if card is not None:
            return card
    raise RulesError("invalid_card", f"{text!r} is not a card")


def parse_cards(texts: Iterable[object]) -> list[int]:
    return [parse_card(t) for t in texts]


def card_str(card: int) -> str:
    return _NAMES[card]


def cards_str(cards: Iterable[int]) -> list[str]:
    return [_NAMES[c] for c in cards]


def cards_mask(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def mask_cards(mask: int) -> Iterator[int]:
    """The cards of a mask in ascending order (the RULES.md display order)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# The cards of each 13-bit suit pattern, filled in as patterns are met (a cache, not state).
_SUIT_CARDS: list[list[tuple[int, ...] | None]] = [[None] * 8192 for _ in range(4)]


def mask_list(mask: int) -> list[int]:
    """The cards of a mask as a list, ascending (the RULES.md display order).

    >>> mask_list(cards_mask([51, 0, 13]))
    [0, 13, 51]
    """
    out: list[int] = []
    suit = 0
    while mask:
        chunk = mask & 8191
        if chunk:
            cards = _SUIT_CARDS[suit][chunk]
            if cards is None:
                cards = _SUIT_CARDS[suit][chunk] = tuple(
                    suit * 13 + r for r in range(13) if chunk >> r & 1
                )
            out += cards
        mask >>= 13
        suit += 1
    return out


def mask_strs(mask: int) -> list[str]:
    """The cards of a mask as sorted card strings.

    >>> mask_strs(cards_mask(parse_cards(["2C", "AS", "TH"])))
    ['AS', 'TH', '2C']
    """
    return [_NAMES[c] for c in mask_list(mask)]


def new_deck() -> list[int]:
    return list(range(DECK_SIZE))


def random_deck(rng: random.Random) -> list[int]:
    """A uniformly shuffled deck drawn from ``rng`` (sorting by random keys: about twice as
    fast as ``rng.shuffle``, which matters for simulations that play thousands of rounds).

    >>> random_deck(random.Random(3)) == random_deck(random.Random(3))
    True
    >>> sorted(random_deck(random.Random(3))) == new_deck()
    True
    """
    draw = rng.random
    keys = [draw() for _ in range(DECK_SIZE)]
    return sorted(range(DECK_SIZE), key=keys.__getitem__)


def parse_deck(texts: object, *, strict: bool = False) -> list[int]:
    """A full deck of 52 distinct cards, top first; anything else is ``invalid_input``
    (a string that is not a card: ``invalid_card``). ``strict`` reads each card with
    :func:`parse_card_strict`."""
    if not isinstance(texts, list) or len(texts) != DECK_SIZE:
        raise RulesError("invalid_input", "the deck must be a list of 52 cards")
    parse = parse_card_strict if strict else parse_card
    deck = [parse(t) for t in texts]
    if len(set(deck)) != DECK_SIZE:
        raise RulesError("invalid_input", "the deck must hold 52 distinct cards")
    return deck
