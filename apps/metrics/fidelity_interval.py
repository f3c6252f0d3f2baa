"""The estimate of memory fidelity and its interval, read from a profile log-likelihood
(:mod:`apps.metrics.fidelity` makes the log-likelihood).

The estimate is the maximum over the grid :data:`F_GRID` of ``f`` (0 to 1 by 0.1, refined by a
parabola through the best three) with ``beta`` profiled out, read through the calibration
curve (below).

**The interval of one game.** The plays of a deal share one memory, so their log-likelihoods
added count the same forgetting several times and the curve is too sharp: cut 1.92 below its
top (the nominal 95% of a likelihood interval), it held the true ``f`` of simulated one-game
players 668 times in 750 (89%; 87% at worst). The interval is therefore cut
:data:`INTERVAL_DROP` (2.5) below the top: a magnitude adjustment of a composite likelihood,
linear between grid points. It was 2.7 up to version 7, the drop at which one-game intervals
held the true ``f`` 95% of the time on seeds 21-23 before card plays could be slips (714 of
750); with the slips, one game's interval cut at 2.7 held the true ``f`` inside the range
96.4-97.1% of the time on both later sets of seeds it was measured on (601-603 with 701-703,
801-803), a little wider than 95% needs; at 2.5 it held it 94.4-97.1% of the time on seeds
801-803 (read through the calibration curve, below).

**The interval of several games** (a session of several games, or several sessions) cannot
simply add the curves: a game's curve, sharp at the wrong ``f`` now and then (a Monte Carlo
memory that happens to explain a play), then dominates the sum. On seeds 21-23 the estimate
of ten games together varied 2 to 3 times more between simulated players than the summed
curve said (at ``f`` = 0.25: SD 0.15 to 0.17 against 0.06), and the summed curve's interval held
the true ``f`` 51-93% of the time. So an interval of several games also takes in the
**bootstrap interval over its games** (:func:`_resampled_interval`): the games drawn with
replacement 500 times, ``f`` estimated from each draw, cut at the expanded percentile for
``n`` games (Hesterberg's small-sample correction: 0.9% and 99.1% at ten games), whatever
spread the games themselves show. On seeds 21-23 (random groups of a cell's games) that held
the true ``f`` 91-98% of the time for two games and 94-100% for ten (wider than it needs to be
at ``f`` = 1, where the estimate sits on the grid's edge).

**The ends of the range.** A player who keeps everything is mostly estimated at exactly
``f`` = 1 (on seeds 401-403 and 501-503: 602 of 900 single games, 79 of 90 players' ten games),
and an interval that holds its estimate then holds the truth: there the intervals above held a
true ``f`` of 1 in 898 of 900 single games and in 90 of 90 players' two, three, five and ten.
So the top of the range has a test of its own, as a Neyman construction has at a bound
(Feldman and Cousins's intervals, for one): the interval reaches ``f`` = 1 only when the
profile there is within :data:`END_DROP` (1.19) of its top; otherwise it stops where the
profile, linear between 0.9 and 1, falls that far (never short of the estimate). The drop is the
95th percentile, over one-game players of true ``f`` = 1, of how far the profile at 1 fell below
its top (an interval that left 1 out anyway counted as beyond every drop): 1.09 on seeds
401-403 and 501-503, where it was chosen for version 7, which then held 1 in 92.7% of single
games on each of the next two sets of seeds, where it called for 1.29 (601-603, 701-703) and
1.19 (801-803); version 8 takes the mean of the three, 1.19 (on seeds 801-803: 428 of 450
single games, 95.1%); it serves every number of games. The bottom has a test only at ten games
and more (version 10): one game's interval held a true ``f`` of 0 95% of the time without one
(856 of 900 on seeds 401-403 and 501-503; the drop it would have called for, 2.66, was about
the interior's), and two to five games' 94.8-97.8% (270 players of true 0 on seeds 906-911),
but ten games' held it 267 times in 270 there: the estimate and the bootstrap's draws sit at
exactly 0. So ten games' interval reaches 0 only when the profile there is within 2.56 of its
top, the 95th percentile of that drop over those 270 players (258 of 270 then). The interior
is untouched: each test only trims the segment between the end and the grid point next to it.

**The calibration curve.** The simulated players are the ``memory`` opponent, not the model:
it votes over several remembered worlds, and it slips at its own rate (0, 0.1 or 0.3 of its card
plays) where the model's is fixed at 0.3. So the profile's maximum is not centred on their true
``f``: on seeds 601-603 and 701-703 the ten-session maximum read -0.019, -0.018 and +0.061 off at
true 0.25, 0.5 and 0.75 (version 7), on seeds 801-803 -0.005, -0.044 and +0.032; by slip rate at
0.75 (801-803) +0.106 for players who never slip, +0.058 at 0.1, -0.068 at 0.3. The estimate and
both ends of its interval are therefore read through :data:`CALIBRATION`, a curve through the
mean ten-session maximum at each interior true ``f`` on the development seeds 801-803 (a raw
0.782 reads as 0.75), linear between knots, the ends of the range kept (where the estimate sits
on the grid's edge its mean says little of a bias). It is a bias correction by simulation: it
centres the estimate for players like the simulated ones, a mix of three slip rates, and cannot
know how a person departs from the model; the readings through it do not average the truth
exactly (their means on seeds 801-803: +0.004, -0.030 and +0.018 off), the curve's slope
changing between knots. The curve is monotone, so an interval read through it holds the true
``f`` exactly when the raw interval holds the raw value the curve maps to it.

One game has a curve of its own, :data:`ONE_GAME_CALIBRATION`, since that raw value is what its
interval must hold: through the ten-session curve, one game's interval held the true 0.75 97.1%
of the time on seeds 801-803 and 98.9% on the fresh seeds of version 8 (901, 902, 905), wider
than a 95% interval, for its interval holds raw values above 0.75 more often than 0.75 itself
(0.782, the ten-session knot, 97.1%; 0.737, 94.9%). Its mean maximum would be no centre: one
game's estimate sits on an end of the range often (the mean at true 0.25 is 0.42, the median
0.39). So each of its interior knots is the raw value, nearest the ten-session knot, that one
game's interval before the curve held 95% of the time on the development seeds 801-803 (1,350
games; a calibration of the interval, as a Neyman belt is read at each true value): 0.2,
0.463 and 0.737 read as 0.25, 0.5 and 0.75.

How often each interval held on seeds not used to choose it, for one game and for 2, 3, 5 and
10, is :data:`MEASURED_COVERAGE`, and the words it is shown with say so.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping
from statistics import NormalDist

from django.utils.translation import gettext

from apps.metrics.stats import t_quantile

F_GRID = tuple(i / 10 for i in range(11))
INTERVAL_DROP = 2.5  # see the module docstring: not 1.92, the plays of a deal are not independent
RESAMPLES = 500  # draws of the bootstrap interval of several games

# How often the interval held the true fidelity of simulated players (bench/fidelity.py, on
# seeds not used to choose the interval), by the number of games it pools and the true f:
# (intervals that held it, intervals). An interval of n games is labelled with the figures of
# the most games measured up to n. It is called a 95% interval only where it held the true f
# 92-98% of the time at every true f.
# `bench/fidelity.py --seed 906 --replicates 5 --sessions 10 --jobs 2 --metric-only --save
# s906.json`, the same for 907-911, read back with `--load` (75 participants a seed, 15 per true
# f, three noise levels; a game a session; n games are a participant's first n sessions); for
# seeds 912-914 the same with `--true-f 0.25 0.5 0.75 1.0`, and for 912-917 with `--true-f 0.0
# --replicates 15` (45 players of true 0 a seed). Each cell adds every set of fresh seeds its
# reading was measured on unchanged: one game, version 9's curve, on seeds 906-914 (675
# participants) and at f = 0 on 912-917 too; two games and more, read alike since version 8, on
# 901, 902 and 905 too (900 participants), except ten games at f = 0, where the interval has
# had its test at 0 since version 10 (chosen on the players of true 0 of 906-911): on 912-917
# alone (270 players of true 0).
MEASURED_COVERAGE: dict[int, dict[float, tuple[int, int]]] = {
    1: {
        0.0: (3438, 3600),
        0.25: (1262, 1350),
        0.5: (1284, 1350),
        0.75: (1294, 1350),
        1.0: (1270, 1350),
    },
    2: {0.0: (389, 405), 0.25: (163, 180), 0.5: (173, 180), 0.75: (166, 180), 1.0: (165, 180)},
    3: {0.0: (389, 405), 0.25: (166, 180), 0.5: (167, 180), 0.75: (172, 180), 1.0: (167, 180)},
    5: {0.0: (395, 405), 0.25: (175, 180), 0.5: (174, 180), 0.75: (170, 180), 1.0: (166, 180)},
    10: {0.0: (255, 270), 0.25: (176, 180), 0.5: (170, 180), 0.75: (167, 180), 1.0: (171, 180)},
}
CALIBRATED = (0.92, 0.98)
# The test of each end of the range, (at f = 0, at f = 1), by the games an interval pools (an
# interval of n games takes the tests of the most games listed up to n): it reaches that end
# only when the profile there is within this drop of its top (see the module docstring, "The
# ends of the range"). At 1: the 95th percentile, over simulated one-game players whose true f
# is 1, of how far the profile there fell below its top (`bench/fidelity.py --load`), the mean
# of three sets of seeds: 1.09 (401-403 with 501-503), 1.29 (601-603 with 701-703), 1.19
# (801-803); it serves every number of games. At 0: no test below ten games (an infinite drop),
# one game's interval holding 0 95% of the time without one; at ten games and more the 95th
# percentile of the drop at 0 over the 270 simulated players of true f = 0 on seeds 906-911.
END_DROPS: dict[int, tuple[float, float]] = {1: (math.inf, 1.19), 10: (2.56, 1.19)}


def end_drops(games: int) -> tuple[float, float]:
    """The drops of the test at each end for an interval of ``games`` games."""
    return END_DROPS[max(k for k in END_DROPS if k <= max(1, games))]


# The calibration curve, (profile maximum, the fidelity it is read as), linear between knots: at
# each interior true f, the mean ten-session maximum of simulated participants on the development
# seeds 801-803 (`bench/fidelity.py --load`, the curve its participants call for; see the module
# docstring, "The calibration curve"); the ends of the range are their own.
CALIBRATION: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (0.245, 0.25),
    (0.456, 0.5),
    (0.782, 0.75),
    (1.0, 1.0),
)
# One game's curve: at each interior true f, the raw value nearest the several games' knot that
# one game's interval held 95% of the time on the development seeds 801-803
# (`bench/fidelity.py --load`; see the module docstring, "The calibration curve").
ONE_GAME_CALIBRATION: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (0.2, 0.25),
    (0.463, 0.5),
    (0.737, 0.75),
    (1.0, 1.0),
)


def interval_label(games: int = 1) -> str:
    """The words an interval of ``games`` games is shown with: the coverage measured for
    intervals of as many games (of the most games measured, up to ``games``)."""
    measured = [k for k in MEASURED_COVERAGE if k <= games]
    return coverage_words(MEASURED_COVERAGE[max(measured)] if measured else {})


def coverage_words(by_f: Mapping[float, tuple[int, int]]) -> str:
    """The words of an interval that held the true value ``covered`` times in ``n`` at each
    true f (``by_f``): "95% interval" only where it did 92-98% of the time at every f."""
    if not by_f:
        return gettext("interval; its coverage is not yet measured")
    covered = sum(c for c, _ in by_f.values())
    of = sum(n for _, n in by_f.values())
    shares = [c / n for c, n in by_f.values()]
    words = {
        "share": round(100 * covered / of),
        "covered": covered,
        "of": of,
        "lowest": round(100 * min(shares)),
        "highest": round(100 * max(shares)),
    }
    if all(CALIBRATED[0] <= share <= CALIBRATED[1] for share in shares):
        return (
            gettext(
                "95%% interval; in simulation it held the true value %(share)s%% of the time: "
                "%(covered)s of %(of)s, %(lowest)s%% to %(highest)s%% across true values"
            )
            % words
        )
    if min(shares) >= CALIBRATED[0]:  # wider than it needs to be somewhere, never too narrow
        return (
            gettext(
                "conservative 95%% interval; in simulation it held the true value %(share)s%% of "
                "the time: %(covered)s of %(of)s, %(lowest)s%% to %(highest)s%% across true values"
            )
            % words
        )
    # too narrow somewhere: the lowest share says how much (a share over 98% elsewhere is on
    # the safe side, not the reason it is not 95%)
    return (
        gettext(
            "interval; in simulation it held the true value %(share)s%% of the time "
            "(%(covered)s of %(of)s, %(lowest)s%% for some true values), not 95%%"
        )
        % words
    )


def read(
    loglik: list[list[float]],
    games: list[list[list[float]]],
    *,
    ends: bool = True,
    calibrate: bool = True,
) -> tuple[int, float, float, float]:
    """The best ``beta``'s index, ``f`` and its interval from a log-likelihood grid ``loglik``
    ([f index][beta index]) that adds the grids ``games``.

    ``f`` is the profile's maximum; its interval is where the profile stays within
    :data:`INTERVAL_DROP` of it, taking in the bootstrap interval of the games when there are
    several (:func:`_resampled_interval`); (``ends``) it reaches an end of the range only where
    the profile there passes that end's test for as many games (:func:`within_ends`,
    :func:`end_drops`); and (``calibrate``) all
    three are read through the calibration curve (:func:`calibrated`), one game's own when
    there are not several."""
    prof = profile(loglik)
    i, f = _top(prof)
    low, high = _edge(prof, i, -1), _edge(prof, i, 1)
    if len(games) > 1:
        b_low, b_high = _resampled_interval(games)
        low, high = min(low, b_low), max(high, b_high)
    if ends:
        low, high = within_ends(prof, f, low, high, end_drops(len(games)))
    if calibrate:
        curve = CALIBRATION if len(games) > 1 else ONE_GAME_CALIBRATION
        f, low, high = calibrated(f, curve), calibrated(low, curve), calibrated(high, curve)
    return loglik[i].index(prof[i]), f, low, high


def calibrated(raw: float, curve: tuple[tuple[float, float], ...] = CALIBRATION) -> float:
    """The fidelity a profile maximum (or interval end) ``raw`` is read as: linear between the
    knots of ``curve`` (:data:`CALIBRATION`)."""
    for (x0, y0), (x1, y1) in itertools.pairwise(curve):
        if raw <= x1:
            return y0 + (raw - x0) / (x1 - x0) * (y1 - y0)
    return curve[-1][1]


def _edge(prof: list[float], i: int, step: int) -> float:
    """Where the profile falls ``INTERVAL_DROP`` below its maximum, walking from ``i``
    by ``step`` (linear between grid points; the grid's end when it never does)."""
    threshold = prof[i] - INTERVAL_DROP
    j = i
    while 0 <= j + step < len(prof):
        if prof[j + step] < threshold:
            share = (prof[j] - threshold) / (prof[j] - prof[j + step])
            return F_GRID[j] + step * share * (F_GRID[1] - F_GRID[0])
        j += step
    return F_GRID[j]


def within_ends(
    prof: list[float], f: float, low: float, high: float, drops: tuple[float, float]
) -> tuple[float, float]:
    """``low`` and ``high`` with each end of the range left out when the profile there falls
    further below its top than that end's drop (``drops``: at f = 0, at f = 1): the interval
    then stops where the profile, linear between the end and the grid point next to it, falls
    that far (at that grid point when it already has; never short of the estimate ``f``)."""
    top = max(prof)
    at_zero, at_one = drops
    if top - prof[0] > at_zero:
        low = max(low, min(f, _fall(prof[1], prof[0], top - at_zero, F_GRID[1], F_GRID[0])))
    if top - prof[-1] > at_one:
        high = min(high, max(f, _fall(prof[-2], prof[-1], top - at_one, F_GRID[-2], F_GRID[-1])))
    return low, high


def _fall(inner: float, end: float, threshold: float, f_inner: float, f_end: float) -> float:
    """Where a profile linear from ``inner`` (at ``f_inner``) to ``end`` (at ``f_end``, below
    ``threshold``) falls to ``threshold``; ``f_inner`` when it is there already."""
    if inner <= threshold:
        return f_inner
    return f_inner + (inner - threshold) / (inner - end) * (f_end - f_inner)


def added(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    return [[x + y for x, y in zip(ra, rb, strict=True)] for ra, rb in zip(a, b, strict=True)]


def profile(grid: list[list[float]]) -> list[float]:
    return [max(row) for row in grid]


def _top(prof: list[float]) -> tuple[int, float]:
    """The grid index of the profile's maximum and ``f`` there, refined by the vertex of the
    parabola through the best three points."""
    i = prof.index(max(prof))
    f = F_GRID[i]
    if 0 < i < len(F_GRID) - 1:
        a, b, c = prof[i - 1], prof[i], prof[i + 1]
        curve = a - 2 * b + c
        if curve < 0:
            f += 0.5 * (a - c) / curve * (F_GRID[1] - F_GRID[0])
    return i, min(1.0, max(0.0, f))


def _resampled_interval(games: list[list[list[float]]]) -> tuple[float, float]:
    """The bootstrap interval of ``f`` over ``games``: the games drawn with replacement
    :data:`RESAMPLES` times (from a fixed seed: the same games, the same interval), ``f``
    estimated from each draw, and the draws' quantiles at the expanded percentile for ``n``
    games, ``Phi(-sqrt(n / (n - 1)) * t(0.975, n - 1))`` (0.9% at ten games), which widens
    the percentile interval for few games as Student's t widens the normal's."""
    n = len(games)
    rng = random.Random(0)
    draws = []
    for _ in range(RESAMPLES):
        total = games[rng.randrange(n)]
        for _ in range(n - 1):
            total = added(total, games[rng.randrange(n)])
        draws.append(_top(profile(total))[1])
    draws.sort()
    tail = NormalDist().cdf(-math.sqrt(n / (n - 1)) * t_quantile(0.975, n - 1))
    return _quantile(draws, tail), _quantile(draws, 1 - tail)


def _quantile(ordered: list[float], p: float) -> float:
    """The ``p`` quantile of sorted values, linear between order statistics."""
    at = p * (len(ordered) - 1)
    below = math.floor(at)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (at - below) * (ordered[above] - ordered[below])
