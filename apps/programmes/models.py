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
DOSE_FIELDS = ("sessions_per_week", "minutes_per_session", "weeks", "boosters")


class Dose(models.Model):
    """Sessions a week, minutes a session, weeks, and booster windows after them.

    Weeks count from the participant's start (allocation, else consent, else enrolment): week 1
    is its first seven days. ``boosters`` are later windows of sessions:
    ``[{"start_week": 24, "weeks": 2, "sessions_per_week": 2}, ...]``.
    """

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

    class Meta:
        abstract = True

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

    @property
    def dose(self) -> dict:
        return {field: getattr(self, field) for field in DOSE_FIELDS}


class Programme(Dose):
    """The prescribed dose in force: the study's (``participant`` empty) or one participant's
    own. Every change is also kept as a :class:`Prescription`, which the ledger reads."""

    study = models.ForeignKey(Study, on_delete=models.PROTECT, related_name="programmes")
    participant = models.OneToOneField(
        Participant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="programme",
    )
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


class Prescription(Dose):
    """One version of a prescription, kept for ever: the study's (``participant`` empty) or one
    participant's own, with the moment it took effect and who made it. ``cleared`` marks the
    end of a participant's own prescription (the study's applies again; the dose fields keep
    what was ended).

    The rule the ledger follows: **a week is measured against the prescription in force on its
    last day; the week under way (and any week to come) against the one in force now.** So a
    change takes effect in the current week and never changes a week that has ended. What is
    in force for a participant at a moment is their own prescription, if one is in force then,
    else the study's; of the versions that took effect before that moment, the one recorded
    last.
    """

    study = models.ForeignKey(Study, on_delete=models.PROTECT, related_name="prescriptions")
    participant = models.ForeignKey(
        Participant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="prescriptions",
    )
    cleared = models.BooleanField(default=False)
    # Null: in force from the beginning (the prescription as it stood when versions began to
    # be kept).
    effective_at = models.DateTimeField(null=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )

    class Meta:
        indexes = [models.Index(fields=["study", "participant"], name="prescription_scope")]
        constraints = [
            models.CheckConstraint(
                condition=Q(cleared=False) | Q(participant__isnull=False),
                name="prescription_cleared_is_own",
            )
        ]


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
