"""Adaptive difficulty: a weighted up-down staircase on the 'Stragedy hit rate.

After each completed session of a protocol with ``adaptive.enabled``, the next session's
``examination_seconds`` moves towards the time at which the participant hits the intended card
at the target rate (Kaernbach's weighted staircase: after a hit the examination gets shorter by
``step * (1 - target) / target``; after a miss, longer by ``step``; so the hit rate settles
at the target). When the time is already at its minimum and the participant still succeeds,
the opponent can get stronger instead (``adjust_opponent``). Every step is stored with its
reason.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from apps.metrics.models import AdaptiveChange, MetricValue
from apps.participants.models import Participant
from apps.training.models import TrainingSession

DEFAULTS = {
    "enabled": False,
    "target_recall": 0.6,
    "step_seconds": 4,
    "min_seconds": 5,
    "max_seconds": 60,
    "adjust_opponent": False,
}
OPPONENT_STEP = 0.1


def _settings(session: TrainingSession) -> dict:
    return {**DEFAULTS, **(session.protocol_snapshot.get("adaptive") or {})}


def session_difficulty(participant: Participant, snapshot: dict) -> tuple[int, float]:
    """The examination seconds and opponent level a session with this protocol ``snapshot``
    plays at. The protocol's own, unless its adaptive difficulty is on: then the participant's
    staircase values, the seconds kept within this protocol's bounds. (Values left by another
    protocol's staircase must not leak into a protocol that fixes its time.)"""
    # Every protocol snapshot holds both (Protocol.snapshot), from the first one on.
    seconds: int = snapshot["examination_seconds"]
    level: float = snapshot["opponent_level"]
    rules = {**DEFAULTS, **(snapshot.get("adaptive") or {})}
    if not rules["enabled"]:
        return seconds, level
    if participant.examination_seconds_override:
        seconds = participant.examination_seconds_override
        seconds = min(rules["max_seconds"], max(rules["min_seconds"], seconds))
    if participant.opponent_level_override is not None:
        level = participant.opponent_level_override
    return seconds, level


def adaptive_step(*, session: TrainingSession) -> AdaptiveChange | None:
    rules = _settings(session)
    if not rules["enabled"] or session.protocol_snapshot.get("game") != "memulation":
        return None
    recall = MetricValue.objects.filter(
        level=MetricValue.Level.SESSION, session=session, key="recall_hit"
    ).first()
    if recall is None or recall.value is None:
        return None
    with transaction.atomic():
        participant = Participant.objects.select_for_update().get(pk=session.participant_id)
        existing = AdaptiveChange.objects.filter(session=session).first()
        if existing:
            return existing  # this session already moved the staircase
        seconds, level = session_difficulty(participant, session.protocol_snapshot)
        target, step = rules["target_recall"], rules["step_seconds"]
        new_seconds, new_level = seconds, level
        if recall.value >= target:
            down = step * (1 - target) / target
            new_seconds = max(rules["min_seconds"], round(seconds - down))
            reason = f"Recall {recall.value:.0%} at or above the target {target:.0%}: "
            if new_seconds < seconds:
                reason += f"examination shortened from {seconds} s to {new_seconds} s."
            elif rules["adjust_opponent"] and level < 1:
                new_level = round(min(1.0, level + OPPONENT_STEP), 2)
                reason += f"time at its minimum, opponent level raised to {new_level}."
            else:
                reason += "already at the hardest setting; no change."
        else:
            new_seconds = min(rules["max_seconds"], round(seconds + step))
            reason = f"Recall {recall.value:.0%} below the target {target:.0%}: "
            if rules["adjust_opponent"] and level > session.protocol_snapshot["opponent_level"]:
                new_level = round(max(0.0, level - OPPONENT_STEP), 2)
                reason += f"opponent level lowered to {new_level}."
            elif new_seconds > seconds:
                reason += f"examination lengthened from {seconds} s to {new_seconds} s."
            else:
                reason += "already at the easiest setting; no change."
        participant.examination_seconds_override = new_seconds
        participant.opponent_level_override = new_level
        participant.save(update_fields=["examination_seconds_override", "opponent_level_override"])
        return AdaptiveChange.objects.create(
            participant=participant,
            session=session,
            examination_seconds_before=seconds,
            examination_seconds_after=new_seconds,
            opponent_level_before=level,
            opponent_level_after=new_level,
            recall_rate=recall.value,
            reason=reason,
            created_at=session.completed_at or timezone.now(),
        )
