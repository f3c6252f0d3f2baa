"""Double-dummy solver speed, the compiled core beside the pure-Python reference in one run.

Each deal is RULES.md deal 1 from a seeded shuffle: hand A from deck positions 0, 2, ..., 24,
hand B from 1, 3, ..., 25, the Pritticut at 26 giving trump and wild rank; the seat on lead is
drawn from the same seed. A fresh solver (empty table) values every legal card of the opening
lead. Prints, per core, median, p90, p99 and maximum time per deal (process CPU time on one
core, and wall time), and the same for the deal's value alone (another fresh solver); the two
cores must agree on every value. Then the ratio against a plain memoised minimax (the brute
force of ``tests/engine/test_solver.py``: no pruning, no card classes, no bounds) on 8-card
deals dealt the same way (positions 0..15, Pritticut at 16). Then the full-round analysis
(:mod:`apps.games.engine.analysis`: every play of both deals, both hand choices, the 'Stragedy
table) of ``--rounds`` seeded rounds played by two ``greedy`` bots: median, p90 and maximum time
per round, with the New Deal's choice valued over every 'Stragedy candidate (the default) and
under the picked card only. Last, the ``perfect`` opponent's decision time (hand choices,
'Stragedy picks and plays) over ``--perfect-rounds`` rounds against a ``greedy`` bot. Each
section ends with the pure-Python figure divided by the compiled one.

    .venv/bin/python bench/solver.py [--deals 200] [--small 20] [--rounds 20]
        [--perfect-rounds 10] [--wild-tie leader] [--cores compiled,python]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from apps.games.engine import create_game  # noqa: E402
from apps.games.engine.analysis import analyse_game  # noqa: E402
from apps.games.engine.bots import make_bot, play_game  # noqa: E402
from apps.games.engine.cards import cards_mask  # noqa: E402
from apps.games.engine.core_choice import core_description, core_used  # noqa: E402
from apps.games.engine.solver import Position, Solver  # noqa: E402
from tests.engine.test_solver import brute_values  # noqa: E402


def deal(seed: int, size: int = 13, wild_tie: str = "leader") -> Position:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hand_a = cards_mask(deck[0 : 2 * size : 2])
    hand_b = cards_mask(deck[1 : 2 * size : 2])
    pritticut = deck[2 * size]
    leader = rng.randrange(2)
    return Position((hand_a, hand_b), leader, pritticut // 13, pritticut % 13, None, wild_tie)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def timed(fn):
    c0, w0 = time.process_time(), time.perf_counter()
    result = fn()
    return result, time.process_time() - c0, time.perf_counter() - w0


def summary(xs: list[float], unit: str = "") -> str:
    return (
        f"median {statistics.median(xs):8.2f}{unit}  p90 {pct(xs, 0.9):8.2f}  "
        f"p95 {pct(xs, 0.95):8.2f}  p99 {pct(xs, 0.99):8.2f}  max {max(xs):8.2f}"
    )


def ratio(figures: dict[str, list[float]], what: str, q: float = 0.5) -> None:
    if len(figures) == 2:
        slow, fast = pct(figures["python"], q), pct(figures["compiled"], q)
        name = "medians" if q == 0.5 else f"p{round(q * 100)}"
        print(f"  {what}: pure Python / compiled = {slow / fast:.0f}x ({name})")


def lead_valuation(cores: list[str], deals: int, first: int, wild_tie: str) -> None:
    print(f"13-card deals: {deals}, wild_tie={wild_tie}, full valuation of the opening lead")
    full: dict[str, list[float]] = {}
    values: dict[str, list] = {}
    for core in cores:
        cpu, wall, nodes, value_only, got = [], [], [], [], []
        for seed in range(first, first + deals):
            pos = deal(seed, 13, wild_tie)
            solver = Solver(wild_tie, core=core)
            sol, c, w = timed(lambda pos=pos, solver=solver: solver.solve(pos))
            got.append(sol.values)
            cpu.append(c * 1000)
            wall.append(w * 1000)
            nodes.append(solver.search.nodes)
            fresh = Solver(wild_tie, core=core)
            value_only.append(timed(lambda pos=pos, fresh=fresh: fresh.value(pos))[1] * 1000)
        full[core] = cpu
        values[core] = got
        print(f"  [{core}] full valuation, cpu ms : {summary(cpu)}")
        print(f"  [{core}] full valuation, wall ms: {summary(wall)}")
        print(f"  [{core}] value only, cpu ms     : {summary(value_only)}")
        print(f"  [{core}] nodes: median {statistics.median(nodes):.0f}, max {max(nodes)}")
    if len(values) == 2:
        assert values["python"] == values["compiled"], "the cores disagree"
        print(f"  both cores give the same values on all {deals} deals")
    ratio(full, "full valuation")


def brute_force_ratio(cores: list[str], small: int, first: int, wild_tie: str) -> None:
    if not small:
        return
    print(f"8-card deals: {small}, solver vs plain memoised minimax (cpu)")
    for core in cores:
        fast, slow = [], []
        for seed in range(first, first + small):
            pos = deal(seed, 8, wild_tie)
            solver = Solver(wild_tie, core=core)
            got, c1, _ = timed(lambda pos=pos, solver=solver: solver.solve(pos).values)
            want, c2, _ = timed(
                lambda pos=pos: brute_values(
                    pos.hands, pos.leader, None, pos.trump, pos.wild_rank, pos.wild_tie
                )
            )
            assert got == want, seed
            fast.append(c1)
            slow.append(c2)
        ratios = [s / f for s, f in zip(slow, fast, strict=True)]
        print(
            f"  [{core}] solver median {statistics.median(fast) * 1000:.2f} ms, minimax median "
            f"{statistics.median(slow) * 1000:.1f} ms; speed-up median "
            f"{statistics.median(ratios):.0f}x (min {min(ratios):.0f}x, max {max(ratios):.0f}x)"
        )


def round_analysis(cores: list[str], rounds: int, first: int, wild_tie: str) -> None:
    if not rounds:
        return
    games = []
    for seed in range(first, first + rounds):
        state = create_game("memulation", seed=seed, options={"wild_tie": wild_tie})
        bots = [make_bot("memulation", "greedy", seat=s, seed=seed * 2 + s) for s in (0, 1)]
        games.append(play_game(state, bots))
    print(f"full-round analysis: {rounds} rounds (two greedy bots), cpu ms per round")
    for candidates in (True, False):
        what = "over every 'Stragedy candidate" if candidates else "under the picked card"
        figures, results = {}, {}
        for core in cores:
            with core_used(core):
                runs = [
                    timed(lambda g=g, c=candidates: analyse_game(g, choice_candidates=c))
                    for g in games
                ]
            figures[core] = [c * 1000 for _, c, _ in runs]
            results[core] = [r for r, _, _ in runs]
            print(f"  [{core}] New Deal choice {what}: {summary(figures[core])}")
        if len(results) == 2:
            assert results["python"] == results["compiled"], "the analyses disagree"
        ratio(figures, f"analysis {what}")


def perfect_decisions(cores: list[str], rounds: int, first: int, wild_tie: str) -> None:
    if not rounds:
        return
    print(f"perfect opponent: {rounds} rounds against greedy, cpu ms per decision")
    figures, scores = {}, {}
    for core in cores:
        times: list[float] = []
        finals = []
        with core_used(core):
            for seed in range(first, first + rounds):
                state = create_game("memulation", seed=seed, options={"wild_tie": wild_tie})
                perfect_seat = seed % 2
                bots = [
                    make_bot(
                        "memulation",
                        "perfect" if s == perfect_seat else "greedy",
                        seat=s,
                        seed=seed * 2 + s,
                    )
                    for s in (0, 1)
                ]

                def on_decision(seat, seconds, action, perfect_seat=perfect_seat, times=times):
                    if seat == perfect_seat and action["type"] != "end_examination":
                        times.append(seconds * 1000)

                finals.append(play_game(state, bots, on_decision=on_decision).match_score)
        figures[core] = times
        scores[core] = finals
        print(f"  [{core}] {len(times)} decisions: {summary(times)}")
    if len(scores) == 2:
        assert scores["python"] == scores["compiled"], "the games went differently"
        print("  both cores played the same games")
    ratio(figures, "perfect decision", 0.95)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--small", type=int, default=20, help="8-card deals for the ratio")
    parser.add_argument("--wild-tie", default="leader", choices=("leader", "follower"))
    parser.add_argument("--rounds", type=int, default=20, help="rounds for the analysis")
    parser.add_argument("--perfect-rounds", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--cores", default="compiled,python", help="comma-separated")
    args = parser.parse_args()
    cores = [c for c in args.cores.split(",") if c]
    print(core_description())
    first, tie = args.first_seed, args.wild_tie
    lead_valuation(cores, args.deals, first, tie)
    brute_force_ratio(cores, args.small, first, tie)
    round_analysis(cores, args.rounds, first, tie)
    perfect_decisions(cores, args.perfect_rounds, first, tie)


if __name__ == "__main__":
    main()
