"""Adaptive difficulty: a weighted up-down staircase on the 'Stragedy, one step per attempt.

While a protocol's ``adaptive.enabled`` is on, each 'Stragedy attempt with a named intended card
moves the examination time (Kaernbach's weighted staircase): after a hit it gets shorter by
``step * (1 - target) / target``, after a miss longer by ``step``, so the hit rate settles at the
target, whatever the number of attempts a session holds (a rule applied once a session to the
session's hit rate settles elsewhere: with four attempts and a target of 0.8, at a hit rate of
about 0.95). The steps of a session's attempts are worked out when its metrics are, in the order
they were made, and the next session is played at the level they reach (rounded to a whole
second); the level is kept unrounded from step to step. When the time is at its minimum and the
participant still hits, the opponent can get stronger instead (``adjust_opponent``), and weaker
again before the time lengthens. Every session's steps are stored with their reason.

The **level** the staircase sets (the examination seconds a session is played at) is the
outcome while it adapts: the metric ``adaptive_seconds``, with its own reliability like any
other, and no trend (each level carries on from the last: see docs/readings.md). The hit rate it
steers on is not read while it adapts (see :mod:`apps.metrics.readings`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from apps.common import clock
from apps.games.models import PERSON_KINDS, RecallAttempt
from apps.games.selectors import session_games, session_seat
from apps.metrics.models import AdaptiveChange, MetricValue
from apps.participants.models import ADAPTIVE_DEFAULTS, Participant
from apps.training.models import TrainingSession

OPPONENT_STEP = 0.1
LEVEL = "adaptive_seconds"


def rules_of(snapshot: dict) -> dict:
    """The protocol's staircase, completed with the one set of defaults (the protocol's own)."""
    return {**ADAPTIVE_DEFAULTS, **(snapshot.get("adaptive") or {})}


def session_difficulty(participant: Participant, snapshot: dict) -> tuple[int, float]:
    """The examination seconds and opponent level a session with this protocol ``snapshot``
    plays at. The protocol's own, unless its adaptive difficulty is on: then the participant's
    staircase values, the seconds kept within this protocol's bounds. (Values left by another
    protocol's staircase must not leak into a protocol that fixes its time.)"""
    # Every protocol snapshot holds both (Protocol.snapshot), from the first one on.
    seconds: int = snapshot["examination_seconds"]
    level: float = snapshot["opponent_level"]
    rules = rules_of(snapshot)
    if not rules["enabled"]:
        return seconds, level
    if participant.examination_seconds_override:
        seconds = participant.examination_seconds_override
        seconds = min(rules["max_seconds"], max(rules["min_seconds"], seconds))
    if participant.opponent_level_override is not None:
        level = participant.opponent_level_override
    return seconds, level


@dataclass(frozen=True)
class Steps:
    """Where a session's attempts took the staircase."""

    level: float  # examination seconds, unrounded
    opponent: float
    hits: int
    attempts: int
    shorter: int  # steps that shortened the time, ...
    longer: int
    stronger: int  # ... raised the opponent, lowered it
    weaker: int


def staircase(
    *, level: float, opponent: float, hits: list[bool], rules: dict, opponent_floor: float
) -> Steps:
    """One step per attempt (``hits``, in order), from ``level`` seconds and ``opponent``.

    >>> rules = {**ADAPTIVE_DEFAULTS, "target_recall": 0.8, "step_seconds": 4}
    >>> s = staircase(level=30, opponent=0.5, hits=[True, True, False], rules=rules,
    ...               opponent_floor=0.5)
    >>> s.level, s.shorter, s.longer  # 30 - 1 - 1 + 4
    (32.0, 2, 1)
    """
    target, step = rules["target_recall"], rules["step_seconds"]
    low, high = rules["min_seconds"], rules["max_seconds"]
    down = step * (1 - target) / target
    level = float(min(high, max(low, level)))
    counts = {"shorter": 0, "longer": 0, "stronger": 0, "weaker": 0}
    for hit in hits:
        if hit:
            if level > low:
                level = max(low, level - down)
                counts["shorter"] += 1
            elif rules["adjust_opponent"] and opponent < 1:
                opponent = round(min(1.0, opponent + OPPONENT_STEP), 2)
                counts["stronger"] += 1
        elif rules["adjust_opponent"] and opponent > opponent_floor:
            opponent = round(max(opponent_floor, opponent - OPPONENT_STEP), 2)
            counts["weaker"] += 1
        elif level < high:
            level = min(high, level + step)
            counts["longer"] += 1
    return Steps(level, opponent, sum(hits), len(hits), **counts)


def _reason(steps: Steps, before: int, after: int, opponent: float, rules: dict) -> str:
    if not steps.attempts:
        return "No 'Stragedy with a named card this session: no step."
    words = [
        f"{steps.hits} of {steps.attempts} 'Stragedy attempts hit (target "
        f"{rules['target_recall']:.0%}): {steps.shorter} step(s) shorter, {steps.longer} longer"
    ]
    if steps.stronger or steps.weaker:
        words.append(f"opponent {steps.stronger} step(s) stronger, {steps.weaker} weaker")
    change = (
        f"examination {before} s -> {after} s" if after != before else f"examination {before} s"
    )
    return "; ".join(words) + f"; {change}, opponent level {opponent}."


def _hits(session: TrainingSession) -> list[bool]:
    """The session's 'Stragedy attempts with a named card, hit or not, in the order made."""
    out = []
    for game in session_games(session).filter(practice=False).order_by("created_at"):
        seat = session_seat(game, session.pk)
        attempts = RecallAttempt.objects.filter(game=game, seat=seat, actor__in=PERSON_KINDS)
        for attempt in attempts.exclude(intended_card="").order_by("event__seq"):
            out.append(attempt.revealed_card == attempt.intended_card)
    return out


def adaptive_step(*, session: TrainingSession) -> AdaptiveChange | None:
    """The session's steps, stored once, and its level (``adaptive_seconds``) as a value."""
    rules = rules_of(session.protocol_snapshot)
    if not rules["enabled"] or session.protocol_snapshot.get("game") != "memulation":
        return None
    with transaction.atomic():
        participant = Participant.objects.select_for_update().get(pk=session.participant_id)
        change = AdaptiveChange.objects.filter(session=session).first()
        if change is None:  # this session has not moved the staircase yet
            change = _step(participant, session, rules)
        _store_level(session, change)
        return change


def _step(participant: Participant, session: TrainingSession, rules: dict) -> AdaptiveChange:
    # What the session was played at (kept on it since sessions carry their difficulty).
    seconds, opponent = session_difficulty(participant, session.protocol_snapshot)
    if session.examination_seconds is not None:
        seconds = round(session.examination_seconds)
    if session.opponent_level is not None:
        opponent = session.opponent_level
    previous = (
        AdaptiveChange.objects.filter(participant=participant, session__number__lt=session.number)
        .order_by("-session__number")
        .first()
    )
    # The unrounded level carries on from the last step, if the seconds played are its own.
    start = float(seconds)
    carried = previous.level_after if previous is not None else None
    if carried is not None and round(carried) == seconds:
        start = carried
    hits = _hits(session)
    steps = staircase(
        level=start,
        opponent=opponent,
        hits=hits,
        rules=rules,
        opponent_floor=session.protocol_snapshot.get("opponent_level", 0.0),
    )
    after = round(steps.level)
    participant.examination_seconds_override = after
    participant.opponent_level_override = steps.opponent
    participant.save(update_fields=["examination_seconds_override", "opponent_level_override"])
    steps_before = sum(
        AdaptiveChange.objects.filter(
            participant=participant, session__number__lt=session.number
        ).values_list("steps", flat=True)
    )
    return AdaptiveChange.objects.create(
        participant=participant,
        session=session,
        examination_seconds_before=seconds,
        examination_seconds_after=after,
        level_before=start,
        level_after=steps.level,
        steps=len(hits),
        steps_before=steps_before,
        opponent_level_before=opponent,
        opponent_level_after=steps.opponent,
        recall_rate=steps.hits / steps.attempts if steps.attempts else None,
        reason=_reason(steps, seconds, after, steps.opponent, rules),
        created_at=session.completed_at or clock.now(),
    )


def _store_level(session: TrainingSession, change: AdaptiveChange) -> None:
    """The examination seconds the session was played at: the staircase's level, resting on
    the steps it had taken before it (a level set by few steps is not yet settled)."""
    from apps.metrics.catalogue import CATALOGUE

    MetricValue.objects.update_or_create(
        level=MetricValue.Level.SESSION,
        subject_id=session.pk,
        seat=0,
        key=LEVEL,
        version=CATALOGUE[LEVEL].version,
        defaults={
            "participant_id": session.participant_id,
            "session": session,
            "value": float(change.examination_seconds_before),
            "n": change.steps_before,
            "details": {"level_after": change.level_after, "steps": change.steps},
        },
    )
