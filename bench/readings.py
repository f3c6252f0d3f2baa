"""A null simulation of the dashboard's readings: whole studies of participants who do not change.

Each simulated study has a training and a control arm whose people do not change at all (no
training effect, no practice effect). They enrol one a week over the study's first weeks and
hold one session a week; after every week every participant's readings are made again, through
the platform's own code (:func:`apps.metrics.readings.participant_readings`, the reliability
gate and the leave-one-out practice correction of :mod:`apps.metrics.reliability`), with the
control arm as it stands that week. The study declares two primary metrics and three assessment
points (baseline at session 1, end of training at session 8, follow-up at session 12); its
reliability comes from a norms row whose retest r and SD were themselves estimated from a
simulated norm sample of ``--norm-n`` people tested twice.

Prints how many unchanged participants were ever shown a word ("reliable improvement",
"decline", ...) over the whole study; the aim is at most 5%. Exploratory signals (a trend
described as rising or falling after Holm's correction, never as better or worse) are counted
apart. The last line is the figure:

    unchanged participants with a reading word: P%

    .venv/bin/python bench/readings.py --seed 1 [--studies 20] [--per-arm 40]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# The metric catalogue's names are translatable messages: Django's settings are read on import.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")  # no database, no secrets: the development settings do
import django  # noqa: E402

django.setup()

from apps.metrics import readings, reliability  # noqa: E402
from apps.metrics.readings import Assessment, Context, Point  # noqa: E402

SESSIONS = 12
POINTS = ((1, "baseline", 1), (2, "post_training", 8), (3, "follow_up", 12))
PRIMARY = ("tricks_won", "optimal_play_rate")
PROTOCOL = {"game": "memulation", "examination_seconds": 30, "opponent": "greedy"}


@dataclass(frozen=True)
class Measure:
    """How a simulated metric varies: a person's true score, and each session's noise."""

    key: str
    mean: float
    between: float  # SD of true scores across people
    within: float  # SD of one session around the person's true score
    n: int  # observations behind each session's value
    proportion: bool = False


MEASURES = (
    Measure("tricks_won", 12.0, 2.0, 1.3, 3),  # one-session r about 0.70
    Measure("optimal_play_rate", 0.75, 0.08, 0.0, 40, proportion=True),  # binomial noise
    Measure("decision_time_median_ms", 2500.0, 500.0, 330.0, 40),
    Measure("decision_time_iqr_ms", 1200.0, 300.0, 250.0, 40),
    Measure("illegal_attempts", 0.4, 0.2, 0.15, 3),
    Measure("examination_time_used", 0.7, 0.1, 0.06, 4),  # neutral: described, never judged
)


def session_value(m: Measure, true: float, rng: random.Random) -> float:
    if m.proportion:
        p = min(max(true, 0.01), 0.99)
        return sum(rng.random() < p for _ in range(m.n)) / m.n
    value = rng.gauss(true, m.within)
    if m.key == "examination_time_used":
        value = min(max(value, 0.0), 1.0)
    return max(value, 0.0)


def true_score(m: Measure, rng: random.Random) -> float:
    return rng.gauss(m.mean, m.between)


def norm_sample(m: Measure, people: int, rng: random.Random) -> reliability.NormRetest:
    """A norm sample tested twice: its retest r (Pearson) and one-session SD, as a norms file
    would give them."""
    firsts, seconds = [], []
    for _ in range(people):
        true = true_score(m, rng)
        firsts.append(session_value(m, true, rng))
        seconds.append(session_value(m, true, rng))
    r = statistics.correlation(firsts, seconds)
    return reliability.NormRetest(statistics.stdev(firsts), r, people, "simulated norm sample")


@dataclass
class Person:
    pid: int
    control: bool
    start: int  # the week of the first session
    truths: dict[str, float]
    values: dict[str, list[float]]

    def held(self, week: int) -> int:
        return max(0, min(SESSIONS, week - self.start + 1))


def simulate_study(study: int, args, rng: random.Random) -> dict:
    people = []
    for i in range(2 * args.per_arm):
        truths = {m.key: true_score(m, rng) for m in MEASURES}
        values = {
            m.key: [session_value(m, truths[m.key], rng) for _ in range(SESSIONS)] for m in MEASURES
        }
        people.append(Person(i, i % 2 == 1, i // args.enrol_per_week, truths, values))
    norms = {m.key: norm_sample(m, args.norm_n, rng) for m in MEASURES}
    gates = {
        key: reliability.gate(norm=norm, pairs=None, interval_days=None)
        for key, norm in norms.items()
    }
    worded, signalled, weeks = set(), set(), max(p.start for p in people) + SESSIONS
    kinds: set[tuple] = set()
    changes: set[tuple] = set()  # (participant, metric, point) with a reliable-change reading
    at_end: dict[int, list[str]] = {}
    made: dict[int, dict] = {}  # each participant's readings as last made
    for week in range(weeks):
        for person in people:
            held = person.held(week)
            if held == 0:
                continue
            ctx = context(person, people, week, gates)
            series = {
                (m.key, "memulation"): [
                    Point(s + 1, s + 1, None, person.values[m.key][s], m.n, False, PROTOCOL)
                    for s in range(held)
                ]
                for m in MEASURES
            }
            found = readings.participant_readings(series, ctx, made.get(person.pid))
            made[person.pid] = found
            for r in found.values():
                for entry in r["assessments"]:
                    if (entry["change"] or {}).get("status") == "ok":
                        changes.add((person.pid, r["key"], entry["point"]))
            words = [w for r in found.values() for w in r["words"]]
            if words:
                worded.add(person.pid)
                for r in found.values():
                    for entry in r["assessments"]:
                        for test in ("change", "trend"):
                            part = entry[test] or {}
                            if part.get("p_adjusted") is not None and part["p_adjusted"] < 0.05:
                                kinds.add((person.pid, r["key"], test, entry["kind"]))
            if any(
                r["role"] == "exploratory" and (r["trend"] or {}).get("arrow") in ("up", "down")
                for r in found.values()
            ):
                signalled.add(person.pid)
            if week == weeks - 1:
                at_end[person.pid] = words
    return {
        "people": len(people),
        "worded": len(worded),
        "worded_at_end": sum(1 for words in at_end.values() if words),
        "signalled": len(signalled),
        "gates": {key: gate.r for key, gate in gates.items()},
        "kinds": kinds,
        "changes": len(changes),
    }


def context(person: Person, people: list[Person], week: int, gates: dict) -> Context:
    held = person.held(week)
    assessed = tuple(
        Assessment(pid, kind, "", f"session {number}", number if held >= number else None)
        for pid, kind, number in POINTS
    )
    controls = [p for p in people if p.control and p.pid != person.pid]

    def practice(key: str, game: str, point_id: int):
        number = next(number for pid, _, number in POINTS if pid == point_id)
        gains = {
            p.pid: p.values[key][number - 1] - p.values[key][0]
            for p in controls
            if p.held(week) >= number
        }
        return reliability.practice(gains, leave_out=person.pid)

    def cohort(key: str, game: str, number: int) -> list[float]:
        return [p.values[key][number - 1] for p in controls if p.held(week) >= number]

    return Context(
        primary=PRIMARY,
        assessments=assessed,
        control_arm=True,
        gate=lambda key, game: gates[key],
        practice=practice,
        cohort=cohort,
    )


def run(args) -> dict:
    rng = random.Random(args.seed)
    totals = {"people": 0, "worded": 0, "worded_at_end": 0, "signalled": 0, "changes": 0}
    kinds: dict[tuple, int] = {}
    rs: dict[str, list[float]] = {}
    for study in range(args.studies):
        result = simulate_study(study, args, rng)
        for name in totals:
            totals[name] += result[name]
        for key, r in result["gates"].items():
            rs.setdefault(key, []).append(r)
        for _, *kind in result["kinds"]:
            kinds[tuple(kind)] = kinds.get(tuple(kind), 0) + 1
    return {**totals, "rs": rs, "kinds": kinds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--studies", type=int, default=20)
    parser.add_argument("--per-arm", type=int, default=40)
    parser.add_argument("--enrol-per-week", type=int, default=4)
    parser.add_argument("--norm-n", type=int, default=60)
    args = parser.parse_args()
    started = time.perf_counter()
    totals = run(args)
    wall = time.perf_counter() - started
    people = totals["people"]
    print(
        f"{args.studies} studies x {2 * args.per_arm} unchanged participants (half control), "
        f"{SESSIONS} weekly sessions each, readings made again every week; seed {args.seed}; "
        f"{wall:.0f} s, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"primary metrics {', '.join(PRIMARY)}; points at sessions 1, 8 and 12")
    for key, rs in totals["rs"].items():
        print(f"  norms' retest r for {key}: median {statistics.median(rs):.2f}")
    print(f"reliable-change readings made at assessment points: {totals['changes']}")
    for kind, count in sorted(totals["kinds"].items()):
        print(f"  words from {' '.join(kind)}: {100 * count / people:.1f}% of participants")
    print(
        f"exploratory trends read as rising or falling at some week: "
        f"{100 * totals['signalled'] / people:.1f}% (exploratory, never a better/worse word)"
    )
    print(f"with a reading word at the study's end: {100 * totals['worded_at_end'] / people:.1f}%")
    print(f"unchanged participants with a reading word: {100 * totals['worded'] / people:.1f}%")


if __name__ == "__main__":
    main()
