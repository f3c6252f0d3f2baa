"""The deal of the four hands and the result of a round."""

from __future__ import annotations


def deal(deck: tuple[int, ...], dealer: int) -> tuple[int, int, int, int]:
    """The four hands (masks) of a deal: deck position ``i`` goes to seat ``(dealer+1+i) % 4``.

    >>> from apps.games.engine.cards import mask_list
    >>> [len(mask_list(h)) for h in deal(tuple(range(52)), 0)]
    [13, 13, 13, 13]
    >>> mask_list(deal(tuple(range(52)), 3)[0])[:3]
    [0, 4, 8]
    """
    hands = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % 4] |= 1 << card
    return hands[0], hands[1], hands[2], hands[3]


def round_result(
    tens: tuple[int, int], tricks: tuple[int, int], dealer: int, played: int = 13
) -> tuple[int, str, int]:
    """(winning team, result kind, next dealer) of a finished round of ``played`` tricks.

    A short round (fewer than 13 tricks, an odd number) is won by the team with more tens, or
    with as many, more tricks.

    >>> round_result((2, 2), (6, 7), 1)
    (1, 'tricks', 2)
    >>> round_result((4, 0), (13, 0), 1)
    (0, 'whitewash', 1)
    >>> round_result((1, 3), (9, 4), 0)
    (1, 'tens', 0)
    >>> round_result((1, 0), (1, 4), 0, played=5)
    (0, 'tens', 1)
    >>> round_result((0, 0), (3, 2), 0, played=5)
    (0, 'tricks', 1)
    """
    if played < 13 and tens[0] != tens[1]:
        winner = 0 if tens[0] > tens[1] else 1
    elif played < 13:
        winner = 0 if tricks[0] > tricks[1] else 1
    elif tens[0] >= 3:
        winner = 0
    elif tens[1] >= 3:
        winner = 1
    else:  # two tens each: the team with more tricks (7 or more)
        winner = 0 if tricks[0] >= 7 else 1
    if tricks[winner] == played:
        kind = "whitewash"
    elif tens[winner] == 4:
        kind = "mendikot"
    elif tens[winner] == 3 or (played < 13 and tens[0] != tens[1]):
        kind = "tens"
    else:
        kind = "tricks"
    # The dealer's team lost: the same player deals again; otherwise the deal passes on.
    next_dealer = dealer if dealer % 2 != winner else (dealer + 1) % 4
    return winner, kind, next_dealer
