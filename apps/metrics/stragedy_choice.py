"""The 'Stragedy as a decision of the memory-fidelity choice model.

As Lame Duck, the participant picks one of the Old Deal's ``N`` face-down cards by its
position; that card becomes the New Deal's Pritticut. The ``memory`` opponent
(:mod:`apps.games.engine.bots.memulation`) keeps each Old-Deal position with probability ``f``
(``old_known``), picks among the positions it kept by their values, and picks at random when it
kept none. Read as a choice model, with the card plays' softmax of precision ``beta``:

* ``v_i``: Lame Duck's double-dummy tricks in the New Deal (on lead, hands as chosen) if the
  card at position ``i`` is the Pritticut. The player knows their own hand and has examined the
  other, so the model uses the true hands: the 'Stragedy term measures the memory of
  *positions*, the card plays that of the other hand.
* ``K``: the positions kept, each independently with probability ``f``.
* the chosen position ``j`` has probability

      P(j | f, beta) = E_K[ [j in K] exp(beta v_j) / sum_{i in K} exp(beta v_i) ] + (1 - f)^N / N

  (the second term: nothing kept, any position alike).

Checks on the formula: at ``f = 0`` every position has ``1/N``; at ``f = 1`` it is the plain
softmax over all positions; when every position is worth the same it is ``1/N`` for every
``f`` (the pick carries no information, and is counted so); and for ``beta`` large with ``j``
the single best position, ``P = f + (1 - f)^N / N``, near the hit rate ``f + (1 - f) / N`` of
a player who remembers the intended card with probability ``f`` and otherwise guesses.

The expectation over ``K`` is exact (every subset) for up to :data:`EXACT` positions; above that
it is the mean over :data:`SAMPLES` sampled memories, drawn as uniform numbers kept when below
``f``, the same numbers for every ``f`` (as for the card plays), so the likelihood is smooth in
``f``. The values are exact whatever the sampling.

Pure computation on a finished game's spectator record: no database, no Django.
"""

from __future__ import annotations

import math
import random
from itertools import product
from typing import Any

from apps.games.engine.analysis import old_positions
from apps.games.engine.cards import cards_mask, parse_cards
from apps.games.engine.solver import Position, Solver

EXACT = 10  # up to this many positions, every subset of them
SAMPLES = 200  # sampled memories above it
TRICKS = 13


def choice_probability(
    values: list[int], chosen: int, f: float, beta: float, memories: list[list[float]] | None
) -> float:
    """``P(chosen | f, beta)`` for positions worth ``values`` (see the module docstring);
    ``memories``: the sampled uniform numbers (``None``: every subset, exactly)."""
    n = len(values)
    top = max(values)
    weight = [math.exp(beta * (v - top)) for v in values]
    nothing = (1 - f) ** n / n
    if memories is None:
        total = 0.0
        for kept in product((False, True), repeat=n):
            if not kept[chosen]:
                continue
            k = sum(kept)
            p = f**k * (1 - f) ** (n - k)
            kept_weight = sum(w for w, keep in zip(weight, kept, strict=True) if keep)
            total += p * weight[chosen] / kept_weight
        return total + nothing
    total = 0.0
    for u in memories:
        if u[chosen] < f:
            total += weight[chosen] / sum(w for w, x in zip(weight, u, strict=True) if x < f)
    return total / len(memories) + nothing


def probability_grid(
    values: list[int],
    chosen: int,
    f_grid: tuple[float, ...],
    beta_grid: tuple[float, ...],
    memories: list[list[float]] | None,
) -> list[list[float]]:
    """``P(chosen | f, beta)`` over the grid. With sampled memories, each memory's kept
    positions are counted by value once per ``f``, then weighed for every ``beta``."""
    if memories is None:
        return [[choice_probability(values, chosen, f, b, None) for b in beta_grid] for f in f_grid]
    n = len(values)
    top = max(values)
    levels = sorted(set(values))
    index = {v: i for i, v in enumerate(levels)}
    level_of = [index[v] for v in values]
    grid = []
    for f in f_grid:
        counts = []  # per memory that kept the chosen position: how many kept at each level
        for u in memories:
            if u[chosen] < f:
                c = [0] * len(levels)
                for i, x in enumerate(u):
                    if x < f:
                        c[level_of[i]] += 1
                counts.append(c)
        nothing = (1 - f) ** n / n
        row = []
        for beta in beta_grid:
            w = [math.exp(beta * (v - top)) for v in levels]
            mine = w[level_of[chosen]]
            total = sum(mine / sum(k * x for k, x in zip(c, w, strict=True)) for c in counts)
            row.append(total / len(memories) + nothing)
        grid.append(row)
    return grid


def stragedy_decision(record: dict[str, Any], seat: int, solver: Solver) -> list[tuple]:
    """``(values, chosen)`` for each 'Stragedy ``seat`` made as Lame Duck in the record."""
    out = []
    for rnd in record["rounds"]:
        deals = rnd["deals"]
        lame = 1 - rnd["lucky_duck"]
        if lame != seat or len(deals) < 2:
            continue
        old, new = deals
        picked = new.get("stragedy")
        seat_a = new.get("hand_a_seat")
        if picked is None or seat_a is None:
            continue
        where = dict(picked["position"])
        positions = old_positions(old)
        chosen = next((i for i, (p, _) in enumerate(positions) if p == where), None)
        if chosen is None:
            continue
        dealt = {label: cards_mask(parse_cards(new["dealt"][label])) for label in "AB"}
        hands = [0, 0]
        hands[seat_a], hands[1 - seat_a] = dealt["A"], dealt["B"]
        values = []
        cache: dict[int, int] = {}
        for _, card in positions:
            if card not in cache:
                pos = Position(
                    (hands[0], hands[1]), lame, card // 13, card % 13, None, solver.wild_tie
                )
                cache[card] = solver.value(pos)
            values.append(cache[card])
        out.append((values, chosen))
    return out


def memories_for(n: int, rng: random.Random) -> list[list[float]] | None:
    """The sampled memories for ``n`` positions (``None``: few enough to take every subset)."""
    if n <= EXACT:
        return None
    return [[rng.random() for _ in range(n)] for _ in range(SAMPLES)]
