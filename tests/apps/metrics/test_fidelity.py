"""Memory fidelity: the estimate separates players who keep the other hand from players who do
not, says how sure it is, counts the plays that carried information, and is stored by the job."""

import itertools
import math
import random
from statistics import NormalDist

import pytest
from django.conf import settings
from django.test import override_settings

from apps.games.engine import create_game
from apps.games.engine.bots import make_bot, play_game
from apps.games.engine.cards import RANKS, cards_mask, parse_card, parse_cards
from apps.games.engine.solver import Solver
from apps.metrics import fidelity, fidelity_interval, services, tasks
from apps.metrics.catalogue import CATALOGUE
from apps.metrics.fidelity import BETA_GRID, F_GRID, Fit, deal_plays, game_fit
from apps.metrics.models import MetricValue


def played(kind: str, seed: int, **params) -> tuple[dict, int]:
    """A one-round game: ``kind`` at seat ``seed % 2`` against ``greedy``."""
    seat = seed % 2
    bots = [None, None]
    bots[seat] = make_bot("memulation", kind, seat=seat, seed=seed, **params)
    bots[1 - seat] = make_bot("memulation", "greedy", seat=1 - seat, seed=seed + 100)
    state = create_game("memulation", seed=seed, options={"rounds": 1})
    return play_game(state, bots).spectator_view(), seat


def session(kind: str, seeds, **params) -> Fit:
    """A session's fit as the metric makes it: card plays and 'Stragedy picks."""
    total = Fit.empty()
    for seed in seeds:
        record, seat = played(kind, seed, **params)
        total = total + game_fit(record, seat, seed=seed, hands=False)
    return total


def peaked(at: float, width: float = 0.1) -> Fit:
    return Fit(
        [[-((f - at) ** 2) / (2 * width**2) - b for b in range(len(BETA_GRID))] for f in F_GRID],
        10,
        8,
    )


def test_the_estimate_of_a_known_likelihood():
    est = peaked(0.43).estimate(calibrate=False)
    assert abs(est["f"] - 0.43) < 0.02  # the parabola finds the peak between grid points
    # within INTERVAL_DROP = 2.5 of the top: |f - 0.43| <= 0.1 * sqrt(5.0) = 0.224 (a cut at the
    # nominal 1.92 would give 0.196)
    assert fidelity_interval.INTERVAL_DROP == 2.5
    assert abs(est["low"] - (0.43 - 0.224)) < 0.01
    assert abs(est["high"] - (0.43 + 0.224)) < 0.01
    assert est["beta"] == BETA_GRID[0]
    edge = peaked(1.0).estimate(calibrate=False)
    assert edge["f"] == 1.0 and edge["high"] == 1.0 and edge["low"] < 1.0


def test_an_end_of_the_range_is_held_only_within_its_own_drop():
    # A profile falling from its top at 0.9 (0) by 10 a unit of f: -1.0 at f = 1, -9.0 at 0.
    prof = [-10 * abs(f - 0.9) for f in F_GRID]
    # With a drop of 0.4 at f = 1 the interval stops where the line from 0.9 to 1 reaches
    # -0.4: 0.9 + 0.1 * 0.4 / 1.0 = 0.94
    low, high = fidelity_interval.within_ends(prof, 0.9, 0.5, 1.0, (math.inf, 0.4))
    assert low == 0.5 and math.isclose(high, 0.94)
    # within a drop of 1.5 the end is held; an infinite drop is no test
    assert fidelity_interval.within_ends(prof, 0.9, 0.5, 1.0, (math.inf, 1.5)) == (0.5, 1.0)
    assert fidelity_interval.within_ends(prof, 0.9, 0.5, 1.0, (math.inf, math.inf)) == (0.5, 1.0)
    # f = 0, 9.0 below the top, is past a drop of 2.7, and so is the grid point next to it
    # (8.0 below): the interval stops there (0.1) at the latest; one stopping at 0.5 stays
    assert fidelity_interval.within_ends(prof, 0.9, 0.5, 1.0, (2.7, math.inf)) == (0.5, 1.0)
    # a drop the profile passes before the grid point next to the end: it stops there
    assert fidelity_interval.within_ends(prof, 0.9, 0.0, 1.0, (2.7, math.inf)) == (0.1, 1.0)
    # never past the estimate: one at 0.96 keeps 0.96 inside
    assert fidelity_interval.within_ends(prof, 0.96, 0.5, 1.0, (math.inf, 0.4)) == (0.5, 0.96)


def test_an_estimate_reaches_f_1_only_within_that_ends_drop():
    end_drop = fidelity_interval.end_drops(1)
    assert math.isinf(end_drop[0]) and end_drop[1] == 1.19  # at f = 1 only
    near = peaked(0.9, width=0.05)
    # The profile at 1 is (0.1 / 0.05)^2 / 2 = 2.0 below its top at 0.9: within the interior's
    # 2.5, so the interval without the end's test reaches 1; past 1.19, so with it the interval
    # stops where the line from 0.9 (0) to 1 (-2.0) falls to -1.19: 0.9 + 0.1 * 1.19 / 2.0
    assert near.estimate(ends=False, calibrate=False)["high"] == 1.0
    est = near.estimate(calibrate=False)
    assert est["f"] == 0.9 and abs(est["high"] - 0.9595) < 0.001, est
    # the low side is the interior's, linear between grid points: 2.0 below the top at 0.8 and
    # 8.0 at 0.7, so 2.5 below it at 0.8 - 0.1 * 0.5 / 6.0 = 0.792
    assert est["low"] == near.estimate(ends=False, calibrate=False)["low"]
    assert abs(est["low"] - 0.7917) < 0.001, est


def test_ten_games_reach_f_0_only_within_their_drop():
    end_drops = fidelity_interval.end_drops
    at_zero = end_drops(10)[0]
    # one to nine games have no test at 0; ten and more have one, the same drop at 1 throughout
    assert end_drops(0) == end_drops(1) == end_drops(9) == (math.inf, 1.19)
    assert end_drops(12) == end_drops(10) == (at_zero, 1.19) and 1.0 < at_zero < 7.0
    # Seven games peaked at 0 and three at 0.4: the summed profile is -24.0 at 0, -17.0 at 0.1
    # (its grid top), -20.0 at 0.2; without the test the bootstrap's draws of the first kind alone
    # (0.7^10 = 2.8% of them, past the 0.86% tail) take the interval down to 0
    games = [peaked(0.0).as_game() for _ in range(7)] + [peaked(0.4).as_game() for _ in range(3)]
    together = sum(games, Fit.empty())
    assert together.estimate(ends=False, calibrate=False)["low"] == 0.0
    # 0 is 7.0 below the top, past the drop: the interval stops where the line from 0.1 (-17.0)
    # to 0 (-24.0) falls that far below the top, 0.1 - 0.1 * at_zero / 7.0
    est = together.estimate(calibrate=False)
    assert abs(est["low"] - (0.1 - 0.1 * at_zero / 7.0)) < 0.001, est
    # nine of the same games: no test at 0, the bootstrap's interval reaches it
    assert sum(games[1:], Fit.empty()).estimate(calibrate=False)["low"] == 0.0


def test_the_estimate_is_read_through_the_calibration_curve():
    calibrated = fidelity_interval.calibrated
    # A hand-made curve: a raw maximum of 0.65, halfway from the knot (0.5, 0.5) to (0.8, 0.75),
    # reads 0.5 + 0.5 * 0.25 = 0.625; 0.9, halfway from (0.8, 0.75) to (1, 1), reads 0.875
    curve = ((0.0, 0.0), (0.3, 0.25), (0.5, 0.5), (0.8, 0.75), (1.0, 1.0))
    assert math.isclose(calibrated(0.65, curve), 0.625)
    assert math.isclose(calibrated(0.9, curve), 0.875)
    assert math.isclose(calibrated(0.15, curve), 0.125)
    assert calibrated(0.0, curve) == 0.0 and calibrated(1.0, curve) == 1.0
    # The metric's curves (several games, one game) keep the ends of the range and the order of
    # readings, and sit at the interior true f the recovery study simulates
    for knots in (fidelity_interval.CALIBRATION, fidelity_interval.ONE_GAME_CALIBRATION):
        assert knots[0] == (0.0, 0.0) and knots[-1] == (1.0, 1.0)
        assert [f for _, f in knots] == [0.0, 0.25, 0.5, 0.75, 1.0]
        assert all(a[0] < b[0] for a, b in itertools.pairwise(knots))
    # One game's estimate and both ends of its interval are its raw ones read through one game's
    # curve; several games' through the other
    one = peaked(0.62).as_game()
    raw, est = one.estimate(calibrate=False), one.estimate()
    for key in ("f", "low", "high"):
        expected = calibrated(raw[key], fidelity_interval.ONE_GAME_CALIBRATION)
        assert abs(est[key] - expected) < 0.002, (key, raw, est)
    assert est["f"] != round(calibrated(raw["f"]), 3)  # the curves differ at 0.62
    several = sum((peaked(0.62).as_game() for _ in range(3)), Fit.empty())
    raw, est = several.estimate(calibrate=False), several.estimate()
    for key in ("f", "low", "high"):
        assert abs(est[key] - calibrated(raw[key])) < 0.002, (key, raw, est)


def test_games_that_agree_keep_the_likelihood_interval():
    # Ten games peaked at the same f: every draw of the bootstrap reads that f, so the interval
    # is the summed curve's (sharper by sqrt(10): |f - 0.43| <= 0.1 * sqrt(5.0 / 10) = 0.071).
    together = sum((peaked(0.43).as_game() for _ in range(10)), Fit.empty())
    assert len(together.games) == 10
    est = together.estimate(calibrate=False)
    assert est["games"] == 10
    # on the grid, linear between its points: the top grid point 0.4 is 10 * 0.03^2 / 0.02 = 0.45
    # below the peak, so the cut is at -2.95; 0.3 is at -8.45 and 0.5 at -2.45, 0.6 at -14.45:
    # 0.4 - 0.1 * 2.5 / 8.0 = 0.369 and 0.5 + 0.1 * 0.5 / 12.0 = 0.504
    assert abs(est["low"] - 0.3688) < 0.001 and abs(est["high"] - 0.5042) < 0.001, est


def test_games_that_disagree_widen_the_interval_by_the_bootstrap():
    # Five games say 0.1 and five say 0.9: the summed curve peaks at 0.5 and is sharp (within
    # 0.071 as above), but a draw of ten games reads 0.1 k / 10 + 0.9 (10 - k) / 10 with k of the
    # first kind, k ~ Binomial(10, 1/2); the expanded percentile for ten games cuts at
    # Phi(-sqrt(10 / 9) * t(0.975, 9)) = Phi(-1.0541 * 2.2622) = Phi(-2.3846) = 0.0086, where k
    # is 0, 1 or 2 (P(k <= 1) = 0.0107): so from 0.74-0.9 down to 0.1-0.26.
    assert abs(NormalDist().cdf(-math.sqrt(10 / 9) * 2.2622) - 0.0086) < 0.0001
    games = [peaked(0.1).as_game() for _ in range(5)] + [peaked(0.9).as_game() for _ in range(5)]
    together = sum(games, Fit.empty())
    est = together.estimate(calibrate=False)
    assert abs(est["f"] - 0.5) < 0.01
    assert 0.1 <= est["low"] <= 0.27 and 0.73 <= est["high"] <= 0.9, est
    # the summed curve's interval alone: narrow
    summed = Fit(together.loglik).estimate(calibrate=False)
    assert 0.4 < summed["low"] < 0.5 < summed["high"] < 0.6, summed
    # drawn from a fixed seed: the same games, the same interval
    assert together.estimate(calibrate=False) == est
    # one game alone: its own curve's interval, nothing resampled
    assert peaked(0.1).as_game().estimate()["games"] == 1


def test_a_game_without_information_is_not_resampled():
    flat = Fit.empty()
    flat.decisions = 3
    assert flat.as_game().games == []
    assert (peaked(0.43).as_game() + flat.as_game()).estimate()["games"] == 1


def test_a_flat_likelihood_gives_no_value():
    flat = Fit.empty()
    flat.decisions = 4
    assert fidelity._fit_value(flat)["value"] is None
    assert fidelity.session_value([])["value"] is None


def test_plays_are_the_seats_own_and_forced_ones_carry_nothing():
    record, seat = played("memory", 4, fidelity=0.5)
    deals = deal_plays(record, seat)
    assert len(deals) == 2
    assert all(len(d.decisions) == 13 for d in deals)  # one card a trick, both deals
    fit = game_fit(record, seat, seed=1)
    assert fit.kinds["play"][0] == 26
    assert fit.decisions == sum(n for n, _ in fit.kinds.values())  # and a choice as Lucky Duck
    # the last trick of each deal is forced (one card left)
    assert all(d.decisions[-1].legal == 1 for d in deals)
    assert 0 < fit.informative <= 24
    assert fit.solves > 0
    assert game_fit(record, seat, seed=1).loglik == fit.loglik  # seeded: the same estimate


@pytest.mark.slow
def test_full_memory_and_no_memory_are_told_apart():
    seeds = range(11, 15)
    full = session("memory", seeds, fidelity=1.0).estimate()
    none = session("memory", seeds, fidelity=0.0).estimate()
    assert full["f"] >= 0.9, full
    assert none["f"] < full["f"] - 0.2, (none, full)
    # Four games are too few for a recovery check (bench/fidelity.py makes it): only the order.


def test_random_play_has_low_precision():
    est = session("random", range(21, 23)).estimate()
    assert est["beta"] <= 1.0, est


def test_a_session_adds_its_games_likelihoods():
    fits = [game_fit(*played("memory", seed, fidelity=0.75), seed=seed) for seed in (31, 32)]
    details = [fidelity._fit_value(f)["details"] for f in fits]
    together = fidelity.session_value(details)
    expected = fidelity._fit_value(fits[0] + fits[1])
    assert together["value"] == expected["value"]
    # two games: the interval takes in their bootstrap interval, so it holds the summed curve's
    assert together["details"]["games"] == 2 and details[0]["games"] == 1
    summed = Fit(together["details"]["loglik"]).estimate()
    assert (
        together["details"]["low"] <= summed["low"] <= summed["high"] <= together["details"]["high"]
    )
    assert together["n"] == fits[0].informative + fits[1].informative
    assert math.isclose(
        together["details"]["loglik"][5][2],
        details[0]["loglik"][5][2] + details[1]["loglik"][5][2],
        abs_tol=1e-3,
    )


@pytest.mark.django_db
@override_settings(METRICS_WITH_SOLVER=True)
def test_the_metrics_job_stores_it_per_game_and_per_session(
    played_session, django_capture_on_commit_callbacks
):
    session = played_session()
    assert settings.METRICS_WITH_FIDELITY  # on by default
    with django_capture_on_commit_callbacks(execute=True) as queued:
        tasks.session_metrics(session.pk)  # queues the fidelity job (run here: eager)
    assert len(queued) == 1
    rows = {row.level: row for row in MetricValue.objects.filter(key="memory_fidelity")}
    assert set(rows) == {"game", "session", "participant"}
    game, per_session = rows["game"], rows["session"]
    assert game.version == per_session.version == CATALOGUE["memory_fidelity"].version
    assert 0 <= game.value <= 1
    assert game.details["low"] <= game.value <= game.details["high"]
    assert game.n == game.details["informative"] > 0
    kinds = game.details["kinds"]
    assert kinds["play"][0] == 26  # one card a trick, both deals
    # and the 'Stragedy as Lame Duck; the hand choice as Lucky Duck is left out of the metric
    assert set(kinds) <= {"play", "stragedy"}
    assert game.details["decisions"] == sum(n for n, _ in kinds.values())
    assert game.n == sum(i for _, i in kinds.values())
    # one game in the session: the session's estimate is the game's
    assert per_session.value == game.value and per_session.n == game.n
    assert per_session.details["low"] == game.details["low"]
    # the participant's trends were refreshed after it: its series holds the session's value
    assert rows["participant"].details["readings"]["memulation"]["latest"] == per_session.value
    assert not services.sessions_needing_fidelity().exists()


@pytest.mark.django_db
@override_settings(METRICS_WITH_SOLVER=True)
def test_the_session_job_leaves_it_to_its_own_job_and_the_sweeper_finds_it(played_session):
    session = played_session()
    services.session_metrics_compute(session_id=session.pk)
    assert MetricValue.objects.filter(key="optimal_play_rate").exists()
    assert not MetricValue.objects.filter(key="memory_fidelity").exists()
    assert list(services.sessions_needing_fidelity()) == [session]
    tasks.sweep_metrics()
    assert MetricValue.objects.filter(key="memory_fidelity", level="session").count() == 1
    assert not services.sessions_needing_fidelity().exists()


@pytest.mark.django_db
@override_settings(METRICS_WITH_SOLVER=True)
def test_a_game_already_estimated_is_not_estimated_again(played_session):
    session = played_session()
    assert services.session_fidelity_compute(session_id=session.pk)
    game = MetricValue.objects.get(key="memory_fidelity", level="game")
    assert services.session_fidelity_compute(session_id=session.pk)
    again = MetricValue.objects.get(key="memory_fidelity", level="game")
    assert again.computed_at == game.computed_at  # reused, not solved again
    per_session = MetricValue.objects.get(key="memory_fidelity", level="session")
    assert per_session.value == game.value


@pytest.mark.django_db
@override_settings(METRICS_WITH_SOLVER=True, METRICS_WITH_FIDELITY=False)
def test_off_when_switched_off(played_session, django_capture_on_commit_callbacks):
    session = played_session()
    with django_capture_on_commit_callbacks(execute=True) as queued:
        tasks.session_metrics(session.pk)
    assert not queued
    assert not MetricValue.objects.filter(key="memory_fidelity").exists()
    assert MetricValue.objects.filter(key="optimal_play_rate").exists()
    assert not services.sessions_needing_fidelity().exists()


def test_an_unknown_mode_is_refused():
    record, seat = played("random", 5)
    with pytest.raises(ValueError, match="mode must be one of expected, decision, joint"):
        game_fit(record, seat, mode="bogus")


def test_an_old_deal_card_seen_twice_is_kept_more_often():
    record, seat = played("memory", 4, fidelity=0.5)
    new_deal = deal_plays(record, seat)[1]
    assert new_deal.old_cards.bit_count() == 26
    first = new_deal.decisions[0]
    keep_u = dict.fromkeys(range(104), 0.6)  # nothing of the other hand kept at f < 0.6
    order = list(range(52))
    # 1 - (1 - 0.4)^2 = 0.64 > 0.6: every Old-Deal card is known not to be in the other hand
    kept = fidelity._world(new_deal, first, 0.4, keep_u, order)
    assert kept & new_deal.old_cards == 0
    # 1 - (1 - 0.3)^2 = 0.51 < 0.6: none is, so the guess takes some of them
    forgot = fidelity._world(new_deal, first, 0.3, keep_u, order)
    assert forgot & new_deal.old_cards


def test_a_card_play_is_a_slip_three_times_in_ten():
    # One decision: on lead with AH 2H 2D against KH 3C 5S, spades trump. The two of hearts
    # takes no trick (the king wins it, then the five of spades and the three of clubs); the
    # ace and the two of diamonds take one each. At f = 1 every sampled memory is the true
    # deal, so the probability of leading the two of hearts at precision b is
    # 0.7 * e^-b / (e^-b + 2) + 0.3 / 3.
    hands = (
        cards_mask(parse_cards(["AH", "2H", "2D"])),
        cards_mask(parse_cards(["KH", "3C", "5S"])),
    )
    trump, wild_rank = 0, RANKS.index("7")  # spades; no seven in either hand
    two_of_hearts = parse_card("2H")
    plays = fidelity.DealPlays(0, trump, wild_rank, hands[1], 0)
    plays.decisions.append(fidelity.Decision(hands, 0, None, two_of_hearts, 0, 0, 3))
    fit = fidelity.deal_fit(plays, Solver("leader"), random.Random(1))
    assert fidelity.LAPSE == 0.3
    for bi, b in enumerate(BETA_GRID):
        by_hand = 0.7 * math.exp(-b) / (math.exp(-b) + 2) + 0.3 / 3
        assert fit.loglik[-1][bi] == pytest.approx(math.log(by_hand))
    # however sure the choice, the card no memory would choose keeps a slip's share, 0.1
    assert fit.loglik[-1][-1] == pytest.approx(math.log(0.1), abs=1e-6)


def test_the_sampled_memories_are_stratified_card_by_card():
    memories = fidelity._keep_numbers(random.Random(3), 8)
    assert len(memories) == 8
    for card in (0, 51, 52, 103):
        slices = sorted(int(m[card] * 8) for m in memories)
        assert slices == list(range(8))  # one number in each eighth
    # so at f = 0.5 each card is kept in exactly half of them
    assert all(sum(m[c] < 0.5 for m in memories) == 4 for c in range(104))


def test_the_interval_is_labelled_with_the_coverage_measured():
    from apps.metrics.fidelity_interval import MEASURED_COVERAGE, coverage_words, interval_label

    # 92-98% at every true f: a 95% interval, with what was measured
    assert coverage_words({0.0: (47, 50), 1.0: (48, 50)}) == (
        "95% interval; in simulation it held the true value 95% of the time: "
        "95 of 100, 94% to 96% across true values"
    )
    # never under 92% but over 98% somewhere: wider than it needs to be there
    assert coverage_words({0.0: (47, 50), 1.0: (50, 50)}) == (
        "conservative 95% interval; in simulation it held the true value 97% of the time: "
        "97 of 100, 94% to 100% across true values"
    )
    # under 92% somewhere: not called 95%, the worst share named
    assert coverage_words({0.0: (40, 50), 1.0: (50, 50)}) == (
        "interval; in simulation it held the true value 90% of the time "
        "(90 of 100, 80% for some true values), not 95%"
    )
    # the share that makes it not 95% is the low one, even where another is further over 98%
    assert coverage_words({0.25: (41, 45), 1.0: (45, 45)}) == (
        "interval; in simulation it held the true value 96% of the time "
        "(86 of 90, 91% for some true values), not 95%"
    )
    assert coverage_words({}) == "interval; its coverage is not yet measured"
    # an interval of n games is labelled with what intervals of as many games did (of the most
    # games measured up to n)
    assert min(MEASURED_COVERAGE) == 1
    for games in range(1, 13):
        measured = max(k for k in MEASURED_COVERAGE if k <= games)
        assert interval_label(games) == coverage_words(MEASURED_COVERAGE[measured])
    # as measured: intervals of one game and of three and more are 95% intervals at every true
    # f; two games' are not (too narrow at 0.25)
    for games in (1, 3, 4, 5, 9, 10, 14):
        assert interval_label(games).startswith("95% interval; "), games
    assert interval_label(2).endswith("not 95%")
