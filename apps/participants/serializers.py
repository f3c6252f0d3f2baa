"""Request and response shapes. Research serializers never carry clinician notes."""

from django.conf import settings
from django.utils.translation import gettext
from rest_framework import serializers

from apps.accounts.models import User
from apps.common.fields import IdField
from apps.metrics.selectors import METRICS, claimable
from apps.participants.models import (
    ADAPTIVE_DEFAULTS,
    ADAPTIVE_LIMITS,
    OPPONENTS,
    AdaptiveNumber,
    AssessmentPoint,
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
REASON_MAX_CHARS = 500


def _reason(*, required: bool, when: str = "") -> serializers.CharField:
    """Why a clinical record is changed: kept with the old and new values in the audit trail."""
    return serializers.CharField(
        max_length=REASON_MAX_CHARS,
        required=required,
        help_text="Why the record is changed (kept in the audit trail)" + when + ".",
    )


def _staff():
    return IdField(many=True, required=False, queryset=User.objects.filter(is_active=True))


# --- studies ------------------------------------------------------------------------------------


class StudyArmSerializer(serializers.ModelSerializer):
    class Meta:
        model = StudyArm
        fields = ["name", "control", "weight"]
        read_only_fields = fields


class AssessmentPointSerializer(serializers.ModelSerializer):
    when = serializers.CharField(read_only=True, help_text="'session 12' or 'days 84-98 ...'")

    class Meta:
        model = AssessmentPoint
        fields = ["id", "kind", "label", "session", "window_start_days", "window_end_days", "when"]
        read_only_fields = fields


class StudySerializer(serializers.ModelSerializer):
    arms = StudyArmSerializer(many=True, read_only=True)
    eligibility_criteria = serializers.ListField(
        child=serializers.CharField(), read_only=True, help_text="Confirmed before allocation."
    )
    group_codes = serializers.ListField(
        child=serializers.CharField(), read_only=True, help_text="The codes a group may take."
    )
    primary_metrics = serializers.ListField(
        child=serializers.CharField(),
        read_only=True,
        help_text="Metric keys read for reliable change and trend at the assessment points.",
    )
    assessment_points = AssessmentPointSerializer(
        many=True, read_only=True, help_text="In time order, the baseline first."
    )

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
            "primary_metrics",
            "assessment_points",
            "retest_interval_days",
            "opened_at",
            "design_open",
            "eligibility_criteria",
            "group_codes",
            "arms",
            "created_at",
        ]
        read_only_fields = fields


class AssessmentPointWriteSerializer(serializers.Serializer):
    """A session number, or a window of days after enrolment (both ends)."""

    kind = serializers.ChoiceField(choices=AssessmentPoint.Kind.choices)
    # The body's "label" field; the stubs take the name for a serializer's own label (a str).
    label = serializers.CharField(  # type: ignore[assignment]
        max_length=100, required=False, allow_blank=True, default=""
    )
    session = serializers.IntegerField(min_value=1, max_value=10_000, required=False)
    window_start_days = serializers.IntegerField(min_value=0, max_value=3_650, required=False)
    window_end_days = serializers.IntegerField(min_value=0, max_value=3_650, required=False)

    def validate(self, attrs):
        window = [attrs.get("window_start_days"), attrs.get("window_end_days")]
        if ("session" in attrs) == any(v is not None for v in window):
            raise serializers.ValidationError(
                gettext("Give a session number or a window, not both.")
            )
        if "session" not in attrs:
            if None in window:
                raise serializers.ValidationError(gettext("A window needs its first and last day."))
            if window[0] > window[1]:
                raise serializers.ValidationError(
                    gettext("A window's first day comes before its last.")
                )
        return {"session": None, "window_start_days": None, "window_end_days": None, **attrs}


class ArmWriteSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=50)
    control = serializers.BooleanField(default=False, help_text="The arm practice effects use.")
    weight = serializers.IntegerField(
        min_value=1, max_value=10, default=1, help_text="Share of the allocation (1:1, 2:1, ...)."
    )


class StudyOpenSerializer(serializers.Serializer):
    """Open the study with these arms: its concealed allocation seed is drawn now, once."""

    # DRF hands min_length and max_length to the list that many=True makes; the stubs do not
    # know those arguments.
    arms = ArmWriteSerializer(many=True, min_length=2, max_length=6)  # type: ignore[call-arg]
    eligibility_criteria = serializers.ListField(
        child=serializers.CharField(max_length=300),
        max_length=30,
        required=False,
        default=list,
        help_text="Confirmed one by one for each participant before allocation.",
    )
    design_open = serializers.BooleanField(
        default=False,
        help_text="Open label: arms shown to the clinical team. Otherwise they are concealed "
        "from those who recruit.",
    )


class AllocateSerializer(serializers.Serializer):
    eligibility_confirmed = serializers.ListField(
        child=serializers.CharField(max_length=300),
        max_length=30,
        help_text="Every eligibility criterion of the study, exactly as written, confirmed met.",
    )


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
    group_codes = serializers.ListField(
        child=serializers.CharField(max_length=20),
        max_length=50,
        required=False,
        help_text="The codes a participant's group may take (letters, digits, '-', '_'); "
        "only these reach an export.",
    )
    primary_metrics = serializers.ListField(
        child=serializers.ChoiceField(choices=[m.key for m in METRICS if claimable(m.key)]),
        max_length=10,
        required=False,
        help_text="Metric keys the study will claim reliable change and trends for (fixed once "
        "a session is completed).",
    )
    # many=True takes max_length, as arms above does.
    assessment_points = AssessmentPointWriteSerializer(  # type: ignore[call-arg]
        many=True,
        max_length=12,
        required=False,
        help_text="The baseline, then the end of training and follow-ups, in time order; "
        "replaces the study's list (fixed once a session is completed).",
    )
    retest_interval_days = serializers.IntegerField(
        min_value=1,
        max_value=90,
        required=False,
        allow_null=True,
        help_text="The retest protocol: each participant's baseline session and the next one, "
        "this many days apart with no session between, measure test-retest reliability "
        "(null: none; fixed once a session is completed).",
    )


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
            raise serializers.ValidationError(
                gettext("'min_seconds' must not be more than 'max_seconds'.")
            )
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
    reason = _reason(required=False, when="; needed for a new version of an existing protocol")

    class Meta:
        model = Protocol
        fields = [
            "reason",
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
        source="arm_shown",
        read_only=True,
        allow_null=True,
        help_text="The allocated arm; null before allocation, and always for the clinical team "
        "of a concealed design.",
    )
    allocated_at = serializers.DateTimeField(
        read_only=True, allow_null=True, help_text="When the participant was allocated."
    )
    stratum = serializers.CharField(
        read_only=True, allow_null=True, help_text="The age band when allocated (frozen)."
    )
    has_consent = serializers.BooleanField(read_only=True)
    last_session_at = serializers.DateTimeField(read_only=True, allow_null=True)
    sessions_this_week = serializers.IntegerField(
        read_only=True,
        help_text="Sessions completed in the participant's programme week under way (week 1 is "
        "the seven days from their start: allocation, else consent, else enrolment; a session "
        "counts in the week it was started in), as in the dose ledger.",
    )
    sessions_last_week = serializers.IntegerField(
        read_only=True, help_text="Sessions completed in the programme week before this one."
    )
    sessions_per_week_planned = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="This week's plan: the participant's own weekly plan, else what the "
        "prescription in force (own, else the study's) prescribes for this week (0 after the "
        "programme and between its boosters), else the study's newest protocol's.",
    )
    sessions_planned_last_week = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="Last week's plan, by the same rule: a prescription as it stood when last "
        "week ended (a change made this week counts from this week on); null until week 1 is "
        "over.",
    )
    sessions_missed_last_week = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="Sessions of last week's plan not held last week; null without a plan or "
        "until week 1 is over.",
    )

    class Meta:
        model = Participant
        fields = [
            "id",
            "study",
            "study_name",
            "code",
            "age_band",
            "language",
            "group",
            "arm",
            "allocated_at",
            "stratum",
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
            "sessions_planned_last_week",
            "sessions_missed_last_week",
        ]
        read_only_fields = fields


class ParticipantCreateSerializer(serializers.Serializer):
    """Enrolment. The code is generated by the server; never send names or contact details."""

    study = IdField(queryset=Study.objects.none())
    age_band = serializers.ChoiceField(
        choices=Participant.AgeBand.choices, default=Participant.AgeBand.UNKNOWN
    )
    language = serializers.ChoiceField(
        choices=settings.LANGUAGES,
        required=False,
        help_text="The language of the participant's play screen and report (default: en).",
    )
    group = serializers.CharField(
        max_length=20,
        required=False,
        allow_blank=True,
        default="",
        help_text="One of the study's group codes.",
    )
    clinicians = _staff()
    client_key = serializers.UUIDField(
        required=False,
        allow_null=True,
        default=None,
        help_text="A key the client makes once per person it means to enrol: the same key "
        "again answers with that participant (201) instead of enrolling another; with other "
        "details it is refused (409 client_key_reused).",
    )

    def __init__(self, *args, studies=None, **kwargs):
        super().__init__(*args, **kwargs)
        if studies is not None:
            self.fields["study"].queryset = studies


class ParticipantUpdateSerializer(serializers.Serializer):
    age_band = serializers.ChoiceField(choices=Participant.AgeBand.choices, required=False)
    language = serializers.ChoiceField(choices=settings.LANGUAGES, required=False)
    group = serializers.CharField(
        max_length=20, required=False, allow_blank=True, help_text="One of the study's group codes."
    )
    sessions_per_week = serializers.IntegerField(
        min_value=1,
        max_value=14,
        required=False,
        allow_null=True,
        help_text=(
            "The participant's own weekly plan; null: none (the prescribed dose applies, else "
            "the study's newest protocol's)."
        ),
    )
    clinicians = _staff()
    reason = _reason(required=True)


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
    reason = _reason(required=False, when="; needed when consent is already on record")


class WithdrawSerializer(serializers.Serializer):
    reason = _reason(required=True)


class NoteAmendSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=NOTE_MAX_CHARS)
    reason = _reason(required=True)


# --- notes --------------------------------------------------------------------------------------


class ClinicianNoteSerializer(serializers.ModelSerializer):
    author_name = serializers.CharField(source="author.username", read_only=True)
    text = serializers.CharField(max_length=NOTE_MAX_CHARS)

    class Meta:
        model = ClinicianNote
        fields = ["id", "participant", "author", "author_name", "text", "created_at"]
        read_only_fields = ["id", "participant", "author", "author_name", "created_at"]


class EraseSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, help_text="Why (e.g. the participant asked).")


class KeptSerializer(serializers.Serializer):
    what = serializers.CharField()
    why = serializers.CharField()


class ErasedSerializer(serializers.Serializer):
    clinician_notes = serializers.IntegerField(help_text="Notes deleted.")
    group = serializers.BooleanField(help_text="A group label was cleared.")
    withdrawn_now = serializers.BooleanField()
    reminder_address = serializers.IntegerField(
        default=0, help_text="Reminder plans deleted, with the e-mail address they were sent to."
    )


class ErasureSerializer(serializers.Serializer):
    participant = serializers.CharField()
    erased_at = serializers.DateTimeField()
    erased = ErasedSerializer()
    kept = KeptSerializer(many=True)
