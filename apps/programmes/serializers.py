"""Request and answer shapes of the programme. The participant's progress carries no score."""

from django.conf import settings
from rest_framework import serializers

from apps.programmes.models import MAX_WEEKS, MissedDose, Prescription, Programme

WEEK_RULE = (
    "A week is measured against the prescription in force on its last day; the week under way "
    "against the one in force now. A change takes effect in the current week and never changes "
    "a week that has ended."
)


class BoosterSerializer(serializers.Serializer):
    start_week = serializers.IntegerField(min_value=2, max_value=MAX_WEEKS * 2)
    weeks = serializers.IntegerField(min_value=1, max_value=12)
    sessions_per_week = serializers.IntegerField(min_value=1, max_value=14)


class ProgrammeSerializer(serializers.ModelSerializer):
    boosters = BoosterSerializer(many=True, required=False, default=list)
    own = serializers.SerializerMethodField(help_text="The participant's own prescription.")

    class Meta:
        model = Programme
        fields = [
            "sessions_per_week",
            "minutes_per_session",
            "weeks",
            "boosters",
            "own",
            "updated_at",
        ]
        read_only_fields = ["own", "updated_at"]

    def get_own(self, programme: Programme) -> bool:
        return programme.participant_id is not None


class PrescriptionSerializer(serializers.ModelSerializer):
    """One version of a prescription, as it took effect."""

    boosters = BoosterSerializer(many=True)
    own = serializers.SerializerMethodField(help_text="A participant's own prescription.")
    made_by = serializers.SerializerMethodField(help_text="Who made the change (null: unknown).")

    class Meta:
        model = Prescription
        fields = [
            "id",
            "sessions_per_week",
            "minutes_per_session",
            "weeks",
            "boosters",
            "own",
            "cleared",
            "effective_at",
            "made_by",
        ]
        extra_kwargs = {
            "cleared": {
                "help_text": "The participant's own prescription ended here: the study's "
                "applies again (the dose is the one that ended)."
            },
            "effective_at": {
                "help_text": "When it took effect; null: from the beginning (as it stood when "
                "versions began to be kept)."
            },
        }

    def get_own(self, version: Prescription) -> bool:
        return version.participant_id is not None

    def get_made_by(self, version: Prescription) -> str | None:
        return version.made_by.username if version.made_by else None


class StudyProgrammeSerializer(serializers.Serializer):
    programme = ProgrammeSerializer(allow_null=True, help_text="Null: none prescribed yet.")
    history = PrescriptionSerializer(
        many=True, help_text="Every version of the study's prescription, newest first. " + WEEK_RULE
    )


class WeekSerializer(serializers.Serializer):
    week = serializers.IntegerField()
    starts_on = serializers.DateField()
    current = serializers.BooleanField()
    prescribed = serializers.IntegerField(help_text="Sessions the week's prescription asks for.")
    prescribed_minutes = serializers.IntegerField()
    prescription = serializers.IntegerField(
        allow_null=True,
        help_text="The version (in prescriptions) this week is measured against; null: none. "
        + WEEK_RULE,
    )
    scheduled = serializers.IntegerField()
    delivered = serializers.IntegerField()
    active_minutes = serializers.FloatField(help_text="Minutes of completed sessions.")
    missed = serializers.IntegerField(allow_null=True, help_text="Null while the week runs.")
    missed_reason = serializers.ChoiceField(choices=MissedDose.Reason.choices, allow_null=True)


class LedgerSerializer(serializers.Serializer):
    participant = serializers.IntegerField()
    programme = ProgrammeSerializer(allow_null=True, help_text="The prescription in force now.")
    prescriptions = PrescriptionSerializer(
        many=True,
        help_text="The versions of the participant's own and the study's prescriptions, newest "
        "first. " + WEEK_RULE,
    )
    starts_on = serializers.DateField(help_text="Week 1's first day.")
    current_week = serializers.IntegerField()
    weeks = WeekSerializer(many=True)
    prescribed = serializers.IntegerField(help_text="Sessions prescribed in the weeks over.")
    delivered = serializers.IntegerField(help_text="Sessions held in the weeks over.")
    held_as_prescribed = serializers.IntegerField(
        help_text="Of those, the ones the prescription asked for (each week's counted up to its "
        "prescription): the prescribed sessions held."
    )
    adherence = serializers.FloatField(
        allow_null=True, help_text="held_as_prescribed over prescribed."
    )
    missed = serializers.IntegerField()
    missed_unexplained = serializers.IntegerField(help_text="Weeks short with no reason given.")


class MissedDoseSerializer(serializers.Serializer):
    week = serializers.IntegerField(min_value=1, max_value=MAX_WEEKS * 2)
    reason = serializers.ChoiceField(choices=MissedDose.Reason.choices)


class ProgressLinkSerializer(serializers.Serializer):
    token = serializers.CharField()
    path = serializers.CharField(help_text="The page to open on the participant's device.")
    expires_at = serializers.DateTimeField()


class ParticipantProgressSerializer(serializers.Serializer):
    code = serializers.CharField()
    language = serializers.ChoiceField(
        choices=settings.LANGUAGES,
        help_text="The participant's language: the sentences' and the page's.",
    )
    week = serializers.IntegerField(help_text="The participant's programme week (0: not begun).")
    sessions_done = serializers.IntegerField()
    sessions_planned = serializers.IntegerField()
    streak_weeks = serializers.IntegerField(help_text="Weeks in a row the plan was kept.")
    words = serializers.ListField(child=serializers.CharField())


class NotAllocatedSerializer(serializers.Serializer):
    no_consent = serializers.IntegerField()
    withdrew_before_allocation = serializers.IntegerField()
    awaiting_allocation = serializers.IntegerField()


class PointFlowSerializer(serializers.Serializer):
    point = serializers.IntegerField()
    kind = serializers.CharField()
    # The body's "label" field; the stubs take the name for a serializer's own label (a str).
    label = serializers.CharField()  # type: ignore[assignment]
    assessed = serializers.IntegerField(help_text="Visits held at this point.")
    missed = serializers.IntegerField(help_text="Visits recorded as missed.")
    missed_reasons = serializers.DictField(child=serializers.IntegerField())


class ArmFlowSerializer(serializers.Serializer):
    arm = serializers.CharField(help_text="The arm, or 'all' for those who may not see arms.")
    allocated = serializers.IntegerField()
    received = serializers.IntegerField(help_text="Held at least one session.")
    not_received = serializers.IntegerField()
    withdrew = serializers.IntegerField(help_text="Withdrew consent after allocation.")
    lost = serializers.IntegerField(help_text="Still consenting, no session for some weeks.")
    lost_reasons = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="The latest reason recorded for a missed week, counted.",
    )
    analysed = serializers.IntegerField(help_text="Still consenting: in the exports.")
    prescribed = serializers.IntegerField()
    delivered = serializers.IntegerField()
    adherence = serializers.FloatField(allow_null=True)
    assessed = PointFlowSerializer(
        many=True, help_text="At each assessment point, in the order declared."
    )


class FlowSerializer(serializers.Serializer):
    enrolled = serializers.IntegerField()
    not_allocated = NotAllocatedSerializer()
    allocated = serializers.IntegerField()
    arms = ArmFlowSerializer(many=True)
    lost_after_weeks = serializers.IntegerField()
