"""Double-dummy solver speed: full valuation of the opening lead of seeded 13-card deals.

Each deal is RULES.md deal 1 from a seeded shuffle: hand A from deck positions 0, 2, ..., 24,
hand B from 1, 3, ..., 25, the Pritticut at 26 giving trump and wild rank; the seat on lead is
drawn from the same seed. A fresh solver (empty table) values every legal card of the opening
lead. Prints median, p90, p99 and maximum time per deal (process CPU time on one core, and wall
time), and the same for the deal's value alone (another fresh solver); then, in the same run,
the ratio against a plain memoised minimax (the brute force of ``tests/engine/test_solver.py``:
no pruning, no card classes, no bounds) on 8-card deals dealt the same way (positions 0..15,
Pritticut at 16). Last, the full-round analysis (:mod:`apps.games.engine.analysis`: every play
of both deals, both hand choices, the 'Stragedy table) of ``--rounds`` seeded rounds played by
two ``greedy`` bots: median, p90 and maximum time per round, with the New Deal's choice valued
over every 'Stragedy candidate (the default) and under the picked card only.

    .venv/bin/python bench/solver.py [--deals 200] [--small 20] [--rounds 20] [--wild-tie leader]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--small", type=int, default=20, help="8-card deals for the ratio")
    parser.add_argument("--wild-tie", default="leader", choices=("leader", "follower"))
    parser.add_argument("--rounds", type=int, default=20, help="rounds for the analysis")
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()

    cpu, wall, nodes, value_only = [], [], [], []
    for seed in range(args.first_seed, args.first_seed + args.deals):
        pos = deal(seed, 13, args.wild_tie)
        solver = Solver(args.wild_tie)
        _, c, w = timed(lambda pos=pos, solver=solver: solver.solve(pos))
        cpu.append(c * 1000)
        wall.append(w * 1000)
        nodes.append(solver.search.nodes)
        fresh = Solver(args.wild_tie)
        value_only.append(timed(lambda pos=pos, fresh=fresh: fresh.value(pos))[1] * 1000)
    print(f"13-card deals: {args.deals}, wild_tie={args.wild_tie}, full valuation of the lead")
    for name, xs in (("cpu ms ", cpu), ("wall ms", wall), ("value only, cpu ms", value_only)):
        print(
            f"  {name}: median {statistics.median(xs):7.1f}  p90 {pct(xs, 0.9):7.1f}  "
            f"p99 {pct(xs, 0.99):7.1f}  max {max(xs):7.1f}  mean {statistics.mean(xs):7.1f}"
        )
    print(f"  nodes  : median {statistics.median(nodes):7.0f}  max {max(nodes):7.0f}")

    fast, slow = [], []
    for seed in range(args.first_seed, args.first_seed + args.small):  # --small 0: skipped
        pos = deal(seed, 8, args.wild_tie)
        solver = Solver(args.wild_tie)
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
    if args.small:
        print(f"8-card deals: {args.small}, solver vs plain memoised minimax (cpu)")
        print(
            f"  solver median {statistics.median(fast) * 1000:.1f} ms, minimax median "
            f"{statistics.median(slow) * 1000:.1f} ms; "
            f"speed-up median {statistics.median(ratios):.0f}x "
            f"(min {min(ratios):.0f}x, max {max(ratios):.0f}x), total "
            f"{sum(slow) / sum(fast):.0f}x"
        )

    if args.rounds:
        games = []
        for seed in range(args.first_seed, args.first_seed + args.rounds):
            state = create_game("memulation", seed=seed, options={"wild_tie": args.wild_tie})
            bots = [make_bot("memulation", "greedy", seat=s, seed=seed * 2 + s) for s in (0, 1)]
            games.append(play_game(state, bots))
        print(f"full-round analysis: {args.rounds} rounds (two greedy bots), cpu seconds per round")
        for candidates in (True, False):
            xs = [
                timed(lambda g=g, c=candidates: analyse_game(g, choice_candidates=c))[1]
                for g in games
            ]
            what = "over every 'Stragedy candidate" if candidates else "under the picked card"
            print(
                f"  New Deal choice {what}: median {statistics.median(xs):.2f}"
                f"  p90 {pct(xs, 0.9):.2f}  max {max(xs):.2f}"
            )


if __name__ == "__main__":
    main()
