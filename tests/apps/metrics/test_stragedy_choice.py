"""The 'Stragedy in the fidelity likelihood: hand-computed probabilities of a tiny case, the
sampled expectation against the exact one, and the picks read from a played game."""

import math
import random

import pytest

from apps.games.engine.solver import Solver
from apps.metrics import fidelity
from apps.metrics.fidelity import BETA_GRID, F_GRID, game_fit
from apps.metrics.stragedy_choice import (
    choice_probability,
    memories_for,
    probability_grid,
    stragedy_decision,
)

from .test_fidelity import played


@pytest.mark.parametrize("f", [0.0, 0.3, 0.8, 1.0])
@pytest.mark.parametrize("beta", [0.5, 2.0])
def test_two_positions_by_hand(f, beta):
    # Positions worth 5 and 3 tricks; the player picked the first. Kept sets: both (f^2, a
    # softmax), only the first (f(1-f), sure), only the second (it is picked), none ((1-f)^2,
    # either alike).
    soft = math.exp(5 * beta) / (math.exp(5 * beta) + math.exp(3 * beta))
    by_hand = f * f * soft + f * (1 - f) + (1 - f) ** 2 / 2
    assert choice_probability([5, 3], 0, f, beta, None) == pytest.approx(by_hand)
    other = f * f * (1 - soft) + f * (1 - f) + (1 - f) ** 2 / 2
    assert choice_probability([5, 3], 1, f, beta, None) == pytest.approx(other)
    assert by_hand + other == pytest.approx(1)


def test_three_positions_by_hand():
    # Values 4, 4, 1 with a large precision: the low position is picked only when it is the
    # one kept, or when nothing is: f(1-f)^2 + (1-f)^3 / 3.
    f = 0.6
    low = choice_probability([4, 4, 1], 2, f, 50.0, None)
    assert low == pytest.approx(f * (1 - f) ** 2 + (1 - f) ** 3 / 3)
    # The best single position at large beta: the hit rate f + (1 - f)^N / N.
    assert choice_probability([6, 4, 1], 0, f, 50.0, None) == pytest.approx(f + (1 - f) ** 3 / 3)


def test_alike_positions_carry_no_information():
    grid = probability_grid([7] * 5, 2, F_GRID, BETA_GRID, None)
    assert all(p == pytest.approx(1 / 5) for row in grid for p in row)
    fit = fidelity.stragedy_fit([7] * 26, 3, random.Random(1))
    assert fit.informative == 0 and fit.kinds == {"stragedy": [1, 0]}


def test_sampled_memories_approach_the_exact_expectation():
    values = [9, 7, 7, 5, 4, 4, 3, 2, 2, 1]
    rng = random.Random(3)
    memories = [[rng.random() for _ in values] for _ in range(4_000)]
    exact = probability_grid(values, 1, F_GRID, BETA_GRID, None)
    sampled = probability_grid(values, 1, F_GRID, BETA_GRID, memories)
    for row_e, row_s in zip(exact, sampled, strict=True):
        for e, s in zip(row_e, row_s, strict=True):
            assert s == pytest.approx(e, abs=0.02)
    assert memories_for(10, rng) is None and len(memories_for(26, rng)) > 0


def test_a_played_stragedy_is_read_with_every_position_valued():
    for seed in range(2, 12):
        record, seat = played("memory", seed, fidelity=1.0)
        decisions = stragedy_decision(record, seat, Solver("leader"))
        if decisions:
            break
    else:  # pragma: no cover
        pytest.fail("no game with the seat as Lame Duck")
    [(values, chosen)] = decisions
    assert len(values) == 26 and 0 <= chosen < 26 and all(0 <= v <= 13 for v in values)
    fit = game_fit(record, seat, seed=seed)
    plays = game_fit(record, seat, seed=seed, stragedy=False)
    assert fit.kinds["play"] == plays.kinds["play"] and fit.kinds["stragedy"][0] == 1
    assert fit.decisions == plays.decisions + 1
    # the 'Stragedy adds its own term; the plays' memories are the same either way
    strag = [
        [a - b for a, b in zip(x, y, strict=True)]
        for x, y in zip(fit.loglik, plays.loglik, strict=True)
    ]
    assert all(v <= 0 for row in strag for v in row)
