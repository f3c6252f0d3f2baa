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


def pearson(x: Sequence[float], y: Sequence[float]) -> float | None:
    if len(x) < 3:
        return None
    try:
        return statistics.correlation(x, y)
    except statistics.StatisticsError:
        return None
