"""The reliability gate: which test-retest reliability a reliable change may rest on (pure).

A reliable change is only as good as the measurement-error model under it. A study's own
session 1 - session 2 correlation from a handful of people in a *training* study is not one (at
r = 0.10, 95% CI -0.41 to 0.57, a control participant read as a "reliable decline"). So an r is
used only when it comes from

1. a **norms row** for the metric, age band and game with a citation and a retest sample of at
   least ``MIN_NORM_RETEST_N`` people, or
2. the study's **retest protocol**: the study declares a retest interval; each consented
   participant's baseline session and the very next session (no session between them, the same
   game, the declared number of days apart, give or take ``RETEST_SLACK_DAYS``) form a pair,
   and the pairs' ICC(A,1) (absolute agreement: a practice shift counts as error) has a lower
   95% bound of at least ``MIN_RETEST_LOW`` on at least ``MIN_RETEST_PEOPLE`` people.

Otherwise the gate says what is missing, in words the dashboard shows.

The practice correction is the control arm's gain between the same two assessment points (the
same exposures and interval), the participant left out, with its SD and n so its own variance
can be added to the error of the difference.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from django.utils.translation import gettext

from apps.metrics import stats
from apps.metrics.reading_words import figure
from apps.metrics.readings import MIN_CONTROL, Gate, Practice

MIN_NORM_RETEST_N = 50
MIN_RETEST_PEOPLE = 30
MIN_RETEST_LOW = 0.70
RETEST_SLACK_DAYS = 1


@dataclass(frozen=True)
class NormRetest:
    """What a norms row says about retest reliability."""

    sd: float
    retest_r: float | None
    retest_n: int
    source: str


def gate(
    *, norm: NormRetest | None, pairs: list[tuple[float, float]] | None, interval_days: int | None
) -> Gate:
    """The reliability to use, or what is missing (``pairs`` None: no retest protocol)."""
    if norm is not None and norm.retest_r is not None and norm.source:
        if norm.retest_n >= MIN_NORM_RETEST_N:
            return Gate(
                sd=norm.sd,
                r=norm.retest_r,
                source=f"norms: {norm.source} (retest n = {norm.retest_n})",
                n=norm.retest_n,
            )
        norm_gap = gettext("the norms' retest sample has %(n)s people (%(needed)s needed)") % {
            "n": norm.retest_n,
            "needed": MIN_NORM_RETEST_N,
        }
    else:
        norm_gap = gettext("no norms row with a retest reliability for this measure and age band")
    found, retest_gap = retest(pairs, interval_days)
    if found is not None:
        return found
    return Gate(
        missing=gettext("No usable test-retest reliability: %(norms)s, and %(retest)s.")
        % {"norms": norm_gap, "retest": retest_gap}
    )


def retest(
    pairs: list[tuple[float, float]] | None, interval_days: int | None
) -> tuple[Gate | None, str]:
    """The retest protocol's reliability if it passes, else None and why not."""
    if pairs is None or interval_days is None:
        return None, gettext("the study declares no retest protocol")
    icc = stats.icc_agreement(pairs)
    if len(pairs) < MIN_RETEST_PEOPLE:
        return None, gettext(
            "the study's retest protocol has %(n)s of the %(needed)s people it needs"
        ) % {"n": len(pairs), "needed": MIN_RETEST_PEOPLE}
    if icc is None or icc.icc >= 1:
        return None, gettext("the study's retest sessions give no usable ICC")
    if icc.low < MIN_RETEST_LOW:
        return None, gettext(
            "the study's retest ICC is %(icc)s with a lower 95%% bound of %(low)s (%(needed)s "
            "needed; n = %(n)s)"
        ) % {
            "icc": figure(f"{icc.icc:.2f}"),
            "low": figure(f"{icc.low:.2f}"),
            "needed": figure(f"{MIN_RETEST_LOW:.2f}"),
            "n": icc.n,
        }
    return Gate(
        sd=statistics.stdev(a for a, _ in pairs),
        r=icc.icc,
        source=(
            f"the study's retest protocol: ICC(A,1) {icc.icc:.2f} (95% CI {icc.low:.2f} to "
            f"{icc.high:.2f}), n = {icc.n}, sessions {interval_days} days apart"
        ),
        n=icc.n,
        low=icc.low,
    ), ""


def practice(gains: dict[int, float], *, leave_out: int | None) -> Practice | None:
    """The control arm's mean gain between two points, without ``leave_out`` (a participant's
    own gain never corrects their own change); None below ``MIN_CONTROL`` people."""
    values = [gain for pid, gain in gains.items() if pid != leave_out]
    if len(values) < MIN_CONTROL:
        return None
    return Practice(statistics.fmean(values), statistics.stdev(values), len(values))


def retest_pair_ok(*, days_apart: int, interval_days: int) -> bool:
    return abs(days_apart - interval_days) <= RETEST_SLACK_DAYS
