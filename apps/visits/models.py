"""Assessment visits: at each of a study's assessment points a blinded assessor meets the
participant inside a window of days and records the assessment, or that the visit was missed and
why. Whether a visit is due is worked out from the window and the day (see
:mod:`apps.visits.selectors`); only what the assessor records is stored."""

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import F, Q

from apps.participants.models import AssessmentPoint, Participant, Study

MAX_DAY = 3650  # ten years after the anchor
# A visit as the worklist shows it: worked out from its window and the day, or recorded.
VISIT_STATUSES = [
    ("not_scheduled", "No visit window"),
    ("waiting", "Waiting for allocation"),
    ("upcoming", "Upcoming"),
    ("due", "Due"),
    ("overdue", "Overdue"),
    ("done", "Done"),
    ("missed", "Missed"),
    ("withdrawn", "Withdrawn"),
]


class StudyAssessor(models.Model):
    """A blinded assessor of a study (an account with the assessor role), placed by its owners."""

    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="assessor_places")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="assessor_places"
    )
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["study", "user"], name="study_assessor_unique")
        ]


class VisitWindow(models.Model):
    """When the visit of an assessment point may be held: from ``opens_day`` to ``closes_day``
    (both included) counted from the participant's enrolment or allocation."""

    class Anchor(models.TextChoices):
        ENROLMENT = "enrolment", "Enrolment"
        ALLOCATION = "allocation", "Allocation"

    point = models.OneToOneField(
        AssessmentPoint, on_delete=models.CASCADE, related_name="visit_window"
    )
    anchor = models.CharField(max_length=20, choices=Anchor.choices, default=Anchor.ENROLMENT)
    opens_day = models.PositiveSmallIntegerField(validators=[MaxValueValidator(MAX_DAY)])
    closes_day = models.PositiveSmallIntegerField(validators=[MaxValueValidator(MAX_DAY)])
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(closes_day__gte=F("opens_day")), name="visit_window_closes_after"
            )
        ]


class Visit(models.Model):
    """What the assessor recorded of one participant's visit at one point: held (on a day, with
    the assessment's measures) or missed (with a reason from a fixed list, never free text).
    Whether it was held inside its window is read against the window as it is now."""

    class Status(models.TextChoices):
        DONE = "done", "Done"
        MISSED = "missed", "Missed"

    class MissedReason(models.TextChoices):
        ILLNESS = "illness", "Illness"
        AWAY = "away", "Away"
        DECLINED = "declined", "Declined the visit"
        UNREACHABLE = "unreachable", "Could not be reached"
        WITHDREW = "withdrew", "Withdrew from the study"
        DIED = "died", "Died"
        OTHER = "other", "Other"

    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="visits")
    point = models.ForeignKey(AssessmentPoint, on_delete=models.PROTECT, related_name="visits")
    status = models.CharField(max_length=10, choices=Status.choices)
    held_on = models.DateField(null=True, blank=True)
    measures = models.JSONField(
        default=dict, blank=True, help_text="The assessment: {measure code: value}"
    )
    missed_reason = models.CharField(max_length=20, choices=MissedReason.choices, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField()

    class Meta:
        ordering = ["participant", "point"]
        constraints = [
            models.UniqueConstraint(fields=["participant", "point"], name="visit_one_per_point"),
            models.CheckConstraint(
                condition=(
                    Q(status="done", held_on__isnull=False, missed_reason="")
                    | Q(status="missed", held_on__isnull=True, measures={}) & ~Q(missed_reason="")
                ),
                name="visit_done_or_missed",
            ),
        ]
