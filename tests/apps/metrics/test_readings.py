"""What the dashboard may say about a participant's metrics, on hand-made series with the numbers
worked out by hand (or, for the fits, checked against statsmodels and scipy)."""

import math
import re
import statistics

import pytest

from apps.metrics import stats
from apps.metrics.readings import (
    Assessment,
    Context,
    Gate,
    Norm,
    Point,
    Practice,
    participant_readings,
)

PROTOCOL = {"game": "memulation", "examination_seconds": 30, "opponent": "greedy"}
EVALUATIVE = ("reliable", "Reliable", "improvement", "Improvement", "decline", "Decline")


def points(values, n=3, start=1, adaptive=False):
    return [
        Point(start + i, 100 + start + i, None, v, n, adaptive, PROTOCOL)
        for i, v in enumerate(values)
    ]


def read(series, ctx=None, key="tricks_won", game="memulation"):
    found = participant_readings({(key, game): series}, ctx or Context())
    return found[(key, game)]


# -- trends ------------------------------------------------------------------------------------


def test_a_trend_by_hand():
    # x 1..5, y 1,3,2,5,4, equal weights: slope 8/10, residuals -0.4, 0.8, -1, 1.2, -0.6,
    # SE sqrt(3.6 / 3 / 10), t(3) 0.975 = 3.18245: 0.8 +- 1.1024 per session, times 4 sessions.
    trend = read(points([1, 3, 2, 5, 4]))["trend"]
    half = 3.182446 * math.sqrt(3.6 / 3 / 10)
    assert trend["status"] == "ok" and trend["scale"] == "linear"
    assert trend["slope"] == pytest.approx(0.8)
    assert (trend["ci_low"], trend["ci_high"]) == (
        pytest.approx(0.8 - half, abs=1e-5),
        pytest.approx(0.8 + half, abs=1e-5),
    )
    assert trend["change"] == pytest.approx(3.2)
    assert trend["change_low"] == pytest.approx(4 * (0.8 - half), abs=1e-4)
    assert trend["p"] == pytest.approx(0.1041, abs=1e-4)
    assert trend["p_adjusted"] == pytest.approx(trend["p"])  # the only trend shown


def test_points_are_weighted_by_their_observations():
    # statsmodels WLS of the same numbers: slope 0.0733307, 95% CI 0.0285195 to 0.1181420.
    fit = stats.weighted_trend(
        [1, 2, 3, 4, 5, 6], [0.2, 0.3, 0.3, 0.5, 0.4, 0.6], [10, 10, 12, 10, 8, 10]
    )
    assert fit.slope == pytest.approx(0.0733307, abs=1e-6)
    assert (fit.ci_low, fit.ci_high) == (
        pytest.approx(0.0285195, abs=1e-6),
        pytest.approx(0.1181420, abs=1e-6),
    )


def test_a_proportions_trend_is_logistic_and_its_interval_stays_within_bounds():
    # statsmodels binomial GLM of the same numbers: slope 0.323212 log-odds per session, SE
    # 0.167362 (dispersion 1: the Pearson chi-square is below its df); t(4) 0.975 = 2.776445.
    fit = stats.logistic_trend(
        [1, 2, 3, 4, 5, 6], [0.2, 0.3, 0.3, 0.5, 0.4, 0.6], [10, 10, 12, 10, 8, 10]
    )
    assert fit.scale == "logit" and fit.dispersion == 1.0
    assert fit.slope == pytest.approx(0.323212, abs=1e-5)
    assert fit.ci_high - fit.slope == pytest.approx(2.776445 * 0.167362, abs=1e-4)
    # A wild proportion: the linear interval of its slope spilled over -1..1 (the old -1.66 to
    # 1.89); the logistic change stays inside.
    hit = read(points([0.1, 0.9, 0.1, 0.9, 0.5, 0.1], n=10), key="recall_hit")["trend"]
    assert hit["scale"] == "logit"
    assert -1 <= hit["change_low"] <= hit["change"] <= hit["change_high"] <= 1


def test_a_session_counts_only_with_min_trials_and_five_are_needed():
    # One 'Stragedy a session (n = 1, min_trials 10): none of six sessions counts.
    hit = read(points([0, 1, 0, 1, 1, 1], n=1), key="recall_hit")
    assert hit["counted"] == 0 and hit["trend"]["status"] == "not_enough_points"
    assert hit["reading"].startswith(
        "Exploratory. No trend yet: 0 of the 5 sessions a trend needs have 10 or more"
    )
    assert [p["counted"] for p in hit["series"]] == [False] * 6
    four = read(points([10, 11, 12, 13]))
    assert four["trend"]["status"] == "not_enough_points"


def test_a_floor_is_no_variation():
    floor = read(points([0, 0, 0, 0, 0], n=20), key="optimal_play_rate")
    assert floor["trend"]["status"] == "no_variation"
    assert floor["reading"] == "Exploratory. No variation: every counted session is 0%."
    assert "CI" not in floor["reading"]


def test_each_game_is_its_own_series():
    found = participant_readings(
        {
            ("tricks_won", "memulation"): points([6, 7, 6, 7, 6]),
            ("tricks_won", "mendikot"): points([3, 3, 4, 3, 3], start=6),
        },
        Context(),
    )
    assert found[("tricks_won", "memulation")]["label"] == "Tricks won (Memulation)"
    assert found[("tricks_won", "mendikot")]["label"] == "Tricks won (Mendikot)"
    assert [p["session"] for p in found[("tricks_won", "mendikot")]["series"]] == [6, 7, 8, 9, 10]


# -- exploratory readings ------------------------------------------------------------------------


def test_exploratory_trends_are_holm_corrected_and_never_judged():
    found = participant_readings(
        {
            ("tricks_won", "memulation"): points([1, 3, 2, 5, 4]),  # p 0.1041
            ("illegal_attempts", "memulation"): points([0.1, 0.4, 0.8, 1.1, 1.4, 1.8]),
            ("decision_time_median_ms", "memulation"): points([2400, 2600, 2500, 2450, 2550], n=30),
        },
        Context(),
    )
    ps = {key: r["trend"]["p"] for (key, _), r in found.items()}
    adjusted = stats.holm(list(ps.values()))
    for reading, p_adj in zip(found.values(), adjusted, strict=True):
        assert reading["role"] == "exploratory"
        assert reading["trend"]["p_adjusted"] == pytest.approx(p_adj)
        assert reading["trend"]["family"] == 3
        assert reading["words"] == []
        assert not any(word in reading["reading"] for word in EVALUATIVE)
    rising = found[("illegal_attempts", "memulation")]
    assert rising["trend"]["p_adjusted"] < 0.05
    assert rising["reading"].startswith("Exploratory (not a planned claim): rising,")
    assert rising["trend"]["arrow"] == "up"


# -- primary readings at assessment points -------------------------------------------------------

POINTS = (
    Assessment(1, "baseline", "", "session 1", 1),
    Assessment(2, "post_training", "", "session 6", 6),
    Assessment(3, "follow_up", "", "session 12", None),  # not reached yet
)
GATE = Gate(sd=2.5, r=0.8, source="norms: Example 2027, Table 5 (retest n = 64)", n=64)


PRACTICE = Practice(1.0, 1.5, 9)


def primary_context(practice=PRACTICE, gate=GATE, **more):
    return Context(
        primary=("tricks_won",),
        assessments=POINTS,
        control_arm=practice is not None,
        gate=lambda key, game: gate,
        practice=lambda key, game, point: practice,
        **more,
    )


def test_a_reliable_change_at_a_point_by_hand():
    # SEM = 2.5 sqrt(0.2) = 1.11803; the practice estimate's variance 1.5^2 / 9 = 0.25;
    # S_diff = sqrt(2 * 1.25 + 0.25) = 1.65831; RCI = (14 - 10 - 1) / 1.65831 = 1.80907;
    # Satterthwaite's df = 2.75^2 / (2.5^2 / 62 + 0.25^2 / 8) = 69.62; p of t(69.62) = 0.0747;
    # then Holm across the point's readings, times two points after the baseline.
    reading = read(points([10, 11, 12, 11, 12, 14]), primary_context())
    assert reading["role"] == "primary" and reading["trend"] is None
    end = reading["assessments"][0]
    change = end["change"]
    assert change["status"] == "ok"
    assert change["sem"] == pytest.approx(2.5 * math.sqrt(0.2))
    assert change["s_diff"] == pytest.approx(math.sqrt(2.75))
    assert change["rci"] == pytest.approx(3 / math.sqrt(2.75))
    assert change["df"] == pytest.approx(2.75**2 / (2.5**2 / 62 + 0.25**2 / 8))
    assert change["p"] == pytest.approx(0.07469, abs=1e-4)
    # The trend from session 1 to 6 is the point's other reading: two in the family.
    assert change["family"] == 2 and change["looks"] == 2
    assert end["trend"]["points"] == 6
    assert change["p_adjusted"] > 0.05
    assert reading["words"] == []
    assert (
        "No reliable change since the baseline: 10 tricks (session 1, n = 3)"
        in (reading["reading"])
    )
    assert "1 tricks of practice from the control arm (n = 9) taken off" in reading["reading"]
    assert reading["assessments"][1]["change"] == {"status": "not_reached"}


def test_a_large_change_at_a_point_is_a_reliable_improvement():
    reading = read(points([10, 10, 10, 10, 10, 18]), primary_context())
    change = reading["assessments"][0]["change"]
    assert change["rci"] == pytest.approx(7 / math.sqrt(2.75))
    assert change["p_adjusted"] < 0.05
    assert "reliable improvement" in reading["words"]
    assert "Reliable improvement since the baseline" in reading["reading"]


def test_between_points_nothing_is_said_and_before_one_only_when_it_comes():
    early = read(points([10, 11, 18]), primary_context())
    assert early["assessments"][0]["change"]["status"] == "no_value"
    assert early["words"] == []


def test_no_change_is_read_between_sessions_run_with_different_settings():
    """The point's session ran with twice the examination time: a change would be the
    settings' as much as the participant's (a large one, here)."""
    longer = {**PROTOCOL, "examination_seconds": 60}
    series = [*points([10, 10, 10, 10, 10]), Point(6, 106, None, 18, 3, False, longer)]
    reading = read(series, primary_context())
    change = reading["assessments"][0]["change"]
    assert change["status"] == "protocol_differs" and change["differs"] == ["examination_seconds"]
    assert "reliable improvement" not in reading["words"]
    assert (
        "No change reading: the baseline (session 1) ran with Memulation, 30 s examination, "
        "greedy opponent and this point (session 6) with Memulation, 60 s examination, greedy "
        "opponent" in reading["reading"]
    )
    # Under the adaptive staircase at both, the time is its outcome: the change is read.
    adapted = [Point(p.session, p.session_id, None, p.value, p.n, True, p.protocol) for p in series]
    assert read(adapted, primary_context())["assessments"][0]["change"]["status"] == "ok"


def test_no_primary_trend_runs_across_a_change_of_settings():
    """A trend from the baseline to the point through sessions at 30 s and then at 60 s of
    examination would be the settings' as much as the participant's (here, all of it)."""
    longer = {**PROTOCOL, "examination_seconds": 60}
    series = [
        *points([10, 10, 11, 10]),
        *(Point(s, 100 + s, None, v, 3, False, longer) for s, v in ((5, 15), (6, 16))),
    ]
    entry = read(series, primary_context())["assessments"][0]
    assert entry["trend"]["status"] == "protocol_differs"
    assert entry["trend"]["differs"] == ["examination_seconds"]
    assert "p" not in entry["trend"] and "arrow" not in entry["trend"]
    assert (
        "No trend is tested: session 4 ran with Memulation, 30 s examination, greedy opponent "
        "and session 5 with Memulation, 60 s examination, greedy opponent" in entry["reading"]
    )
    assert entry["words"] == []
    # The same values under one protocol are a trend.
    same = read(points([10, 10, 11, 10, 15, 16]), primary_context())["assessments"][0]
    assert same["trend"]["status"] == "ok" and same["trend"]["points"] == 6


def test_an_exploratory_trend_rests_on_the_sessions_under_the_latest_settings():
    """Sessions 1-5 at 30 s climb, 6-11 at 60 s fall: a line through all eleven mixes the two;
    the trend is read through the last six, and the reading names the sessions left out."""
    longer = {**PROTOCOL, "opponent": "expert"}
    later = [
        Point(s, 100 + s, None, v, 3, False, longer)
        for s, v in zip(range(6, 12), [9, 8, 8, 7, 6, 6], strict=True)
    ]
    reading = read([*points([1, 3, 5, 7, 9]), *later])
    trend = reading["trend"]
    assert trend["status"] == "ok" and trend["points"] == 6
    assert (trend["first_session"], trend["last_session"]) == (6, 11)
    assert trend["change"] < 0  # the eleven sessions together would rise
    assert trend["left_out"] == {
        "sessions": 5,
        "session": 5,
        "differs": ["opponent"],
        "protocol": PROTOCOL,
        "settings_from": 6,
        "latest_protocol": longer,
    }
    assert reading["reading"].endswith(
        "Sessions before session 6 are left out: session 5 ran with Memulation, 30 s "
        "examination, greedy opponent, the later ones with Memulation, 30 s examination, "
        "expert opponent."
    )
    # Three sessions since the change are not yet a trend, whatever came before.
    short = read([*points([1, 3, 5, 7, 9]), *later[:3]])["trend"]
    assert short["status"] == "not_enough_points" and short["points"] == 3
    assert short["left_out"]["sessions"] == 5
    # Settings that change back start a new run: only the last one counts.
    back = [Point(12, 112, None, 4, 3, False, PROTOCOL)]
    assert read([*points([1, 3, 5, 7, 9]), *later, *back])["trend"]["points"] == 1


def test_under_the_staircase_at_both_the_examination_time_is_no_change_of_settings():
    adapted = [
        Point(i, 100 + i, None, v, 3, True, {**PROTOCOL, "examination_seconds": 30 + 2 * i})
        for i, v in enumerate([1, 3, 2, 5, 4], start=1)
    ]
    trend = read(adapted)["trend"]
    assert trend["status"] == "ok" and trend["points"] == 5 and "left_out" not in trend


def test_without_a_gated_reliability_or_a_practice_correction_there_is_no_rci():
    missing = Gate(missing="No usable test-retest reliability: no norms row, and no retest.")
    reading = read(points([10, 10, 10, 10, 10, 18]), primary_context(gate=missing))
    assert reading["assessments"][0]["change"]["status"] == "no_reliability"
    assert "No change reading: No usable test-retest reliability" in reading["reading"]
    assert "reliable improvement" not in reading["words"]
    small_arm = Context(**{**primary_context().__dict__, "practice": lambda *a: None})
    reading = read(points([10, 10, 10, 10, 10, 18]), small_arm)
    assert reading["assessments"][0]["change"]["status"] == "no_practice"
    assert "needs 5 control-arm participants" in reading["reading"]


def test_no_control_arm_means_no_correction_and_says_so():
    reading = read(points([10, 10, 10, 10, 10, 18]), primary_context(practice=None))
    change = reading["assessments"][0]["change"]
    assert change["practice_gain"] is None
    assert change["s_diff"] == pytest.approx(math.sqrt(2.5))
    assert "no practice correction (the study has no control arm)" in reading["reading"]


# -- withheld and compared -----------------------------------------------------------------------


def test_recall_is_withheld_while_the_staircase_adapts():
    adaptive = points([0.5, 0.7, 0.8, 0.8, 0.9, 0.9], n=12, adaptive=True)
    hit = read(adaptive, key="recall_hit")
    assert hit["counted"] == 0 and hit["trend"]["status"] == "not_enough_points"
    assert hit["withheld"].startswith("Sessions played while the adaptive staircase")
    assert hit["z"]["reading"].startswith("No comparison")
    # Tricks won is not a measure the staircase steers on: read as usual.
    assert read(points([1, 3, 2, 5, 4], adaptive=True))["counted"] == 5


def test_every_z_carries_its_provenance():
    norm = Norm(12.0, 2.5, 118, "Example 2027, Table 3", "70-79", PROTOCOL)
    others = [10.0, 11.0, 12.0, 13.0, 14.0]
    ctx = Context(norm=lambda key, game: norm, cohort=lambda key, game, session: others)
    first = read(points([17]), ctx)["z"]  # the first session: the one the norms describe
    assert first["norm"]["z"] == pytest.approx((17 - 12) / 2.5)
    assert first["reading"].startswith(
        "Session 1: Better than most compared with the age-band norms (z = 2.00; Example "
        "2027, Table 3: age 70-79, n = 118, mean 12 tricks, SD 2.5 tricks, Memulation, 30 s "
        "examination, greedy opponent)"
    )
    z = read(points([10, 11, 12, 11, 12, 17]), ctx)["z"]
    assert z["norm"] is None  # five sessions of practice the norms' people did not have
    assert z["cohort"]["z"] == pytest.approx((17 - 12) / statistics.stdev(others))
    assert z["cohort"]["n"] == 5 and z["cohort"]["session"] == 6
    # Crawford and Howell: t = 5 / (1.5811 * sqrt(6 / 5)) = 2.8868 on 4 df; Student's t with 4
    # df in closed form, x = t / sqrt(4 + t^2), F = 1/2 + 3/4 x (1 - x^2 / 3) = 0.97765: above
    # an estimated 97.8% of the arm's population, two-sided p 0.04471.
    assert z["cohort"]["t"] == pytest.approx(5 / (statistics.stdev(others) * math.sqrt(1.2)))
    assert z["cohort"]["df"] == 4
    assert z["cohort"]["p"] == pytest.approx(0.044709, abs=1e-6)
    assert z["cohort"]["below"] == pytest.approx(0.977646, abs=1e-6)
    assert z["reading"] == (
        "Session 6: compared with the study's control arm at session 6: better than most, above "
        "an estimated 98% of it (Crawford and Howell's t(4) = 2.89, p = 0.045; n = 5, mean 12 "
        "tricks, SD 1.58 tricks)."
    )
    alone = read(points([10, 11, 12, 11, 12, 17]), Context(norm=lambda key, game: norm))["z"]
    assert alone["reading"].startswith(
        "No comparison: the norms are of people tested once, and session 6 comes after practice "
        "they did not have;"
    )


def test_one_person_is_not_told_apart_from_a_small_arm_by_chance_alone():
    """A z of 1.01 against five controls: Crawford and Howell's t(4) = 0.92, p = 0.41."""
    others = [4.0, 5.0, 6.0, 5.0, 5.0]
    ctx = Context(cohort=lambda key, game, session: others)
    value = 5 + 1.01 * statistics.stdev(others)
    z = read(points([5, 5, 5, 5, 5, value]), ctx)["z"]
    assert z["cohort"]["z"] == pytest.approx(1.01)
    assert z["cohort"]["p"] == pytest.approx(0.41, abs=0.01)
    assert z["reading"].startswith(
        "Session 6: compared with the study's control arm at session 6: not distinguishable "
        "from it, above an estimated 80% of it (Crawford and Howell's t(4) = 0.92, p = 0.41;"
    )
    assert not any(word in z["reading"] for word in ("better", "worse"))


def test_an_arm_with_no_spread_or_no_arm_says_so():
    same = read(points([5] * 6), Context(cohort=lambda key, game, session: [5.0] * 6))["z"]
    assert same["cohort"] is None
    assert "every one of the control arm's 6 consented participants with session 6 has the same " \
        "value" in same["reading"]  # fmt: skip
    none = read(points([5] * 6), Context(cohort=lambda key, game, session: []))["z"]
    assert "the study has no control arm" in none["reading"]


def test_a_norm_of_another_protocol_or_a_small_arm_gives_no_z():
    norm = Norm(12.0, 2.5, 118, "Example", "70-79", {**PROTOCOL, "examination_seconds": 60})
    ctx = Context(norm=lambda key, game: norm, cohort=lambda key, game, session: [10.0] * 4)
    z = read(points([17]), ctx)["z"]
    assert z["norm"] is None and z["cohort"] is None
    assert z["reading"] == (
        "No comparison: the norms were collected with Memulation, 60 s examination, greedy "
        "opponent; this session ran with Memulation, 30 s examination, greedy opponent; the "
        "control arm has 4 consented participants with session 1 (5 needed)."
    )


def test_neutral_measures_and_chance_baselines_are_not_judged():
    used = read(points([0.5, 0.6, 0.7, 0.8, 0.9, 1.0], n=4), key="examination_time_used")
    assert used["z"]["reading"].startswith("No comparison")
    assert not any(word in used["reading"] for word in ("better", "worse", *EVALUATIVE))
    chance = read(points([0.1, 0.2, 0.3, 0.4]), key="recall_chance")
    assert chance["role"] == "context" and chance["trend"] is None
    assert chance["reading"].startswith("A chance baseline for 'Stragedy hit rate")


def test_a_reading_made_after_another_at_its_point_is_corrected_for_it_too():
    """Two primary measures at one point, the second's reliability known a night later: its
    change is corrected for the first's kept tests as well, as if both were read at once."""
    tricks, rate = ("tricks_won", "memulation"), ("optimal_play_rate", "memulation")
    series = {tricks: points([10, 10, 10, 10, 10, 12]), rate: points([0.5] * 5 + [0.6], n=40)}
    known = Gate(sd=0.05, r=0.8, source="norms", n=200)

    def context(rate_gate):
        return Context(
            primary=(tricks[0], rate[0]),
            assessments=POINTS,
            gate=lambda key, game: GATE if key == tricks[0] else rate_gate,
        )

    first = participant_readings(series, context(Gate(missing="no retest reliability yet")))
    assert first[tricks]["assessments"][0]["made"]
    assert not first[rate]["assessments"][0]["made"]
    later = participant_readings(series, context(known), first)
    at_once = participant_readings(series, context(known))
    assert later[tricks]["assessments"][0] == first[tricks]["assessments"][0]  # kept
    late, fresh = later[rate]["assessments"][0], at_once[rate]["assessments"][0]
    assert late["change"]["family"] == fresh["change"]["family"] == 4  # two changes, two trends
    assert late["change"]["p_adjusted"] == fresh["change"]["p_adjusted"]
    assert late["change"]["p_adjusted"] > late["change"]["p"] * 2


def test_a_point_is_read_once_and_kept_while_its_sessions_keep_their_values():
    key = ("tricks_won", "memulation")
    first = participant_readings({key: points([10, 10, 10, 10, 10, 18])}, primary_context())
    made = first[key]["assessments"][0]
    assert made["made"] and made["change"]["practice_gain"] == 1.0
    # A week later the control arm is larger and its gain different: the point is not read again.
    grown = primary_context(practice=Practice(5.0, 1.5, 30))
    later = participant_readings({key: points([10, 10, 10, 10, 10, 18, 17])}, grown, first)
    assert later[key]["assessments"][0] == made
    assert later[key]["words"] == first[key]["words"] == ["reliable improvement"]
    # A session value computed again differently: the point is read again, with today's inputs.
    redone = participant_readings({key: points([10, 10, 10, 10, 10, 16])}, grown, first)
    assert redone[key]["assessments"][0]["change"]["practice_gain"] == 5.0


def test_values_exactly_on_a_line_are_no_trend_and_never_p_0():
    line = read(points([10, 11, 12, 13, 14]))
    assert line["trend"]["status"] == "exact_line" and "p" not in line["trend"]
    assert line["reading"] == (
        "Exploratory. No trend can be tested: the counted sessions lie exactly on a straight "
        "line, which leaves nothing to estimate its uncertainty from."
    )
    assert "p = 0" not in line["reading"]


def test_a_p_below_a_thousandth_is_written_as_such():
    steep = read(points([10, 20.5, 29.5, 40, 50.5, 59.5, 70], n=20))
    assert steep["trend"]["p_adjusted"] < 1e-5
    assert "p < 0.001 after Holm's correction" in steep["reading"]
    assert not re.search(r"\de-\d", steep["reading"])
    modest = read(points([1, 3, 2, 5, 4]))
    assert "p = 0.1 after Holm's correction" in modest["reading"]


def test_a_retest_that_differs_by_one_shift_has_a_wide_interval_never_a_point():
    icc = stats.icc_agreement([(v, v + 1.0) for v in range(10, 40)])
    assert icc.low < 0.5 < icc.icc < icc.high < 1  # the shift's one degree of freedom
    assert stats.icc_agreement([(v, v) for v in range(10, 40)]) is None


def test_a_change_the_staircase_steered_says_so():
    hits = points([0.5, 0.6, 0.7, 0.6, 0.8, 0.9], n=20, adaptive=True)
    context = Context(
        primary=("recall_hit",),
        assessments=POINTS,
        gate=lambda key, game: GATE,
    )
    reading = read(hits, context, key="recall_hit")
    assert reading["assessments"][0]["change"]["status"] == "adaptive"
    assert (
        "No change reading: the adaptive staircase set the examination time" in (reading["reading"])
    )


def test_no_trend_is_tested_through_a_staircases_levels():
    """Each level carries on from the last: a falling line through them would be the walk's, not
    the participant's (bench/staircase_readings.py)."""
    level = read(points([30, 28, 26, 25, 23, 22, 20], n=20), key="adaptive_seconds")
    assert level["trend"]["status"] == "staircase" and "p" not in level["trend"]
    assert level["reading"] == (
        "Exploratory. No trend is tested: each session's level carries on from the last one's, "
        "so the sessions are not independent observations a trend could rest on."
    )


def test_large_numbers_are_written_out_never_as_exponents():
    slower = read(points([5200, 4100, 3900, 2800, 2600, 1500], n=40), key="decision_time_median_ms")
    assert slower["trend"]["change"] < -1000
    assert not re.search(r"\de[+-]\d", slower["reading"])
    assert re.search(r"-[1-9]\d{3} ms over sessions 1-6", slower["reading"]), slower["reading"]
