"""Parameter recovery for the memory-fidelity estimate (:mod:`apps.metrics.fidelity`).

Simulated participants: the ``memory`` opponent at a known fidelity ``f`` in {0, 0.25, 0.5,
0.75, 1}, playing against ``greedy``, each of its card plays replaced by a random legal card with
probability ``noise`` (0, 0.1, 0.3); ``--replicates`` participants per pair, ``--sessions``
sessions each (one game of one round: two deals). Each game is fitted on its own, each
participant on all its sessions, and on its odd and even sessions apart; twice, in the same
run: on the card plays alone, with the 'Stragedy (when the simulated participant is Lame
Duck), and with the Old Deal's hand choice too (when Lucky Duck).

Prints, per true ``f``: the mean participant estimate, bias and RMSE, and the RMSE of single
sessions; the correlation of true and estimated ``f`` over participants; split-half reliability
(odd against even sessions, Spearman-Brown corrected); how often the 95% interval holds the true
value; decisions and informative decisions per game; and the cost per game (CPU seconds of the
fit, the solver's positions). The simulated participant is the opponent's model, not exactly the
estimate's (the opponent votes over several remembered worlds; see the report printed at the
end), so the recovery also shows what that mismatch costs.

    .venv/bin/python bench/fidelity.py [--seed 1] [--replicates 2] [--sessions 10] [--worlds 32]

Coverage is printed by true ``f``, for a participant's ten sessions together and for single
sessions: the interval is labelled "95%" only once it covers 92-98% of the time at every true
``f`` on seeds not used in development; until then the dashboard labels it with the coverage
measured here (``apps.metrics.fidelity.MEASURED_COVERAGE``).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from apps.games.engine import create_game  # noqa: E402
from apps.games.engine.bots import make_bot, play_game  # noqa: E402
from apps.games.engine.solver import Solver  # noqa: E402
from apps.games.engine.solver_core import core_description  # noqa: E402
from apps.metrics.fidelity import (  # noqa: E402
    WORLDS,
    Fit,
    game_fit,
    hand_choice_fit,
    stragedy_fit,
)
from apps.metrics.hand_choice import hand_choices  # noqa: E402
from apps.metrics.stragedy_choice import stragedy_decision  # noqa: E402

TRUE_F = (0.0, 0.25, 0.5, 0.75, 1.0)
NOISE = (0.0, 0.1, 0.3)


class Noisy:
    """A bot whose card plays are, with probability ``noise``, a random legal card."""

    def __init__(self, bot, noise: float, seed: int):
        self.bot, self.noise, self.rng = bot, noise, random.Random(seed)

    def observe(self, view, events):
        self.bot.observe(view, events)

    def act(self, view):
        action = self.bot.act(view)
        if action["type"] == "play" and self.rng.random() < self.noise:
            action = {**action, "card": self.rng.choice(sorted(view["legal"]))}
        return action


def session_game(f: float, noise: float, seed: int) -> dict:
    state = create_game("memulation", seed=seed, options={"rounds": 1})
    seat = seed % 2
    bots = [None, None]
    bots[seat] = Noisy(
        make_bot("memulation", "memory", seat=seat, seed=seed, fidelity=f), noise, seed
    )
    bots[1 - seat] = make_bot("memulation", "greedy", seat=1 - seat, seed=seed + 1)
    return {"record": play_game(state, bots).spectator_view(), "seat": seat}


def pearson(xs: list[float], ys: list[float]) -> float:
    if len(xs) < 3 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return float("nan")
    return statistics.correlation(xs, ys)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replicates", type=int, default=2)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(core_description())
    solver = Solver("leader")
    variants: dict[str, list[dict]] = {PLAYS: [], WITH_STRAGEDY: [], EVERY: []}
    fit_cpu, strag_cpu, hands_cpu, games, solves = 0.0, 0.0, 0.0, 0, 0
    kinds = Fit.empty()
    started = time.perf_counter()
    for fi, f in enumerate(TRUE_F):
        for ni, noise in enumerate(NOISE):
            for rep in range(args.replicates):
                fits: dict[str, list[Fit]] = {PLAYS: [], WITH_STRAGEDY: [], EVERY: []}
                for s in range(args.sessions):
                    seed = ((args.seed * 100 + fi * 10 + ni) * 100 + rep) * 1000 + s
                    game = session_game(f, noise, seed)
                    c0 = time.process_time()
                    fit = game_fit(
                        game["record"],
                        game["seat"],
                        seed=seed,
                        worlds=args.worlds,
                        solver=solver,
                        stragedy=False,
                        hands=False,
                    )
                    c1 = time.process_time()
                    strag = Fit.empty()
                    for values, chosen in stragedy_decision(game["record"], game["seat"], solver):
                        strag = strag + stragedy_fit(values, chosen, random.Random(seed))
                    c2 = time.process_time()
                    strag_cpu += c2 - c1
                    hands = Fit.empty()
                    for choice in hand_choices(game["record"], game["seat"]):
                        hands = hands + hand_choice_fit(
                            choice, solver, random.Random(seed), args.worlds
                        )
                    hands_cpu += time.process_time() - c2
                    fit_cpu += c1 - c0
                    games += 1
                    solves += fit.solves + strag.solves
                    kinds = kinds + fit + strag + hands
                    fits[PLAYS].append(fit)
                    fits[WITH_STRAGEDY].append(fit + strag)
                    fits[EVERY].append(fit + strag + hands)
                for label, per_session in fits.items():
                    variants[label].append(person(f, noise, per_session))
                est = variants[EVERY][-1]["est"]
                print(
                    f"  f={f:.2f} noise={noise:.1f} #{rep}: estimate {est['f']:.2f} "
                    f"[{est['low']:.1f}, {est['high']:.1f}] beta {est['beta']} (plays only "
                    f"{variants[PLAYS][-1]['est']['f']:.2f}, with the 'Stragedy "
                    f"{variants[WITH_STRAGEDY][-1]['est']['f']:.2f})",
                    file=sys.stderr,
                    flush=True,
                )
    wall = time.perf_counter() - started
    people = variants[PLAYS]
    print(
        f"{len(people)} participants x {args.sessions} sessions, {args.worlds} worlds per "
        f"decision, {games} games in {wall:.0f} s; {load()}"
    )
    for label, people in variants.items():
        summary(label, people)
    print("decisions per game, by kind (informative):")
    for kind, (n, informative) in sorted(kinds.kinds.items()):
        print(f"  {kind}: {n / games:.2f} ({informative / games:.2f})")
    print(
        f"cost per game: {fit_cpu / games:.2f} s CPU for the card plays' fit, "
        f"{strag_cpu / games * 1000:.0f} ms for the 'Stragedy's, "
        f"{hands_cpu / games * 1000:.0f} ms for the hand choices', {solves / games:.0f} positions "
        "solved for the plays"
    )


PLAYS, WITH_STRAGEDY = "card plays only", "card plays and the 'Stragedy"
EVERY = "card plays, the 'Stragedy and the Old Deal's hand choice"


def person(f: float, noise: float, fits: list[Fit]) -> dict:
    total = sum(fits, Fit.empty())
    return {
        "f": f,
        "noise": noise,
        "est": total.estimate(),
        "sessions": [x.estimate()["f"] for x in fits],
        "session_intervals": [(e["low"], e["high"]) for e in (x.estimate() for x in fits)],
        "odd": sum(fits[0::2], Fit.empty()).estimate()["f"],
        "even": sum(fits[1::2], Fit.empty()).estimate()["f"],
    }


def summary(label: str, people: list[dict]) -> None:
    print(f"-- {label}")
    print(
        " true f | mean est | bias   | RMSE (participant) | RMSE (one session) | 95% covers "
        "(participant) | 95% covers (one session)"
    )
    for f in TRUE_F:
        group = [p for p in people if p["f"] == f]
        ests = [p["est"]["f"] for p in group]
        singles = [x for p in group for x in p["sessions"]]
        covers = sum(p["est"]["low"] <= f <= p["est"]["high"] for p in group)
        single = [iv for p in group for iv in p["session_intervals"]]
        single_covers = sum(low <= f <= high for low, high in single)
        mean = statistics.fmean(ests)
        print(
            f"  {f:4.2f}  |   {mean:4.2f}   | {mean - f:+5.2f}  |"
            f"       {math.sqrt(statistics.fmean((e - f) ** 2 for e in ests)):4.2f}         |"
            f"       {math.sqrt(statistics.fmean((e - f) ** 2 for e in singles)):4.2f}         |"
            f"  {covers}/{len(group)} ({100 * covers / len(group):.0f}%)   |"
            f"  {single_covers}/{len(single)} ({100 * single_covers / len(single):.0f}%)"
        )
    covered = sum(p["est"]["low"] <= p["f"] <= p["est"]["high"] for p in people)
    singles = [(p["f"], iv) for p in people for iv in p["session_intervals"]]
    single_covered = sum(low <= f <= high for f, (low, high) in singles)
    print(
        f"coverage of the interval labelled 95%: participants {covered}/{len(people)} "
        f"({100 * covered / len(people):.0f}%), one session {single_covered}/{len(singles)} "
        f"({100 * single_covered / len(singles):.0f}%)"
    )
    for noise in NOISE:
        group = [p for p in people if p["noise"] == noise]
        ests = [p["est"]["f"] for p in group]
        truth = [p["f"] for p in group]
        rmse = math.sqrt(statistics.fmean((e - t) ** 2 for e, t in zip(ests, truth, strict=True)))
        print(f"  noise {noise:.1f}: r(true, est) {pearson(truth, ests):.2f}, RMSE {rmse:.2f}")
    truth = [p["f"] for p in people]
    ests = [p["est"]["f"] for p in people]
    rmse = math.sqrt(statistics.fmean((e - t) ** 2 for e, t in zip(ests, truth, strict=True)))
    half = pearson([p["odd"] for p in people], [p["even"] for p in people])
    print(f"correlation of true and estimated f (participants): {pearson(truth, ests):.2f}")
    print(f"RMSE over all participants: {rmse:.3f}")
    print(
        f"split-half reliability (odd vs even sessions): r {half:.2f}, "
        f"Spearman-Brown {2 * half / (1 + half):.2f}"
    )


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} {five:.1f} {fifteen:.1f} on {os.cpu_count()} cores"


if __name__ == "__main__":
    main()
