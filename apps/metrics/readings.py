"""What may be said about a participant's metrics, and in which words (pure: no database).

A study declares its claims: its primary metrics and its assessment points (the baseline, the
end of training, follow-ups). What is read, and how:

- **Primary readings** are made only for a primary metric, only at an assessment point after
  the baseline, and only from sessions whose value rests on the metric's ``min_trials``. Each
  point has a reliable change (the point's session against the baseline's) and a trend over the
  sessions from the baseline to the point. Their p-values are Holm-adjusted within the point
  across every primary metric and game, then multiplied by the number of declared points after
  the baseline (Bonferroni across points: they come one after another), so over a whole study
  an unchanged participant gets a word ("reliable improvement", "decline", ...) with a chance
  of at most about 5%. Only an adjusted p below 0.05 gives a word.
- **A reliable change needs a reliability that passed the gate** (see
  :mod:`apps.metrics.reliability`), and, in a study with a control arm, the control arm's gain
  between the same two points (the practice effect: the same exposures and interval, the
  participant left out), whose own uncertainty is added to the standard error of the difference.
- **Exploratory readings**: every other metric gets its trend over its counted sessions played
  with the latest one's protocol settings (the earlier ones named in its words), labelled
  exploratory, Holm-adjusted across every exploratory trend shown for the participant,
  and described as rising or falling, never as better or worse.
- **Trends respect their data**: a session counts only with the metric's ``min_trials``
  observations; points are weighted by them; at least ``MIN_POINTS`` sessions; values that never
  vary are "no variation"; a proportion's trend is a logistic one, so its interval stays within
  0-100%; each game is its own series; no trend crosses a change of protocol settings.
- **Withheld**: the memory metrics the adaptive staircase steers on change with the examination
  time it sets, so sessions played while it adapts are not read for them (its level is the
  outcome, ``adaptive_seconds``). Memory fidelity gets no z-score (its interval of several
  sessions is not calibrated). A neutral metric describes how someone plays: a trend, never a
  better/worse word or a z-score; a chance baseline is never read.
- **Comparisons** (z-scores) carry their provenance: the norms row's source, n, mean, SD,
  protocol settings and age band; the study's control arm at the same session, leave-one-out,
  consented participants only, with its n.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext

from apps.metrics import stats
from apps.metrics.catalogue import CATALOGUE, NEUTRAL, Metric
from apps.metrics.claims import Assessment, PointSpec, Sitting, resolve  # noqa: F401 (offered)
from apps.metrics.comparisons import Norm, comparison
from apps.metrics.reading_words import (
    ALPHA,
    KIND_WORDS,
    NEUTRAL_NOTE,
    assessment_words,
    exploratory_words,
    label,
)
from apps.metrics.series import (  # noqa: F401 (offered from here)
    ADAPTED,
    MIN_POINTS,
    TREND_STATUSES,
    Point,
    counted,
    fit_trend,
    latest_trend,
    settings_differ,
)

MIN_CONTROL = 5  # control-arm participants with both sessions before a practice correction
# Why a reliable change is, or is not, given at an assessment point (``change.status``).
CHANGE_STATUSES = {
    "ok": "computed",
    "not_reached": "the participant has no session at this point yet",
    "no_value": "no value at the point or at the baseline",
    "protocol_differs": "the baseline's and the point's sessions ran with different settings",
    "adaptive": "the adaptive staircase set the examination time at the baseline or the point",
    "not_enough_trials": "fewer observations than the metric's min_trials",
    "no_reliability": "no reliability that passed the gate",
    "no_practice": "the control arm is too small for the practice correction",
}


READING_ROLES = ("primary", "exploratory", "context")


@dataclass(frozen=True)
class Gate:
    """The reliability a reliable change may use (``missing`` empty), or what is missing."""

    sd: float | None = None
    r: float | None = None
    source: str = ""
    n: int = 0
    low: float | None = None  # the retest ICC's lower 95% bound
    missing: str = ""


@dataclass(frozen=True)
class Practice:
    """The control arm's gain between the baseline and a point (the participant left out)."""

    gain: float
    sd: float
    n: int


@dataclass
class Context:
    """Everything besides the series that a participant's readings rest on."""

    primary: tuple[str, ...] = ()
    assessments: tuple[Assessment, ...] = ()  # the baseline first
    control_arm: bool = False  # the study has one: a reliable change then needs its practice
    gate: Callable[[str, str], Gate] = lambda key, game: Gate(missing="no reliability")
    practice: Callable[[str, str, int], Practice | None] = lambda key, game, point: None
    norm: Callable[[str, str], Norm | None] = lambda key, game: None
    # the control arm's values of (key, game) at a session number, the participant left out
    cohort: Callable[[str, str, int], list[float]] = lambda key, game, session: []

    @property
    def points_after_baseline(self) -> int:
        return sum(1 for a in self.assessments if a.kind != "baseline")


# -- the reliable change at a point ------------------------------------------------------------


def reliable_change(
    metric: Metric, baseline: Point, point: Point, gate: Gate, practice: Practice | None
) -> dict:
    """The Jacobson-Truax change of one session against another (both single sessions): the
    standard error of the difference ``sqrt(2 SEM^2 + SD_c^2 / n_c)``, SEM = SD sqrt(1 - r),
    the second term the practice estimate's own variance (the control arm's gains' SD over its
    n); the practice gain subtracted first. SD, r and the practice are estimates, so the index
    is read against Student's t with Satterthwaite's degrees of freedom (the reliability's
    sample less 2, the control arm's less 1) rather than the normal curve."""
    sem = stats.sem_of_mean(sd=gate.sd, reliability=gate.r)  # type: ignore[arg-type]
    gain = practice.gain if practice else 0.0
    error = 2 * sem**2
    practice_var = practice.sd**2 / practice.n if practice else 0.0
    s_diff = math.sqrt(error + practice_var)
    df = error**2 / max(gate.n - 2, 1)
    if practice:
        df += practice_var**2 / (practice.n - 1)
    df = (error + practice_var) ** 2 / df
    change = point.value - baseline.value  # type: ignore[operator]
    rci = (change - gain) / s_diff
    return {
        "status": "ok",
        "baseline": baseline.value,
        "baseline_session": baseline.session,
        "baseline_n": baseline.n,
        "value": point.value,
        "session": point.session,
        "n": point.n,
        "raw_change": change,
        "practice_gain": practice.gain if practice else None,
        "practice_sd": practice.sd if practice else None,
        "practice_n": practice.n if practice else 0,
        "sd": gate.sd,
        "reliability": gate.r,
        "reliability_source": gate.source,
        "reliability_n": gate.n,
        "reliability_low": gate.low,
        "sem": sem,
        "s_diff": s_diff,
        "rci": rci,
        "df": df,
        "p": stats.t_two_sided_p(rci, df),
    }


# -- one participant ---------------------------------------------------------------------------


def _role(metric: Metric, ctx: Context) -> str:
    if metric.baseline_for:
        return "context"
    if metric.key in ctx.primary and ctx.points_after_baseline:
        return "primary"
    return "exploratory"


def participant_readings(
    series: dict[tuple[str, str], list[Point]],
    ctx: Context,
    before: dict[tuple[str, str], dict] | None = None,
) -> dict[tuple[str, str], dict]:
    """Every reading of one participant: ``series`` maps (metric key, game) to the sessions of
    that game, in order; ``before``, the readings made last time. Returns (key, game) -> the
    reading's details.

    A primary reading at a point is made once: when its change could be computed (or the data
    at the point are too few for one), it is kept as it was made, as long as the sessions it
    rests on keep their values. Otherwise each new control-arm participant would be another look
    at the same point, and another chance of a word by chance alone."""
    before = before or {}
    games = len({game for _, game in series})
    readings: dict[tuple[str, str], dict] = {}
    exploratory: list[tuple[tuple[str, str], float]] = []
    primary: dict[int, list[tuple[dict, bool]]] = {}  # per point: its tests with a p, and kept
    for (key, game), points in series.items():
        metric = CATALOGUE[key]
        present = [p for p in points if p.value is not None]
        latest = present[-1] if present else None
        use = counted(metric, points)
        role = _role(metric, ctx)
        reading: dict = {
            "key": key,
            "game": game,
            "label": label(metric, game, games),
            "role": role,
            "series": [
                {
                    "session": p.session,
                    "session_id": p.session_id,
                    "date": p.date,
                    "value": p.value,
                    "n": p.n,
                    "counted": p in use,
                    "adaptive": p.adaptive,
                }
                for p in points
            ],
            "latest": latest.value if latest else None,
            "latest_n": latest.n if latest else 0,
            "latest_session": latest.session if latest else None,
            "min_trials": metric.min_trials,
            "counted": len(use),
            "trend": None,
            "assessments": [],
            "z": None,
            "withheld": None,
            "words": [],
        }
        readings[(key, game)] = reading
        if role == "context":
            score = gettext(CATALOGUE[metric.baseline_for].label)
            reading["reading"] = gettext(
                "A chance baseline for %(score)s, not a score: it is not read."
            ) % {"score": score}
            continue
        if metric.key in ADAPTED and any(p.adaptive for p in points):
            reading["withheld"] = gettext(
                "Sessions played while the adaptive staircase set the examination time are not "
                "read for this measure: the time changed with it. Its level is the outcome "
                "(%(outcome)s)."
            ) % {"outcome": gettext("Adaptive examination time")}
        if role == "primary":
            kept = {e["point"]: e for e in (before.get((key, game)) or {}).get("assessments", ())}
            for assessment, entry in _assessments(metric, game, points, use, ctx):
                old = kept.get(assessment.id)
                made = bool(old and old.get("made") and _same_data(old, entry))
                if made:
                    entry = old
                reading["assessments"].append(entry)
                for test in ("change", "trend"):
                    if (entry[test] or {}).get("p") is not None:
                        primary.setdefault(assessment.id, []).append((entry[test], made))
        else:
            reading["trend"] = latest_trend(metric, use)
            if reading["trend"].get("p") is not None:
                exploratory.append(((key, game), reading["trend"]["p"]))
        first = points[0].session if points else None
        reading["z"] = _compare(metric, game, latest if latest in use else None, latest, ctx, first)
    _adjust_exploratory(readings, exploratory)
    _adjust_primary(readings, primary, ctx)
    for reading in readings.values():
        reading["digest"] = digest(reading)
    return readings


MADE = ("ok", "not_enough_trials")  # a change reading's statuses that time will not change


def _same_data(old: dict, new: dict) -> bool:
    """The point's reading rests on the same sessions with the same values as before."""
    fields = ("baseline_session", "baseline", "baseline_n", "session", "value", "n")
    return (
        old["session"] == new["session"]
        and all(old["change"].get(f) == new["change"].get(f) for f in fields)
        and (old.get("trend") or {}).get("points") == (new.get("trend") or {}).get("points")
    )


def _assessments(metric: Metric, game: str, points: list[Point], use: list[Point], ctx: Context):
    """For each point after the baseline: its reliable change and the trend up to it."""
    at = {p.session: p for p in points}
    baseline = ctx.assessments[0]
    base = at.get(baseline.session) if baseline.session is not None else None
    for assessment in ctx.assessments[1:]:
        entry: dict = {
            "point": assessment.id,
            "kind": assessment.kind,
            "label": assessment.label,
            "when": assessment.when,
            "session": assessment.session,
            "change": None,
            "trend": None,
        }
        if assessment.session is None or baseline.session is None:
            entry["change"] = {"status": "not_reached"}
            entry.update(reading=f"Not reached yet ({assessment.when}).", words=[], made=False)
            yield assessment, entry
            continue
        point = at.get(assessment.session)
        entry["change"] = _change(metric, game, base, point, assessment.id, ctx)
        window = [p for p in use if baseline.session <= p.session <= assessment.session]
        entry["trend"] = fit_trend(metric, window)
        yield assessment, entry


def _change(
    metric: Metric, game: str, base: Point | None, point: Point | None, point_id: int, ctx: Context
) -> dict:
    if base is None or point is None or base.value is None or point.value is None:
        return {"status": "no_value"}
    if differs := settings_differ(base, point):
        return {
            "status": "protocol_differs",
            "differs": differs,
            "baseline_session": base.session,
            "baseline_protocol": base.protocol,
            "session": point.session,
            "protocol": point.protocol,
        }
    if min(base.n, point.n) < metric.min_trials:
        return {
            "status": "not_enough_trials",
            "baseline_session": base.session,
            "baseline": base.value,
            "baseline_n": base.n,
            "session": point.session,
            "value": point.value,
            "n": point.n,
            "min_trials": metric.min_trials,
        }
    if metric.key in ADAPTED and (base.adaptive or point.adaptive):
        return {"status": "adaptive"}
    gate = ctx.gate(metric.key, game)
    if gate.missing:
        return {"status": "no_reliability", "missing": gate.missing}
    practice = ctx.practice(metric.key, game, point_id)
    if ctx.control_arm and practice is None:
        return {"status": "no_practice", "min_control": MIN_CONTROL}
    return reliable_change(metric, base, point, gate, practice)


def _adjust_exploratory(readings: dict, tests: list[tuple[tuple[str, str], float]]) -> None:
    adjusted = stats.holm([p for _, p in tests])
    family = len(tests)
    for ((key, game), _), p_adj in zip(tests, adjusted, strict=True):
        readings[(key, game)]["trend"].update(p_adjusted=p_adj, family=family)
    for (key, _game), reading in readings.items():
        if reading["role"] != "exploratory":
            continue
        metric, trend = CATALOGUE[key], reading["trend"]
        reading["reading"] = exploratory_words(metric, trend)
        clear = trend.get("p_adjusted") is not None and trend["p_adjusted"] < ALPHA
        trend["arrow"] = ("up" if trend["change"] > 0 else "down") if clear else "flat"
        if metric.direction == NEUTRAL:
            reading["reading"] += " " + gettext(NEUTRAL_NOTE)


def _adjust_primary(
    readings: dict, families: dict[int, list[tuple[dict, bool]]], ctx: Context
) -> None:
    """Holm within each point, Bonferroni across the points declared after the baseline. A
    point's family is every primary test at it, those kept as made before among them: a test
    made later is corrected for all of them, as if all had been made at once (the kept ones keep
    what they said)."""
    looks = max(1, ctx.points_after_baseline)
    for tests in families.values():
        adjusted = stats.holm([test["p"] for test, _ in tests])
        for (test, kept), p_adj in zip(tests, adjusted, strict=True):
            if not kept:
                test.update(p_adjusted=min(1.0, p_adj * looks), family=len(tests), looks=looks)
    for (key, _game), reading in readings.items():
        if reading["role"] != "primary":
            continue
        metric = CATALOGUE[key]
        for entry in reading["assessments"]:
            if "reading" not in entry:
                entry["reading"], entry["words"] = assessment_words(metric, entry)
                entry["made"] = (entry["change"] or {}).get("status") in MADE
            reading["words"] += entry["words"]
        reached = [e for e in reading["assessments"] if e["session"] is not None]
        if reached:
            reading["reading"] = " ".join(
                gettext("%(point)s (session %(session)s): %(reading)s")
                % {
                    "point": e["label"] or gettext(KIND_WORDS[e["kind"]]),
                    "session": e["session"],
                    "reading": e["reading"],
                }
                for e in reached
            )
        else:
            first = reading["assessments"][0] if reading["assessments"] else None
            when = first["when"] if first else gettext("the next assessment point")
            reading["reading"] = gettext(
                "A primary measure: read only at the study's assessment points; the first "
                "after the baseline is at %(when)s."
            ) % {"when": when}


def _compare(
    metric: Metric, game: str, latest: Point | None, shown: Point | None, ctx, first: int | None
):
    others = ctx.cohort(metric.key, game, latest.session) if latest is not None else []
    norm = ctx.norm(metric.key, game)
    return comparison(metric, latest, shown, norm, others, ctx.control_arm, first)


def digest(reading: dict) -> str:
    """A fingerprint of what a reading says: a new one is kept only when it changes."""
    body = {k: v for k, v in reading.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]
