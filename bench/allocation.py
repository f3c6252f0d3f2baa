"""How well can a recruiting clinician guess the next allocation?

Simulates ``--studies`` studies of ``--participants`` each, 1:1, age bands drawn 35/40/25%
(60-69 / 70-79 / 80+), allocated by

- the permuted blocks of 2 or 4 used before (per stratum, ``random.shuffle``), the baseline;
- the platform's minimisation with a random element (:mod:`apps.participants.minimisation`,
  the real code, with a fresh seed per study).

For each it plays a guesser who sees every earlier allocation of the stratum, with its arm (the
open design's worst case: a concealed design shows the clinical team no arm at all) and prints:
the **convergence guess** (the arm with fewer so far in the stratum, a coin on a tie), the best
possible guess (the arm the history makes likeliest: for blocks a forward pass over the unseen
block sizes, for minimisation its own chances), the share of allocations determined in advance
(an arm certain from the history), and the mean imbalance at the end, per stratum and overall.
Then the same minimisation at 2:1 (the share the heavier arm got), and a guesser of a concealed
design, who sees no arm. Last line: ``convergence guess: P%`` for the platform's rule.

    .venv/bin/python bench/allocation.py [--studies 2000] [--participants 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.participants import minimisation  # pure: no Django needed

BANDS = (("60-69", 0.35), ("70-79", 0.40), ("80+", 0.25))
ARMS = (("T", 1), ("C", 1))


def _band(rng: random.Random) -> str:
    u, edge = rng.random(), 0.0
    for band, share in BANDS:
        edge += share
        if u < edge:
            return band
    return BANDS[-1][0]


class Blocks:
    """Permuted blocks of 2 or 4 per stratum, drawn as before."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.lists: dict[str, list[str]] = defaultdict(list)

    def allocate(self, band: str, history: list[str]) -> str:
        queue = self.lists[band]
        if not queue:
            block = ["T", "C"] * self.rng.choice((1, 2))
            self.rng.shuffle(block)
            queue.extend(block)
        return queue.pop(0)

    @staticmethod
    def predict(history: list[str]) -> float:
        """P(next is T | the stratum's history), the block sizes unseen: a forward pass over
        (T left, C left) in the current block, a new block (2 or 4, equally) when it is empty."""
        states = {(0, 0): 1.0}
        for arm in history:
            states = Blocks._refill(states)
            moved: dict[tuple[int, int], float] = defaultdict(float)
            for (t, c), p in states.items():
                n = t + c
                if arm == "T" and t:
                    moved[(t - 1, c)] += p * t / n
                elif arm == "C" and c:
                    moved[(t, c - 1)] += p * c / n
            total = sum(moved.values())
            states = {s: p / total for s, p in moved.items()}
        states = Blocks._refill(states)
        return sum(p * t / (t + c) for (t, c), p in states.items())

    @staticmethod
    def _refill(states: dict[tuple[int, int], float]) -> dict[tuple[int, int], float]:
        out: dict[tuple[int, int], float] = defaultdict(float)
        for state, p in states.items():
            if state == (0, 0):
                out[(1, 1)] += p / 2
                out[(2, 2)] += p / 2
            else:
                out[state] += p
        return out


class Minimisation:
    """The platform's rule and generator, one study at a time."""

    def __init__(self, rng: random.Random, arms=ARMS):
        self.seed = rng.getrandbits(62)
        self.arms = arms
        self.counts: dict = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
        self.k = 0

    def chances(self, band: str) -> dict[str, float]:
        return minimisation.chances(self.arms, self.counts, {"age_band": band})

    def allocate(self, band: str, history: list[str]) -> str:
        self.k += 1
        arm = minimisation.pick(self.chances(band), minimisation.uniform(self.seed, self.k))
        self.counts["age_band"][band][arm] += 1
        return arm


def simulate(scheme: str, studies: int, participants: int, rng: random.Random) -> dict:
    right = best = determined = concealed = 0
    stratum_gaps, overall_gaps, total = [], [], 0
    for _ in range(studies):
        allocator = Blocks(rng) if scheme == "blocks" else Minimisation(rng)
        seen: dict[str, list[str]] = defaultdict(list)
        for _ in range(participants):
            band = _band(rng)
            history = seen[band]
            p_t = Blocks.predict(history) if scheme == "blocks" else allocator.chances(band)["T"]
            count = Counter(history)
            if count["T"] == count["C"]:
                converge = rng.choice("TC")
            else:
                converge = "T" if count["T"] < count["C"] else "C"
            likeliest = rng.choice("TC") if abs(p_t - 0.5) < 1e-12 else ("T" if p_t > 0.5 else "C")
            arm = allocator.allocate(band, history)
            right += converge == arm
            best += likeliest == arm
            determined += p_t in (0.0, 1.0)
            concealed += rng.choice("TC") == arm  # sees no arm: nothing to go on
            history.append(arm)
            total += 1
        for history in seen.values():
            count = Counter(history)
            stratum_gaps.append(abs(count["T"] - count["C"]))
        everyone = Counter(arm for history in seen.values() for arm in history)
        overall_gaps.append(abs(everyone["T"] - everyone["C"]))
    return {
        "convergence": 100 * right / total,
        "best": 100 * best / total,
        "determined": 100 * determined / total,
        "concealed": 100 * concealed / total,
        "stratum_gap": sum(stratum_gaps) / len(stratum_gaps),
        "overall_gap": sum(overall_gaps) / len(overall_gaps),
    }


def weighted_share(studies: int, participants: int, rng: random.Random) -> float:
    heavy = total = 0
    for _ in range(studies):
        allocator = Minimisation(rng, arms=(("T", 2), ("C", 1)))
        for _ in range(participants):
            heavy += allocator.allocate(_band(rng), []) == "T"
            total += 1
    return 100 * heavy / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--studies", type=int, default=2000)
    parser.add_argument("--participants", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(
        f"{args.studies} simulated studies of {args.participants} participants, 1:1, "
        "age bands 35/40/25%; the guesser sees every earlier arm of the stratum"
    )
    print(
        f"{'scheme':<44} {'convergence':>11} {'best guess':>10} {'determined':>10} "
        f"{'|T-C| stratum':>13} {'overall':>7}"
    )
    results = {}
    for scheme, label in (
        ("blocks", "permuted blocks of 2 or 4 (before)"),
        ("minimisation", f"minimisation, random element {minimisation.BIAS} (now)"),
    ):
        r = results[scheme] = simulate(scheme, args.studies, args.participants, rng)
        print(
            f"{label:<44} {r['convergence']:>10.1f}% {r['best']:>9.1f}% {r['determined']:>9.1f}% "
            f"{r['stratum_gap']:>13.2f} {r['overall_gap']:>7.2f}"
        )
    share = weighted_share(max(1, args.studies // 4), args.participants, rng)
    print(f"minimisation at 2:1: the heavier arm got {share:.1f}% (target 66.7%)")
    print(
        "concealed design (the clinical team sees no arm): a guess is right "
        f"{results['minimisation']['concealed']:.1f}%"
    )
    print(f"convergence guess: {results['minimisation']['convergence']:.1f}%")


if __name__ == "__main__":
    main()
