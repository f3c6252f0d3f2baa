"""A participant's metric over sessions: trend, reliable change and z-scores, in plain words.

What may be said is limited on purpose:

- only directional metrics (higher or lower is better) are read as better or worse; a neutral
  metric describes how someone plays, so it gets no reliable-change or z reading, and a chance
  baseline (``recall_chance``) is context for its score, never a score itself;
- a reliable change needs a test-retest reliability ``r`` and the one-session ``SD`` it goes with,
  from the norms file or from enough of the study's own retest data; without them there is none;
- the baseline and the latest score are means of ``k`` sessions, so the error model is that of
  k-session means (:func:`apps.metrics.stats.reliable_change`);
- practice effects come from the study's control arm or the norms file, never from the cohort
  that includes the trained participants; the flag and the words follow the corrected value;
- no reliable-change or z statement rests on fewer observations than the metric's
  ``min_trials``: below it the reading is "not enough data yet".
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from apps.metrics import stats
from apps.metrics.catalogue import CATALOGUE, HIGHER, LOWER, NEUTRAL, Metric

BASELINE_SESSIONS = 3  # k: the first k sessions are the baseline, the last k the latest
MIN_COHORT_FOR_SD = 5  # participants before the cohort's spread gives a z-score
MIN_COHORT_FOR_RELIABILITY = 10  # session 1 - session 2 pairs before the study's own r is used
MIN_CONTROL_ARM = 5  # control-arm participants with a baseline before their gain is used
NOT_ENOUGH = "Not enough data yet"
# Why a reliable change is, or is not, given (``rci.status``).
RCI_STATUSES = {
    "ok": "computed",
    "neutral": "not read: a neutral measure",
    "not_enough_sessions": "fewer than two sessions",
    "not_enough_trials": "fewer observations than the metric's min_trials",
    "no_reliability": "no test-retest r in the norms file nor enough of the study's own",
}
NEUTRAL_NOTE = "A neutral measure: it describes how the participant plays, not how well."


@dataclass(frozen=True)
class Point:
    session: int
    session_id: int
    date: str | None
    value: float | None
    n: int = 0  # observations behind the session's value


@dataclass(frozen=True)
class Measured:
    """A session's value that is there (a :class:`Point` whose value is not None)."""

    session: int
    value: float
    n: int


def measured(points: list[Point]) -> list[Measured]:
    return [Measured(p.session, p.value, p.n) for p in points if p.value is not None]


@dataclass(frozen=True)
class Cohort:
    """The study's own data on a metric (see ``CohortNorm``)."""

    n: int = 0
    mean: float | None = None
    sd: float | None = None
    session_sd: float | None = None  # SD of first-session values: the scale of ``reliability``
    reliability: float | None = None  # session 1 - session 2 correlation
    reliability_n: int = 0
    control_gain: float | None = None
    control_n: int = 0


@dataclass(frozen=True)
class Reference:
    """A row of the norms file for the participant's age band (see ``ReferenceNorm``)."""

    mean: float
    sd: float
    n: int = 0
    source: str = ""
    retest_r: float | None = None
    retest_source: str = ""
    practice_effect: float | None = None
    practice_source: str = ""


def window(n: int) -> int:
    """How many sessions make the baseline (and the latest): k, fewer while sessions are few."""
    return min(BASELINE_SESSIONS, n // 2)


def baseline_and_latest(values: list[float]) -> tuple[float, float] | None:
    """The means of the first k and of the last k values; None with fewer than two values."""
    k = window(len(values))
    if k == 0:
        return None
    return statistics.fmean(values[:k]), statistics.fmean(values[-k:])


def _better(metric: Metric, change: float) -> str:
    if metric.direction == HIGHER:
        return "improvement" if change > 0 else "decline"
    if metric.direction == LOWER:
        return "improvement" if change < 0 else "decline"
    return "increase" if change > 0 else "decrease"


def _number(x: float | None) -> str:
    return "none" if x is None else f"{x:.3g}"


def _trials(n: int) -> str:
    return f"{n} observation{'s' if n != 1 else ''}"


def trend_details(
    metric: Metric, points: list[Point], cohort: Cohort | None, norm: Reference | None
) -> dict:
    """Everything the dashboard shows about one metric of one participant."""
    present = measured(points)
    values = [p.value for p in present]
    rolling = stats.rolling_mean([p.value for p in points])
    latest = present[-1] if present else None
    means = baseline_and_latest(values)
    details: dict = {
        "series": [
            {
                "session": p.session,
                "session_id": p.session_id,
                "date": p.date,
                "value": p.value,
                "n": p.n,
                "rolling_mean": r,
            }
            for p, r in zip(points, rolling, strict=True)
        ],
        "latest": latest.value if latest else None,
        "latest_n": latest.n if latest else 0,
        "min_trials": metric.min_trials,
        "baseline": means[0] if means else None,
        "trend": None,
        "rci": None,
        "z_cohort": None,
        "z_norm": None,
        "z_reading": None,
    }
    if metric.baseline_for:
        score = CATALOGUE[metric.baseline_for].label
        details["reading"] = f"A chance baseline for {score}, not a score: it is not read."
        return details
    details["trend"] = _trend(metric, present)
    details["rci"] = _rci(metric, present, cohort, norm)
    details.update(_z(metric, latest, cohort, norm))
    return details


def _trend(metric: Metric, present: list[Measured]) -> dict:
    if len({p.session for p in present}) < 3:
        return {
            "slope": None,
            "ci_low": None,
            "ci_high": None,
            "arrow": "flat",
            "reading": "Not enough sessions for a trend yet (three are needed).",
        }
    fit = stats.least_squares([p.session for p in present], [p.value for p in present])
    low, high = fit.ci_low, fit.ci_high  # there is an interval from three sessions on
    clear = low is not None and high is not None and (low > 0 or high < 0)
    arrow = ("up" if fit.slope > 0 else "down") if clear else "flat"
    span = f"95% CI {_number(low)} to {_number(high)}"
    if clear:
        kind = _better(metric, fit.slope).capitalize()
        reading = f"{kind}: {_number(fit.slope)} {metric.unit} per session ({span})."
        if metric.direction == NEUTRAL:
            reading += " " + NEUTRAL_NOTE
    else:
        reading = f"No clear trend: {_number(fit.slope)} {metric.unit} per session ({span})."
    return {
        "slope": fit.slope,
        "ci_low": fit.ci_low,
        "ci_high": fit.ci_high,
        "arrow": arrow,
        "reading": reading,
    }


def _no_rci(status: str, reading: str, **more) -> dict:
    return {"value": None, "corrected": None, "reliable": False, "status": status,
            "reading": reading, **more}  # fmt: skip


def reliability_for(cohort: Cohort | None, norm: Reference | None) -> dict | None:
    """The one-session SD and test-retest r a reliable change uses, and where they come from:
    the norms file when it gives r, else the study's own retest data once there is enough."""
    if norm and norm.retest_r is not None:
        return {
            "sd": norm.sd,
            "reliability": norm.retest_r,
            "source": f"norms file: {norm.retest_source or norm.source}",
            "reliability_n": norm.n,
        }
    if (
        cohort
        and cohort.reliability is not None
        and 0 < cohort.reliability < 1  # r = 1 would leave no measurement error
        and cohort.reliability_n >= MIN_COHORT_FOR_RELIABILITY
        and cohort.session_sd
    ):
        return {
            "sd": cohort.session_sd,
            "reliability": cohort.reliability,
            "source": "the study's own retest data (sessions 1 and 2)",
            "reliability_n": cohort.reliability_n,
        }
    return None


def practice_for(cohort: Cohort | None, norm: Reference | None) -> dict | None:
    """The expected gain without training: the study's control arm once it is large enough,
    else the norms file's practice effect."""
    if cohort and cohort.control_gain is not None and cohort.control_n >= MIN_CONTROL_ARM:
        return {
            "gain": cohort.control_gain,
            "source": f"the study's control arm (n = {cohort.control_n})",
        }
    if norm and norm.practice_effect is not None:
        return {
            "gain": norm.practice_effect,
            "source": f"norms file: {norm.practice_source or norm.source}",
        }
    return None


def _rci(metric, present: list[Measured], cohort: Cohort | None, norm: Reference | None) -> dict:
    if metric.direction == NEUTRAL:
        return _no_rci("neutral", "No reliable-change reading. " + NEUTRAL_NOTE)
    k = window(len(present))
    if k == 0:
        return _no_rci(
            "not_enough_sessions", f"{NOT_ENOUGH}: a reliable change needs two sessions or more."
        )
    first, last = present[:k], present[-k:]
    trials = (sum(p.n for p in first), sum(p.n for p in last))
    facts = {"k": k, "trials_baseline": trials[0], "trials_latest": trials[1],
             "min_trials": metric.min_trials}  # fmt: skip
    if min(trials) < metric.min_trials:
        return _no_rci(
            "not_enough_trials",
            f"{NOT_ENOUGH}: the baseline rests on {_trials(trials[0])} and the latest on "
            f"{_trials(trials[1])}; a reliable change needs {metric.min_trials} in each.",
            **facts,
        )
    inputs = reliability_for(cohort, norm)
    if inputs is None:
        return _no_rci(
            "no_reliability",
            "No reliable-change estimate: there is no test-retest reliability for this measure "
            "(none in the norms file, and too little of the study's own retest data).",
            **facts,
        )
    baseline = statistics.fmean(p.value for p in first)
    latest = statistics.fmean(p.value for p in last)
    common = {"sd": inputs["sd"], "reliability": inputs["reliability"],
              "k_baseline": k, "k_latest": k}  # fmt: skip
    raw = stats.reliable_change(baseline=baseline, latest=latest, **common)
    practice = practice_for(cohort, norm)
    gain = practice["gain"] if practice else None
    corrected = None
    if gain is not None:
        corrected = stats.reliable_change(
            baseline=baseline, latest=latest, practice_gain=gain, **common
        )
    judged = corrected or raw  # the flag and the words follow the corrected value
    change = latest - baseline - judged.practice_gain
    if judged.reliable:
        reading = f"Reliable {_better(metric, change)} (RCI {judged.rci:.2f}"
    else:
        reading = f"No reliable change (RCI {judged.rci:.2f}"
    if corrected is not None:
        reading += f" after a practice correction of {_number(gain)}; "
        reading += f"{raw.rci:.2f} uncorrected)"
    else:
        reading += "; no practice correction: no control arm or norms practice effect)"
    reading += (
        ": the change since the first sessions is larger than measurement error would explain."
        if judged.reliable
        else ": within measurement error."
    )
    return {
        "value": raw.rci,
        "corrected": corrected.rci if corrected else None,
        "reliable": judged.reliable,
        "status": "ok",
        "threshold": raw.threshold,
        "baseline": baseline,
        "latest": latest,
        "s_diff": raw.s_diff,
        "sem": stats.sem_of_mean(sd=inputs["sd"], reliability=inputs["reliability"], k=k),
        "sd": inputs["sd"],
        "reliability": inputs["reliability"],
        "reliability_n": inputs["reliability_n"],
        "source": inputs["source"],
        "practice_gain": gain,
        "practice_source": practice["source"] if practice else None,
        "reading": reading,
        **facts,
    }


def _z(metric: Metric, latest: Measured | None, cohort: Cohort | None, norm: Reference | None):
    if latest is None:
        return {"z_reading": "No comparison yet."}
    if metric.direction == NEUTRAL:
        return {"z_reading": "No comparison reading. " + NEUTRAL_NOTE}
    if latest.n < metric.min_trials:
        return {
            "z_reading": f"{NOT_ENOUGH}: the latest session rests on {_trials(latest.n)}; a "
            f"comparison needs {metric.min_trials}."
        }
    z_cohort = z_norm = None
    if cohort and cohort.n >= MIN_COHORT_FOR_SD and cohort.sd and cohort.mean is not None:
        z_cohort = (latest.value - cohort.mean) / cohort.sd
    if norm and norm.sd:
        z_norm = (latest.value - norm.mean) / norm.sd
    parts = []
    for z, against in ((z_cohort, "the study's participants"), (z_norm, "the age-band norms")):
        if z is None:
            continue
        good = z if metric.direction == HIGHER else -z
        if abs(z) < 1:
            word = "about average"
        elif good > 0:
            word = "better than most"
        else:
            word = "worse than most"
        parts.append(f"{word} compared with {against} (z = {z:.2f})")
    reading = ("Latest session: " + "; ".join(parts) + ".") if parts else "No comparison yet."
    used = None
    if norm is not None and z_norm is not None:
        used = {"mean": norm.mean, "sd": norm.sd, "n": norm.n, "source": norm.source}
    return {"z_cohort": z_cohort, "z_norm": z_norm, "z_reading": reading, "norm": used}
