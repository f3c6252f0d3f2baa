"""Memory fidelity estimated from play: how much of the examined hands a participant kept.

The model is the ``memory`` opponent's (:mod:`apps.games.engine.bots.memulation`), read as a
choice model. A player of fidelity ``f`` keeps each card of the other hand seen in the
examination with probability ``f``; in the New Deal also each card of the Old Deal's two hands,
which cannot be in the new ones, seen twice (examined, then face up in its trick) and so kept
with probability ``1 - (1 - f)^2``, as the ``memory`` opponent keeps it (its examined hands
and its 'Stragedy positions). The cards they did not keep are, for them, any of the cards
they cannot place (none of their own, none played, not the Pritticut, none of a suit the other
seat has shown it lacks). They value every legal card with the solver in the world they believe
in and choose card ``c`` with probability ``exp(beta * v_c) / sum(exp(beta * v))``, ``v`` the
tricks each card takes from there with perfect play; ``beta`` (choice precision) is the
choice-noise parameter: large, the best card nearly always; 0, any legal card.

**Slips.** Each card play is also, with probability :data:`LAPSE` (0.3), a slip: any legal card
alike, whatever was remembered. Without it the model has one way to explain a card no memory
would choose, forgetting, and reads a careless player as a forgetful one: on the development
seeds (21-23) simulated players who play a random card 30% of the time read 0.19 and 0.24 low at
true ``f`` of 0.5 and 0.75 from their card plays. The rate is fixed, not fitted: profiled per
participant it came out 0 for 16 of 30 of those players and 0.3 for 3 (a lower ``f`` explains
their slips about as well), and the estimate stayed 0.04-0.06 low at interior ``f``. Fixed at
0.3 the ten-session estimate read +0.00, -0.04 and +0.03 off at true 0.25, 0.5 and 0.75 there
(0.1: -0.03, -0.05, -0.04; 0.5: +0.01, -0.02, +0.08). The price is precision for players who
never slip: on fresh seeds their ten-session RMSE was 0.12-0.14 (version 4, without slips, on
other fresh seeds: 0.09), about as for the others.

Which world do they believe in? The model does not know: it samples ``worlds`` (32) memories
of fidelity ``f`` and takes a choice's probability as its softmax probability averaged over
them (mode ``decision``), as if the player held one of those memories. The sampled memories
keep a card when a uniform number drawn for it is below ``f``: the same numbers for every
``f``, so the likelihood is a smooth function of ``f``; and stratified (each card's numbers one
in each ``1/worlds`` slice), so each card is kept in close to ``f * worlds`` of them. Two other
readings are kept for comparison, by ``mode``: ``expected``, the softmax of each card's value
averaged over the worlds (the reading used up to version 3 of the metric); ``joint``, one memory
per deal and world, shared by its decisions. On simulated one-session players
(``bench/fidelity.py``, development seeds 21-23, card plays and 'Stragedy) the interval at the
nominal cut held the true ``f`` 89% of the time with ``decision``, 81% with ``expected``.

Games and sessions add their log-likelihoods. The estimate of ``f``, and its interval, are read
from the profile log-likelihood (``beta`` profiled out) by :mod:`apps.metrics.fidelity_interval`,
which also says how the interval was chosen and how often it held the true ``f`` in simulation.

A decision **carries information** when its probability differs by more than 0.01 between
some two values of ``f`` (for some ``beta``): forced plays (one legal card) and plays where
every card is worth the same in every world the model samples do not.

The participant's other decisions can add their own terms, from the same ``f`` and ``beta``: the
'Stragedy as Lame Duck (:mod:`apps.metrics.stragedy_choice`: each Old-Deal position kept with
probability ``f``, a softmax over the kept positions' values) and the Old Deal's hand choice as
Lucky Duck (:mod:`apps.metrics.hand_choice`: both examined hands kept card by card, a softmax
of the two hands' mean values over sampled memories). The New Deal's hand choice is not
modelled. The metric (:func:`game_value`) takes the card plays and the 'Stragedy, not the hand
choice: on the development seeds the hand choice pulled the ten-session estimate at ``f`` = 0.5
0.16 below the truth (the simulated player chooses its hand by a rule of thumb the model does
not share), while the 'Stragedy told players who keep nothing from noisy ones (at ``f`` = 0,
+0.05 with it, +0.24 without). ``Fit.kinds`` counts the decisions of each kind and how many
carried information.

Pure computation on a finished game's spectator record: no database, no Django.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from apps.games.engine.cards import cards_mask, mask_list, parse_card, parse_cards
from apps.games.engine.solver import Position, Solver
from apps.metrics import hand_choice, stragedy_choice
from apps.metrics.fidelity_interval import F_GRID, added, profile, read

BETA_GRID = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
WORLDS = 32
MODE = "decision"
MODES = ("expected", "decision", "joint")
LAPSE = 0.3  # the chance that a card play is a slip, any legal card (see the module docstring)
INFORMATIVE = 0.01
ALL = (1 << 52) - 1
SUITS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


@dataclass
class Decision:
    """One card play of the participant, with what they could know when they played it."""

    hands: tuple[int, int]  # true hands before the play
    leader: int
    led: int | None
    card: int
    played: int  # cards played so far in the deal (both seats)
    void: int  # suits (bits) the other seat has shown it lacks
    legal: int  # how many legal cards


@dataclass
class DealPlays:
    seat: int
    trump: int
    wild_rank: int
    other_dealt: int  # the other seat's whole hand as examined
    old_cards: int  # the Old Deal's two hands (New Deal only; else 0)
    decisions: list[Decision] = field(default_factory=list)


def deal_plays(record: dict[str, Any], seat: int) -> list[DealPlays]:
    """The participant's card plays, deal by deal, from a spectator record."""
    out = []
    for rnd in record["rounds"]:
        old = 0
        for deal in rnd["deals"]:
            seat_a = deal.get("hand_a_seat")
            if seat_a is None or deal.get("pritticut") is None:
                break
            dealt = {label: cards_mask(parse_cards(deal["dealt"][label])) for label in "AB"}
            hands = [0, 0]
            hands[seat_a], hands[1 - seat_a] = dealt["A"], dealt["B"]
            trump, wild_rank = divmod(parse_card(deal["pritticut"]), 13)
            plays = DealPlays(seat, trump, wild_rank, hands[1 - seat], old)
            played = void = 0
            for trick in deal["tricks"]:
                leader = trick["leader"]
                led = None
                for position, text in enumerate(trick["cards"]):
                    card = parse_card(text)
                    mover = leader if position == 0 else 1 - leader
                    if mover == seat:
                        pos = Position((hands[0], hands[1]), leader, trump, wild_rank, led)
                        plays.decisions.append(
                            Decision(
                                (hands[0], hands[1]),
                                leader,
                                led,
                                card,
                                played,
                                void,
                                len(pos.legal()),
                            )
                        )
                    hands[mover] &= ~(1 << card)
                    played |= 1 << card
                    if position == 1 and mover != seat and led is not None:
                        wild = led % 13 == wild_rank or card % 13 == wild_rank
                        if not wild and card // 13 != led // 13:
                            void |= 1 << (led // 13)
                    led = card
            out.append(plays)
            old = dealt["A"] | dealt["B"]
    return out


@dataclass
class Fit:
    """Log-likelihood over the ``(f, beta)`` grid, and what went into it."""

    loglik: list[list[float]]  # [f index][beta index]
    decisions: int = 0
    informative: int = 0
    solves: int = 0
    # per kind of decision ("play", "stragedy"): [decisions, informative ones]
    kinds: dict[str, list[int]] = field(default_factory=dict)
    # the grids of the games added (one each, see ``as_game``): the interval of several games
    # resamples them
    games: list[list[list[float]]] = field(default_factory=list)

    def __add__(self, other: Fit) -> Fit:
        kinds = {k: list(v) for k, v in self.kinds.items()}
        for k, (n, i) in other.kinds.items():
            mine = kinds.setdefault(k, [0, 0])
            mine[0], mine[1] = mine[0] + n, mine[1] + i
        return Fit(
            added(self.loglik, other.loglik),
            self.decisions + other.decisions,
            self.informative + other.informative,
            self.solves + other.solves,
            kinds,
            self.games + other.games,
        )

    @classmethod
    def empty(cls) -> Fit:
        return cls([[0.0] * len(BETA_GRID) for _ in F_GRID])

    def as_game(self) -> Fit:
        """This fit as one game: a unit the interval of several games resamples (its plays
        share the participant's memory of the game; another game's are drawn afresh). A game
        without an informative decision is none: it says nothing of ``f``."""
        games = [self.loglik] if self.informative else []
        return Fit(self.loglik, self.decisions, self.informative, self.solves, self.kinds, games)

    def profile(self) -> list[float]:
        """The log-likelihood of each ``f`` with ``beta`` at its best."""
        return profile(self.loglik)

    def estimate(self, ends: bool = True, calibrate: bool = True) -> dict[str, Any]:
        """``f``, its interval (:func:`apps.metrics.fidelity_interval.read`: ``ends``, with
        each end of the range's test; ``calibrate``, through the calibration curve), the best
        ``beta``, and the counts."""
        i, f, low, high = read(self.loglik, self.games, ends=ends, calibrate=calibrate)
        return {
            "f": round(f, 3),
            "low": round(low, 3),
            "high": round(high, 3),
            "beta": BETA_GRID[i],
            "decisions": self.decisions,
            "informative": self.informative,
            "games": max(1, len(self.games)),
        }


def _logmeanexp(xs: list[float]) -> float:
    top = max(xs)
    return top + math.log(sum(math.exp(x - top) for x in xs) / len(xs))


class _Values:
    """Solver values of positions, cached for one deal (worlds repeat, most at high ``f``)."""

    def __init__(self, solver: Solver):
        self.solver = solver
        self.cache: dict[tuple, dict[int, int]] = {}
        self.solves = 0

    def __call__(self, pos: Position) -> dict[int, int]:
        key = (pos.hands, pos.leader, pos.led)
        v = self.cache.get(key)
        if v is None:
            v = self.cache[key] = self.solver.solve(pos).values
            self.solves += 1
        return v


def _world(plays: DealPlays, d: Decision, f: float, keep_u: dict[int, float], order: list[int]):
    """The other hand as a player of fidelity ``f`` believes it at decision ``d``."""
    seat = plays.seat
    own = d.hands[seat]
    size = d.hands[1 - seat].bit_count()
    remembered = 0
    for c in mask_list(plays.other_dealt & ~d.played):
        if keep_u[c] < f:
            remembered |= 1 << c
    out = own | d.played | 1 << (plays.trump * 13 + plays.wild_rank) | remembered
    if d.led is not None:
        out |= 1 << d.led
    seen_twice = 1 - (1 - f) ** 2  # an Old-Deal card: examined, then face up in its trick
    for c in mask_list(plays.old_cards):
        if keep_u.get(52 + c, 1.0) < seen_twice:
            out |= 1 << c
    pool = ALL & ~out
    allowed = pool
    wilds = sum(1 << (s * 13 + plays.wild_rank) for s in range(4))
    for s in range(4):
        if d.void >> s & 1:
            allowed &= ~(SUITS[s] & ~wilds)
    missing = size - remembered.bit_count()
    if allowed.bit_count() >= missing:
        pool = allowed
    world = remembered
    for c in order:
        if missing <= 0:
            break
        if pool >> c & 1:
            world |= 1 << c
            missing -= 1
    return world


def _keep_numbers(rng: random.Random, worlds: int) -> list[dict[int, float]]:
    """Each sampled memory's uniform number per card (a card is kept when its number is below
    the fidelity; 52 + c: the Old-Deal card c). Stratified: a card's numbers over the
    ``worlds`` memories fall one in each ``1/worlds`` slice, in a shuffled order, so at every
    ``f`` each card is kept in as close to ``f * worlds`` of them as can be. This reduces the
    Monte-Carlo error of the values, not what the model says."""
    out: list[dict[int, float]] = [{} for _ in range(worlds)]
    for c in range(104):
        slices = list(range(worlds))
        rng.shuffle(slices)
        for k, i in enumerate(slices):
            out[k][c] = (i + rng.random()) / worlds
    return out


def _world_values(plays: DealPlays, d: Decision, world: int, values: _Values) -> dict[int, int]:
    """The solver's value of each legal card at decision ``d`` with the other hand ``world``."""
    hands = [0, 0]
    hands[plays.seat], hands[1 - plays.seat] = d.hands[plays.seat], world
    pos = Position(
        (hands[0], hands[1]), d.leader, plays.trump, plays.wild_rank, d.led, values.solver.wild_tie
    )
    return values(pos)


def _softmax(values: Mapping[int, float], card: int, beta: float) -> float:
    """The probability of ``card`` under a softmax of precision ``beta`` over ``values``."""
    top = max(values.values())
    z = sum(math.exp(beta * (x - top)) for x in values.values())
    return math.exp(beta * (values[card] - top)) / z


def deal_fit(
    plays: DealPlays,
    solver: Solver,
    rng: random.Random,
    worlds: int = WORLDS,
    mode: str = MODE,
    lapse: float = LAPSE,
) -> Fit:
    """The log-likelihood grid of one deal's card plays (each a slip with probability
    ``lapse``)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    fit = Fit.empty()
    if not plays.decisions:
        return fit
    values = _Values(solver)
    # per world sample k: its kept-card numbers and the order it fills gaps in
    samples = []
    for keep_u in _keep_numbers(rng, worlds):
        order = list(range(52))
        rng.shuffle(order)
        samples.append((keep_u, order))
    nb = len(BETA_GRID)
    # logp[fi][k][bi]: the log-probability of the deal's choices in world k (mode "joint")
    logp = [[[0.0] * nb for _ in range(worlds)] for _ in F_GRID]
    for d in plays.decisions:
        slip = lapse / d.legal  # the choice's probability as a slip, added to (1 - lapse) * p
        per_f = []  # per f, per beta: the probability of the choice (for the count)
        chances: dict[int, list[float]] = {}  # world -> the choice's probability per beta
        for fi, f in enumerate(F_GRID):
            mean = [0.0] * nb
            expected: dict[int, float] = {}
            for k, (keep_u, order) in enumerate(samples):
                world = _world(plays, d, f, keep_u, order)
                if mode == "expected":
                    for c, x in _world_values(plays, d, world, values).items():
                        expected[c] = expected.get(c, 0.0) + x / worlds
                    continue
                chance = chances.get(world)
                if chance is None:  # worlds repeat, most at high f
                    v = _world_values(plays, d, world, values)
                    chance = chances[world] = [_softmax(v, d.card, beta) for beta in BETA_GRID]
                for bi in range(nb):
                    mean[bi] += chance[bi] / worlds
                    if mode == "joint":
                        logp[fi][k][bi] += math.log((1 - lapse) * chance[bi] + slip)
            if mode == "expected":
                mean = [_softmax(expected, d.card, beta) for beta in BETA_GRID]
            mean = [(1 - lapse) * p + slip for p in mean]
            per_f.append(mean)
            if mode != "joint":
                for bi in range(nb):
                    fit.loglik[fi][bi] += math.log(mean[bi])
        fit.decisions += 1
        spread = max(
            max(row[bi] for row in per_f) - min(row[bi] for row in per_f) for bi in range(nb)
        )
        fit.informative += d.legal > 1 and spread > INFORMATIVE
    if mode == "joint":
        for fi in range(len(F_GRID)):
            for bi in range(nb):
                fit.loglik[fi][bi] = _logmeanexp([logp[fi][k][bi] for k in range(worlds)])
    fit.solves = values.solves
    fit.kinds = {"play": [fit.decisions, fit.informative]}
    return fit


def hand_choice_fit(
    choice: hand_choice.HandChoice, solver: Solver, rng: random.Random, worlds: int = WORLDS
) -> Fit:
    """The log-likelihood grid of one Old-Deal hand choice (see :mod:`apps.metrics.hand_choice`)."""
    margins = hand_choice.margins(choice, F_GRID, solver, rng, worlds)
    grid = [[hand_choice.probability(m, choice.chosen, b) for b in BETA_GRID] for m in margins]
    loglik = [[math.log(max(p, 1e-300)) for p in row] for row in grid]
    spread = max(
        max(row[bi] for row in grid) - min(row[bi] for row in grid) for bi in range(len(BETA_GRID))
    )
    informative = int(spread > INFORMATIVE)
    return Fit(loglik, 1, informative, 0, {"hand_choice": [1, informative]})


def stragedy_fit(values: list[int], chosen: int, rng: random.Random) -> Fit:
    """The log-likelihood grid of one 'Stragedy (see :mod:`apps.metrics.stragedy_choice`)."""
    memories = stragedy_choice.memories_for(len(values), rng)
    grid = stragedy_choice.probability_grid(values, chosen, F_GRID, BETA_GRID, memories)
    loglik = [[math.log(max(p, 1e-300)) for p in row] for row in grid]
    spread = max(
        max(row[bi] for row in grid) - min(row[bi] for row in grid) for bi in range(len(BETA_GRID))
    )
    informative = int(spread > INFORMATIVE)
    return Fit(loglik, 1, informative, len(set(values)), {"stragedy": [1, informative]})


def game_fit(
    record: dict[str, Any],
    seat: int,
    *,
    seed: int = 0,
    worlds: int = WORLDS,
    solver: Solver | None = None,
    mode: str = MODE,
    stragedy: bool = True,
    hands: bool = True,
    lapse: float = LAPSE,
) -> Fit:
    """The log-likelihood grid of a finished Memulation game's decisions by ``seat``: its card
    plays, (``stragedy``) its 'Stragedy picks and (``hands``) its Old-Deal hand choices.

    ``record`` is the game's spectator record (``state.spectator_view()``); ``seed`` seeds the
    sampled memories (the same seed, the same estimate); ``lapse``: the card plays' slip rate
    (:data:`LAPSE`; other rates for the recovery study's comparisons)."""
    wild_tie = record["setup"]["options"].get("wild_tie", "leader")
    solver = solver if solver is not None and solver.wild_tie == wild_tie else Solver(wild_tie)
    rng = random.Random(seed)
    fit = Fit.empty()
    for plays in deal_plays(record, seat):
        fit = fit + deal_fit(plays, solver, rng, worlds, mode, lapse)
    if stragedy:  # drawn after the plays': the plays' memories are the same either way
        for values, chosen in stragedy_choice.stragedy_decision(record, seat, solver):
            fit = fit + stragedy_fit(values, chosen, rng)
    if hands:
        for choice in hand_choice.hand_choices(record, seat):
            fit = fit + hand_choice_fit(choice, solver, rng, worlds)
    return fit.as_game()


def _fit_value(fit: Fit) -> dict[str, Any]:
    """The metric's value, its count (informative plays) and details (interval, the grid).

    The estimate is made from the grid as stored (rounded), so a session of one game, whose
    estimate is made again from its games' stored grids, reads the same value as its game."""
    fit = Fit(
        stored_grid(fit.loglik),
        fit.decisions,
        fit.informative,
        fit.solves,
        fit.kinds,
        [stored_grid(g) for g in fit.games],
    )
    details: dict[str, Any] = {
        "decisions": fit.decisions,
        "informative": fit.informative,
        "kinds": fit.kinds,
        "grid_f": list(F_GRID),
        "grid_beta": list(BETA_GRID),
        "loglik": fit.loglik,
    }
    if not fit.informative:  # a flat likelihood: no estimate
        return {"value": None, "n": 0, "details": details}
    est = fit.estimate()
    details.update(low=est["low"], high=est["high"], beta=est["beta"], games=est["games"])
    return {"value": est["f"], "n": fit.informative, "details": details}


def stored_grid(grid: list[list[float]]) -> list[list[float]]:
    """A log-likelihood grid as the metric stores it (to 4 decimals)."""
    return [[round(x, 4) for x in row] for row in grid]


def game_value(record: dict[str, Any], seat: int, *, seed: int = 0) -> dict[str, Any]:
    """``memory_fidelity`` of one finished game: ``{"value", "n", "details"}``, from its card
    plays and 'Stragedy picks (the hand choice biased it: see the module docstring)."""
    return _fit_value(game_fit(record, seat, seed=seed, hands=False))


def session_value(game_details: list[dict[str, Any]]) -> dict[str, Any]:
    """``memory_fidelity`` of a session from its games' details: their log-likelihoods added,
    so the estimate is that of all the session's plays together; the interval of several games
    with informative decisions also takes in their bootstrap interval."""
    fit = Fit.empty()
    for d in game_details:
        if d.get("grid_f") != list(F_GRID) or d.get("grid_beta") != list(BETA_GRID):
            continue  # made under another grid: not comparable
        game = Fit(d["loglik"], d["decisions"], d["informative"], 0, d.get("kinds", {}))
        fit = fit + game.as_game()
    return _fit_value(fit)
