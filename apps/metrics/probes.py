"""Recall-probe metrics (apps.games.probes): the share of where-probes placed exactly, and the
signal-detection d' and criterion of the which-hand probes.

A which-hand probe whose card was in the other hand is a signal trial: "yes" is a hit, "no" a
miss; one whose card was not is a noise trial: "yes" is a false alarm, "no" a correct rejection.
The rates take the log-linear correction (Hautus, 1995) in every case, not only when a rate is
0 or 1: 0.5 is added to the hits and to the false alarms and 1 to the signal and to the noise
trials, so the z-scores stay finite and the estimate is the same rule at every count.
A session's d' and criterion come from its games' counts added up, not from a mean of games.

The noise trials are of two kinds, and only one is counted: in the Old Deal the foils are cards
the participant never saw (the Undealt), in the New Deal they are the old tricks' cards, seen
face up elsewhere. A "yes" to a card seen elsewhere is a confusion of source, not of memory for
the hand; mixing the two would make d' depend on how many probes fell in each deal. So d' and c
use the never-seen foils; the seen-elsewhere foils' answers are kept beside them in the details
(``false_alarms_seen``, ``correct_rejections_seen``).
"""

from __future__ import annotations

import statistics
from statistics import NormalDist

from apps.games.models import Game, RecallProbe
from apps.metrics.compute import Value

POOLED = ("probe_hand_dprime", "probe_hand_criterion")
COUNTS = ("hits", "misses", "false_alarms", "correct_rejections")
SEEN = ("false_alarms_seen", "correct_rejections_seen")
OLD_DEAL = 1  # its foils were never seen (the Undealt); the New Deal's were (the old tricks)


def signal_detection(
    *, hits: int, misses: int, false_alarms: int, correct_rejections: int
) -> tuple[float, float]:
    """d' = z(H) - z(F) and criterion c = -(z(H) + z(F)) / 2, log-linear corrected rates.

    Four signal trials all said yes and one of four noise trials said yes: H = 4.5 / 5 = 0.9,
    F = 1.5 / 5 = 0.3, z(H) = 1.2816, z(F) = -0.5244, d' = 1.806, c = -0.379 (a bias to yes).

    >>> d, c = signal_detection(hits=4, misses=0, false_alarms=1, correct_rejections=3)
    >>> round(d, 3), round(c, 3)
    (1.806, -0.379)
    """
    z = NormalDist().inv_cdf
    hit_rate = (hits + 0.5) / (hits + misses + 1)
    false_alarm_rate = (false_alarms + 0.5) / (false_alarms + correct_rejections + 1)
    return z(hit_rate) - z(false_alarm_rate), -(z(hit_rate) + z(false_alarm_rate)) / 2


def _counts(rows: list[RecallProbe]) -> dict[str, int]:
    signal = [r for r in rows if r.truly_in_other_hand]
    never = [r for r in rows if not r.truly_in_other_hand and r.deal == OLD_DEAL]
    seen = [r for r in rows if not r.truly_in_other_hand and r.deal != OLD_DEAL]
    return {
        "hits": sum(1 for r in signal if r.in_other_hand),
        "misses": sum(1 for r in signal if not r.in_other_hand),
        "false_alarms": sum(1 for r in never if r.in_other_hand),
        "correct_rejections": sum(1 for r in never if not r.in_other_hand),
        "false_alarms_seen": sum(1 for r in seen if r.in_other_hand),
        "correct_rejections_seen": sum(1 for r in seen if not r.in_other_hand),
    }


def _hand_values(counts: dict[str, int]) -> dict[str, Value]:
    n = sum(counts[k] for k in COUNTS)
    if not n:
        return {key: Value(None, 0, dict(counts)) for key in POOLED}
    dprime, criterion = signal_detection(**{k: counts[k] for k in COUNTS})
    return {
        "probe_hand_dprime": Value(dprime, n, dict(counts)),
        "probe_hand_criterion": Value(criterion, n, dict(counts)),
    }


def probe_values(game: Game, seat: int) -> dict[str, Value]:
    """The probe metrics of one game; none at all when its protocol asked no probes."""
    if not game.probes:
        return {}
    rows = list(RecallProbe.objects.filter(game=game, seat=seat))
    placed = [float(r.correct) for r in rows if r.kind == RecallProbe.Kind.WHERE]
    which = [r for r in rows if r.kind == RecallProbe.Kind.WHICH_HAND]
    where = Value(statistics.fmean(placed) if placed else None, len(placed))
    return {"probe_location_hit": where, **_hand_values(_counts(which))}


def session_value(key: str, details: list[dict]) -> Value:
    """A session's d' or criterion from the counts of all its games."""
    counts = {k: sum(d.get(k, 0) for d in details) for k in (*COUNTS, *SEEN)}
    return _hand_values(counts)[key]
