"""Computer opponents against each other: strength ordering and decision times.

Memulation: a round-robin of ``random``, ``greedy``, ``memory`` at fidelity 0.25, 0.5, 0.75
and 1.0, and ``perfect``; every pairing plays ``--rounds`` seeded rounds (one round: both deals),
the two bots swapping seats every round. Mendikot: ``random``, ``heuristic`` and ``tracker``,
each a whole team, every pairing ``--rounds`` rounds cycling through the four trump rules, the
teams swapping seats every round. Prints, per pairing, each side's mean tricks per round with a
95% interval (normal approximation), the mean difference with its interval, and for the
adjacent levels whether the difference is clear (its interval excludes 0); then each bot's
decision time (process CPU time on one core): median, p95 and maximum over all its decisions
(hand choices, 'Stragedy picks, plays, hides and asks; ending an examination is not counted).

    .venv/bin/python bench/bots.py [--rounds 500] [--workers 2] [--game memulation|mendikot|both]
        [--pairings all|adjacent]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from apps.games.engine import create_game  # noqa: E402
from apps.games.engine.bots import make_bot, play_game  # noqa: E402

MEMULATION_LEVELS = [
    ("random", {}),
    ("greedy", {}),
    ("memory", {"fidelity": 0.25}),
    ("memory", {"fidelity": 0.5}),
    ("memory", {"fidelity": 0.75}),
    ("memory", {"fidelity": 1.0}),
    ("perfect", {}),
]
MENDIKOT_LEVELS = [("random", {}), ("heuristic", {}), ("tracker", {})]
TRUMP_RULES = ("turn_up", "hidden_reveal", "hidden_ask", "first_void")


def label(level: tuple[str, dict]) -> str:
    kind, params = level
    return f"{kind}({params['fidelity']})" if "fidelity" in params else kind


def play_memulation(args: tuple) -> dict:
    """Rounds ``first..last`` of one pairing: each side's tricks and decision times."""
    a, b, first, last, base_seed = args
    levels = (MEMULATION_LEVELS[a], MEMULATION_LEVELS[b])
    tricks: list[list[int]] = [[], []]
    times: list[list[float]] = [[], []]
    for r in range(first, last):
        side_at = (0, 1) if r % 2 == 0 else (1, 0)  # side_at[side] = its seat this round
        seed = base_seed + r // 2  # both seatings of a deck
        state = create_game("memulation", seed=seed, options={"rounds": 1})
        bots = [None, None]
        for side, (kind, params) in enumerate(levels):
            seat = side_at[side]
            bot_seed = ((base_seed * 64 + a * 8 + b) * 100_000 + r) * 4 + side
            bots[seat] = make_bot("memulation", kind, seat=seat, seed=bot_seed, **params)

        def timed(seat: int, seconds: float, action: dict, side_at=side_at) -> None:
            if action["type"] != "end_examination":  # not a decision: ended at once
                times[side_at.index(seat)].append(seconds)

        final = play_game(state, bots, on_decision=timed)
        for side in (0, 1):
            tricks[side].append(final.match_score[side_at[side]])
    return {"pair": (a, b), "tricks": tricks, "times": times}


def play_mendikot(args: tuple) -> dict:
    a, b, first, last, base_seed = args
    levels = (MENDIKOT_LEVELS[a], MENDIKOT_LEVELS[b])
    tricks: list[list[int]] = [[], []]
    wins = [0, 0]
    times: list[list[float]] = [[], []]
    for r in range(first, last):
        rule = TRUMP_RULES[(r // 2) % 4]
        team_of_side = (0, 1) if r % 2 == 0 else (1, 0)
        seed = base_seed + r // 2
        state = create_game("mendikot", seed=seed, options={"trump_rule": rule, "rounds": 1})
        bots = []
        for seat in range(4):
            side = team_of_side.index(seat % 2)
            kind, params = levels[side]
            bot_seed = ((base_seed * 64 + a * 8 + b) * 100_000 + r) * 4 + seat
            bots.append(make_bot("mendikot", kind, seat=seat, seed=bot_seed, **params))

        def timed(seat: int, seconds: float, action: dict, team_of_side=team_of_side) -> None:
            times[team_of_side.index(seat % 2)].append(seconds)

        final = play_game(state, bots, on_decision=timed)
        record = final.history_records()[-1]
        for side in (0, 1):
            team = team_of_side[side]
            tricks[side].append(record["tricks_won"][str(team)])
            wins[side] += record["winner"] == team
    return {"pair": (a, b), "tricks": tricks, "times": times, "wins": wins}


def interval(xs: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return mean, half


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run_game(
    game: str, levels: list, worker, rounds: int, workers: int, seed: int, adjacent: bool = False
) -> dict:
    """Every pairing of ``levels`` (or only neighbouring levels: ``adjacent``)."""
    pairs = [(a, b) for a in range(len(levels)) for b in range(a + 1, len(levels))]
    if adjacent:
        pairs = [(a, b) for a, b in pairs if b == a + 1]
    chunk = max(10, rounds // 10)
    tasks = [
        (a, b, first, min(first + chunk, rounds), seed)
        for a, b in pairs
        for first in range(0, rounds, chunk)
    ]
    merged: dict[tuple[int, int], dict] = {}
    started = time.time()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, result in enumerate(pool.map(worker, tasks), 1):
            print(f"  {game}: {done}/{len(tasks)} batches", file=sys.stderr, end="\r")
            m = merged.setdefault(
                result["pair"], {"tricks": [[], []], "times": [[], []], "wins": [0, 0]}
            )
            for side in (0, 1):
                m["tricks"][side] += result["tricks"][side]
                m["times"][side] += result["times"][side]
                m["wins"][side] += result.get("wins", [0, 0])[side]
    elapsed = time.time() - started

    per_round = 26 if game == "memulation" else 13
    print(f"\n{game}: {rounds} rounds per pairing, {len(pairs)} pairings, {elapsed:.0f} s wall")
    print(f"  mean tricks per round (of {per_round}), 95% interval; difference first - second")
    report = {"game": game, "rounds": rounds, "pairs": []}
    for (a, b), m in sorted(merged.items()):
        (ma, ha), (mb, hb) = interval(m["tricks"][0]), interval(m["tricks"][1])
        diff = [x - y for x, y in zip(m["tricks"][0], m["tricks"][1], strict=True)]
        md, hd = interval(diff)
        line = (
            f"  {label(levels[a]):>14} {ma:6.2f} ±{ha:4.2f}  vs {label(levels[b]):<14} "
            f"{mb:6.2f} ±{hb:4.2f}   diff {md:+6.2f} ±{hd:4.2f}"
        )
        if game == "mendikot":
            line += f"   rounds won {m['wins'][0]}-{m['wins'][1]}"
        print(line)
        report["pairs"].append(
            {"a": label(levels[a]), "b": label(levels[b]), "mean_a": ma, "ci_a": ha,
             "mean_b": mb, "ci_b": hb, "diff": md, "ci_diff": hd, "wins": m["wins"]}
        )  # fmt: skip
    print("  adjacent levels (weaker first):")
    for a in range(len(levels) - 1):
        m = merged[(a, a + 1)]
        diff = [y - x for x, y in zip(m["tricks"][0], m["tricks"][1], strict=True)]
        md, hd = interval(diff)
        verdict = "clear" if md - hd > 0 else ("reversed" if md + hd < 0 else "NOT clear")
        print(
            f"    {label(levels[a]):>14} < {label(levels[a + 1]):<14} "
            f"by {md:+5.2f} ±{hd:4.2f} tricks per round: {verdict}"
        )
    print("  decision time per bot (ms, all its decisions in every pairing):")
    pooled: dict[int, list[float]] = {}
    for (a, b), m in merged.items():
        pooled.setdefault(a, []).extend(m["times"][0])
        pooled.setdefault(b, []).extend(m["times"][1])
    for i, level in enumerate(levels):
        xs = pooled[i]
        print(
            f"    {label(level):>14}: n {len(xs):6d}  median {statistics.median(xs) * 1000:7.2f}"
            f"  p95 {pct(xs, 0.95) * 1000:7.1f}  max {max(xs) * 1000:7.0f}"
        )
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--game", choices=("memulation", "mendikot", "both"), default="both")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument(
        "--pairings",
        choices=("all", "adjacent"),
        default="all",
        help="the full round-robin, or only neighbouring levels (what the ordering needs)",
    )
    args = parser.parse_args()
    reports = []
    if args.game in ("mendikot", "both"):
        reports.append(
            run_game("mendikot", MENDIKOT_LEVELS, play_mendikot, args.rounds, args.workers,
                     args.seed, args.pairings == "adjacent")
        )  # fmt: skip
    if args.game in ("memulation", "both"):
        reports.append(
            run_game("memulation", MEMULATION_LEVELS, play_memulation, args.rounds,
                     args.workers, args.seed, args.pairings == "adjacent")
        )  # fmt: skip
    if args.json:
        Path(args.json).write_text(json.dumps(reports, indent=1))


if __name__ == "__main__":
    main()
