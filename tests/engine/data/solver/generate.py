"""Regenerate ``deals.json``: full 13-card positions valued by an independent, slower method.

    .venv/bin/python tests/engine/data/solver/generate.py

The independent method is a textbook fail-soft alpha-beta over real cards (hands as masks, a
transposition table of bounds keyed by the two hands, no card classes, no rank-relative keys, no
sure-trick bounds), written from RULES.md alone. Every value it finds is checked against the
solver before it is written; a disagreement stops the script.

Deals are dealt as RULES.md deal 1: a seeded shuffle, hand A from deck positions 0, 2, ..., 24,
hand B from 1, 3, ..., 25, the Pritticut at position 26 giving the trump suit and wild rank.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def independent_values(hands, leader, led, trump, wild_rank, wild_tie):
    """Every legal card's value for the seat to move, by plain alpha-beta on real cards."""
    wild = [c % 13 == wild_rank for c in range(52)]
    suit_mask = [sum(1 << (s * 13 + r) for r in range(13) if r != wild_rank) for s in range(4)]
    wild_mask = sum(1 << c for c in range(52) if wild[c])

    def cards(mask):
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def legal(hand, a):
        if a is None or wild[a]:
            return cards(hand)
        follow = hand & suit_mask[a // 13]
        return cards(follow | (hand & wild_mask)) if follow else cards(hand)

    def lead_wins(a, b):
        if wild[a] and wild[b]:
            return wild_tie == "leader"
        if wild[a] or wild[b]:
            return wild[a]
        if a // 13 == b // 13:
            return a > b
        return b // 13 != trump

    table: dict[tuple[int, int], tuple[int, int]] = {}

    def search(lead, foll, alpha, beta):
        """Leader's tricks from a trick start (fail-soft within alpha..beta)."""
        n = lead.bit_count()
        if n == 0:
            return 0
        lo, hi = table.get((lead, foll), (0, n))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        alpha0, beta0 = max(alpha, lo), min(beta, hi)
        a_lo = alpha0
        best = -1
        for a in reversed(cards(lead)):
            v = trick(lead & ~(1 << a), foll, a, a_lo, beta0)
            if v > best:
                best = v
                if v > a_lo:
                    a_lo = v
                if v >= beta0:
                    break
        if best <= alpha0:
            table[(lead, foll)] = (lo, min(hi, best))
        elif best >= beta0:
            table[(lead, foll)] = (max(lo, best), hi)
        else:
            table[(lead, foll)] = (best, best)
        return best

    def trick(lead, foll, a, alpha, beta):
        """Leader's tricks after leading ``a`` (a min over the follower's answers)."""
        n = lead.bit_count()
        worst = n + 2
        for b in legal(foll, a):
            f2 = foll & ~(1 << b)
            top = min(beta, worst)
            if lead_wins(a, b):
                v = 1 + search(lead, f2, alpha - 1, top - 1)
            else:
                v = n - search(f2, lead, n - top, n - alpha)
            if v < worst:
                worst = v
                if worst <= alpha:
                    break
        return worst

    def exact_trick(lead, foll, a):
        n = lead.bit_count()
        return trick(lead, foll, a, -1, n + 2)

    lead_hand, foll_hand = hands[leader], hands[1 - leader]
    if led is None:
        return {a: exact_trick(lead_hand & ~(1 << a), foll_hand, a) for a in legal(lead_hand, None)}
    n = foll_hand.bit_count()
    out = {}
    for b in legal(foll_hand, led):
        f2 = foll_hand & ~(1 << b)
        if lead_wins(led, b):
            out[b] = n - 1 - search(lead_hand, f2, -1, n + 1)
        else:
            out[b] = 1 + search(f2, lead_hand, -1, n + 1)
    return out


def deal_position(seed: int, leader: int, wild_tie: str, lead_first: bool):
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hand_a, hand_b = deck[0:26:2], deck[1:26:2]
    pritticut = deck[26]
    hands = [list(hand_a), list(hand_b)]
    led = None
    if lead_first:
        led = rng.choice(hands[leader])
        hands[leader].remove(led)
    return hands, leader, led, pritticut // 13, pritticut % 13, wild_tie


def main() -> int:
    sys.path.insert(0, str(HERE.parents[3]))
    from apps.games.engine.cards import RANKS, SUITS, card_str, cards_mask
    from apps.games.engine.solve import parse_document
    from apps.games.engine.solver import solve

    specs = [
        (seed, seed % 2, "leader" if seed % 3 else "follower", seed % 4 == 3)
        for seed in range(1, 17)
    ]
    positions = []
    for seed, leader, wild_tie, lead_first in specs:
        hands, leader, led, trump, wild_rank, wild_tie = deal_position(
            seed, leader, wild_tie, lead_first
        )
        doc = {
            "trump": SUITS[trump],
            "wild": RANKS[wild_rank],
            "wild_tie": wild_tie,
            "hands": {"0": [card_str(c) for c in hands[0]], "1": [card_str(c) for c in hands[1]]},
            "leader": leader,
            "led": None if led is None else card_str(led),
        }
        masks = (cards_mask(hands[0]), cards_mask(hands[1]))
        t = time.process_time()
        values = independent_values(masks, leader, led, trump, wild_rank, wild_tie)
        slow = time.process_time() - t
        pos, order = parse_document(doc)
        fast = solve(pos)
        if fast.values != values:
            print(f"seed {seed}: the solver disagrees: {fast.values} != {values}", file=sys.stderr)
            return 1
        output = fast.as_dict(order=order)
        print(f"seed {seed}: best {output['best']} (independent {slow:.1f} s)", flush=True)
        positions.append({"id": f"deal-{seed}", "input": doc, "output": output})
    payload = {
        "about": "Full 13-card Memulation positions (RULES.md deal 1 from a seeded shuffle) "
        "valued by an independent alpha-beta on real cards and checked against the solver; "
        "regenerate with generate.py in this directory.",
        "positions": positions,
    }
    (HERE / "deals.json").write_text(json.dumps(payload, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
