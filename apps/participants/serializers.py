"""Request and response shapes. Research serializers never carry clinician notes."""

from rest_framework import serializers

from apps.accounts.models import User
from apps.participants.models import (
    ADAPTIVE_DEFAULTS,
    ADAPTIVE_LIMITS,
    OPPONENTS,
    AdaptiveNumber,
    ClinicianNote,
    Participant,
    Protocol,
    Study,
    StudyArm,
)

ALL_OPPONENTS = sorted({name for names in OPPONENTS.values() for name in names})
# Free text is bounded: a note or a description is a paragraph or a page, not a file.
NOTE_MAX_CHARS = 10_000
DESCRIPTION_MAX_CHARS = 5_000
FILTER_MAX_CHARS = 100


def _staff():
    return serializers.PrimaryKeyRelatedField(
        many=True, required=False, queryset=User.objects.filter(is_active=True)
    )


# --- studies ------------------------------------------------------------------------------------


class StudyArmSerializer(serializers.ModelSerializer):
    class Meta:
        model = StudyArm
        fields = ["name", "control", "weight"]
        read_only_fields = fields


class StudySerializer(serializers.ModelSerializer):
    arms = StudyArmSerializer(many=True, read_only=True)

    class Meta:
        model = Study
        fields = [
            "id",
            "name",
            "description",
            "owners",
            "clinicians",
            "pseudonymisation_key_ref",
            "dataset_authors",
            "dataset_license",
            "dataset_institution",
            "dataset_institution_address",
            "dataset_department",
            "opened_at",
            "arms",
            "created_at",
        ]
        read_only_fields = fields


class ArmWriteSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=50)
    control = serializers.BooleanField(default=False, help_text="The arm practice effects use.")
    weight = serializers.IntegerField(
        min_value=1, max_value=10, default=1, help_text="Share of the allocation (1:1, 2:1, ...)."
    )


class StudyOpenSerializer(serializers.Serializer):
    """Open the study with these arms: its concealed allocation list is drawn now, once."""

    # DRF hands min_length and max_length to the list that many=True makes; the stubs do not
    # know those arguments.
    arms = ArmWriteSerializer(many=True, min_length=2, max_length=6)  # type: ignore[call-arg]


class StudyWriteSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    description = serializers.CharField(
        max_length=DESCRIPTION_MAX_CHARS, required=False, allow_blank=True
    )
    owners = _staff()
    clinicians = _staff()
    dataset_authors = serializers.ListField(
        child=serializers.CharField(max_length=200),
        max_length=100,
        required=False,
        help_text="Authors of the published dataset, one name each (BIDS and Psych-DS).",
    )
    dataset_license = serializers.CharField(
        max_length=50, required=False, help_text="Licence of the published dataset (SPDX id)."
    )
    dataset_institution = serializers.CharField(max_length=200, required=False, allow_blank=True)
    dataset_institution_address = serializers.CharField(
        max_length=300, required=False, allow_blank=True
    )
    dataset_department = serializers.CharField(max_length=200, required=False, allow_blank=True)


# --- protocols ----------------------------------------------------------------------------------


def _limited(key: AdaptiveNumber) -> serializers.Field:
    low, high = ADAPTIVE_LIMITS[key]
    field = serializers.FloatField if isinstance(low, float) else serializers.IntegerField
    return field(min_value=low, max_value=high, default=ADAPTIVE_DEFAULTS[key])


class AdaptiveSerializer(serializers.Serializer):
    """Adaptive difficulty: examination time moves by ``step_seconds`` towards ``target_recall``."""

    enabled = serializers.BooleanField(default=ADAPTIVE_DEFAULTS["enabled"])
    target_recall = _limited("target_recall")
    step_seconds = _limited("step_seconds")
    min_seconds = _limited("min_seconds")
    max_seconds = _limited("max_seconds")
    adjust_opponent = serializers.BooleanField(default=ADAPTIVE_DEFAULTS["adjust_opponent"])

    def validate(self, attrs):
        if attrs["min_seconds"] > attrs["max_seconds"]:
            raise serializers.ValidationError("'min_seconds' must not be more than 'max_seconds'.")
        return attrs


class ProtocolSerializer(serializers.ModelSerializer):
    adaptive = AdaptiveSerializer(required=False)
    session_count = serializers.IntegerField(
        read_only=True, help_text="How many sessions (that you may see) ran with this protocol."
    )

    class Meta:
        model = Protocol
        fields = [
            "id",
            "study",
            "name",
            "version",
            "game",
            "rounds",
            "examination_seconds",
            "roles",
            "opponent",
            "opponent_level",
            "wild_tie",
            "stragedy_intent",
            "recall_probes",
            "practice_round",
            "trump_rule",
            "sessions_per_week",
            "adaptive",
            "opponent_pace_seconds",
            "turn_seconds",
            "takeover_seconds",
            "takeover_level",
            "created_by",
            "created_at",
            "session_count",
        ]
        read_only_fields = fields


class ProtocolWriteSerializer(serializers.ModelSerializer):
    """A protocol, or the next version of one: post it again under the same name."""

    opponent = serializers.ChoiceField(
        choices=ALL_OPPONENTS,
        default="greedy",
        help_text="Memulation: random, greedy, memory, perfect. Mendikot: random, heuristic, "
        "tracker.",
    )
    adaptive = AdaptiveSerializer(required=False)

    class Meta:
        model = Protocol
        fields = [
            "name",
            "game",
            "rounds",
            "examination_seconds",
            "roles",
            "opponent",
            "opponent_level",
            "wild_tie",
            "stragedy_intent",
            "recall_probes",
            "practice_round",
            "trump_rule",
            "sessions_per_week",
            "adaptive",
            "opponent_pace_seconds",
            "turn_seconds",
            "takeover_seconds",
            "takeover_level",
        ]


# --- participants -------------------------------------------------------------------------------


class ParticipantSerializer(serializers.ModelSerializer):
    study_name = serializers.CharField(source="study.name", read_only=True)
    arm = serializers.CharField(
        source="arm.name", read_only=True, allow_null=True, help_text="Allocated at enrolment."
    )
    has_consent = serializers.BooleanField(read_only=True)
    last_session_at = serializers.DateTimeField(read_only=True, allow_null=True)
    sessions_this_week = serializers.IntegerField(
        read_only=True, help_text="Sessions completed since Monday 00:00."
    )
    sessions_last_week = serializers.IntegerField(
        read_only=True, help_text="Sessions completed in the week before this one."
    )
    sessions_per_week_planned = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="The participant's own plan, else the study's newest protocol's.",
    )
    sessions_missed_last_week = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="Planned sessions not held last week (weeks begin Monday 00:00 in the "
        "clinic's time zone); null without a plan or for someone enrolled since it began.",
    )

    class Meta:
        model = Participant
        fields = [
            "id",
            "study",
            "study_name",
            "code",
            "age_band",
            "group",
            "arm",
            "clinicians",
            "consent_date",
            "consent_form_version",
            "consent_withdrawn_at",
            "has_consent",
            "examination_seconds_override",
            "opponent_level_override",
            "created_at",
            "last_session_at",
            "sessions_per_week",
            "sessions_this_week",
            "sessions_last_week",
            "sessions_per_week_planned",
            "sessions_missed_last_week",
        ]
        read_only_fields = fields


class ParticipantCreateSerializer(serializers.Serializer):
    """Enrolment. The code is generated by the server; never send names or contact details."""

    study = serializers.PrimaryKeyRelatedField(queryset=Study.objects.none())
    age_band = serializers.ChoiceField(
        choices=Participant.AgeBand.choices, default=Participant.AgeBand.UNKNOWN
    )
    group = serializers.CharField(max_length=50, required=False, allow_blank=True, default="")
    clinicians = _staff()

    def __init__(self, *args, studies=None, **kwargs):
        super().__init__(*args, **kwargs)
        if studies is not None:
            self.fields["study"].queryset = studies


class ParticipantUpdateSerializer(serializers.Serializer):
    age_band = serializers.ChoiceField(choices=Participant.AgeBand.choices, required=False)
    group = serializers.CharField(max_length=50, required=False, allow_blank=True)
    sessions_per_week = serializers.IntegerField(
        min_value=1,
        max_value=14,
        required=False,
        allow_null=True,
        help_text="The participant's weekly plan; null: the study's newest protocol's.",
    )
    clinicians = _staff()


class ParticipantFilterSerializer(serializers.Serializer):
    study = serializers.IntegerField(required=False, help_text="Only this study's participants.")
    group = serializers.CharField(
        max_length=FILTER_MAX_CHARS, required=False, help_text="Only this group or arm."
    )
    search = serializers.CharField(
        max_length=FILTER_MAX_CHARS, required=False, help_text="Part of the participant code."
    )


class ConsentSerializer(serializers.Serializer):
    date = serializers.DateField(help_text="The day the consent form was signed.")
    form_version = serializers.CharField(max_length=50)


# --- notes --------------------------------------------------------------------------------------


class ClinicianNoteSerializer(serializers.ModelSerializer):
    author_name = serializers.CharField(source="author.username", read_only=True)
    text = serializers.CharField(max_length=NOTE_MAX_CHARS)

    class Meta:
        model = ClinicianNote
        fields = ["id", "participant", "author", "author_name", "text", "created_at"]
        read_only_fields = ["id", "participant", "author", "author_name", "created_at"]
