"""The Old Deal's hand choice as a decision of the memory-fidelity choice model.

Lucky Duck examines hands A and B and takes one; Lame Duck holds the other and leads. The
``memory`` opponent (:mod:`apps.games.engine.bots.memulation`, ``choose_hand``) keeps each
examined card with probability ``f``, completes both hands from the cards it cannot place
(``_hands_guess``), and takes the hand whose solved value is larger over its guesses. Read as a
choice model, with the card plays' softmax of precision ``beta``:

    m(f)          = mean over W sampled memories of  v_A(world) - v_B(world)
    P(A | f, beta) = 1 / (1 + exp(-beta m(f))),   P(B | f, beta) = 1 - P(A | f, beta)

``v_X(world)``: Lucky Duck's double-dummy tricks holding X in the guessed hands (trump and wild
are known: the Old Deal's Pritticut is face up). The memories keep a card when a uniform number
drawn for it is below ``f``, the same numbers for every ``f``; the gaps are filled in one
shuffled order, A's first (as the opponent does), so at ``f = 1`` every memory is the true deal.

The New Deal's choice is not modelled: its trump is not known when it is made, and the
opponent chooses it by a strength heuristic over the Old-Deal cards it kept, not by solving.

Pure computation on a finished game's spectator record: no database, no Django.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from apps.games.engine.cards import cards_mask, parse_card, parse_cards
from apps.games.engine.solver import Position, Solver

ALL = (1 << 52) - 1
TRICKS = 13


@dataclass(frozen=True)
class HandChoice:
    dealt: tuple[int, int]  # hands A and B as examined
    pritticut: int
    lucky: int
    chosen: int  # 0: A, 1: B


def hand_choices(record: dict[str, Any], seat: int) -> list[HandChoice]:
    """The Old-Deal hand choices ``seat`` made as Lucky Duck in the record."""
    out = []
    for rnd in record["rounds"]:
        lucky = rnd["lucky_duck"]
        if lucky != seat or not rnd["deals"]:
            continue
        old = rnd["deals"][0]
        seat_a = old.get("hand_a_seat")
        if seat_a is None or old.get("pritticut") is None:
            continue
        dealt = (
            cards_mask(parse_cards(old["dealt"]["A"])),
            cards_mask(parse_cards(old["dealt"]["B"])),
        )
        out.append(
            HandChoice(dealt, parse_card(old["pritticut"]), lucky, 0 if seat_a == lucky else 1)
        )
    return out


def guessed(choice: HandChoice, f: float, keep_u: list[float], order: list[int]) -> tuple[int, int]:
    """Both hands as a player of fidelity ``f`` remembers them, the gaps filled in ``order``."""
    kept = [
        sum(1 << c for c in range(52) if hand >> c & 1 and keep_u[c] < f) for hand in choice.dealt
    ]
    pool = ALL & ~kept[0] & ~kept[1] & ~(1 << choice.pritticut)
    rest = [c for c in order if pool >> c & 1]
    need = [TRICKS - kept[0].bit_count(), TRICKS - kept[1].bit_count()]
    a = kept[0] | sum(1 << c for c in rest[: need[0]])
    b = kept[1] | sum(1 << c for c in rest[need[0] : need[0] + need[1]])
    return a, b


def margins(
    choice: HandChoice, f_grid, solver: Solver, rng: random.Random, worlds: int
) -> list[float]:
    """``m(f)`` for each ``f`` of the grid (values cached: worlds repeat at high ``f``)."""
    samples = []
    for _ in range(worlds):
        keep_u = [rng.random() for _ in range(52)]
        order = list(range(52))
        rng.shuffle(order)
        samples.append((keep_u, order))
    trump, wild_rank = divmod(choice.pritticut, 13)
    lame = 1 - choice.lucky
    cache: dict[tuple[int, int], int] = {}

    def lucky_value(mine: int, other: int) -> int:
        if (mine, other) not in cache:
            hands = [0, 0]
            hands[choice.lucky], hands[lame] = mine, other
            pos = Position((hands[0], hands[1]), lame, trump, wild_rank, None, solver.wild_tie)
            cache[(mine, other)] = TRICKS - solver.value(pos)
        return cache[(mine, other)]

    out = []
    for f in f_grid:
        total = 0
        for keep_u, order in samples:
            a, b = guessed(choice, f, keep_u, order)
            total += lucky_value(a, b) - lucky_value(b, a)
        out.append(total / worlds)
    return out


def probability(margin: float, chosen: int, beta: float) -> float:
    """``P(chosen | margin, beta)``: the softmax of the two hands' mean values."""
    p_a = 1 / (1 + math.exp(-beta * margin))
    return p_a if chosen == 0 else 1 - p_a
