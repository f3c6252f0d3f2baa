"""Comparisons: the latest counted session as a z-score, with everything it rests on (pure).

Against the norms only for a session run with the norms' protocol settings (game, examination
seconds, opponent), with their source, n, mean, SD, settings and age band; against the study's
control arm at the same session, consented participants only, the participant left out, with
its n. Neutral measures and estimates whose interval is not calibrated get none.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from apps.metrics.catalogue import HIGHER, NEUTRAL, UNCALIBRATED, Metric
from apps.metrics.reading_words import figure, observations, protocol_words, value_words
from apps.metrics.series import Point

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
) -> dict:
    """The latest counted session compared with the norms and with the control arm."""
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
    if norm is not None and _same_protocol(norm.protocol, latest.protocol):
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
    if len(others) >= MIN_COHORT_Z:
        mean, sd = sum(others) / len(others), _sd(others)
        if sd:
            z = (latest.value - mean) / sd  # type: ignore[operator]
            out["cohort"] = {
                "z": z,
                "mean": mean,
                "sd": sd,
                "n": len(others),
                "session": latest.session,
            }
            parts.append(
                gettext(
                    "%(standing)s compared with the study's control arm at session %(session)s "
                    "(z = %(z)s; n = %(n)s, mean %(mean)s, SD %(sd)s)"
                )
                % {
                    "standing": _standing(metric, z),
                    "session": latest.session,
                    "z": figure(f"{z:.2f}"),
                    "n": len(others),
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


def _sd(values: list[float]) -> float | None:
    if len(values) < 2:
        return None
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


PROTOCOL_FIELDS = ("game", "examination_seconds", "opponent")


def _same_protocol(norm: dict, session: dict) -> bool:
    return all(norm.get(f) == session.get(f) for f in PROTOCOL_FIELDS)
