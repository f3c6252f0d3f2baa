"""Dashboard reads: a participant's summary and series, a session's analysis, a cohort."""

from __future__ import annotations

import copy

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from apps.common.errors import ValidationFailed
from apps.games.selectors import session_games, session_seat
from apps.metrics import readings
from apps.metrics.adaptive import (
    rules_of,
    session_difficulty,  # noqa: F401 (offered to other apps)
)
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
from apps.metrics.fidelity_interval import interval_label
from apps.metrics.inputs import StudyInputs, sessions_held
from apps.metrics.inputs import participant_series as series_held
from apps.metrics.models import AdaptiveChange, GameAnalysis, MetricValue
from apps.metrics.reading_words import (
    KIND_WORDS,  # noqa: F401 (offered to other apps)
    adaptive_step_words,
)
from apps.metrics.readings import (  # noqa: F401 (offered to other apps)
    CHANGE_STATUSES,
    READING_ROLES,
    TREND_STATUSES,
)
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
    """The interval of the participant's latest session estimate of ``key``, if stored, with
    the words it is shown with (its coverage as measured in simulation)."""
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
        "games": details.get("games", 1),
        "label": interval_label(details.get("games", 1)),
    }


def _readings(participant: Participant) -> list[dict]:
    """The participant's current readings, one per metric and game, in the dashboard's order."""
    rows = {
        r.key: r
        for r in _current(
            MetricValue.objects.filter(level=Level.PARTICIPANT, subject_id=participant.pk)
        )
    }
    out = []
    for key in _ordered(rows):
        games = rows[key].details.get("readings") or {}
        for game in sorted(games):
            out.append({**games[game], "computed_at": rows[key].computed_at})
    return out


def participant_summary(*, participant: Participant) -> dict:
    """Everything the dashboard shows of the participant, in English: the record's language
    (a signature's content hash is taken over it). ``participant_summary_worded`` gives it in
    the reader's."""
    with translation.override(settings.LANGUAGE_CODE):
        return _summary(participant)


def _summary(participant: Participant) -> dict:
    found = _readings(participant)
    # A chance baseline is shown beside its score, never as a score of its own.
    chance = {
        (CATALOGUE[r["key"]].baseline_for, r["game"]): r["latest"]
        for r in found
        if CATALOGUE[r["key"]].baseline_for
    }
    metrics = []
    for reading in found:
        key = reading["key"]
        if CATALOGUE[key].baseline_for:
            continue
        metrics.append(
            {
                **CATALOGUE[key].as_dict(),
                **reading,
                "chance_level": chance.get((key, reading["game"])),
                "interval": _latest_interval(participant, key) if key in INTERVAL_METRICS else None,
            }
        )
    sessions = TrainingSession.objects.filter(participant=participant)
    study = participant.study
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
        "claims": {
            "primary_metrics": list(study.primary_metrics or ()),
            "assessment_points": [
                {"id": p.pk, "kind": p.kind, "label": p.label, "when": p.when}
                for p in study.assessment_points.order_by("pk")
            ],
            "retest_interval_days": study.retest_interval_days,
        },
        "words": sorted({f"{w}: {r['label']}" for r in metrics for w in r["words"]}),
        "metrics": metrics,
        "adaptive": adaptive_steps(participant),
    }


def adaptive_steps(participant: Participant, *, worded: bool = False) -> list[dict]:
    """The staircase's steps, each with its reason: the stored English one, the record's (a
    signature's hash covers it), or ``worded`` again in the active language."""
    return [
        {
            "session": change.session.number,
            "session_id": change.session_id,
            "examination_seconds": change.examination_seconds_after,
            "examination_seconds_before": change.examination_seconds_before,
            "opponent_level": change.opponent_level_after,
            "recall_rate": change.recall_rate,
            "reason": _step_reason(change) if worded else change.reason,
            "at": change.created_at,
        }
        for change in AdaptiveChange.objects.filter(participant=participant)
        .select_related("session")
        .order_by("session__number")
    ]


def _step_reason(change: AdaptiveChange) -> str:
    """The step's reason in the reader's language, from what the step stored."""
    return adaptive_step_words(
        attempts=change.steps,
        hits=round((change.recall_rate or 0) * change.steps),
        target=rules_of(change.session.protocol_snapshot)["target_recall"],
        seconds=(change.examination_seconds_before, change.examination_seconds_after),
        opponent=(change.opponent_level_before, change.opponent_level_after),
    )


def metric_worded(entry: dict) -> dict:
    """A catalogue entry (``Metric.as_dict``) with its words in the active language."""
    return {**entry, **{f: gettext(entry[f]) for f in ("label", "definition", "plain") if entry[f]}}


def catalogue_worded() -> list[dict]:
    return [metric_worded(metric.as_dict()) for metric in METRICS]


def _unworded(reading: dict) -> dict:
    """A stored reading, its primary points' words left out (they are made again)."""
    reading = copy.deepcopy(reading)
    for entry in reading.get("assessments") or ():
        entry.pop("reading", None)
    return reading


def readings_worded(participant: Participant, found: list[dict]) -> list[dict]:
    """The stored readings ``found`` in the active language. Their words are made again by the
    same computation in that language, from the points as they were made (a primary reading
    is made once); the numbers shown stay the stored ones."""
    if (translation.get_language() or "en").startswith("en") or not found:
        return found
    inputs = StudyInputs(participant.study)
    held = sessions_held([participant])[participant.pk]
    before = {(r["key"], r["game"]): _unworded(r) for r in found}
    again = readings.participant_readings(
        series_held(held), inputs.context(participant, held), before
    )
    out = []
    for reading in found:
        worded = again.get((reading["key"], reading["game"]))
        if worded is None:
            out.append(reading)
            continue
        new = {**reading, "label": worded["label"], "reading": worded.get("reading")}
        if reading.get("withheld"):
            new["withheld"] = worded.get("withheld")
        if reading.get("z") and worded.get("z"):
            new["z"] = {**reading["z"], "reading": worded["z"].get("reading")}
            if "norm_mismatch" in reading["z"]:
                new["z"]["norm_mismatch"] = worded["z"].get("norm_mismatch")
        points = reading.get("assessments") or []
        if len(points) == len(worded.get("assessments") or []):
            new["assessments"] = [
                {**entry, "reading": again_entry.get("reading"), "when": again_entry.get("when")}
                for entry, again_entry in zip(points, worded["assessments"], strict=True)
            ]
        out.append(new)
    return out


def participant_summary_worded(*, participant: Participant) -> dict:
    """``participant_summary`` in the reader's language (the active one)."""
    summary = participant_summary(participant=participant)
    if (translation.get_language() or "en").startswith("en"):
        return summary
    metrics = readings_worded(participant, summary["metrics"])
    summary["metrics"] = [
        {
            **metric_worded(m),
            "label": m["label"],
            "reading": m.get("reading"),
            "interval": m["interval"]
            and {**m["interval"], "label": interval_label(m["interval"]["games"])},
        }
        for m in metrics
    ]
    summary["claims"]["assessment_points"] = [
        {"id": p.pk, "kind": p.kind, "label": p.label, "when": p.when}
        for p in participant.study.assessment_points.order_by("pk")
    ]
    summary["words"] = sorted(
        {f"{w}: {r['label']}" for r in summary["metrics"] for w in r["words"]}
    )
    summary["adaptive"] = adaptive_steps(participant, worded=True)
    return summary


def participant_series(*, participant: Participant, key: str) -> dict:
    meta = CATALOGUE.get(key)
    if meta is None:
        raise ValidationFailed(
            gettext("Unknown metric %(key)s.") % {"key": repr(key)},
            details={"key": sorted(CATALOGUE)},
        )
    games = [r for r in _readings(participant) if r["key"] == key]
    return {
        **metric_worded(meta.as_dict()),
        "games": [
            {
                "game": r["game"],
                # The stored label is the catalogue's, with the game after it when both are played.
                "label": gettext(meta.label) + r["label"][len(meta.label) :],
                "series": r["series"],
                "trend": r["trend"],
            }
            for r in games
        ],
    }


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
    """Per metric and game: the consented participants' latest values, whether the reliability
    gate is passed (and what is missing), and at each assessment point the control arm's
    practice gain and the SD of its own reliable-change indices (about 1 when the error model
    fits; much above 1: the model understates the spread and the readings overstate change)."""
    from apps.metrics.cohort import cohort_figures  # reads through the study's inputs

    return {
        "study": study.pk,
        "participants": study.participants.count(),
        "metrics": [metric_worded(figures) for figures in cohort_figures(study)],
    }
