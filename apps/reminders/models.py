"""E-mail reminders a participant chose: when (times of day in their own time zone, on chosen
weekdays), never in their quiet hours, until they opt out; and the log of every reminder that
fell due, sent or skipped and why (see :mod:`apps.reminders.services`)."""

from django.conf import settings
from django.db import models

from apps.participants.models import Participant


class ReminderPlan(models.Model):
    """The participant's choice of reminders. The address is theirs alone: it is never
    exported, never written to the audit trail, and erasure deletes it."""

    class ChosenBy(models.TextChoices):
        PARTICIPANT = "participant", "The participant, on their own device"
        STAFF = "staff", "Staff, on the participant's behalf"

    class AgreedHow(models.TextChoices):
        IN_PERSON = "in_person", "In person"
        PHONE = "phone", "By phone"
        IN_WRITING = "in_writing", "In writing"
        OWN_DEVICE = "own_device", "On their own device"

    participant = models.OneToOneField(
        Participant, on_delete=models.CASCADE, related_name="reminder_plan"
    )
    email = models.EmailField()
    time_zone = models.CharField(max_length=64, help_text="An IANA time zone, e.g. Europe/London")
    times = models.JSONField(default=list, help_text='Local times of day, e.g. ["08:30"]')
    weekdays = models.JSONField(default=list, help_text="0 Monday to 6 Sunday; empty: every day")
    quiet_start = models.TimeField(null=True, blank=True)
    quiet_end = models.TimeField(null=True, blank=True)
    active = models.BooleanField(default=True)
    opted_out_at = models.DateTimeField(null=True, blank=True)
    chosen_by = models.CharField(max_length=20, choices=ChosenBy.choices)
    agreed_how = models.CharField(max_length=20, choices=AgreedHow.choices)
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    starts_at = models.DateTimeField(help_text="Reminders due before this are not sent.")
    updated_at = models.DateTimeField(auto_now=True)


class ReminderLog(models.Model):
    """One reminder that fell due: sent, skipped (and why) or failed. One row a slot, so the
    periodic job may run twice without sending twice."""

    class Outcome(models.TextChoices):
        SENT = "sent", "Sent"
        SKIPPED = "skipped", "Skipped"
        FAILED = "failed", "Failed"

    class Why(models.TextChoices):
        NONE = "", "-"
        QUIET_HOURS = "quiet_hours", "In the participant's quiet hours"
        OPTED_OUT = "opted_out", "The participant opted out"
        WITHDRAWN = "withdrawn", "Consent withdrawn"
        WEEK_DONE = "week_done", "This week's sessions are all done"
        NOTHING_PLANNED = "nothing_planned", "No sessions are planned this week"
        PROGRAMME_OVER = "programme_over", "The programme is over"
        SEND_FAILED = "send_failed", "The mail server refused it"

    participant = models.ForeignKey(
        Participant, on_delete=models.CASCADE, related_name="reminder_logs"
    )
    due_at = models.DateTimeField()
    local_time = models.CharField(max_length=100, help_text="When it fell due, the participant's")
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    why = models.CharField(max_length=20, choices=Why.choices, blank=True)
    decided_at = models.DateTimeField()
    link_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-due_at"]
        constraints = [
            models.UniqueConstraint(fields=["participant", "due_at"], name="reminder_one_a_slot")
        ]
