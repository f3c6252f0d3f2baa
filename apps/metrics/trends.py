"""A participant's metric over sessions: trend, reliable change and z-scores, in plain words."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from apps.metrics import stats
from apps.metrics.catalogue import HIGHER, LOWER, Metric

BASELINE_SESSIONS = 3  # k: the first k sessions are the baseline, the last k the latest
MIN_COHORT_FOR_SD = 5
MIN_COHORT_FOR_RELIABILITY = 10


@dataclass(frozen=True)
class Point:
    session: int
    session_id: int
    date: str | None
    value: float | None


@dataclass(frozen=True)
class Norm:
    mean: float | None
    sd: float | None
    baseline_sd: float | None = None
    retest_gain: float | None = None
    reliability: float | None = None
    n: int = 0


def window(n: int) -> int:
    """How many sessions make the baseline (and the latest): k, fewer while sessions are few."""
    return min(BASELINE_SESSIONS, n // 2)


def baseline_and_latest(values: list[float]) -> tuple[float | None, float | None]:
    k = window(len(values))
    if k == 0:
        return None, None
    return statistics.fmean(values[:k]), statistics.fmean(values[-k:])


def _better(metric: Metric, change: float) -> str:
    if metric.direction == HIGHER:
        return "improvement" if change > 0 else "decline"
    if metric.direction == LOWER:
        return "improvement" if change < 0 else "decline"
    return "increase" if change > 0 else "decrease"


def _number(x: float) -> str:
    return f"{x:.3g}"


def trend_details(metric: Metric, points: list[Point], cohort: Norm | None, norm: Norm | None):
    """Everything the dashboard shows about one metric of one participant."""
    present = [p for p in points if p.value is not None]
    values = [p.value for p in present]
    rolling = stats.rolling_mean([p.value for p in points])
    details: dict = {
        "series": [
            {
                "session": p.session,
                "session_id": p.session_id,
                "date": p.date,
                "value": p.value,
                "rolling_mean": r,
            }
            for p, r in zip(points, rolling, strict=True)
        ],
        "latest": values[-1] if values else None,
        "trend": _trend(metric, present),
        "rci": None,
        "z_cohort": None,
        "z_norm": None,
    }
    baseline, latest = baseline_and_latest(values)
    details["baseline"] = baseline
    details["rci"] = _rci(metric, baseline, latest, cohort, norm)
    if values and cohort and cohort.sd:
        details["z_cohort"] = (values[-1] - cohort.mean) / cohort.sd
    if values and norm and norm.sd:
        details["z_norm"] = (values[-1] - norm.mean) / norm.sd
    details["z_reading"] = _z_reading(metric, details["z_cohort"], details["z_norm"])
    return details


def _trend(metric: Metric, present: list[Point]) -> dict:
    if len({p.session for p in present}) < 3:
        return {
            "slope": None,
            "ci_low": None,
            "ci_high": None,
            "arrow": "flat",
            "reading": "Not enough sessions for a trend yet (three are needed).",
        }
    fit = stats.least_squares([p.session for p in present], [p.value for p in present])
    clear = fit.ci_low is not None and (fit.ci_low > 0 or fit.ci_high < 0)
    arrow = ("up" if fit.slope > 0 else "down") if clear else "flat"
    span = f"95% CI {_number(fit.ci_low)} to {_number(fit.ci_high)}"
    if clear:
        kind = _better(metric, fit.slope).capitalize()
        reading = f"{kind}: {_number(fit.slope)} {metric.unit} per session ({span})."
    else:
        reading = f"No clear trend: {_number(fit.slope)} {metric.unit} per session ({span})."
    return {
        "slope": fit.slope,
        "ci_low": fit.ci_low,
        "ci_high": fit.ci_high,
        "arrow": arrow,
        "reading": reading,
    }


def _rci(metric, baseline, latest, cohort: Norm | None, norm: Norm | None) -> dict:
    sd = None
    if cohort and cohort.n >= MIN_COHORT_FOR_SD and cohort.baseline_sd:
        sd, sd_source = cohort.baseline_sd, "study cohort"
    elif norm and norm.sd:
        sd, sd_source = norm.sd, "reference norms"
    if baseline is None or sd is None:
        return {
            "value": None,
            "reliable": False,
            "corrected": None,
            "reading": "Not enough data for a reliable-change estimate yet.",
        }
    use_cohort_r = cohort and cohort.n >= MIN_COHORT_FOR_RELIABILITY and cohort.reliability
    reliability = cohort.reliability if use_cohort_r else metric.reliability
    change = stats.reliable_change(baseline=baseline, latest=latest, sd=sd, reliability=reliability)
    corrected = None
    if cohort and cohort.retest_gain is not None:
        corrected = stats.reliable_change(
            baseline=baseline,
            latest=latest,
            sd=sd,
            reliability=reliability,
            practice_gain=cohort.retest_gain,
        ).rci
    if change.reliable:
        reading = (
            f"Reliable {_better(metric, latest - baseline)} (RCI {change.rci:.2f}): the change "
            "since the first sessions is larger than measurement error would explain."
        )
    else:
        reading = f"No reliable change (RCI {change.rci:.2f}): within measurement error."
    return {
        "value": change.rci,
        "reliable": change.reliable,
        "corrected": corrected,
        "threshold": change.threshold,
        "baseline": baseline,
        "latest": latest,
        "sd": sd,
        "sd_source": sd_source,
        "reliability": reliability,
        "reading": reading,
    }


def _z_reading(metric: Metric, z_cohort: float | None, z_norm: float | None) -> str:
    parts = []
    for z, against in ((z_cohort, "the study's participants"), (z_norm, "the age-band norms")):
        if z is None:
            continue
        good = z if metric.direction != LOWER else -z
        if abs(z) < 1:
            word = "about average"
        elif good > 0:
            word = "better than most"
        else:
            word = "below most"
        parts.append(f"{word} compared with {against} (z = {z:.2f})")
    return ("Latest session: " + "; ".join(parts) + ".") if parts else "No comparison yet."
