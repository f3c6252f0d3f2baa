from django.conf import settings
from django.db import models

from apps.common import clock
from apps.participants.models import Participant, Protocol


class TrainingSession(models.Model):
    """One sitting of a participant: scheduled, started, then completed or abandoned."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        STARTED = "started", "Started"
        COMPLETED = "completed", "Completed"
        ABANDONED = "abandoned", "Abandoned"

    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="sessions")
    number = models.PositiveIntegerField(help_text="1 for the participant's first session")
    protocol = models.ForeignKey(Protocol, on_delete=models.PROTECT, related_name="sessions")
    protocol_snapshot = models.JSONField()
    conducted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.SCHEDULED)
    scheduled_for = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    abandoned_at = models.DateTimeField(null=True, blank=True)
    abandon_reason = models.CharField(max_length=200, blank=True)
    # The key the client sent with its request to create this sitting: the same key again
    # (a double click, a retried request) answers with this sitting instead of a new one.
    # A request's key, not a fact about the sitting: never audited.
    client_key = models.UUIDField(null=True, blank=True)
    # The difficulty this session plays with, fixed when it starts: the protocol's, or for an
    # adaptive protocol the participant's staircase values then (null: started before these
    # were kept; its games took the protocol's).
    examination_seconds = models.FloatField(null=True, blank=True)
    opponent_level = models.FloatField(null=True, blank=True)
    # On the services' clock, as its start and end are.
    created_at = models.DateTimeField(default=clock.now, editable=False)

    audit_omitted = ("client_key",)

    class Meta:
        ordering = ["participant", "number"]
        constraints = [
            models.UniqueConstraint(fields=["participant", "number"], name="session_number_unique"),
            models.UniqueConstraint(
                fields=["participant", "client_key"], name="session_client_key_unique"
            ),
        ]
        indexes = [models.Index(fields=["status", "completed_at"])]

    def __str__(self) -> str:
        return f"{self.participant.code} #{self.number}"
