"""Comparisons: the latest counted session as a z-score, with everything it rests on (pure).

Against the norms only for the participant's first session of the game (norms are of people
tested once: a later session carries practice they do not), run with the norms' protocol
settings (game, examination seconds, opponent), with their source, n, mean, SD, settings and
age band; against the study's control arm at the same session, consented participants only, the
participant left out, with its n. Neutral measures and estimates whose interval is not
calibrated get none.

The control arm is a small sample, so one person is compared with it by Crawford and Howell's
(1998) test: ``t = (x - mean) / (SD * sqrt(1 + 1/n))`` on ``n - 1`` degrees of freedom, which
counts the uncertainty of the arm's own mean and SD. Its one-tailed probability estimates the
share of the control population below the person; a standing word is given only when the
two-sided p is below 0.05, otherwise the person is "not distinguishable" from the arm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from apps.metrics import stats
from apps.metrics.catalogue import HIGHER, NEUTRAL, UNCALIBRATED, Metric
from apps.metrics.reading_words import (
    figure,
    observations,
    p_figure,
    protocol_words,
    value_words,
)
from apps.metrics.series import PROTOCOL_FIELDS, Point

MIN_COHORT_Z = 5  # control-arm participants at the same session before a cohort z-score
NO_Z = UNCALIBRATED  # their interval is not calibrated (for some numbers of games)


@dataclass(frozen=True)
class Norm:
    """A norms row, with everything its z-score must carry."""

    mean: float
    sd: float
    n: int
    source: str
    age_band: str
    protocol: dict  # the settings the norms were collected under (game, seconds, opponent)


def comparison(
    metric: Metric,
    latest: Point | None,
    shown: Point | None,
    norm: Norm | None,
    others: list[float],
    control_arm: bool = True,
    first_session: int | None = None,
) -> dict:
    """The latest counted session compared with the norms and with the control arm (``others``:
    its consented participants' values at that session; ``control_arm``: the study has one;
    ``first_session``: the participant's first session of the game, the only one the norms
    describe)."""
    none = {"session": None, "value": None, "norm": None, "cohort": None}
    if metric.direction == NEUTRAL or metric.baseline_for:
        return {
            **none,
            "reading": gettext(
                "No comparison: neutral measure: it describes how the participant plays, not "
                "how well."
            ),
        }
    if metric.key in NO_Z:
        return {
            **none,
            "reading": gettext(
                "No comparison: one session's estimate is too uncertain to compare with others."
            ),
        }
    if latest is None:
        if shown is None:
            return {**none, "reading": gettext("No comparison yet.")}
        return {
            **none,
            "reading": gettext(
                "No comparison: the latest session rests on %(observations)s; a comparison "
                "needs %(min)s."
            )
            % {"observations": observations(shown.n), "min": metric.min_trials},
        }
    out: dict = {"session": latest.session, "value": latest.value, "norm": None, "cohort": None}
    parts = []
    if norm is not None and latest.session != first_session:
        out["norm_mismatch"] = gettext(
            "the norms are of people tested once, and session %(session)s comes after practice "
            "they did not have"
        ) % {"session": latest.session}
    elif norm is not None and _same_protocol(norm.protocol, latest.protocol):
        z = (latest.value - norm.mean) / norm.sd  # type: ignore[operator]
        out["norm"] = {
            "z": z,
            "mean": norm.mean,
            "sd": norm.sd,
            "n": norm.n,
            "source": norm.source,
            "age_band": norm.age_band,
            "protocol": norm.protocol,
        }
        parts.append(
            gettext(
                "%(standing)s compared with the age-band norms (z = %(z)s; %(source)s: age "
                "%(age_band)s, n = %(n)s, mean %(mean)s, SD %(sd)s, %(protocol)s)"
            )
            % {
                "standing": _standing(metric, z),
                "z": figure(f"{z:.2f}"),
                "source": norm.source,
                "age_band": norm.age_band,
                "n": norm.n,
                "mean": value_words(norm.mean, metric.unit),
                "sd": value_words(norm.sd, metric.unit),
                "protocol": protocol_words(norm.protocol),
            }
        )
    elif norm is not None:
        out["norm_mismatch"] = gettext(
            "the norms were collected with %(norms)s; this session ran with %(session)s"
        ) % {"norms": protocol_words(norm.protocol), "session": protocol_words(latest.protocol)}
    mean, sd = (sum(others) / len(others), _sd(others)) if others else (None, None)
    if len(others) >= MIN_COHORT_Z and sd:
        cohort = _against_the_arm(latest.value, mean, sd, len(others))  # type: ignore[arg-type]
        out["cohort"] = cohort
        cohort["session"] = latest.session
        parts.append(
            gettext(
                "compared with the study's control arm at session %(session)s: %(standing)s, "
                "above an estimated %(below)s of it (Crawford and Howell's t(%(df)s) = %(t)s, "
                "p %(p)s; n = %(n)s, mean %(mean)s, SD %(sd)s)"
            )
            % {
                "standing": _arm_standing(metric, cohort),
                "session": latest.session,
                "below": value_words(cohort["below"], "proportion"),
                "df": cohort["df"],
                "t": figure(f"{cohort['t']:.2f}"),
                "p": p_figure(cohort["p"]),
                "n": cohort["n"],
                "mean": value_words(mean, metric.unit),
                "sd": value_words(sd, metric.unit),
            }
        )
    if parts:
        out["reading"] = gettext("Session %(session)s: %(parts)s.") % {
            "session": latest.session,
            "parts": "; ".join(parts),
        }
    else:
        missing = [out.get("norm_mismatch") or gettext("no norms for this age band and measure")]
        if not (control_arm or others):
            missing.append(gettext("the study has no control arm"))
        elif len(others) >= MIN_COHORT_Z:
            missing.append(
                gettext(
                    "every one of the control arm's %(n)s consented participants with session "
                    "%(session)s has the same value, which leaves no spread to compare with"
                )
                % {"n": len(others), "session": latest.session}
            )
        else:
            missing.append(
                ngettext(
                    "the control arm has %(n)s consented participant with session %(session)s "
                    "(%(needed)s needed)",
                    "the control arm has %(n)s consented participants with session %(session)s "
                    "(%(needed)s needed)",
                    len(others),
                )
                % {"n": len(others), "session": latest.session, "needed": MIN_COHORT_Z}
            )
        out["reading"] = gettext("No comparison: %(missing)s.") % {"missing": "; ".join(missing)}
    return out


def _standing(metric: Metric, z: float) -> str:
    good = z if metric.direction == HIGHER else -z
    if abs(z) < 1:
        return gettext("About average")
    return gettext("Better than most") if good > 0 else gettext("Worse than most")


def _against_the_arm(value: float, mean: float, sd: float, n: int) -> dict:
    """Crawford and Howell's test of one person against a control sample of ``n``."""
    t = (value - mean) / (sd * math.sqrt(1 + 1 / n))
    return {
        "z": (value - mean) / sd,
        "t": t,
        "df": n - 1,
        "p": stats.t_two_sided_p(t, n - 1),
        "below": stats.t_cdf(t, n - 1),  # the share of the arm's population estimated below
        "mean": mean,
        "sd": sd,
        "n": n,
    }


def _arm_standing(metric: Metric, cohort: dict) -> str:
    if cohort["p"] >= 0.05:
        return gettext("not distinguishable from it")
    good = cohort["t"] if metric.direction == HIGHER else -cohort["t"]
    return gettext("better than most") if good > 0 else gettext("worse than most")


def _sd(values: list[float]) -> float | None:
    if len(values) < 2:
        return None
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def _same_protocol(norm: dict, session: dict) -> bool:
    return all(norm.get(f) == session.get(f) for f in PROTOCOL_FIELDS)
