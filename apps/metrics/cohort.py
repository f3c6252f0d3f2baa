"""A study's figures behind its readings, per metric and game: what its consented participants
score, whether its retest protocol passes the reliability gate, and at each assessment point
the control arm's practice gain and how its own reliable-change indices spread (see
:mod:`apps.metrics.readings`)."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict

from apps.metrics import readings, reliability, stats
from apps.metrics.catalogue import CATALOGUE, METRICS
from apps.metrics.inputs import StudyInputs
from apps.participants.models import Participant, Study

MIN_RCI_SPREAD = 3  # control RCIs before their SD is reported


def _sd(values: list[float]) -> float | None:
    return statistics.stdev(values) if len(values) > 1 else None


def control_rcis(inputs: StudyInputs, key: str, game: str, point_id: int) -> list[float]:
    """Each consented control's reliable-change index at the point, corrected by the practice
    gain of the other controls, with the reliability their own reading would use."""
    gains = inputs.gains(key, game, point_id)
    bands = dict(Participant.objects.filter(pk__in=list(gains)).values_list("pk", "age_band"))
    out = []
    for pid, gain in gains.items():
        practice = reliability.practice(gains, leave_out=pid)
        held = inputs.held.get(pid, [])
        base = next((h for h in held if h.game == game), None)
        gate = inputs.gate(key, game, bands.get(pid, ""), base.protocol if base else {})
        if practice is None or gate.missing:
            continue
        sem = stats.sem_of_mean(sd=gate.sd, reliability=gate.r)  # type: ignore[arg-type]
        s_diff = math.sqrt(2 * sem**2 + practice.sd**2 / practice.n)
        out.append((gain - practice.gain) / s_diff)
    return out


def cohort_figures(study: Study) -> list[dict]:
    inputs = StudyInputs(study)
    latest: dict[tuple[str, str], list[float]] = defaultdict(list)
    last_of = {
        pid: {h.game: h for h in held}  # each participant's latest session of each game
        for pid, held in inputs.held.items()
    }
    values = inputs.values([h.id for games in last_of.values() for h in games.values()])
    for games in last_of.values():
        for game, h in games.items():
            for key, (value, n) in values[h.id].items():
                point = readings.Point(h.number, h.id, None, value, n, h.adaptive)
                scores = latest[(key, game)]  # listed even when no value counts
                if readings.counted(CATALOGUE[key], [point]):
                    scores.append(value)  # type: ignore[arg-type]
    points = [s for s in inputs.specs if s.kind != "baseline"]
    order = {m.key: i for i, m in enumerate(METRICS)}
    out = []
    for key, game in sorted(latest, key=lambda kg: (order[kg[0]], kg[1])):
        meta, scores = CATALOGUE[key], latest[(key, game)]
        pairs = inputs.retest_pairs(key, game)
        icc = stats.icc_agreement(pairs) if pairs else None
        passed, retest_gap = reliability.retest(pairs, inputs.interval)
        at_points = []
        for spec in points if inputs.specs else []:
            gains = list(inputs.gains(key, game, spec.id).values())
            rcis = control_rcis(inputs, key, game, spec.id)
            spread = _sd(rcis) if len(rcis) >= MIN_RCI_SPREAD else None
            low, high = stats.sd_interval(spread, len(rcis)) if spread else (None, None)
            at_points.append(
                {
                    "point": spec.id,
                    "kind": spec.kind,
                    "label": spec.label,
                    "when": spec.when,
                    "control_n": len(gains),
                    "practice_gain": statistics.fmean(gains) if gains else None,
                    "practice_sd": _sd(gains),
                    "control_rci_n": len(rcis),
                    # With its 95% interval: from a few RCIs their SD cannot say whether it is 1.
                    "control_rci_sd": spread,
                    "control_rci_sd_low": low,
                    "control_rci_sd_high": high,
                }
            )
        out.append(
            {
                **meta.as_dict(),
                "game": game,
                "n": len(scores),  # participants whose latest value counts
                "mean": statistics.fmean(scores) if scores else None,
                "sd": _sd(scores),
                "primary": key in inputs.primary,
                "retest": {
                    "declared": inputs.interval is not None,
                    "interval_days": inputs.interval,
                    "pairs": len(pairs or []),
                    "icc": icc.icc if icc else None,
                    "icc_low": icc.low if icc else None,
                    "icc_high": icc.high if icc else None,
                    "passes": passed is not None,
                    "missing": retest_gap or None,
                },
                "assessment_points": at_points,
            }
        )
    return out
