"""Game-level metric values from a finished game's typed rows and record.

Each function returns ``{key: Value}`` for the keys of the catalogue it knows about; the
solver-based keys come from :mod:`apps.metrics.analysis`.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from apps.games.engine import game_from_json
from apps.games.models import (
    PERSON_KINDS,
    ExaminationPeriod,
    Game,
    IllegalAttempt,
    Play,
    RecallAttempt,
)
from apps.metrics import stats

# The actor of the opponent that moved for a person's seat (their own moves: PERSON_KINDS).
TAKEOVER = "takeover"


@dataclass
class Value:
    value: float | None
    n: int = 0
    details: dict = field(default_factory=dict)


def _mean(values: list[float]) -> Value:
    return Value(statistics.fmean(values) if values else None, len(values))


def record(game: Game) -> dict:
    """The staff record of the game (every round, every trick), from the stored state."""
    return game_from_json(game.state).spectator_view(allow_unfinished=True)


def _slots(round_record: dict) -> dict[tuple[int, int], int]:
    """(pile, trick in pile) -> the trick's number in the Old Deal's order of play."""
    counts = [0, 0]
    slots = {}
    for number, trick in enumerate(round_record["deals"][0]["tricks"]):
        pile = trick["winner"]
        slots[(pile, counts[pile])] = number
        counts[pile] += 1
    return slots


def recall_values(game: Game, rounds: list[dict], seat: int) -> dict[str, Value]:
    attempts = RecallAttempt.objects.filter(game=game, seat=seat, actor__in=PERSON_KINDS)
    attempts = attempts.order_by("round")
    hits, suits, ranks, errors, chances = [], [], [], [], []
    for attempt in attempts:
        slots = _slots(rounds[attempt.round])
        pile_size = sum(1 for pile, _ in slots if pile == attempt.pile) * 2
        chances.append(1 / pile_size)
        if not attempt.intended_card:
            continue
        hits.append(float(attempt.revealed_card == attempt.intended_card))
        suits.append(float(attempt.revealed_card[1] == attempt.intended_card[1]))
        ranks.append(float(attempt.revealed_card[0] == attempt.intended_card[0]))
        # The position the participant meant, when they gave one (all three parts or none).
        pile, trick = attempt.intended_pile, attempt.intended_trick
        index = attempt.intended_card_index
        if pile is not None and trick is not None and index is not None:
            chosen = 2 * slots[(attempt.pile, attempt.trick)] + attempt.card_index
            true = 2 * slots[(pile, trick)] + index
            errors.append(float(abs(chosen - true)))
    return {
        "recall_hit": _mean(hits),
        "recall_suit_correct": _mean(suits),
        "recall_rank_correct": _mean(ranks),
        "recall_position_error": _mean(errors),
        "recall_chance": _mean(chances),
    }


def _times(plays) -> tuple[list[float], int]:
    """Decision times (the browser's, else the server's) and how many came from the browser."""
    times = [
        float(ms)
        for ms in (p.decision_ms if p.decision_ms is not None else p.server_ms for p in plays)
        if ms is not None
    ]
    return times, sum(1 for p in plays if p.decision_ms is not None)


def _timing(times: list[float], client: int) -> dict[str, Value]:
    source = {"client": client, "plays": len(times)}
    return {
        "decision_time_median_ms": Value(stats.median(times), len(times), source),
        "decision_time_iqr_ms": Value(stats.iqr(times), len(times)),
        "decision_time_cv": Value(stats.cv(times), len(times)),
    }


def timing_values(game: Game, seat: int) -> dict[str, Value]:
    # Only the person's own plays: not an opponent's, nor a takeover's while they were away.
    return _timing(*_times(list(Play.objects.filter(game=game, seat=seat, actor__in=PERSON_KINDS))))


def session_timing(games: list[tuple[Game, int]]) -> dict[str, Value]:
    """A session's timing from all its games' plays together (a median of the session's plays,
    not a mean of its games' medians), the person's own plays at each game's seat."""
    times, client = [], 0
    for game, seat in games:
        more, from_client = _times(
            list(Play.objects.filter(game=game, seat=seat, actor__in=PERSON_KINDS))
        )
        times += more
        client += from_client
    return _timing(times, client)


def examination_values(game: Game, round_count: int, seat: int) -> dict[str, Value]:
    periods = list(ExaminationPeriod.objects.filter(game=game, seat=seat))
    planned = sum(p.planned_seconds for p in periods)
    used = sum(min(p.actual_seconds, p.planned_seconds) for p in periods)
    n = len(periods)
    return {
        "examination_time_used": Value(used / planned if planned else None, n),
        "examination_sorts": Value(sum(p.sorts for p in periods) / round_count, n),
        "examination_early_ends": Value(sum(p.ended_early for p in periods) / round_count, n),
        "examination_page_hidden_seconds": Value(
            sum(p.page_hidden_seconds for p in periods) / round_count, n
        ),
    }


def play_values(game: Game, rounds: list[dict], seat: int) -> dict[str, Value]:
    illegal = IllegalAttempt.objects.filter(game=game, seat=seat).count()
    values = {"illegal_attempts": Value(illegal / len(rounds), len(rounds))}
    if game.game_type == "memulation":
        tricks = [r["score"][str(seat)] for r in rounds]
        values["tricks_won"] = _mean(tricks)
        return values
    team = str(seat % 2)
    values["tricks_won"] = _mean([r["tricks_won"][team] for r in rounds])
    values["mendikot_tens"] = _mean([r["tens"][team] for r in rounds])
    values["mendikot_rounds_won"] = _mean([float(r["winner"] == seat % 2) for r in rounds])
    return values


def game_values(game: Game, seat: int | None = None) -> dict[str, Value]:
    """Every catalogue value that needs no solver, for one finished game, of the person at
    ``seat`` (the participant seat unless given: at a table, each session's own seat)."""
    seat = game.participant_seat if seat is None else seat
    rounds = record(game)["rounds"]
    values = {**play_values(game, rounds, seat), **timing_values(game, seat)}
    if game.game_type == "memulation":
        values.update(recall_values(game, rounds, seat))
        values.update(examination_values(game, len(rounds), seat))
    return values
