"""The statistics checked against published worked examples."""

import math

import pytest

from apps.metrics import stats


@pytest.mark.parametrize(
    ("df", "expected"),
    [
        (7, 2.365),  # CAST (VSN International), confidence interval for a slope, n = 9
        (4, 2.776),  # Lane, HyperStat: "The t for the 95% confidence interval is 2.78"
        (34, 2.03),  # t(0.025, 34) = 2.03, from a t table
        (1, 12.706),
    ],
)
def test_t_quantiles_match_the_tables(df, expected):
    assert stats.t_quantile(0.975, df) == pytest.approx(expected, abs=5e-4 if df != 34 else 5e-3)


def test_least_squares_slope_matches_the_worked_example():
    # algebra.com question 656178: x = 0..5, y = 100, 92, 82, 78, 66, 51 -> slope -163.5 / 17.5
    fit = stats.least_squares([0, 1, 2, 3, 4, 5], [100, 92, 82, 78, 66, 51])
    assert fit.slope == pytest.approx(-163.5 / 17.5)
    assert fit.intercept == pytest.approx(469 / 6 + 2.5 * 163.5 / 17.5)  # mean y is 78.17
    # The interval by the textbook formula: b +- t(4) * sqrt(SSE / (n - 2) / Sxx).
    sse = sum(
        (y - fit.intercept - fit.slope * x) ** 2 for x, y in enumerate([100, 92, 82, 78, 66, 51])
    )
    half = 2.7764451 * math.sqrt(sse / 4 / 17.5)
    assert (fit.ci_low, fit.ci_high) == (
        pytest.approx(fit.slope - half, rel=1e-6),
        pytest.approx(fit.slope + half, rel=1e-6),
    )


def test_the_slope_interval_of_the_cast_example():
    # CAST: b1 = 9.27, se(b1) = 1.42, n = 9 -> 95% CI 5.9 to 12.6
    half = stats.t_quantile(0.975, 7) * 1.42
    assert (round(9.27 - half, 1), round(9.27 + half, 1)) == (5.9, 12.6)


def test_reliable_change_matches_the_piers_harris_example():
    # Wodrich, Appendix E: SEM 3.07 -> S_diff 4.34, reliable change 8.51; 24 -> 35 is reliable.
    change = stats.reliable_change(baseline=24, latest=35, sem=3.07)
    assert round(change.s_diff, 2) == 4.34
    assert round(change.threshold, 2) == 8.51
    assert change.reliable
    assert change.rci == pytest.approx(11 / 4.3416, rel=1e-3)


def test_reliable_change_from_sd_and_reliability_with_practice_correction():
    # SEM = SD * sqrt(1 - r) = 10 * sqrt(0.19); S_diff = sqrt(2) * SEM
    change = stats.reliable_change(baseline=50, latest=58, sd=10, reliability=0.81)
    assert change.s_diff == pytest.approx(math.sqrt(2) * 10 * math.sqrt(0.19))
    assert not change.reliable  # 8 points < 1.96 * 6.16
    corrected = stats.reliable_change(
        baseline=50, latest=58, sd=10, reliability=0.81, practice_gain=3
    )
    assert corrected.rci == pytest.approx(5 / change.s_diff)


def test_spread_of_decision_times():
    times = [100 * i for i in range(1, 53)]  # 100 .. 5200 ms
    assert stats.median(times) == 2650
    assert stats.iqr(times) == pytest.approx(3925 - 1375)
    assert stats.cv(times) == pytest.approx(100 * math.sqrt(52 * 53 / 12) / 2650)


def test_rolling_mean_skips_missing_sessions():
    assert stats.rolling_mean([1, None, 3, 5], window=3) == [1, 1, 2, 4]


def test_the_sem_of_a_three_session_mean_by_hand():
    # One-session SD 0.2, r = 0.75: SEM_1 = 0.2 * sqrt(0.25) = 0.1; a mean of 3 sessions has
    # SEM_3 = 0.1 / sqrt(3) = 0.057735.
    assert stats.sem_of_mean(sd=0.2, reliability=0.75) == pytest.approx(0.1)
    assert stats.sem_of_mean(sd=0.2, reliability=0.75, k=3) == pytest.approx(0.0577350, abs=1e-7)
    # The same as Spearman-Brown: r_3 = 3 * 0.75 / (1 + 2 * 0.75) = 0.9, and the SD of a
    # 3-session mean is 0.2 * sqrt((1 + 2 * 0.75) / 3) = 0.182574; 0.182574 * sqrt(0.1) = 0.057735.
    assert 0.2 * math.sqrt(2.5 / 3) * math.sqrt(1 - 0.9) == pytest.approx(0.0577350, abs=1e-7)


def test_the_rci_of_three_session_means_and_its_practice_correction_by_hand():
    # Baseline 0.40 and latest 0.60 are means of 3 sessions each; SD 0.2, r = 0.75.
    # S_diff = 0.1 * sqrt(1/3 + 1/3) = 0.081650; RCI = 0.20 / 0.081650 = 2.449: reliable.
    raw = stats.reliable_change(
        baseline=0.40, latest=0.60, sd=0.2, reliability=0.75, k_baseline=3, k_latest=3
    )
    assert raw.s_diff == pytest.approx(0.0816497, abs=1e-7)
    assert raw.rci == pytest.approx(2.4495, abs=1e-4)
    assert raw.threshold == pytest.approx(1.959964 * 0.0816497, abs=1e-6)
    assert raw.reliable
    # A practice gain of 0.05 (control arm): (0.20 - 0.05) / 0.081650 = 1.837: not reliable.
    corrected = stats.reliable_change(
        baseline=0.40,
        latest=0.60,
        sd=0.2,
        reliability=0.75,
        k_baseline=3,
        k_latest=3,
        practice_gain=0.05,
    )
    assert corrected.rci == pytest.approx(1.8371, abs=1e-4)
    assert not corrected.reliable
    # Single sessions keep the textbook sqrt(2) * SEM: 0.20 / (sqrt(2) * 0.1) = 1.414.
    single = stats.reliable_change(baseline=0.40, latest=0.60, sd=0.2, reliability=0.75)
    assert single.rci == pytest.approx(1.4142, abs=1e-4)


def test_a_k_session_mean_needs_a_session_and_a_reliability_below_one():
    with pytest.raises(ValueError):
        stats.sem_of_mean(sd=1, reliability=0.5, k=0)
    with pytest.raises(ValueError):
        stats.sem_of_mean(sd=1, reliability=1.0)
