"""The training programme: the dose a study (or one participant) prescribes, and the reasons
recorded for weeks whose dose was missed. What was delivered is read from the sessions (see
:mod:`apps.programmes.selectors`), so the ledger can never disagree with them."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from apps.participants.models import Participant, Study

MAX_WEEKS = 104


class Programme(models.Model):
    """A prescribed dose: the study's (``participant`` empty) or one participant's own.

    Weeks count from the participant's start (allocation, else consent, else enrolment): week 1
    is its first seven days. ``boosters`` are later windows of sessions:
    ``[{"start_week": 24, "weeks": 2, "sessions_per_week": 2}, ...]``.
    """

    study = models.ForeignKey(Study, on_delete=models.PROTECT, related_name="programmes")
    participant = models.OneToOneField(
        Participant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="programme",
    )
    sessions_per_week = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(14)]
    )
    minutes_per_session = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(5), MaxValueValidator(180)]
    )
    weeks = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MAX_WEEKS)]
    )
    boosters = models.JSONField(default=list, blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["study"],
                condition=Q(participant__isnull=True),
                name="programme_one_per_study",
            )
        ]

    def prescribed(self, week: int) -> int:
        """Sessions prescribed in programme week ``week`` (1-based)."""
        if 1 <= week <= self.weeks:
            return self.sessions_per_week
        for booster in self.boosters:
            if booster["start_week"] <= week < booster["start_week"] + booster["weeks"]:
                return booster["sessions_per_week"]
        return 0

    @property
    def last_week(self) -> int:
        ends = [b["start_week"] + b["weeks"] - 1 for b in self.boosters]
        return max([self.weeks, *ends])


class MissedDose(models.Model):
    """Why a week's prescribed sessions were not all held: a reason from a fixed list, so it
    can be counted and exported (never free text)."""

    class Reason(models.TextChoices):
        ILLNESS = "illness", gettext_lazy("Illness")
        AWAY = "away", gettext_lazy("Away or on holiday")
        TECHNICAL = "technical", gettext_lazy("Technical problem")
        NO_TIME = "no_time", gettext_lazy("No time")
        NOT_WANTED = "not_wanted", gettext_lazy("Did not want to train")
        UNREACHABLE = "unreachable", gettext_lazy("Could not be reached")
        OTHER = "other", gettext_lazy("Other")

    participant = models.ForeignKey(
        Participant, on_delete=models.PROTECT, related_name="missed_doses"
    )
    week = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MAX_WEEKS * 2)]
    )
    reason = models.CharField(max_length=20, choices=Reason.choices)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["participant", "week"], name="missed_dose_week_unique")
        ]
