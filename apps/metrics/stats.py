"""The statistics behind trends and change, in plain Python (checked against worked examples).

>>> round(t_quantile(0.975, 7), 3)
2.365
>>> fit = least_squares([0, 1, 2, 3, 4, 5], [100, 92, 82, 78, 66, 51])
>>> round(fit.slope, 2)
-9.34
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

Z95 = 1.959963984540054


def median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


def iqr(values: Sequence[float]) -> float | None:
    """Interquartile range (quartiles by linear interpolation, as most packages do)."""
    if len(values) < 2:
        return None
    q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q3 - q1


def cv(values: Sequence[float]) -> float | None:
    """Coefficient of variation: sample standard deviation over the mean."""
    if len(values) < 2:
        return None
    mean = statistics.fmean(values)
    return statistics.stdev(values) / mean if mean else None


def rolling_mean(values: Sequence[float | None], window: int = 3) -> list[float | None]:
    """Mean of each value and the ones before it (up to ``window``), skipping missing values."""
    out: list[float | None] = []
    for i in range(len(values)):
        part = [v for v in values[max(0, i - window + 1) : i + 1] if v is not None]
        out.append(statistics.fmean(part) if part else None)
    return out


# -- Student's t quantile (for confidence intervals on small samples) ------------------------


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b), by Lentz's continued fraction."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _incomplete_beta(b, a, 1.0 - x)
    front = (
        math.exp(
            math.lgamma(a + b)
            - math.lgamma(a)
            - math.lgamma(b)
            + a * math.log(x)
            + b * math.log1p(-x)
        )
        / a
    )
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 300):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return front * result


def t_cdf(t: float, df: float) -> float:
    tail = 0.5 * _incomplete_beta(df / 2, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


@lru_cache(maxsize=256)
def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (bisection)."""
    low, high = -1e3, 1e3
    for _ in range(64):
        mid = (low + high) / 2
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
    return (low + high) / 2


# -- trend over sessions ---------------------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    slope: float
    intercept: float
    slope_se: float | None
    ci_low: float | None
    ci_high: float | None
    n: int


def least_squares(x: Sequence[float], y: Sequence[float]) -> Fit:
    """Ordinary least squares of ``y`` on ``x``, with a 95% interval on the slope (t, n-2 df)."""
    n = len(x)
    if n < 2 or n != len(y):
        raise ValueError("a fit needs at least two (x, y) pairs")
    mx, my = statistics.fmean(x), statistics.fmean(y)
    sxx = sum((a - mx) ** 2 for a in x)
    if sxx == 0:
        raise ValueError("a fit needs at least two different x values")
    slope = sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True)) / sxx
    intercept = my - slope * mx
    if n < 3:
        return Fit(slope, intercept, None, None, None, n)
    residual = sum((b - intercept - slope * a) ** 2 for a, b in zip(x, y, strict=True))
    se = math.sqrt(residual / (n - 2) / sxx)
    half = t_quantile(0.975, n - 2) * se
    return Fit(slope, intercept, se, slope - half, slope + half, n)


@dataclass(frozen=True)
class Trend:
    """A trend over sessions: the slope per session (on the logit scale for a proportion), its
    95% interval and two-sided p, and the fitted values at the first and last session with the
    change between them and its interval (in the metric's own unit, so a proportion's change
    stays within -1..1)."""

    slope: float
    ci_low: float
    ci_high: float
    p: float
    first: float
    last: float
    change: float
    change_low: float
    change_high: float
    scale: str  # "linear" or "logit"
    dispersion: float = 1.0


def weighted_trend(x: Sequence[float], y: Sequence[float], w: Sequence[float]) -> Trend | None:
    """Weighted least squares of ``y`` on ``x`` (weights ``w``: the observations behind each
    value, whose mean's variance goes as 1 / w), the residual variance estimated, a t interval
    with n - 2 df. By hand, equal weights: slope 8 / 10, residuals -0.4, 0.8, -1, 1.2, -0.6,
    SE sqrt(3.6 / 3 / 10) = 0.3464, t(3) 0.975 quantile 3.1824, so 0.8 +- 1.10:

    >>> t = weighted_trend([1, 2, 3, 4, 5], [1, 3, 2, 5, 4], [1, 1, 1, 1, 1])
    >>> round(t.slope, 2), round(t.ci_low, 2), round(t.ci_high, 2), round(t.p, 3)
    (0.8, -0.3, 1.9, 0.104)

    None when the values lie exactly on a line: no residual is left to estimate the slope's
    error from, and a p of 0 would claim a certainty no data give.

    >>> weighted_trend([1, 2, 3, 4, 5], [10, 11, 12, 13, 14], [3, 3, 3, 3, 3]) is None
    True
    """
    n = len(x)
    if n < 3 or not (n == len(y) == len(w)):
        raise ValueError("a trend needs at least three (x, y, weight) triples")
    total = sum(w)
    mx = sum(a * b for a, b in zip(w, x, strict=True)) / total
    my = sum(a * b for a, b in zip(w, y, strict=True)) / total
    sxx = sum(c * (a - mx) ** 2 for a, c in zip(x, w, strict=True))
    if sxx == 0:
        raise ValueError("a trend needs at least two different sessions")
    slope = sum(c * (a - mx) * (b - my) for a, b, c in zip(x, y, w, strict=True)) / sxx
    intercept = my - slope * mx
    residual = sum(c * (b - intercept - slope * a) ** 2 for a, b, c in zip(x, y, w, strict=True))
    spread = sum(c * (b - my) ** 2 for b, c in zip(y, w, strict=True))
    if residual <= 1e-12 * spread:  # rounding's residue of an exact line (or no spread at all)
        return None
    se = math.sqrt(residual / (n - 2) / sxx)
    q = t_quantile(0.975, n - 2)
    p = t_two_sided_p(slope / se, n - 2)
    span = max(x) - min(x)
    first, last = intercept + slope * min(x), intercept + slope * max(x)
    return Trend(
        slope, slope - q * se, slope + q * se, p, first, last,
        last - first, (slope - q * se) * span, (slope + q * se) * span, "linear",
    )  # fmt: skip


def _expit(v: float) -> float:
    return 1.0 / (1.0 + math.exp(-v)) if v >= 0 else math.exp(v) / (1.0 + math.exp(v))


def logistic_trend(x: Sequence[float], y: Sequence[float], w: Sequence[float]) -> Trend | None:
    """A proportion's trend: a quasi-binomial logistic regression of ``y`` (proportions, 0..1)
    on ``x`` with ``w`` observations behind each, fitted by iteratively reweighted least
    squares. The slope is in log-odds per session, its interval a Wald interval widened by the
    dispersion (Pearson's chi-square over n - 2, never below 1) with t quantiles on n - 2 df.
    The change is that of the fitted proportion from the first to the last session, its
    interval the change at the slope's two ends (the mean's log-odds held): always inside
    -1..1. None when the fit does not converge (values all at one end, or separated).
    """
    n = len(x)
    if n < 3 or not (n == len(y) == len(w)):
        raise ValueError("a trend needs at least three (x, y, weight) triples")
    total = sum(w)
    centre = sum(a * c for a, c in zip(x, w, strict=True)) / total
    xs = [a - centre for a in x]
    mean_y = sum(b * c for b, c in zip(y, w, strict=True)) / total
    if not 0 < mean_y < 1:
        return None
    b0, b1 = math.log(mean_y / (1 - mean_y)), 0.0
    for _ in range(100):
        s00 = s01 = s11 = g0 = g1 = 0.0
        for a, b, c in zip(xs, y, w, strict=True):
            mu = _expit(b0 + b1 * a)
            v = c * mu * (1 - mu)
            s00, s01, s11 = s00 + v, s01 + v * a, s11 + v * a * a
            g0, g1 = g0 + c * (b - mu), g1 + c * (b - mu) * a
        det = s00 * s11 - s01 * s01
        if det <= 1e-12:
            return None
        d0, d1 = (s11 * g0 - s01 * g1) / det, (s00 * g1 - s01 * g0) / det
        b0, b1 = b0 + d0, b1 + d1
        if abs(b1) > 20:
            return None
        if abs(d0) < 1e-10 and abs(d1) < 1e-10:
            break
    else:
        return None
    pearson_chi2 = 0.0
    for a, b, c in zip(xs, y, w, strict=True):
        mu = _expit(b0 + b1 * a)
        pearson_chi2 += c * (b - mu) ** 2 / (mu * (1 - mu))
    dispersion = max(1.0, pearson_chi2 / (n - 2))
    se = math.sqrt(dispersion * s00 / det)
    q = t_quantile(0.975, n - 2)
    low, high = b1 - q * se, b1 + q * se
    lo_x, hi_x = min(xs), max(xs)

    def change(slope: float) -> float:
        return _expit(b0 + slope * hi_x) - _expit(b0 + slope * lo_x)

    first, last = _expit(b0 + b1 * lo_x), _expit(b0 + b1 * hi_x)
    return Trend(
        b1, low, high, t_two_sided_p(b1 / se, n - 2), first, last,
        last - first, change(low), change(high), "logit", dispersion,
    )  # fmt: skip


# -- reliable change -------------------------------------------------------------------------


@dataclass(frozen=True)
class ReliableChange:
    rci: float
    s_diff: float
    threshold: float  # the smallest change that is reliable at 95%
    reliable: bool
    practice_gain: float


def sem_of_mean(*, sd: float, reliability: float, k: int = 1) -> float:
    """Standard error of measurement of a mean of ``k`` sessions, ``SD * sqrt(1 - r) / sqrt(k)``,
    where ``SD`` and ``r`` are those of one-session scores (errors independent between sessions;
    the same as the Spearman-Brown reliability of the k-session mean applied to its own SD).
    """
    if k < 1:
        raise ValueError("a mean needs at least one session")
    if not -1.0 <= reliability < 1.0:
        raise ValueError("the reliability must be below 1")
    return sd * math.sqrt(1.0 - reliability) / math.sqrt(k)


def reliable_change(
    *,
    baseline: float,
    latest: float,
    sd: float | None = None,
    reliability: float | None = None,
    sem: float | None = None,
    k_baseline: int = 1,
    k_latest: int = 1,
    practice_gain: float = 0.0,
) -> ReliableChange:
    """Jacobson-Truax reliable change with the Christensen-Mendoza standard error of the
    difference, for a baseline and a latest score that are means of ``k_baseline`` and
    ``k_latest`` sessions: ``S_diff = SEM_1 * sqrt(1/k_baseline + 1/k_latest)`` with the
    one-session ``SEM_1 = SD * sqrt(1 - r)`` (``sqrt(2) * SEM_1`` when both are single
    sessions). With a practice-effect correction (Chelune et al.): the expected retest gain
    is subtracted from the change first.
    """
    if sem is None:
        if sd is None or reliability is None:
            raise ValueError("give the SEM, or the one-session SD and the reliability")
        sem = sem_of_mean(sd=sd, reliability=reliability)
    if k_baseline < 1 or k_latest < 1:
        raise ValueError("a mean needs at least one session")
    s_diff = sem * math.sqrt(1 / k_baseline + 1 / k_latest)
    if s_diff == 0:
        raise ValueError("the standard error of the difference is zero")
    rci = (latest - baseline - practice_gain) / s_diff
    return ReliableChange(rci, s_diff, Z95 * s_diff, abs(rci) >= Z95, practice_gain)


# -- p-values, multiplicity ------------------------------------------------------------------

_NORMAL = statistics.NormalDist()


def normal_two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z.

    >>> round(normal_two_sided_p(1.959963984540054), 6)
    0.05
    """
    return 2.0 * (1.0 - _NORMAL.cdf(abs(z)))


def normal_quantile(p: float) -> float:
    return _NORMAL.inv_cdf(p)


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom.

    >>> round(t_two_sided_p(2.776445, 4), 4)
    0.05
    """
    return 2.0 * (1.0 - t_cdf(abs(t), df))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the i-th smallest of m is
    multiplied by m - i + 1 (i from 1), made non-decreasing, and capped at 1.

    >>> holm([0.01, 0.04, 0.03, 0.5])
    [0.04, 0.09, 0.09, 0.5]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = round(running, 12)
    return adjusted


# -- F distribution (for the interval of an intraclass correlation) -------------------------


def f_cdf(x: float, d1: float, d2: float) -> float:
    if x <= 0:
        return 0.0
    return _incomplete_beta(d1 / 2, d2 / 2, d1 * x / (d1 * x + d2))


@lru_cache(maxsize=256)
def f_quantile(p: float, d1: float, d2: float) -> float:
    """The ``p`` quantile of F(d1, d2), by bisection on the log scale.

    >>> round(f_quantile(0.975, 29, 29), 3)
    2.101
    """
    low, high = -30.0, 30.0
    for _ in range(100):
        mid = (low + high) / 2
        if f_cdf(math.exp(mid), d1, d2) < p:
            low = mid
        else:
            high = mid
    return math.exp((low + high) / 2)


def sd_interval(sd: float, n: int) -> tuple[float, float]:
    """The 95% interval of a normal sample's SD from ``n`` values: sqrt((n - 1) s^2 / chi^2) at
    chi-square's 0.975 and 0.025 quantiles on n - 1 df (chi^2 on k df is k times F(k, infinity),
    F's second df taken as 10^9). From three values it runs from half the SD to six times it:

    >>> [round(v, 3) for v in sd_interval(1.0, 3)]
    [0.521, 6.285]
    """
    df = n - 1
    high_q, low_q = (df * f_quantile(p, df, 1e9) for p in (0.975, 0.025))
    return sd * math.sqrt(df / high_q), sd * math.sqrt(df / low_q)


# -- intraclass correlation of a test and its retest --------------------------------------------


@dataclass(frozen=True)
class Icc:
    icc: float
    low: float  # 95% interval
    high: float
    n: int


def icc_agreement(pairs: Sequence[tuple[float, float]]) -> Icc | None:
    """ICC(A,1) of McGraw and Wong (1996): two-way model, absolute agreement, single measures,
    for ``n`` people measured twice (test, retest), with its 95% interval (their case 2A, the
    F test with Satterthwaite's degrees of freedom). None with fewer than three people, no
    spread at all, or every retest equal to its test. When each retest differs from its test by
    the same amount (no error term), the interval rests on the shift's one degree of freedom:
    wide, never a point.

    >>> icc = icc_agreement([(v, v + 1.0) for v in range(10, 40)])
    >>> round(icc.icc, 3), icc.low < 0.9 < icc.icc < icc.high
    (0.994, True)
    """
    n, k = len(pairs), 2
    if n < 3:
        return None
    grand = statistics.fmean(v for pair in pairs for v in pair)
    rows = [statistics.fmean(pair) for pair in pairs]
    cols = [statistics.fmean(pair[j] for pair in pairs) for j in range(k)]
    ss_rows = k * sum((r - grand) ** 2 for r in rows)
    ss_cols = n * sum((c - grand) ** 2 for c in cols)
    ss_total = sum((v - grand) ** 2 for pair in pairs for v in pair)
    ss_error = ss_total - ss_rows - ss_cols
    msr = ss_rows / (n - 1)
    msc = ss_cols / (k - 1)
    mse = max(0.0, ss_error / ((n - 1) * (k - 1)))  # no negative residue of rounding
    denominator = msr + (k - 1) * mse + k * (msc - mse) / n
    if denominator <= 0 or msr <= 0 or mse == msc == 0:  # the last: every retest its test
        return None
    icc = (msr - mse) / denominator
    a = k * icc / (n * (1 - icc)) if icc < 1 else 0.0
    b = 1 + k * icc * (n - 1) / (n * (1 - icc)) if icc < 1 else 1.0
    v = (a * msc + b * mse) ** 2 / ((a * msc) ** 2 / (k - 1) + (b * mse) ** 2 / ((n - 1) * (k - 1)))
    f_low = f_quantile(0.975, n - 1, v)
    f_high = f_quantile(0.975, v, n - 1)
    low = n * (msr - f_low * mse) / (f_low * (k * msc + (k * n - k - n) * mse) + n * msr)
    high = n * (f_high * msr - mse) / (k * msc + (k * n - k - n) * mse + n * f_high * msr)
    return Icc(icc, low, high, n)


def pearson(x: Sequence[float], y: Sequence[float]) -> float | None:
    if len(x) < 3:
        return None
    try:
        return statistics.correlation(x, y)
    except statistics.StatisticsError:
        return None
