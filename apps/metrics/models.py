"""Stored metric results. Upserted by (subject, key, version): a job can run twice safely."""

from django.db import models
from django.utils import timezone

from apps.games.models import Game
from apps.participants.models import Participant
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


class Reading(models.Model):
    """What the dashboard said about one metric of one participant in one game, as computed:
    a row is added whenever what it says changes and never changed afterwards, so the inference
    export holds the history of readings with every input (``details``: see
    :mod:`apps.metrics.readings`). The current reading is also in the participant's
    ``MetricValue`` row."""

    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=50)
    version = models.PositiveSmallIntegerField()
    game = models.CharField(max_length=20)
    role = models.CharField(max_length=12, help_text="primary, exploratory or context")
    details = models.JSONField()
    digest = models.CharField(max_length=32)
    computed_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["participant", "key", "game"])]


class ReferenceNorm(models.Model):
    """A published reference value of a metric for an age band and the protocol settings it
    was collected under (loaded from CSV)."""

    key = models.CharField(max_length=50)
    version = models.PositiveSmallIntegerField(default=1)
    age_band = models.CharField(max_length=10)
    # The protocol settings of the norm sample's sessions: a z-score is given only for a
    # session run the same way.
    game = models.CharField(max_length=20)
    examination_seconds = models.PositiveSmallIntegerField()
    opponent = models.CharField(max_length=20)
    mean = models.FloatField()
    sd = models.FloatField()
    n = models.PositiveIntegerField()
    source = models.CharField(max_length=200)
    # Test-retest reliability of one-session scores, its citation and how many people it is on.
    retest_r = models.FloatField(null=True, blank=True)
    retest_n = models.PositiveIntegerField(default=0)
    retest_source = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["key", "version", "age_band", "game", "examination_seconds", "opponent"],
                name="reference_norm_unique_per_protocol",
            )
        ]

    @property
    def protocol(self) -> dict:
        return {
            "game": self.game,
            "examination_seconds": self.examination_seconds,
            "opponent": self.opponent,
        }


class AdaptiveChange(models.Model):
    """A step of the adaptive-difficulty staircase, with its reason (shown to clinicians)."""

    participant = models.ForeignKey(
        Participant, on_delete=models.CASCADE, related_name="adaptive_changes"
    )
    session = models.OneToOneField(TrainingSession, on_delete=models.CASCADE, related_name="+")
    examination_seconds_before = models.PositiveSmallIntegerField(
        help_text="the seconds the session was played at"
    )
    examination_seconds_after = models.PositiveSmallIntegerField(
        help_text="the seconds the next session is played at (the level, rounded)"
    )
    # The staircase's level, unrounded, before and after the session's steps (one an attempt).
    level_before = models.FloatField(null=True)
    level_after = models.FloatField(null=True)
    steps = models.PositiveSmallIntegerField(default=0, help_text="this session's steps")
    steps_before = models.PositiveIntegerField(default=0, help_text="steps of earlier sessions")
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
