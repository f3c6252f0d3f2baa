"""The double-dummy solver agrees exactly with a brute-force minimax and with stored full deals.

The brute force below works on real cards straight from RULES.md ("Playing a card", "Who wins
the trick") and memoises whole positions; it has no pruning, no card classes and no bounds, so
it is slow but easy to check by eye. The solver must give every legal card the same value.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from apps.games.engine.cards import card_str, cards_mask, parse_card, parse_cards
from apps.games.engine.errors import RulesError
from apps.games.engine.solver import (
    WILD_TIES,
    Position,
    Solver,
    best_value,
    leader_wins,
    legal_cards,
    solve,
)

DATA = Path(__file__).parent / "data" / "solver"


# ----------------------------------------------------------------------- the brute force


def brute_values(hands, leader, led, trump, wild_rank, wild_tie="leader"):
    """Tricks the seat to move takes with each legal card: plain memoised minimax."""
    wild = [c % 13 == wild_rank for c in range(52)]

    def cards(mask):
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def legal(hand, lead_card):
        everything = cards(hand)
        if lead_card is None or wild[lead_card]:
            return everything
        follow = [c for c in everything if c // 13 == lead_card // 13 and not wild[c]]
        if follow:
            return follow + [c for c in everything if wild[c]]
        return everything

    def lead_card_wins(a, b):
        if wild[a] and wild[b]:
            return wild_tie == "leader"
        if wild[a] or wild[b]:
            return wild[a]
        if a // 13 == b // 13:
            return a % 13 > b % 13
        return b // 13 != trump

    memo = {}

    def value(lead_hand, foll_hand):
        """Tricks the seat on lead takes from the start of a trick."""
        if not lead_hand:
            return 0
        key = (lead_hand, foll_hand)
        if key not in memo:
            memo[key] = max(
                min(
                    after(lead_hand & ~(1 << a), foll_hand & ~(1 << b), a, b)
                    for b in legal(foll_hand, a)
                )
                for a in cards(lead_hand)
            )
        return memo[key]

    def after(lead_hand, foll_hand, a, b):
        """The leader's tricks from a trick of ``a`` then ``b``, that trick included."""
        if lead_card_wins(a, b):
            return 1 + value(lead_hand, foll_hand)
        return lead_hand.bit_count() - value(foll_hand, lead_hand)

    lead_hand, foll_hand = hands[leader], hands[1 - leader]
    if led is None:
        return {
            a: min(
                after(lead_hand & ~(1 << a), foll_hand & ~(1 << b), a, b)
                for b in legal(foll_hand, a)
            )
            for a in cards(lead_hand)
        }
    n = foll_hand.bit_count()
    return {b: n - after(lead_hand, foll_hand & ~(1 << b), led, b) for b in legal(foll_hand, led)}


# ------------------------------------------------------------------- random positions


def random_position(rng: random.Random, n: int, kind: str = "any", wild_tie: str = "leader"):
    """A position with ``n`` cards in the follower's hand (``n`` tricks left).

    ``kind``: ``any`` (cards from the whole deck), ``suits`` (cards from one to three suits, so
    that following, voids and ruffs are frequent), ``wilds`` (two or three Wild Cards in play),
    ``trumps`` (trumps and wilds only), ``wild_lead`` (a Wild Card already led).
    """
    trump = rng.randrange(4)
    wild_rank = rng.randrange(13)
    wild_cards = [s * 13 + wild_rank for s in range(4) if s != trump]
    ordinary = [c for c in range(52) if c % 13 != wild_rank]
    if kind == "suits":
        suits = rng.sample(range(4), rng.choice([1, 2, 2, 3]))
        ordinary = [c for c in ordinary if c // 13 in suits]
    elif kind == "trumps":
        ordinary = [c for c in ordinary if c // 13 == trump]
    n_wild = {
        "any": 0,
        "suits": rng.choice([0, 0, 1]),
        "wilds": rng.choice([2, 3]),
        "trumps": rng.choice([0, 1, 2]),
        "wild_lead": rng.choice([1, 2, 3]),
    }[kind]
    n_wild = min(n_wild, 2 * n)
    cards = rng.sample(wild_cards, n_wild) + rng.sample(
        ordinary, min(len(ordinary), 2 * n - n_wild)
    )
    if kind == "any":
        cards = rng.sample([c for c in range(52) if c != trump * 13 + wild_rank], 2 * n)
    while len(cards) < 2 * n:  # a short pool (few suits): top up from the rest of the deck
        c = rng.choice([c for c in range(52) if c % 13 != wild_rank and c not in cards])
        cards.append(c)
    rng.shuffle(cards)
    hands = [cards_mask(cards[:n]), cards_mask(cards[n:])]
    leader = rng.randrange(2)
    led = None
    if kind == "wild_lead":
        leader = next(
            seat for seat in (leader, 1 - leader) if any(hands[seat] >> c & 1 for c in wild_cards)
        )
        led = rng.choice([c for c in wild_cards if hands[leader] >> c & 1])
    elif rng.random() < 0.35:
        led = rng.choice([c for c in cards if hands[leader] >> c & 1])
    if led is not None:
        hands[leader] &= ~(1 << led)
    return Position((hands[0], hands[1]), leader, trump, wild_rank, led, wild_tie)


def check(solver: Solver, pos: Position) -> None:
    expected = brute_values(pos.hands, pos.leader, pos.led, pos.trump, pos.wild_rank, pos.wild_tie)
    got = solver.solve(pos)
    if got.values != expected:
        raise AssertionError(
            f"{describe(pos)}: expected {named(expected)}, got {named(got.values)}"
        )
    assert got.best == max(expected.values())
    assert got.seat == pos.seat
    assert got.tricks_left == pos.tricks_left


def named(values: dict[int, int]) -> dict[str, int]:
    return {card_str(c): v for c, v in values.items()}


def describe(pos: Position) -> str:
    hands = [" ".join(card_str(c) for c in range(52) if h >> c & 1) for h in pos.hands]
    return (
        f"hands {hands} leader {pos.leader} led {pos.led and card_str(pos.led)} "
        f"trump {'SHDC'[pos.trump]} wild {'23456789TJQKA'[pos.wild_rank]} {pos.wild_tie}"
    )


# How many random positions of each size and kind, per wild_tie rule: thousands in all, with
# the brute force's cost (it grows steeply with the hand size) kept to some seconds.
CASES = [
    (2, "any", 200),
    (3, "any", 300),
    (4, "any", 300),
    (5, "any", 150),
    (6, "any", 30),
    (4, "suits", 250),
    (5, "suits", 120),
    (6, "suits", 40),
    (7, "suits", 8),
    (8, "suits", 3),
    (4, "wilds", 120),
    (5, "wilds", 80),
    (6, "wilds", 20),
    (7, "wilds", 4),
    (4, "trumps", 80),
    (5, "trumps", 50),
    (6, "trumps", 16),
    (8, "trumps", 2),
    (4, "wild_lead", 80),
    (5, "wild_lead", 50),
    (6, "wild_lead", 16),
]


@pytest.mark.parametrize("wild_tie", WILD_TIES)
@pytest.mark.parametrize(("size", "kind", "count"), CASES, ids=[f"{k}-{s}" for s, k, _ in CASES])
def test_agrees_with_brute_force(size, kind, count, wild_tie):
    rng = random.Random(f"{size}-{kind}-{wild_tie}")
    solver = Solver(wild_tie)  # one table for the whole batch: reuse across positions is safe
    for _ in range(count):
        check(solver, random_position(rng, size, kind, wild_tie))


def test_fresh_solver_per_position_agrees_too():
    rng = random.Random(7)
    for _ in range(150):
        wild_tie = rng.choice(WILD_TIES)
        pos = random_position(
            rng, rng.randint(1, 5), rng.choice(["any", "suits", "wilds"]), wild_tie
        )
        check(Solver(wild_tie), pos)


# ---------------------------------------------------------------------- small by hand


def position(
    h0: str,
    h1: str,
    leader: int,
    trump: str,
    wild: str,
    led: str | None = None,
    wild_tie: str = "leader",
) -> Position:
    return Position(
        (cards_mask(parse_cards(h0.split())), cards_mask(parse_cards(h1.split()))),
        leader,
        "SHDC".index(trump),
        "23456789TJQKA".index(wild),
        None if led is None else parse_card(led),
        wild_tie,
    )


def values_of(pos: Position) -> dict[str, int]:
    return named(solve(pos).values)


def test_rules_example():
    pos = position("AS 2D", "KS 7D 3D", 0, "S", "7", led="4C")
    assert values_of(pos) == {"KS": 3, "7D": 2, "3D": 2}
    assert solve(pos).best == 3


def test_wild_tie_decides_two_wilds():
    # Each seat holds one Wild Card and nothing else; the leader's wild wins only under "leader".
    assert values_of(position("7H", "7D", 0, "S", "7")) == {"7H": 1}
    assert values_of(position("7H", "7D", 0, "S", "7", wild_tie="follower")) == {"7H": 0}
    assert values_of(position("", "7D", 0, "S", "7", led="7H")) == {"7D": 0}
    assert values_of(position("", "7D", 0, "S", "7", led="7H", wild_tie="follower")) == {"7D": 1}


def test_wild_may_be_played_while_holding_the_led_suit():
    pos = position("AH 2C", "7D 3H", 0, "S", "7", led=None)
    # Leading AH: the follower may answer 3H or the wild 7D, which wins, and then 3H takes the
    # last trick too (seat 0 cannot follow). Leading 2C first keeps the AH for the hearts.
    assert legal_cards(pos.hands[1], parse_card("AH"), pos.wild_rank) == parse_cards(["3H", "7D"])
    assert values_of(pos) == {"AH": 0, "2C": 1}


def test_after_a_wild_lead_anything_goes():
    hand = cards_mask(parse_cards(["2H", "KS", "9C"]))
    assert legal_cards(hand, parse_card("7D"), 5) == parse_cards(["KS", "2H", "9C"])
    assert legal_cards(hand, parse_card("3H"), 5) == parse_cards(["2H"])
    assert legal_cards(hand, parse_card("3D"), 5) == parse_cards(["KS", "2H", "9C"])


def test_trick_winner_order():
    c = parse_card
    assert leader_wins(c("2H"), c("7D"), 0, 5) is False  # a single wild wins
    assert leader_wins(c("7H"), c("AS"), 0, 5) is True
    assert leader_wins(c("7H"), c("7D"), 0, 5, "leader") is True
    assert leader_wins(c("7H"), c("7D"), 0, 5, "follower") is False
    assert leader_wins(c("9H"), c("KH"), 0, 5) is False  # same suit: higher rank
    assert leader_wins(c("9H"), c("2S"), 0, 5) is False  # the follower trumps
    assert leader_wins(c("2S"), c("AH"), 0, 5) is True  # a sluff loses
    assert leader_wins(c("9H"), c("AD"), 0, 5) is True


def test_best_value_matches_solve():
    rng = random.Random(3)
    for _ in range(40):
        pos = random_position(rng, rng.randint(1, 6), "suits")
        assert best_value(pos) == solve(pos).best


def test_solution_helpers():
    sol = solve(position("AS 2D", "KS 7D 3D", 0, "S", "7", led="4C"))
    assert sol.lost(parse_card("3D")) == 1
    assert sol.best_cards() == [parse_card("KS")]
    assert sol.as_dict(order=parse_cards(["3D", "KS", "7D"]))["values"] == {
        "3D": 2,
        "KS": 3,
        "7D": 2,
    }


@pytest.mark.parametrize(
    ("h0", "h1", "leader", "led", "message"),
    [
        ("AS 2D", "AS 3D", 0, None, "both hands"),
        ("AS 2D", "KS", 0, None, "same number"),
        ("AS", "KS 3D", 0, "AS", "also in a hand"),
        ("AS 2D", "KS 3D", 0, "4C", "one card fewer"),
        ("7S 2D", "KS 3D", 0, None, "Pritticut"),
        ("", "", 0, None, "same number"),
    ],
)
def test_unusable_positions_are_refused(h0, h1, leader, led, message):
    pos = position(h0, h1, leader, "S", "7", led=led)
    with pytest.raises(RulesError, match=message) as info:
        solve(pos)
    assert info.value.code == "invalid_input"


# ------------------------------------------------------------------------- full deals


def stored_deals() -> list[dict]:
    return json.loads((DATA / "deals.json").read_text())["positions"]


@pytest.mark.parametrize("case", stored_deals(), ids=lambda case: case["id"])
def test_stored_full_deals(case):
    from apps.games.engine.solve import parse_document

    pos, order = parse_document(case["input"])
    assert solve(pos).as_dict(order=order) == case["output"]


def test_best_cards_and_at_least_agree_with_the_brute_force():
    rng = random.Random(12)
    solvers = {tie: Solver(tie) for tie in WILD_TIES}
    for _ in range(300):
        tie = rng.choice(WILD_TIES)
        pos = random_position(rng, rng.randint(1, 6), rng.choice(["suits", "wilds", "any"]), tie)
        expected = brute_values(pos.hands, pos.leader, pos.led, pos.trump, pos.wild_rank, tie)
        best = max(expected.values())
        value, cards = solvers[tie].best_cards(pos)
        assert value == best
        assert cards and all(expected[c] == best for c in cards)
        if pos.led is None:
            for k in range(pos.tricks_left + 2):
                assert solvers[tie].at_least(pos, k) == (best >= k)
