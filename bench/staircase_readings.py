"""A null simulation of the adaptive staircase's level as a reading: participants whose ability
does not change, played through the platform's own staircase
(:func:`apps.metrics.adaptive.staircase`) and read through its own readings
(:func:`apps.metrics.readings.participant_readings`).

Each simulated participant starts at their threshold: at the examination time where they hit the
named card as often as the protocol aims for (its target), and their chance of a hit rises or
falls with the time by a logistic ``--slopes`` per second. Every session holds ``attempts``
'Stragedy attempts, each a step of the staircase; the session's level (``adaptive_seconds``) is
the seconds it was played at. Printed for each slope and number of attempts: how many unchanged
participants were shown a word at the end of training (the metric primary, 8 sessions) and an
exploratory arrow (12 sessions), and, as the baseline in the same run, how many a line through
the levels would have shown an arrow (p below 0.05: the trend the readings once fitted). The
aim is at most 5%.

    .venv/bin/python bench/staircase_readings.py [--people 1000] [--seed 3]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")  # no database, no secrets: the development settings do
import django  # noqa: E402

django.setup()

from dataclasses import replace  # noqa: E402

from apps.metrics import readings  # noqa: E402
from apps.metrics.adaptive import LEVEL, staircase  # noqa: E402
from apps.metrics.catalogue import CATALOGUE  # noqa: E402
from apps.metrics.readings import Assessment, Context, Point  # noqa: E402
from apps.metrics.series import counted, fit_trend  # noqa: E402
from apps.participants.models import ADAPTIVE_DEFAULTS  # noqa: E402

RULES = {**ADAPTIVE_DEFAULTS, "enabled": True}
THRESHOLD = 30.0  # seconds, where the participant starts


def levels(sessions: int, attempts: int, slope: float, rng: random.Random) -> list[Point]:
    """One unchanged participant's sessions: the level each was played at, with the steps
    taken before it as its n (as the platform counts them)."""
    target = RULES["target_recall"]
    at_threshold = math.log(target / (1 - target))
    level, steps, points = THRESHOLD, 0, []
    for session in range(1, sessions + 1):
        played = round(level)
        chance = 1 / (1 + math.exp(-(at_threshold + slope * (level - THRESHOLD))))
        hits = [rng.random() < chance for _ in range(attempts)]
        points.append(Point(session, session, None, float(played), steps))
        steps += attempts
        level = staircase(
            level=level, opponent=0.5, hits=hits, rules=RULES, opponent_floor=0.5
        ).level
    return points


def lines(people: int, sessions: int, attempts: int, slope: float, seed: int) -> float:
    """How many a line through the levels would show an arrow (the baseline)."""
    metric, rng, count = replace(CATALOGUE[LEVEL], staircase=False), random.Random(seed), 0
    for _ in range(people):
        trend = fit_trend(metric, counted(metric, levels(sessions, attempts, slope, rng)))
        count += trend.get("p", 1.0) < 0.05
    return count / people


def shown(people: int, sessions: int, attempts: int, slope: float, seed: int, primary: bool):
    rng, count = random.Random(seed), 0
    points = (Assessment(1, "baseline", "", "session 1", 1),
              Assessment(2, "post_training", "", f"session {sessions}", sessions))  # fmt: skip
    context = Context(primary=(LEVEL,), assessments=points) if primary else Context()
    for _ in range(people):
        series = {(LEVEL, "memulation"): levels(sessions, attempts, slope, rng)}
        reading = readings.participant_readings(series, context)[(LEVEL, "memulation")]
        if primary:
            count += bool(reading["words"])
        else:
            count += (reading["trend"] or {}).get("arrow") in ("up", "down")
    return count / people


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--slopes", default="0,0.05,0.1,0.3")
    args = parser.parse_args()
    print(f"{args.people} unchanged participants a row, starting at their threshold")
    print("slope/s  attempts  word (8 sessions)  arrow (12 sessions)  a line's arrow (12 sessions)")
    worst = 0.0
    for slope in (float(s) for s in args.slopes.split(",")):
        for attempts in (4, 8):
            word = shown(args.people, 8, attempts, slope, args.seed, primary=True)
            arrow = shown(args.people, 12, attempts, slope, args.seed + 1, primary=False)
            line = lines(args.people, 12, attempts, slope, args.seed + 1)
            worst = max(worst, word, arrow)
            print(
                f"{slope:7}  {attempts:8}  {100 * word:16.1f}%  {100 * arrow:18.1f}%  "
                f"{100 * line:27.1f}%"
            )
    print(f"most unchanged participants shown a word or an arrow: {100 * worst:.1f}% (aim: 5%)")


if __name__ == "__main__":
    main()
