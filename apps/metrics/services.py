"""Computing and storing metrics. Every write is an upsert inside one transaction, so a job can
run twice, or be killed half way, without leaving duplicates or partial results."""

from __future__ import annotations

import logging
from collections import defaultdict

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from apps.common import clock
from apps.games.models import Game
from apps.games.selectors import session_games, session_seat
from apps.metrics import compute, fidelity, probes, readings
from apps.metrics.adaptive import adaptive_step
from apps.metrics.analysis import ANALYSIS_VERSION, analysis_values, game_analysis
from apps.metrics.catalogue import CATALOGUE, catalogue_signature
from apps.metrics.inputs import StudyInputs, participant_series, sessions_held
from apps.metrics.models import GameAnalysis, MetricValue, Reading, SessionMetrics
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
    # Timing: the median, spread and variability of all the session's plays together.
    timing = compute.session_timing([(g, session_seat(g, session.pk)) for g in games])
    for row in rows:
        if row.key in timing:
            item = timing[row.key]
            row.value, row.n, row.details = item.value, item.n, item.details
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
    # The staircase's steps, then the participant's readings, read from all their sessions and
    # rewritten: jobs of one participant take turns here (the staircase locks the participant's
    # row), so none rewrites them without another's session.
    adaptive_step(session=session)
    participant = Participant.objects.select_for_update().get(pk=session.participant_id)
    participant_readings_refresh(participant=participant)


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
    participant_readings_refresh(participant=participant)
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


def participant_readings_refresh(
    *, participant: Participant, inputs: StudyInputs | None = None
) -> None:
    """Every reading of the participant (see :mod:`apps.metrics.readings`), one per metric and
    game: stored as the participant's current values (one row per metric, its games' readings
    in ``details["readings"]``), and appended to the history (:class:`Reading`) where what a
    reading says has changed. A participant who withdrew consent is read no more: their readings
    stay as they stood at withdrawal (the record is kept, not processed further)."""
    if participant.consent_withdrawn_at is not None:
        return
    inputs = inputs or StudyInputs(participant.study)
    held = sessions_held([participant])[participant.pk]
    series = participant_series(held)
    current = {
        row.key: row
        for row in MetricValue.objects.filter(level=Level.PARTICIPANT, subject_id=participant.pk)
        if row.key in CATALOGUE and row.version == CATALOGUE[row.key].version
    }
    before = {
        (key, game): reading
        for key, row in current.items()
        for game, reading in (row.details.get("readings") or {}).items()
    }
    found = readings.participant_readings(series, inputs.context(participant, held), before)
    now = clock.now()
    by_key: dict[str, dict[str, dict]] = defaultdict(dict)
    for (key, game), reading in found.items():
        by_key[key][game] = reading
    rows, history = [], []
    for key, games in by_key.items():
        stored = (current[key].details.get("readings") or {}) if key in current else {}
        for game, reading in games.items():
            if (stored.get(game) or {}).get("digest") != reading["digest"]:
                history.append(
                    Reading(
                        participant=participant,
                        key=key,
                        version=CATALOGUE[key].version,
                        game=game,
                        role=reading["role"],
                        details=reading,
                        digest=reading["digest"],
                        computed_at=now,
                    )
                )
        latest = max(
            (r for r in games.values() if r["latest_session"] is not None),
            key=lambda r: r["latest_session"],
            default=None,
        )
        rows.append(
            MetricValue(
                participant_id=participant.pk,
                key=key,
                value=latest["latest"] if latest else None,
                n=sum(1 for r in games.values() for p in r["series"] if p["value"] is not None),
                details={"readings": games, "computed_at": now.isoformat()},
            )
        )
    _store(Level.PARTICIPANT, participant.pk, rows)
    Reading.objects.bulk_create(history)


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
    """Every participant's readings again: the study's retest pairs, control arm and norms they
    rest on change as others take part (each study's inputs are read once). Not those who
    withdrew consent: theirs stay as they stood at withdrawal."""
    studies = list(Study.objects.all())
    count = 0
    for study in studies:
        inputs = StudyInputs(study)
        people = Participant.objects.filter(
            study=study, sessions__status="completed", consent_withdrawn_at__isnull=True
        ).distinct()
        for participant in people.select_related("study").iterator():
            with transaction.atomic():
                locked = Participant.objects.select_for_update().get(pk=participant.pk)
                participant_readings_refresh(participant=locked, inputs=inputs)
            count += 1
    log.info("nightly metrics: %d studies, %d participants", len(studies), count)
    return {"studies": len(studies), "participants": count, "at": timezone.now().isoformat()}
