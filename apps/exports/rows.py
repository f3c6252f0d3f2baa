"""The rows of each tidy table, streamed from the database in its column order.

Every stream reads through a server-side cursor (``.iterator(chunk_size=...)``), so a table of a
million rows is never in memory at once; rows are labelled with export ids from the scope's
lookups. ``SOURCES[table]`` is a :class:`Source`: ``count(scope)`` says how many rows the
table will have (for progress), ``rows(scope)`` yields them as tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Case, FloatField, OuterRef, Q, QuerySet, Subquery, Value, When
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from apps.exports import deals
from apps.exports.schema import GAME_KEY, TABLES
from apps.exports.scope import ExportScope, GameRef
from apps.games.models import ExaminationPeriod, IllegalAttempt, Play, RecallAttempt, RecallProbe
from apps.metrics.models import MetricValue
from apps.metrics.selectors import CATALOGUE, INTERVAL_METRICS

CHUNK = 10_000
STRAGEDY_DEAL = 2  # the 'Stragedy finds the New Deal's Pritticut


def shifted(moment: datetime | None, shift: timedelta) -> datetime | None:
    return None if moment is None else moment + shift


@dataclass(frozen=True)
class Source:
    """Where one table's rows come from: a queryset to count and a generator of rows."""

    count: Callable[[ExportScope], int]
    rows: Callable[[ExportScope], Iterator[tuple]]


# -- participants, sessions, games -------------------------------------------------------------


def _participants(scope: ExportScope) -> QuerySet:
    return (
        scope.participant_rows()
        .order_by("pk")
        .values_list("pk", "age_band", "group", "arm__name", "allocation__stratum")
    )


def participant_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    codes = set(scope.study.group_codes)  # free text typed before the code list stays home
    rows = _participants(scope).iterator(chunk_size=CHUNK)
    for pk, age_band, group, arm, stratum in rows:
        coded = group if group in codes else None
        yield scope.subjects[pk].export_id, age_band, coded, arm, stratum


def _sessions(scope: ExportScope) -> QuerySet:
    return (
        scope.session_rows()
        .order_by("participant_id", "number")
        .values_list(
            "pk",
            "status",
            "protocol_id",
            "protocol_snapshot",
            "started_at",
            "completed_at",
            "abandoned_at",
        )
    )


def session_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    rows = _sessions(scope).iterator(chunk_size=CHUNK)
    for pk, status, protocol, snap, started, completed, abandoned in rows:
        if pk not in scope.sessions:
            continue
        export_id, number, shift = scope.session_key(pk)
        duration = (completed - started).total_seconds() if completed else None
        game = snap.get("game")
        memulation = game == "memulation"  # each game's own settings; the other's stay empty
        yield (
            export_id,
            number,
            status,
            protocol,
            snap.get("version"),
            game,
            snap.get("rounds"),
            snap.get("examination_seconds") if memulation else None,
            snap.get("roles") if memulation else None,
            snap.get("opponent"),
            snap.get("opponent_level"),
            snap.get("wild_tie") if memulation else None,
            snap.get("trump_rule") if game == "mendikot" else None,
            snap.get("stragedy_intent") if memulation else None,
            snap.get("recall_probes", 0) if memulation else None,
            bool((snap.get("adaptive") or {}).get("enabled", False)),
            snap.get("opponent_pace_seconds"),
            snap.get("turn_seconds"),
            snap.get("takeover_seconds"),
            snap.get("takeover_level"),
            shifted(started, shift),
            shifted(completed, shift),
            shifted(abandoned, shift),
            duration,
        )


def _games(scope: ExportScope) -> QuerySet:
    return (
        scope.game_rows()
        .order_by("pk")
        .values_list("pk", "status", "seats", "options", "finished_at")
    )


def game_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    for pk, status, seats, options, finished_at in _games(scope).iterator(chunk_size=CHUNK):
        bots = [seat for seat in seats if seat.get("kind") == "bot"]
        for ref in scope.refs(pk):  # a table's game: once for each participant's session
            yield (
                *ref.key,
                ref.game_type,
                status,
                ref.participant_seat,
                len(seats),
                bots[0].get("bot") if bots else None,
                bots[0].get("level") if bots else None,
                bots[0].get("version") if bots else None,
                options.get("rounds", 1),
                options.get("examination_seconds") if ref.game_type == "memulation" else None,
                shifted(ref.started_at, ref.shift),
                shifted(finished_at, ref.shift),
            )


# -- typed rows of the event log ---------------------------------------------------------------

KEY = len(GAME_KEY)  # the game key (participant, session, game) comes from the scope, not the row


def typed_rows(model, table: str, scope: ExportScope) -> Iterator[tuple[int, int, GameRef, list]]:
    """(game id, event id, game, values) for the exported games' rows of one typed table of
    the event log, in order of game and event: the values of the schema's columns read from
    the database (``Table.sources``), in column order. A table's game is yielded once for each
    seated session that keeps the row's seat (its own seat and the computer's)."""
    sources = TABLES[table].sources(KEY)
    seat_at = sources.index("seat")
    rows = (
        model.objects.filter(game__in=scope.game_rows().values("pk"))
        .order_by("game_id", "event_id")
        .values_list("game_id", "event_id", *sources)
    )
    for game_id, event_id, *values in rows.iterator(chunk_size=CHUNK):
        for ref in scope.refs(game_id):
            if ref.keeps(values[seat_at]):
                yield game_id, event_id, ref, values


def examination_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    for _, _, ref, values in typed_rows(ExaminationPeriod, "examination_periods", scope):
        *rest, shown_at, hidden_at = values
        yield (*ref.key, *rest, shifted(shown_at, ref.shift), shifted(hidden_at, ref.shift))


def play_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    for _, _, ref, (*values, played_at) in typed_rows(Play, "plays", scope):
        yield (*ref.key, *values, played_at + ref.shift)


def recall_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    for _, _, ref, values in typed_rows(RecallAttempt, "recall_attempts", scope):
        rnd, seat, actor, intended, pile, trick, index, revealed, *where, decision_ms, at = values
        hit = (revealed == intended) if intended else None
        yield (
            *ref.key,
            rnd,
            STRAGEDY_DEAL,
            seat,
            actor,
            intended or None,
            pile,
            trick,
            index,
            revealed,
            hit,
            *where,
            decision_ms,
            at + ref.shift,
        )


def illegal_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    for _, _, ref, values in typed_rows(IllegalAttempt, "illegal_attempts", scope):
        rnd, deal, seat, action_type, card, code, decision_ms, at = values
        yield (
            *ref.key,
            rnd,
            deal,
            seat,
            action_type,
            card or None,
            code,
            decision_ms,
            at + ref.shift,
        )


def probe_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    for _, _, ref, (*values, asked_at, answered_at) in typed_rows(
        RecallProbe, "recall_probes", scope
    ):
        yield (*ref.key, *values, asked_at + ref.shift, answered_at + ref.shift)


# -- metrics -------------------------------------------------------------------------------------


def _end(field: str):
    return Cast(KT(field), FloatField())


def _interval_end(end: str):
    """One end (``low``/``high``) of a value's 95% interval, for the metrics estimated with one:
    a game or session value keeps it in its details; a participant value is its latest
    session's value, so the interval is that session's too."""
    Level = MetricValue.Level
    latest = (
        MetricValue.objects.filter(
            level=Level.SESSION,
            participant=OuterRef("participant"),
            key=OuterRef("key"),
            version=OuterRef("version"),
            session__status="completed",
            value__isnull=False,
        )
        .order_by("-session__number")
        .annotate(end=_end(f"details__{end}"))
        .values("end")[:1]
    )
    return Case(
        When(~Q(key__in=INTERVAL_METRICS), then=Value(None)),
        When(level=Level.PARTICIPANT, then=Subquery(latest)),
        default=_end(f"details__{end}"),
        output_field=FloatField(),
    )


def _metrics(scope: ExportScope) -> QuerySet:
    Level = MetricValue.Level
    return (
        MetricValue.objects.filter(
            participant__in=scope.participant_rows(), key__in=list(CATALOGUE)
        )
        .filter(
            Q(level=Level.PARTICIPANT)
            | Q(level=Level.SESSION, session__in=scope.session_rows().values("pk"))
            | Q(level=Level.GAME, game__in=scope.game_rows().values("pk"))
        )
        .order_by("participant_id", "session_id", "game_id", "level", "key", "version")
        .annotate(ci_low=_interval_end("low"), ci_high=_interval_end("high"))
        .values_list(
            "level",
            "participant_id",
            "session_id",
            "game_id",
            "key",
            "version",
            "value",
            "n",
            "ci_low",
            "ci_high",
        )
    )


def metric_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    for level, participant, session, game, *values in _metrics(scope).iterator(chunk_size=CHUNK):
        subject = scope.subjects.get(participant)
        if subject is None:
            continue
        session_number = game_number = None
        subject_id = f"sub-{subject.export_id}"
        if level != MetricValue.Level.PARTICIPANT:
            if session not in scope.sessions:
                continue
            session_number = scope.sessions[session][1]
            subject_id += f"_ses-{session_number}"
        if level == MetricValue.Level.GAME:
            ref = scope.ref(game, session)
            if ref is None:
                continue
            game_number = ref.key[2]
            subject_id += f"_game-{game_number}"
        yield (level, subject_id, subject.export_id, session_number, game_number, *values)


# -- inference -----------------------------------------------------------------------------------


def _inference(scope: ExportScope) -> QuerySet:
    return (
        MetricValue.objects.filter(
            participant__in=scope.participant_rows(),
            level=MetricValue.Level.PARTICIPANT,
            key__in=list(CATALOGUE),
        )
        .order_by("participant_id", "key", "version")
        .values_list("participant_id", "participant__arm__name", "key", "version", "n", "details")
    )


def _get(mapping: dict | None, *path):
    for name in path:
        if not isinstance(mapping, dict):
            return None
        mapping = mapping.get(name)
    return mapping


def inference_rows(scope: ExportScope) -> Iterator[tuple]:
    """Each participant's stored trend details, flattened (only current metric versions)."""
    scope.load()
    for participant, arm, key, version, n, details in _inference(scope).iterator(chunk_size=CHUNK):
        subject = scope.subjects.get(participant)
        if subject is None or CATALOGUE[key].version != version:
            continue
        trend, rci, norm = details.get("trend"), details.get("rci"), details.get("norm")
        yield (
            subject.export_id,
            arm,
            key,
            version,
            n,
            details.get("latest"),
            details.get("latest_n"),
            details.get("min_trials", CATALOGUE[key].min_trials),
            _get(trend, "slope"),
            _get(trend, "ci_low"),
            _get(trend, "ci_high"),
            _get(rci, "status"),
            _get(rci, "k"),
            _get(rci, "trials_baseline"),
            _get(rci, "trials_latest"),
            _get(rci, "baseline"),
            _get(rci, "latest"),
            _get(rci, "sd"),
            _get(rci, "reliability"),
            _get(rci, "source"),
            _get(rci, "sem"),
            _get(rci, "s_diff"),
            _get(rci, "value"),
            _get(rci, "practice_gain"),
            _get(rci, "practice_source"),
            _get(rci, "corrected"),
            _get(rci, "reliable") if _get(rci, "status") == "ok" else None,
            details.get("z_cohort"),
            details.get("z_norm"),
            _get(norm, "mean"),
            _get(norm, "sd"),
            _get(norm, "n"),
            _get(norm, "source"),
        )


def _count(queryset_of: Callable[[ExportScope], QuerySet]) -> Callable[[ExportScope], int]:
    return lambda scope: queryset_of(scope).order_by().count()


def _typed_count(model) -> Callable[[ExportScope], int]:
    return lambda scope: model.objects.filter(game__in=scope.game_rows().values("pk")).count()


SOURCES: dict[str, Source] = {
    "participants": Source(_count(_participants), participant_rows),
    "sessions": Source(_count(_sessions), session_rows),
    "games": Source(_count(_games), game_rows),
    "deals": Source(deals.deal_count, deals.deal_rows),
    "examination_periods": Source(_typed_count(ExaminationPeriod), examination_rows),
    "plays": Source(_typed_count(Play), play_rows),
    "recall_attempts": Source(_typed_count(RecallAttempt), recall_rows),
    "recall_probes": Source(_typed_count(RecallProbe), probe_rows),
    "illegal_attempts": Source(_typed_count(IllegalAttempt), illegal_rows),
    "metrics": Source(_count(_metrics), metric_rows),
    "inference": Source(_count(_inference), inference_rows),
}
