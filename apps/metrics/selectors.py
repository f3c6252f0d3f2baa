"""Dashboard reads: a participant's summary and series, a session's analysis, a cohort."""

from __future__ import annotations

from apps.common.errors import ValidationFailed
from apps.games.selectors import session_games, session_seat
from apps.metrics.adaptive import session_difficulty  # noqa: F401 (offered to other apps)
from apps.metrics.analysis import (
    ANALYSIS_VERSION,  # noqa: F401 (offered to other apps)
    replay_deals,
)
from apps.metrics.catalogue import (  # noqa: F401 (offered to other apps from here)
    CATALOGUE,
    METRICS,
    catalogue_signature,
    claimable,
)
from apps.metrics.compute import record
from apps.metrics.models import AdaptiveChange, CohortNorm, GameAnalysis, MetricValue
from apps.metrics.trends import RCI_STATUSES  # noqa: F401 (offered to other apps)
from apps.participants.models import Participant, Study
from apps.training.models import TrainingSession

Level = MetricValue.Level
# The order the dashboard shows them in; the rest follow in catalogue order.
KEY_METRICS = (
    "recall_hit",
    "recall_position_error",
    "optimal_play_rate",
    "decision_time_median_ms",
    "examination_time_used",
    "tricks_won",
)


def _current(rows):
    return [r for r in rows if r.key in CATALOGUE and r.version == CATALOGUE[r.key].version]


def _ordered(keys) -> list[str]:
    first = [k for k in KEY_METRICS if k in keys]
    return first + [m.key for m in METRICS if m.key in keys and m.key not in first]


# Measures estimated with an interval per session (its ``low``/``high`` in the row's details).
INTERVAL_METRICS = ("memory_fidelity",)


def _latest_interval(participant: Participant, key: str) -> dict | None:
    """The 95% interval of the participant's latest session estimate of ``key``, if stored."""
    row = (
        MetricValue.objects.filter(
            level=Level.SESSION,
            participant=participant,
            key=key,
            version=CATALOGUE[key].version,
            session__status="completed",
            value__isnull=False,
        )
        .order_by("-session__number")
        .first()
    )
    details = row.details if row else {}
    if details.get("low") is None or details.get("high") is None:
        return None
    return {
        "low": details["low"],
        "high": details["high"],
        "informative": details.get("informative"),
    }


def participant_summary(*, participant: Participant) -> dict:
    rows = {
        r.key: r
        for r in _current(
            MetricValue.objects.filter(level=Level.PARTICIPANT, subject_id=participant.pk)
        )
    }
    # A chance baseline is shown beside its score, never as a score of its own.
    chance = {
        CATALOGUE[key].baseline_for: rows[key].details.get("latest")
        for key in rows
        if CATALOGUE[key].baseline_for
    }
    metrics = []
    for key in _ordered(rows):
        meta, details = CATALOGUE[key], rows[key].details
        if meta.baseline_for:
            continue
        series = [p["value"] for p in details.get("series", [])]
        metrics.append(
            {
                **meta.as_dict(),
                "latest": details.get("latest"),
                "latest_n": details.get("latest_n"),
                "baseline": details.get("baseline"),
                "chance_level": chance.get(key),
                "series": series,
                "trend": details.get("trend"),
                "rci": details.get("rci"),
                "z_cohort": details.get("z_cohort"),
                "z_norm": details.get("z_norm"),
                "z_reading": details.get("z_reading"),
                "computed_at": rows[key].computed_at,
                "interval": _latest_interval(participant, key) if key in INTERVAL_METRICS else None,
            }
        )
    sessions = TrainingSession.objects.filter(participant=participant)
    return {
        "participant": {
            "id": participant.pk,
            "code": participant.code,
            "age_band": participant.age_band,
            "group": participant.group,
            # The arm as the caller may see it (participant_get's arm_shown), else none.
            "arm": getattr(participant, "arm_shown", None),
            "study": participant.study_id,
            "sessions_completed": sessions.filter(status="completed").count(),
            "examination_seconds_next": participant.examination_seconds_override,
            "opponent_level_next": participant.opponent_level_override,
        },
        "metrics": metrics,
        "adaptive": [
            {
                "session": change.session.number,
                "session_id": change.session_id,
                "examination_seconds": change.examination_seconds_after,
                "examination_seconds_before": change.examination_seconds_before,
                "opponent_level": change.opponent_level_after,
                "recall_rate": change.recall_rate,
                "reason": change.reason,
                "at": change.created_at,
            }
            for change in AdaptiveChange.objects.filter(participant=participant)
            .select_related("session")
            .order_by("session__number")
        ],
    }


def participant_series(*, participant: Participant, key: str) -> dict:
    meta = CATALOGUE.get(key)
    if meta is None:
        raise ValidationFailed(f"Unknown metric {key!r}.", details={"key": sorted(CATALOGUE)})
    row = MetricValue.objects.filter(
        level=Level.PARTICIPANT, subject_id=participant.pk, key=key, version=meta.version
    ).first()
    details = row.details if row else {}
    return {**meta.as_dict(), "series": details.get("series", []), "trend": details.get("trend")}


def session_analysis(*, session: TrainingSession) -> dict:
    games = []
    for game in session_games(session).filter(practice=False).order_by("created_at"):
        values = _current(
            MetricValue.objects.filter(level=Level.GAME, subject_id=game.pk, session=session)
        )
        analysis = GameAnalysis.objects.filter(game=game).first()
        actors = [seat["kind"] for seat in game.seats]
        deals = (
            replay_deals(analysis.analysis, record(game)["rounds"], actors) if analysis else None
        )
        games.append(
            {
                "game_id": game.pk,
                "game_type": game.game_type,
                "status": game.status,
                "participant_seat": session_seat(game, session.pk),
                "metrics": {v.key: v.value for v in values},
                "deals": deals,
            }
        )
    session_values = _current(
        MetricValue.objects.filter(level=Level.SESSION, subject_id=session.pk)
    )
    return {
        "session": {
            "id": session.pk,
            "number": session.number,
            "participant": session.participant_id,
            "status": session.status,
            "started_at": session.started_at,
            "completed_at": session.completed_at,
        },
        "metrics": {v.key: v.value for v in session_values},
        "games": games,
    }


def cohort_summary(*, study: Study) -> dict:
    norms = _current(CohortNorm.objects.filter(study=study))
    return {
        "study": study.pk,
        "participants": study.participants.count(),
        "metrics": [
            {
                **CATALOGUE[n.key].as_dict(),
                "n": n.n,
                "mean": n.mean,
                "sd": n.sd,
                "baseline_sd": n.baseline_sd,
                "session_sd": n.session_sd,
                "retest_gain": n.retest_gain,
                "reliability": n.reliability,
                "reliability_n": n.reliability_n,
                "control_gain": n.control_gain,
                "control_n": n.control_n,
                "computed_at": n.computed_at,
            }
            for n in sorted(norms, key=lambda n: _ordered([x.key for x in norms]).index(n.key))
        ],
    }
