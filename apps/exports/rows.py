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

from django.db.models import Case, FloatField, Q, QuerySet, Value, When
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from apps.exports import deals, dose, visits
from apps.exports.schema import GAME_KEY, TABLES
from apps.exports.scope import ExportScope, GameRef
from apps.games.models import (
    EventKind,
    ExaminationPeriod,
    GameEvent,
    IllegalAttempt,
    Play,
    RecallAttempt,
    RecallProbe,
)
from apps.metrics.models import MetricValue, Reading
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


def _whole(seconds: float | None) -> int | None:
    """Whole seconds (an adaptive session keeps its examination time as a float: ``10.0``)."""
    return None if seconds is None else round(seconds)


def _games(scope: ExportScope) -> QuerySet:
    return (
        scope.game_rows()
        .order_by("pk")
        .values_list("pk", "status", "seats", "options", "probes", "finished_at")
    )


def game_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    games = _games(scope).iterator(chunk_size=CHUNK)
    for pk, status, seats, options, probes, finished_at in games:
        bots = [seat for seat in seats if seat.get("kind") == "bot"]
        people = len(seats) - len(bots)
        turns = options.get("turns") or {}
        for ref in scope.refs(pk):  # a table's game: once for each participant's session
            memulation = ref.game_type == "memulation"
            own = seats[ref.participant_seat].get("examination_seconds")
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
                _whole(own or options.get("examination_seconds")) if memulation else None,
                people,
                turns.get("pace") if turns else None,
                turns.get("turn_seconds"),
                turns.get("takeover_seconds"),
                turns.get("takeover_level"),
                ((probes or {}).get("k", 0)) if memulation else None,
                shifted(ref.started_at, ref.shift),
                shifted(finished_at, ref.shift),
            )


# -- typed rows of the event log ---------------------------------------------------------------

KEY = len(GAME_KEY)  # the game key (participant, session, game) comes from the scope, not the row


# What a person does at their own seat (a hand examined, a move refused, a probe answered):
# rows of the participant's seat only. At a table the other seats' rows (a clinician's, another
# participant's) are nobody's data in this participant's rows; the plays and 'Stragedies of
# everyone at the table are kept, each with its actor.
OWN_SEAT_TABLES = frozenset({"examination_periods", "illegal_attempts", "recall_probes"})


def typed_rows(model, table: str, scope: ExportScope) -> Iterator[tuple[int, int, GameRef, list]]:
    """(game id, event id, game, values) for the exported games' rows of one typed table of
    the event log, in order of game and event: the values of the schema's columns read from
    the database (``Table.sources``), in column order. A table's game is yielded once for each
    seated session that keeps the row's seat (its own seat and the computer's; its own seat
    only for :data:`OWN_SEAT_TABLES`)."""
    sources = TABLES[table].sources(KEY)
    seat_at = sources.index("seat")
    own_only = table in OWN_SEAT_TABLES
    rows = (
        model.objects.filter(game__in=scope.game_rows().values("pk"))
        .order_by("game_id", "event_id")
        .values_list("game_id", "event_id", *sources)
    )
    for game_id, event_id, *values in rows.iterator(chunk_size=CHUNK):
        seat = values[seat_at]
        for ref in scope.refs(game_id):
            if seat == ref.participant_seat if own_only else ref.keeps(seat):
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


def refused_deal(deal: int | None, ref: GameRef) -> int | None:
    """A refused move's deal: Mendikot's views name no deal (it has one a round), so its refused
    moves are logged without one."""
    return 1 if deal is None and ref.game_type == "mendikot" else deal


def illegal_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    for _, _, ref, values in typed_rows(IllegalAttempt, "illegal_attempts", scope):
        rnd, deal, seat, action_type, card, code, decision_ms, at = values
        yield (
            *ref.key,
            rnd,
            refused_deal(deal, ref),
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


TABLE_EVENTS = (
    EventKind.SEAT_TAKEOVER,
    EventKind.SEAT_RETURN,
    EventKind.TABLE_PAUSED,
    EventKind.TABLE_RESUMED,
    EventKind.GAME_ABANDONED,
)


def _table_events(scope: ExportScope) -> QuerySet:
    return GameEvent.objects.filter(
        game__in=scope.game_rows().values("pk"), kind__in=TABLE_EVENTS
    ).order_by("game_id", "seq")


def table_event_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    events = _table_events(scope).values_list(
        "game_id", "kind", "seat", "payload__reason", "server_time"
    )
    for game_id, kind, seat, reason, at in events.iterator(chunk_size=CHUNK):
        for ref in scope.refs(game_id):
            if seat is None or ref.keeps(seat):
                yield (*ref.key, kind, seat, reason, shifted(at, ref.shift))


# -- metrics -------------------------------------------------------------------------------------


def _end(field: str):
    return Cast(KT(field), FloatField())


def _interval_end(end: str):
    """One end (``low``/``high``) of a value's 95% interval, for the metrics estimated with one:
    a game or session value keeps it in its details."""
    return Case(
        When(~Q(key__in=INTERVAL_METRICS), then=Value(None)),
        default=_end(f"details__{end}"),
        output_field=FloatField(),
    )


def _metrics(scope: ExportScope) -> QuerySet:
    """The session and game values of the exported sessions and games, each participant's
    together (the participant values are worked out from their session values)."""
    Level = MetricValue.Level
    return (
        MetricValue.objects.filter(
            participant__in=scope.participant_rows(), key__in=list(CATALOGUE)
        )
        .filter(
            Q(level=Level.SESSION, session__in=scope.session_rows().values("pk"))
            | Q(level=Level.GAME, game__in=scope.game_rows().values("pk"))
        )
        .order_by("participant_id", "session_id", "game_id", "level", "key", "version")
        .annotate(ci_low=_interval_end("low"), ci_high=_interval_end("high"))
        .values_list(
            "level",
            "participant_id",
            "session_id",
            "game_id",
            "session__protocol__game",
            "session__status",
            "key",
            "version",
            "value",
            "n",
            "ci_low",
            "ci_high",
        )
    )


def _participant_values_count(scope: ExportScope) -> int:
    """How many participant values :func:`metric_rows` will make: one for each participant,
    game and metric (at its current version) with a completed exported session's value."""
    current = Q()
    for key, metric in CATALOGUE.items():
        current |= Q(key=key, version=metric.version)
    return (
        MetricValue.objects.filter(
            current,
            participant__in=scope.participant_rows(),
            level=MetricValue.Level.SESSION,
            session__in=scope.session_rows().filter(status="completed").values("pk"),
        )
        .values("participant_id", "session__protocol__game", "key")
        .distinct()
        .order_by()
        .count()
    )


def _metrics_count(scope: ExportScope) -> int:
    return _metrics(scope).order_by().count() + _participant_values_count(scope)


def metric_rows(scope: ExportScope) -> Iterator[tuple]:
    """Each exported session's and game's values, then each participant's per game: the
    value of their latest completed session of that game among the exported ones (a value
    taken across games, or from a session the filters leave out, would describe neither)."""
    scope.load()
    Level = MetricValue.Level
    latest: dict[tuple[str, str, int], list] = {}  # (game, key, version) -> [number, row, n]
    current = None
    for level, participant, session, game, game_type, status, key, version, *values in _metrics(
        scope
    ).iterator(chunk_size=CHUNK):
        subject = scope.subjects.get(participant)
        if subject is None or session not in scope.sessions:
            continue
        if participant != current:
            yield from _participant_values(scope, current, latest)
            current, latest = participant, {}
        session_number = scope.sessions[session][1]
        subject_id = f"sub-{subject.export_id}_ses-{session_number}"
        game_number = None
        if level == Level.GAME:
            ref = scope.ref(game, session)
            if ref is None:
                continue
            game_number, game_type = ref.key[2], ref.game_type
            subject_id += f"_game-{game_number}"
        elif status == "completed" and CATALOGUE[key].version == version:
            kept = latest.setdefault((game_type, key, version), [0, None, 0])
            if values[0] is not None:
                kept[2] += 1
                if session_number > kept[0]:
                    kept[0], kept[1] = session_number, values
        row = (level, subject_id, subject.export_id, session_number, game_number, game_type)
        yield (*row, key, version, *values)
    yield from _participant_values(scope, current, latest)


def _participant_values(scope: ExportScope, participant, latest: dict) -> Iterator[tuple]:
    if participant is None:
        return
    export_id = scope.subjects[participant].export_id
    for (game_type, key, version), (_, values, n) in sorted(latest.items()):
        value, _, ci_low, ci_high = values or (None, 0, None, None)
        yield (
            MetricValue.Level.PARTICIPANT,
            f"sub-{export_id}",
            export_id,
            None,
            None,
            game_type,
            key,
            version,
            value,
            n,
            ci_low,
            ci_high,
        )


# -- inference -----------------------------------------------------------------------------------


def _inference(scope: ExportScope) -> QuerySet:
    return (
        Reading.objects.filter(participant__in=scope.participant_rows(), key__in=list(CATALOGUE))
        .order_by("participant_id", "key", "version", "game", "computed_at", "pk")
        .values_list(
            "participant_id", "participant__arm__name", "key", "version", "game", "role",
            "computed_at", "details",
        )
    )  # fmt: skip


def _inference_count(scope: ExportScope) -> int:
    """Rows of the inference table: a primary reading has one per assessment point."""
    count = 0
    for *_, role, _, details in _inference(scope).iterator(chunk_size=CHUNK):
        count += max(1, len(details.get("assessments") or ())) if role == "primary" else 1
    return count


def _get(mapping: dict | None, *path):
    for name in path:
        if not isinstance(mapping, dict):
            return None
        mapping = mapping.get(name)
    return mapping


def _trend_cells(trend: dict | None) -> tuple:
    return (
        _get(trend, "status"), _get(trend, "points"), _get(trend, "scale"),
        _get(trend, "slope"), _get(trend, "ci_low"), _get(trend, "ci_high"),
        _get(trend, "change"), _get(trend, "change_low"), _get(trend, "change_high"),
        _get(trend, "p"), _get(trend, "p_adjusted"),
    )  # fmt: skip


def _change_cells(change: dict | None) -> tuple:
    return (
        _get(change, "status"), _get(change, "baseline"), _get(change, "baseline_session"),
        _get(change, "baseline_n"), _get(change, "value"), _get(change, "n"),
        _get(change, "practice_gain"), _get(change, "practice_sd"), _get(change, "practice_n"),
        _get(change, "sd"), _get(change, "reliability"), _get(change, "reliability_source"),
        _get(change, "reliability_n"), _get(change, "sem"), _get(change, "s_diff"),
        _get(change, "rci"), _get(change, "df"), _get(change, "p"), _get(change, "p_adjusted"),
    )  # fmt: skip


def _z_cells(z: dict | None) -> tuple:
    protocol = _get(z, "norm", "protocol")
    return (
        _get(z, "norm", "z"), _get(z, "norm", "mean"), _get(z, "norm", "sd"),
        _get(z, "norm", "n"), _get(z, "norm", "source"),
        ", ".join(str(protocol[k]) for k in ("game", "examination_seconds", "opponent"))
        if protocol else None,
        _get(z, "cohort", "z"), _get(z, "cohort", "mean"), _get(z, "cohort", "sd"),
        _get(z, "cohort", "n"), _get(z, "cohort", "t"), _get(z, "cohort", "df"),
        _get(z, "cohort", "p"), _get(z, "cohort", "below"),
    )  # fmt: skip


def inference_rows(scope: ExportScope) -> Iterator[tuple]:
    """Every stored reading (its history), flattened: a primary reading once per assessment
    point (only current metric versions)."""
    scope.load()
    names = visits.point_names(scope)
    rows = _inference(scope).iterator(chunk_size=CHUNK)
    for participant, arm, key, version, game, role, computed_at, details in rows:
        subject = scope.subjects.get(participant)
        if subject is None or CATALOGUE[key].version != version:
            continue
        head = (subject.export_id, arm, key, version, game, computed_at + subject.shift, role)
        series = details.get("series") or ()
        facts = (
            len(series),
            details.get("counted", 0),
            details.get("min_trials", CATALOGUE[key].min_trials),
            details.get("latest"),
            details.get("latest_n") if details.get("latest") is not None else None,
        )
        z = _z_cells(details.get("z"))
        words = "; ".join(details.get("words") or ()) or None
        if role == "primary" and details.get("assessments"):
            for entry in details["assessments"]:
                point = names.get(entry.get("point")) or visits.point_name(
                    entry["kind"], entry["label"]
                )
                yield (
                    *head, point, entry.get("session"), *facts, *_trend_cells(entry.get("trend")),
                    *_change_cells(entry.get("change")), *z, words, details.get("reading", ""),
                )  # fmt: skip
            continue
        yield (
            *head, None, None, *facts, *_trend_cells(details.get("trend")),
            *_change_cells(None), *z, words, details.get("reading", ""),
        )  # fmt: skip


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
    "table_events": Source(_count(_table_events), table_event_rows),
    "metrics": Source(_metrics_count, metric_rows),
    "inference": Source(_inference_count, inference_rows),
    "visits": Source(visits.visit_count, visits.visit_rows),
    "visit_measures": Source(visits.measure_count, visits.measure_rows),
    "dose_weeks": Source(dose.dose_count, dose.dose_rows),
}
