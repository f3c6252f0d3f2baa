"""Stored metric results. Upserted by (subject, key, version): a job can run twice safely."""

from django.db import models
from django.utils import timezone

from apps.games.models import Game
from apps.participants.models import Participant, Study
from apps.training.models import TrainingSession


class MetricValue(models.Model):
    """One metric of one game, one session, or one participant (then ``details`` holds the
    trend: series, slope, reliable change, z-scores)."""

    class Level(models.TextChoices):
        GAME = "game"
        SESSION = "session"
        PARTICIPANT = "participant"

    level = models.CharField(max_length=12, choices=Level.choices)
    subject_id = models.BigIntegerField()
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")
    session = models.ForeignKey(
        TrainingSession, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    # A game's values are of one seat: at a table each participant's seat has its own (0 at
    # the session and participant levels).
    seat = models.PositiveSmallIntegerField(default=0)
    key = models.CharField(max_length=50)
    version = models.PositiveSmallIntegerField()
    value = models.FloatField(null=True, blank=True, help_text="null: not defined for the subject")
    n = models.PositiveIntegerField(default=0, help_text="observations behind the value")
    details = models.JSONField(default=dict, blank=True)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["level", "subject_id", "seat", "key", "version"], name="metric_value_unique"
            )
        ]
        indexes = [
            models.Index(fields=["participant", "level", "key"]),
            models.Index(fields=["session", "key"]),
        ]


class GameAnalysis(models.Model):
    """The solver's annotation of a finished Memulation game (every play valued)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="analysis")
    version = models.PositiveSmallIntegerField()
    analysis = models.JSONField()
    computed_at = models.DateTimeField(auto_now=True)


class CohortNorm(models.Model):
    """Distribution of a metric in a study's cohort, refreshed nightly."""

    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=50)
    version = models.PositiveSmallIntegerField()
    n = models.PositiveIntegerField()
    mean = models.FloatField(null=True, help_text="mean of the participants' latest values")
    sd = models.FloatField(null=True, help_text="SD of the participants' latest values")
    baseline_sd = models.FloatField(null=True, help_text="SD of the participants' baselines")
    session_sd = models.FloatField(
        null=True, help_text="SD of first-session values (the scale of the retest correlation)"
    )
    retest_gain = models.FloatField(
        null=True, help_text="mean latest - baseline in the whole cohort (descriptive only)"
    )
    reliability = models.FloatField(null=True, help_text="session 1 vs 2 correlation")
    reliability_n = models.PositiveIntegerField(default=0, help_text="session 1 - 2 pairs")
    control_gain = models.FloatField(
        null=True, help_text="mean latest - baseline in the control arm: the practice effect"
    )
    control_n = models.PositiveIntegerField(default=0)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["study", "key", "version"], name="cohort_norm_unique")
        ]


class ReferenceNorm(models.Model):
    """A published reference value of a metric for an age band (loaded from CSV)."""

    key = models.CharField(max_length=50)
    version = models.PositiveSmallIntegerField(default=1)
    age_band = models.CharField(max_length=10)
    mean = models.FloatField()
    sd = models.FloatField()
    n = models.PositiveIntegerField(default=0)
    source = models.CharField(max_length=200, blank=True)
    # Test-retest reliability of one-session scores in the norm sample, and its citation.
    retest_r = models.FloatField(null=True, blank=True)
    retest_source = models.CharField(max_length=200, blank=True)
    # Mean retest gain without training (second minus first testing), in the metric's unit.
    practice_effect = models.FloatField(null=True, blank=True)
    practice_source = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["key", "version", "age_band"], name="reference_norm_unique"
            )
        ]


class AdaptiveChange(models.Model):
    """A step of the adaptive-difficulty staircase, with its reason (shown to clinicians)."""

    participant = models.ForeignKey(
        Participant, on_delete=models.CASCADE, related_name="adaptive_changes"
    )
    session = models.OneToOneField(TrainingSession, on_delete=models.CASCADE, related_name="+")
    examination_seconds_before = models.PositiveSmallIntegerField()
    examination_seconds_after = models.PositiveSmallIntegerField()
    opponent_level_before = models.FloatField()
    opponent_level_after = models.FloatField()
    recall_rate = models.FloatField(null=True)
    reason = models.CharField(max_length=300)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["participant", "created_at"]


class SessionMetrics(models.Model):
    """Which catalogue a session's metrics were last computed under (the sweeper's ledger)."""

    session = models.OneToOneField(TrainingSession, on_delete=models.CASCADE, related_name="+")
    signature = models.CharField(max_length=64)
    computed_at = models.DateTimeField(auto_now=True)
