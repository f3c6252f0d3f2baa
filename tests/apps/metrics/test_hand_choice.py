"""The Old Deal's hand choice in the fidelity likelihood: the softmax of the two hands' mean
values, memories that are the true deal at full fidelity, and the choices read from a game."""

import math
import random

import pytest

from apps.games.engine.solver import Solver
from apps.metrics import fidelity
from apps.metrics.fidelity import F_GRID, game_fit
from apps.metrics.hand_choice import guessed, hand_choices, margins, probability

from .test_fidelity import played


def test_the_choice_probability_by_hand():
    # Hand A worth 1.5 tricks more on average: P(A) = 1 / (1 + e^(-2 * 1.5)).
    assert probability(1.5, 0, 2.0) == pytest.approx(1 / (1 + math.exp(-3.0)))
    assert probability(1.5, 1, 2.0) == pytest.approx(1 - 1 / (1 + math.exp(-3.0)))
    assert probability(0.0, 1, 8.0) == pytest.approx(0.5)  # alike hands: no information


def lucky_game():
    for seed in range(2, 14):
        record, seat = played("memory", seed, fidelity=1.0)
        choices = hand_choices(record, seat)
        if choices:
            return record, seat, seed, choices
    pytest.fail("no game with the seat as Lucky Duck")  # pragma: no cover


def test_memories_are_the_deal_at_full_fidelity_and_guesses_below():
    _, _, _, [choice] = lucky_game()
    rng = random.Random(5)
    keep_u = [rng.random() for _ in range(52)]
    order = list(range(52))
    rng.shuffle(order)
    assert guessed(choice, 1.0, keep_u, order) == choice.dealt
    a, b = guessed(choice, 0.0, keep_u, order)
    assert a.bit_count() == b.bit_count() == 13 and not a & b
    assert not (a | b) >> choice.pritticut & 1
    half = guessed(choice, 0.5, keep_u, order)
    for hand, true in zip(half, choice.dealt, strict=True):
        kept = {c for c in range(52) if true >> c & 1 and keep_u[c] < 0.5}
        assert all(hand >> c & 1 for c in kept)  # what is kept stays in its hand


def test_a_played_choice_enters_the_games_likelihood():
    record, seat, seed, [choice] = lucky_game()
    assert choice.chosen in (0, 1)
    at = margins(choice, F_GRID, Solver("leader"), random.Random(1), 4)
    assert len(at) == len(F_GRID)
    fit = game_fit(record, seat, seed=seed)
    without = game_fit(record, seat, seed=seed, hands=False)
    assert fit.kinds["hand_choice"][0] == 1
    assert fit.decisions == without.decisions + 1
    assert fidelity._fit_value(fit)["details"]["kinds"]["hand_choice"][0] == 1
