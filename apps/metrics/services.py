"""Computing and storing metrics. Every write is an upsert inside one transaction, so a job can
run twice, or be killed half way, without leaving duplicates or partial results."""

from __future__ import annotations

import logging
import statistics
from collections import defaultdict

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from apps.games.models import Game
from apps.games.selectors import session_games, session_seat
from apps.metrics import compute, fidelity, probes, trends
from apps.metrics.analysis import ANALYSIS_VERSION, analysis_values, game_analysis
from apps.metrics.catalogue import CATALOGUE, catalogue_signature
from apps.metrics.models import (
    CohortNorm,
    GameAnalysis,
    MetricValue,
    ReferenceNorm,
    SessionMetrics,
)
from apps.participants.models import Participant, Study
from apps.training.models import TrainingSession

log = logging.getLogger(__name__)
Level = MetricValue.Level


def _store(level: str, subject_id: int, rows: list[MetricValue]) -> None:
    """Upsert one subject's values in one statement: (level, subject, key, version) is unique."""
    for row in rows:
        row.level, row.subject_id = level, subject_id
        row.version = CATALOGUE[row.key].version
    MetricValue.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=["level", "subject_id", "seat", "key", "version"],
        update_fields=["participant", "session", "game", "value", "n", "details", "computed_at"],
    )


def game_metrics_compute(
    *, game: Game, with_solver: bool, session: TrainingSession | None = None
) -> dict[str, compute.Value]:
    """The game's values for ``session`` (the game's own unless given: at a table, each
    participant's session), from that session's seat (computed first, then stored in one
    transaction)."""
    session = session or game.session
    seat = session_seat(game, session.pk)
    values = {**compute.game_values(game, seat), **probes.probe_values(game, seat)}
    if with_solver and game.game_type == "memulation":
        values.update(analysis_values(game, seat))
    rows = [
        MetricValue(
            participant_id=session.participant_id,
            session_id=session.pk,
            game_id=game.pk,
            seat=seat,
            key=key,
            value=item.value,
            n=item.n,
            details=item.details,
        )
        for key, item in values.items()
    ]
    _store(Level.GAME, game.pk, rows)
    return values


@transaction.atomic
def session_metrics_compute(*, session_id: int, with_solver: bool | None = None) -> None:
    """Every finished game of a completed session, the session's values, then the participant's
    trends and the adaptive step, all in one transaction: a job killed half way leaves nothing,
    and running it again replaces its results rather than adding to them."""
    if with_solver is None:
        with_solver = settings.METRICS_WITH_SOLVER
    session = TrainingSession.objects.select_related("participant").get(pk=session_id)
    # A practice round is logged but never measured.
    games = list(
        session_games(session)
        .filter(status=Game.Status.FINISHED, practice=False)
        .order_by("-created_at")
    )
    per_game = [
        game_metrics_compute(game=g, with_solver=with_solver, session=session) for g in games
    ]
    rows = []
    for key in {key for values in per_game for key in values}:
        items = [v[key] for v in per_game if key in v]
        weighted = [(i.value, max(i.n, 1)) for i in items if i.value is not None]
        total = sum(w for _, w in weighted)
        rows.append(
            MetricValue(
                participant_id=session.participant_id,
                session_id=session.pk,
                key=key,
                value=sum(v * w for v, w in weighted) / total if weighted else None,
                n=sum(i.n for i in items),
            )
        )
    for row in rows:
        if row.key in probes.POOLED:  # signal detection: the games' counts added up
            pooled = probes.session_value(
                row.key, [v[row.key].details for v in per_game if row.key in v]
            )
            row.value, row.details = pooled.value, pooled.details
    _store(Level.SESSION, session.pk, rows)
    SessionMetrics.objects.bulk_create(  # one upsert rather than a select and an update
        [SessionMetrics(session=session, signature=catalogue_signature(with_solver=with_solver))],
        update_conflicts=True,
        unique_fields=["session"],
        update_fields=["signature", "computed_at"],
    )
    # The participant's trends and staircase are read from all their sessions and rewritten:
    # jobs of one participant take turns here, so none rewrites them without another's session.
    participant = Participant.objects.select_for_update().get(pk=session.participant_id)
    participant_trends_refresh(participant=participant)
    from apps.metrics.adaptive import adaptive_step

    adaptive_step(session=session)


FIDELITY = "memory_fidelity"


def fidelity_wanted() -> bool:
    """Memory fidelity is estimated (in its own job, after the session's other metrics)."""
    return settings.METRICS_WITH_SOLVER and settings.METRICS_WITH_FIDELITY


@transaction.atomic
def session_fidelity_compute(*, session_id: int) -> bool:
    """``memory_fidelity`` of each finished Memulation game of a completed session and of the
    session (all its decisions in one likelihood, not a mean of the games'), then the
    participant's trends again. Its own job: it solves about a second of CPU a game, which the
    session's other results do not wait for. False when the session has no such game."""
    session = TrainingSession.objects.get(pk=session_id)
    games = list(
        session_games(session)
        .filter(status=Game.Status.FINISHED, practice=False, game_type="memulation")
        .order_by("-created_at")
    )
    if not games:
        return False
    # A game's estimate is seeded by the game: one stored under this version is reused (the
    # job runs again as each game of a session ends).
    stored = {
        row.game_id: row.details
        for row in MetricValue.objects.filter(
            level=Level.GAME,
            session=session,
            key=FIDELITY,
            version=CATALOGUE[FIDELITY].version,
            game__in=games,
        )
    }
    details = []
    for game in games:
        if game.pk in stored:
            details.append(stored[game.pk])
            continue
        seat = session_seat(game, session.pk)
        fit = fidelity.game_value(compute.record(game), seat, seed=game.pk)
        _store(Level.GAME, game.pk, [_fidelity_row(session, fit, game=game, seat=seat)])
        details.append(fit["details"])
    _store(Level.SESSION, session.pk, [_fidelity_row(session, fidelity.session_value(details))])
    participant = Participant.objects.select_for_update().get(pk=session.participant_id)
    participant_trends_refresh(participant=participant)
    return True


def _fidelity_row(session: TrainingSession, fit: dict, **where) -> MetricValue:
    return MetricValue(
        participant_id=session.participant_id,
        session_id=session.pk,
        key=FIDELITY,
        value=fit["value"],
        n=fit["n"],
        details=fit["details"],
        **where,
    )


def sessions_needing_fidelity():
    """Completed sessions with Memulation games, their other metrics current, and no session
    ``memory_fidelity`` of the catalogue's version (lost or stale jobs; none when it is off)."""
    if not fidelity_wanted():
        return TrainingSession.objects.none()
    signature = catalogue_signature(with_solver=True)
    current = SessionMetrics.objects.filter(signature=signature).values("session_id")
    done = MetricValue.objects.filter(
        level=Level.SESSION, key=FIDELITY, version=CATALOGUE[FIDELITY].version
    ).values("session_id")
    played = Game.objects.filter(
        game_type="memulation", status=Game.Status.FINISHED, practice=False
    )
    return (
        TrainingSession.objects.filter(status="completed", pk__in=current)
        .filter(Q(games__in=played) | Q(table_seats__game__in=played))
        .exclude(pk__in=done)
        .distinct()
    )


def _current(row) -> bool:
    """A stored row made under the catalogue's current definition of its metric."""
    return row.key in CATALOGUE and row.version == CATALOGUE[row.key].version


def _series(participant: Participant) -> dict[str, list[trends.Point]]:
    values = MetricValue.objects.filter(
        level=Level.SESSION, participant=participant, session__status="completed"
    ).select_related("session")  # the sessions come with their values: one query
    by_key: dict[str, dict[int, MetricValue]] = defaultdict(dict)
    by_pk: dict[int, TrainingSession] = {}
    for row in values:
        if _current(row) and row.session is not None:  # a session's value has its session
            by_key[row.key][row.session.pk] = row
            by_pk[row.session.pk] = row.session
    sessions = sorted(by_pk.values(), key=lambda s: s.number)
    series = {}
    for key, by_session in by_key.items():
        series[key] = [
            trends.Point(
                s.number,
                s.pk,
                (s.completed_at or s.started_at or s.created_at).isoformat(),
                by_session[s.pk].value,
                by_session[s.pk].n,
            )
            for s in sessions
            if s.pk in by_session
        ]
    return series


def _cohort(row: CohortNorm | None) -> trends.Cohort | None:
    if row is None:
        return None
    return trends.Cohort(
        n=row.n,
        mean=row.mean,
        sd=row.sd,
        session_sd=row.session_sd,
        reliability=row.reliability,
        reliability_n=row.reliability_n,
        control_gain=row.control_gain,
        control_n=row.control_n,
    )


def _reference(row: ReferenceNorm | None) -> trends.Reference | None:
    if row is None:
        return None
    return trends.Reference(
        mean=row.mean,
        sd=row.sd,
        n=row.n,
        source=row.source,
        retest_r=row.retest_r,
        retest_source=row.retest_source,
        practice_effect=row.practice_effect,
        practice_source=row.practice_source,
    )


def participant_trends_refresh(*, participant: Participant) -> None:
    """Each metric as a series over sessions with its trend, reliable change and z-scores."""
    cohorts = {
        c.key: c for c in CohortNorm.objects.filter(study_id=participant.study_id) if _current(c)
    }
    norms = {
        n.key: n for n in ReferenceNorm.objects.filter(age_band=participant.age_band) if _current(n)
    }
    rows = []
    for key, points in _series(participant).items():
        cohort, norm = _cohort(cohorts.get(key)), _reference(norms.get(key))
        details = trends.trend_details(CATALOGUE[key], points, cohort, norm)
        rows.append(
            MetricValue(
                participant_id=participant.pk,
                key=key,
                value=details["latest"],
                n=sum(1 for p in points if p.value is not None),
                details=details,
            )
        )
    _store(Level.PARTICIPANT, participant.pk, rows)


def _sd(values: list[float]) -> float | None:
    return statistics.stdev(values) if len(values) > 1 else None


def cohort_norms_refresh(*, study: Study) -> None:
    """Per metric: the spread of participants' latest values, of their baselines and of their
    first sessions, the session 1 - session 2 correlation, and the mean retest gain (latest
    minus baseline) of the whole cohort and of the control arm (the practice effect)."""
    by_key: dict[str, list[tuple[bool, list[float]]]] = defaultdict(list)
    people = Participant.objects.filter(study=study).select_related("arm")
    for participant in people:
        control = participant.arm is not None and participant.arm.control
        for key, points in _series(participant).items():
            values = [p.value for p in points if p.value is not None]
            if values:
                by_key[key].append((control, values))
    with transaction.atomic():
        for key, rows in by_key.items():
            latest = [v[-1] for _, v in rows]
            pairs = [
                (control, means)
                for control, v in rows
                if (means := trends.baseline_and_latest(v)) is not None
            ]
            baselines = [b for _, (b, _) in pairs]
            gains = [lt - b for _, (b, lt) in pairs]
            control_gains = [lt - b for control, (b, lt) in pairs if control]
            firsts = [(v[0], v[1]) for _, v in rows if len(v) >= 2]
            CohortNorm.objects.update_or_create(
                study=study,
                key=key,
                version=CATALOGUE[key].version,
                defaults={
                    "n": len(rows),
                    "mean": statistics.fmean(latest),
                    "sd": _sd(latest),
                    "baseline_sd": _sd(baselines),
                    "session_sd": _sd([v[0] for _, v in rows]),
                    "retest_gain": statistics.fmean(gains) if gains else None,
                    "reliability": compute.stats.pearson(
                        [a for a, _ in firsts], [b for _, b in firsts]
                    ),
                    "reliability_n": len(firsts),
                    "control_gain": statistics.fmean(control_gains) if control_gains else None,
                    "control_n": len(control_gains),
                },
            )


def game_analysis_ensure(*, game_id: int) -> bool:
    """The solver's analysis of a finished Memulation game, stored once (the replay shows it when
    it is there). ``False``: nothing to analyse (another game, or not finished)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.FINISHED or game.game_type != "memulation":
        return False
    if game.practice:
        return False
    game_analysis(game)
    return True


def games_needing_analysis():
    """Finished Memulation games without a stored analysis of the current version."""
    done = GameAnalysis.objects.filter(version=ANALYSIS_VERSION).values("game_id")
    return Game.objects.filter(
        status=Game.Status.FINISHED, game_type="memulation", practice=False
    ).exclude(pk__in=done)


def sessions_needing_metrics():
    """Completed sessions whose metrics are missing or from an older catalogue."""
    signature = catalogue_signature(with_solver=settings.METRICS_WITH_SOLVER)
    current = SessionMetrics.objects.filter(signature=signature).values("session_id")
    return TrainingSession.objects.filter(status="completed").filter(~Q(pk__in=current))


def metrics_nightly() -> dict[str, int | str]:
    """Cohort norms for every study, then every participant's trends against them."""
    studies = list(Study.objects.all())
    for study in studies:
        cohort_norms_refresh(study=study)
    people = Participant.objects.filter(sessions__status="completed").distinct()
    count = 0
    for participant in people.iterator():
        participant_trends_refresh(participant=participant)
        count += 1
    log.info("nightly metrics: %d studies, %d participants", len(studies), count)
    return {"studies": len(studies), "participants": count, "at": timezone.now().isoformat()}
