"""Game engine throughput: random legal playouts on one core.

Prints medians over several runs of

- the fast interface (``legal_mask``/``legal_moves`` + in-place ``step``: what bots, solvers and
  simulations use), and
- the public interface (``legal_actions(seat)`` + ``apply(action)``: action dicts, a checked
  move and a new state per action, as the web services use it),

each as actions per second, full Memulation rounds per second and full Mendikot rounds per
second. Setup (creating the match, shuffling, the cut) is inside the timed loop; examinations
are off (they are the caller's timer, not play). Time is the process's CPU time on one core.

    .venv/bin/python bench/engine.py [--runs 5] [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.games.engine import Memulation, Mendikot

ROUNDS_PER_MATCH = 10
TRUMP_RULES = ("turn_up", "hidden_reveal", "hidden_ask", "first_void")


# Set-bit positions of every 13-bit value: picking the i-th card of a hand is four lookups.
_BITS = [tuple(b for b in range(13) if v >> b & 1) for v in range(1 << 13)]


def pick(mask: int, r: float) -> int:
    """A uniformly random card of a non-empty mask (``r`` uniform in [0, 1))."""
    i = int(r * mask.bit_count())
    base = 0
    while True:
        bits = _BITS[mask & 8191]
        if i < len(bits):
            return base + bits[i]
        i -= len(bits)
        mask >>= 13
        base += 13


def fast_match(state, rng: random.Random) -> int:
    """Play a match to the end in place with random legal moves; return the action count."""
    rand = rng.random
    step = state.step
    legal_mask = state.legal_mask
    asks = state.GAME == "mendikot" and state.trump_rule == "hidden_ask"
    actions = 0
    while state.phase != "finished":
        if state.phase == "play":
            if asks and state.can_ask() and rand() < 0.5:
                step(52)  # ask_trump
            else:
                step(pick(legal_mask(), rand()))
        else:
            moves = state.legal_moves()
            step(moves[int(rand() * len(moves))])
        actions += 1
    return actions


def public_match(state, rng: random.Random) -> int:
    choice = rng.choice
    actions = 0
    while state.phase != "finished":
        seat = state.to_act[0]
        state = state.apply(choice(state.legal_actions(seat)))
        actions += 1
    return actions


def new_memulation(seed: int) -> Memulation:
    return Memulation.create(seed=seed, options={"rounds": ROUNDS_PER_MATCH, "examination": False})


def new_mendikot(seed: int) -> Mendikot:
    rule = TRUMP_RULES[seed % 4]
    return Mendikot.create(seed=seed, options={"rounds": ROUNDS_PER_MATCH, "trump_rule": rule})


def measure(play, make, seconds: float, seed: int) -> tuple[float, float]:
    """(actions/s, rounds/s) over whole matches for about ``seconds`` of this process's CPU
    time (CPU time, not wall time, so that other processes on a busy machine do not count)."""
    rng = random.Random(seed)
    actions = rounds = 0
    start = time.process_time()
    elapsed = 0.0
    n = 0
    while elapsed < seconds:
        actions += play(make(seed * 100_003 + n), rng)
        rounds += ROUNDS_PER_MATCH
        n += 1
        elapsed = time.process_time() - start
    return actions / elapsed, rounds / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    print(
        f"Python {sys.version.split()[0]}, one core, "
        f"medians of {args.runs} runs of ~{args.seconds}s"
    )
    for label, play in (
        ("fast interface (legal_mask/legal_moves + step, in place)", fast_match),
        ("public interface (legal_actions + apply: checked, a new state per action)", public_match),
    ):
        results = {}
        for game, make in (("memulation", new_memulation), ("mendikot", new_mendikot)):
            runs = [measure(play, make, args.seconds, seed) for seed in range(args.runs)]
            results[game] = (
                statistics.median(r[0] for r in runs),
                statistics.median(r[1] for r in runs),
            )
        mem, men = results["memulation"], results["mendikot"]
        print(label)
        print(f"  actions/s  memulation {mem[0]:>9,.0f}   mendikot {men[0]:>9,.0f}")
        print(f"  rounds/s   memulation {mem[1]:>9,.0f}   mendikot {men[1]:>9,.0f}")


if __name__ == "__main__":
    main()
