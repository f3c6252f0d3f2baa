"""The adaptive staircase steps once per 'Stragedy attempt, so the hit rate settles at the
protocol's target whatever a session holds; its level is the outcome while it adapts."""

import math
import random
import statistics

from apps.metrics.adaptive import staircase
from apps.participants.models import ADAPTIVE_DEFAULTS

RULES = {**ADAPTIVE_DEFAULTS, "enabled": True, "target_recall": 0.8, "step_seconds": 4}


def hit_chance(seconds: float) -> float:
    """A simulated participant: the longer the examination, the likelier a hit."""
    return 1 / (1 + math.exp(-(seconds - 25) / 4))


def run(per_attempt: bool, sessions=1500, attempts=4, seed=3):
    rng = random.Random(seed)
    level, hits = 30.0, []
    for _ in range(sessions):
        played = round(level)  # a session is played at the level, rounded
        session = [rng.random() < hit_chance(played) for _ in range(attempts)]
        hits += session
        if per_attempt:
            level = staircase(
                level=level, opponent=0.5, hits=session, rules=RULES, opponent_floor=0.5
            ).level
        else:  # the rule it replaces: one step a session on the session's hit rate
            rate = sum(session) / attempts
            down = RULES["step_seconds"] * 0.2 / 0.8
            level = level - down if rate >= 0.8 else level + RULES["step_seconds"]
            level = min(RULES["max_seconds"], max(RULES["min_seconds"], level))
    return statistics.fmean(hits[len(hits) // 5 :])  # after it settled


def test_one_step_per_attempt_settles_at_the_target():
    assert abs(run(per_attempt=True) - 0.8) < 0.03
    # One step a session on four attempts settled near the ceiling instead.
    assert run(per_attempt=False) > 0.9


def test_steps_by_hand():
    # Down steps of 4 * 0.2 / 0.8 = 1 s after a hit, up 4 s after a miss, within 10..120 s.
    steps = staircase(level=12, opponent=0.5, hits=[True, True, True], rules=RULES,
                      opponent_floor=0.5)  # fmt: skip
    assert (steps.level, steps.shorter, steps.longer) == (10.0, 2, 0)  # held at the minimum
    stronger = {**RULES, "adjust_opponent": True}
    steps = staircase(level=10, opponent=0.5, hits=[True, False, False], rules=stronger,
                      opponent_floor=0.5)  # fmt: skip
    # At the minimum a hit raises the opponent; a miss lowers it again before the time grows.
    assert (steps.opponent, steps.stronger, steps.weaker, steps.level) == (0.5, 1, 1, 14.0)
