"""A participant's sessions of one metric in one game, and the trend over them (pure).

A session counts only with the metric's ``min_trials`` observations (and not, for the measures
the adaptive staircase steers on, while it adapts); points are weighted by their observations; a
trend needs ``MIN_POINTS`` of them; values that never vary are "no variation"; a proportion's
trend is a logistic one (see :func:`apps.metrics.stats.logistic_trend`). A trend rests on
sessions played with one protocol's settings: a line through sessions at 30 s and then at 60 s
of examination would be the settings' change as much as the participant's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from apps.metrics import stats
from apps.metrics.catalogue import Metric

MIN_POINTS = 5  # counted sessions before a trend is fitted
# Sessions played while the staircase adapts are not read for these: it steers on them.
ADAPTED = ("recall_hit", "recall_suit_correct", "recall_rank_correct", "recall_position_error")
TREND_STATUSES = (
    "ok",
    "not_enough_points",
    "no_variation",
    "no_fit",
    "exact_line",
    "staircase",
    "protocol_differs",
)
# The settings a session was played with that a reading compares sessions on.
PROTOCOL_FIELDS = ("game", "examination_seconds", "opponent")


@dataclass(frozen=True)
class Point:
    """One completed session of one game, with the metric's value there (None: no value)."""

    session: int  # the session's number, as every page numbers it
    session_id: int
    date: str | None
    value: float | None
    n: int = 0  # observations behind the value
    adaptive: bool = False  # played while the adaptive staircase set the examination time
    protocol: dict = field(default_factory=dict, compare=False)  # game, seconds, opponent


def counted(metric: Metric, points: list[Point]) -> list[Point]:
    """The sessions a reading may rest on: a value on ``min_trials`` observations, and not
    played while the staircase adapted when the metric is one it steers on."""
    return [
        p
        for p in points
        if p.value is not None
        and p.n >= metric.min_trials
        and not (p.adaptive and metric.key in ADAPTED)
    ]


def settings_differ(base: Point, point: Point) -> list[str]:
    """The protocol settings two sessions differ in (game, examination seconds, opponent): a
    change between them would be the settings' as much as the person's. Under the adaptive
    staircase at both, the examination time is its outcome, not a setting."""
    fields = [f for f in PROTOCOL_FIELDS if f != "examination_seconds"]
    if not (base.adaptive and point.adaptive):
        fields.append("examination_seconds")
    return [f for f in fields if base.protocol.get(f) != point.protocol.get(f)]


def under_latest_settings(points: list[Point]) -> list[Point]:
    """The last of ``points`` and those before it back to the last change of settings."""
    start = len(points)
    while start > 0 and not settings_differ(points[start - 1], points[-1]):
        start -= 1
    return points[start:]


def latest_trend(metric: Metric, points: list[Point]) -> dict:
    """The trend over ``points`` (already counted) played with the latest one's settings; the
    earlier sessions, played with other settings, are left out and named (``left_out``)."""
    latest = under_latest_settings(points)
    trend = fit_trend(metric, latest)
    if len(latest) < len(points):
        before = points[-len(latest) - 1]
        trend["left_out"] = {
            "sessions": len(points) - len(latest),
            "session": before.session,
            "differs": settings_differ(before, latest[0]),
            "protocol": before.protocol,
            "settings_from": latest[0].session,
            "latest_protocol": latest[0].protocol,
        }
    return trend


def fit_trend(metric: Metric, points: list[Point]) -> dict:
    """The trend over ``points`` (already counted), without words: its numbers and p, or why
    there is none (``status``)."""
    base = {"points": len(points), "min_points": MIN_POINTS}
    if metric.staircase:  # a random walk's levels: a line through them would find a trend
        return {**base, "status": "staircase"}
    latest = under_latest_settings(points)
    if len(latest) < len(points):
        before = points[-len(latest) - 1]
        return {
            **base,
            "status": "protocol_differs",
            "differs": settings_differ(before, latest[0]),
            "session": before.session,
            "protocol": before.protocol,
            "settings_from": latest[0].session,
            "latest_protocol": latest[0].protocol,
        }
    if len(points) < MIN_POINTS:
        return {**base, "status": "not_enough_points"}
    values = [p.value for p in points]
    if max(values) == min(values):  # type: ignore[type-var]
        return {**base, "status": "no_variation", "value": values[0]}
    x = [float(p.session) for p in points]
    y = [float(p.value) for p in points]  # type: ignore[arg-type]
    w = [float(p.n) for p in points]
    fit: stats.Trend | None
    if metric.unit == "proportion":
        fit = stats.logistic_trend(x, y, w)
        if fit is None:
            return {**base, "status": "no_fit"}
    else:
        fit = stats.weighted_trend(x, y, w)
        if fit is None:
            return {**base, "status": "exact_line"}
    return {
        **base,
        "status": "ok",
        "scale": fit.scale,
        "slope": fit.slope,
        "ci_low": fit.ci_low,
        "ci_high": fit.ci_high,
        "p": fit.p,
        "first_session": points[0].session,
        "last_session": points[-1].session,
        "fitted_first": fit.first,
        "fitted_last": fit.last,
        "change": fit.change,
        "change_low": fit.change_low,
        "change_high": fit.change_high,
    }
