"""What the dashboard may say about a participant's metric, checked on hand-made series."""

import math

import pytest

from apps.metrics.catalogue import CATALOGUE
from apps.metrics.trends import Cohort, Point, Reference, trend_details

HIT = CATALOGUE["recall_hit"]
TIME_USED = CATALOGUE["examination_time_used"]


def points(values, n=10):
    return [Point(i + 1, 100 + i, None, v, n) for i, v in enumerate(values)]


# Six sessions: the baseline is the mean of the first three (0.40), the latest of the last three
# (0.60), so k = 3.
SERIES = points([0.35, 0.40, 0.45, 0.55, 0.60, 0.65])
NORMS = Reference(mean=0.5, sd=0.2, n=118, source="Example norms", retest_r=0.75,
                  retest_source="Example, Table 5")  # fmt: skip


def test_the_rci_uses_k_session_means_and_names_its_inputs():
    rci = trend_details(HIT, SERIES, None, NORMS)["rci"]
    # S_diff = 0.2 * sqrt(1 - 0.75) * sqrt(1/3 + 1/3) = 0.081650; RCI = 0.20 / 0.081650.
    assert rci["status"] == "ok"
    assert (rci["baseline"], rci["latest"]) == (pytest.approx(0.40), pytest.approx(0.60))
    assert rci["k"] == 3
    assert rci["s_diff"] == pytest.approx(0.1 * math.sqrt(2 / 3))
    assert rci["sem"] == pytest.approx(0.1 / math.sqrt(3))
    assert rci["value"] == pytest.approx(2.4495, abs=1e-4)
    assert (rci["sd"], rci["reliability"]) == (0.2, 0.75)
    assert rci["source"] == "norms file: Example, Table 5"
    assert rci["corrected"] is None and rci["practice_source"] is None
    assert rci["reliable"]
    assert rci["reading"].startswith("Reliable improvement (RCI 2.45; no practice correction")


def test_the_flag_and_words_follow_the_practice_corrected_value():
    control = Cohort(n=12, control_gain=0.05, control_n=6)
    rci = trend_details(HIT, SERIES, control, NORMS)["rci"]
    assert rci["value"] == pytest.approx(2.4495, abs=1e-4)  # raw: would be reliable
    assert rci["corrected"] == pytest.approx(0.15 / (0.1 * math.sqrt(2 / 3)))  # 1.837
    assert rci["practice_gain"] == 0.05
    assert rci["practice_source"] == "the study's control arm (n = 6)"
    assert not rci["reliable"]
    assert rci["reading"].startswith(
        "No reliable change (RCI 1.84 after a practice correction of 0.05; 2.45 uncorrected)"
    )


def test_a_small_control_arm_gives_way_to_the_norms_practice_effect():
    norms = Reference(**{**NORMS.__dict__, "practice_effect": 0.02, "practice_source": "Ex. 6"})
    rci = trend_details(HIT, SERIES, Cohort(n=12, control_gain=0.3, control_n=2), norms)["rci"]
    assert rci["practice_source"] == "norms file: Ex. 6"
    assert rci["corrected"] == pytest.approx(0.18 / (0.1 * math.sqrt(2 / 3)))


def test_no_reliability_means_no_rci():
    norms = Reference(mean=0.5, sd=0.2, n=118, source="Example norms")  # no retest_r
    too_few = Cohort(n=6, session_sd=0.2, reliability=0.59, reliability_n=6)
    negative = Cohort(n=30, session_sd=0.2, reliability=-0.33, reliability_n=30)
    for cohort in (None, too_few, negative):
        rci = trend_details(HIT, SERIES, cohort, norms)["rci"]
        assert rci["status"] == "no_reliability"
        assert rci["value"] is None and not rci["reliable"]
        assert "no test-retest reliability" in rci["reading"]


def test_the_studys_own_retest_data_serves_once_there_is_enough():
    own = Cohort(n=12, session_sd=0.25, reliability=0.6, reliability_n=12)
    rci = trend_details(HIT, SERIES, own, None)["rci"]
    assert rci["source"] == "the study's own retest data (sessions 1 and 2)"
    assert rci["value"] == pytest.approx(0.2 / (0.25 * math.sqrt(0.4) * math.sqrt(2 / 3)))


def test_too_few_trials_say_not_enough_data_yet():
    # One 'Stragedy a session: three attempts in the baseline, three in the latest.
    details = trend_details(HIT, points([0, 1, 0, 1, 1, 1], n=1), Cohort(n=20, mean=0.5, sd=0.3),
                            NORMS)  # fmt: skip
    rci = details["rci"]
    assert rci["status"] == "not_enough_trials"
    assert rci["value"] is None and not rci["reliable"]
    assert rci["reading"] == (
        "Not enough data yet: the baseline rests on 3 observations and the latest on 3 "
        "observations; a reliable change needs 10 in each."
    )
    assert details["z_cohort"] is None and details["z_norm"] is None
    assert details["z_reading"].startswith("Not enough data yet")


def test_a_neutral_measure_is_not_read_as_better_or_worse():
    details = trend_details(TIME_USED, points([0.5, 0.6, 0.7, 0.8, 0.9, 1.0]),
                            Cohort(n=20, mean=0.5, sd=0.1), Reference(0.5, 0.1, retest_r=0.8,
                            retest_source="x"))  # fmt: skip
    assert details["rci"]["value"] is None and details["rci"]["status"] == "neutral"
    assert details["z_cohort"] is None and details["z_norm"] is None
    words = " ".join([details["rci"]["reading"], details["z_reading"], details["trend"]["reading"]])
    for evaluative in ("better", "worse", "improvement", "decline", "Reliable"):
        assert evaluative not in words
    assert details["trend"]["reading"].startswith("Increase:")


def test_a_chance_baseline_is_never_read_as_a_score():
    details = trend_details(CATALOGUE["recall_chance"], points([0.1, 0.2, 0.3, 0.4]),
                            Cohort(n=20, mean=0.1, sd=0.05), NORMS)  # fmt: skip
    assert details["latest"] == 0.4
    assert details["trend"] is None and details["rci"] is None
    assert details["z_cohort"] is None and details["z_reading"] is None
    assert details["reading"].startswith("A chance baseline for 'Stragedy hit rate")


def test_z_scores_need_enough_trials_and_a_cohort_of_five():
    details = trend_details(HIT, SERIES, Cohort(n=4, mean=0.4, sd=0.1), NORMS)
    assert details["z_cohort"] is None  # four participants are too few
    assert details["z_norm"] == pytest.approx((0.65 - 0.5) / 0.2)
    assert details["z_reading"] == (
        "Latest session: about average compared with the age-band norms (z = 0.75)."
    )
    below = trend_details(HIT, points([0.4] * 5 + [0.05]), None, NORMS)
    assert below["z_reading"] == (
        "Latest session: worse than most compared with the age-band norms (z = -2.25)."
    )


def test_a_cohort_without_a_mean_gives_no_z_and_no_error():
    details = trend_details(HIT, SERIES, Cohort(n=8, mean=None, sd=0.1), NORMS)
    assert details["z_cohort"] is None
    assert details["z_norm"] == pytest.approx((0.65 - 0.5) / 0.2)


def test_sessions_without_a_value_are_left_out_of_the_trend_and_the_baseline():
    gappy = points([0.35, None, 0.40, 0.45, None, 0.55, 0.60, 0.65])
    details = trend_details(HIT, gappy, None, NORMS)
    assert details["baseline"] == pytest.approx(0.40)  # the first three values present
    assert details["rci"]["latest"] == pytest.approx(0.60)
    assert details["trend"]["slope"] > 0
    assert [s["value"] for s in details["series"]][1] is None  # still listed, as missing
