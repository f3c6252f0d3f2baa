"""Request and answer shapes of the assessment visits. Nothing here carries an arm, a training
metric or a note: these are what a blinded assessor reads."""

from rest_framework import serializers

from apps.participants.models import AssessmentPoint
from apps.visits.models import MAX_DAY, VISIT_STATUSES, Visit, VisitWindow


class MeasureValueField(serializers.FloatField):
    """A measure's value: a JSON number. FloatField alone takes true as 1 and "27" as 27."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        return super().to_internal_value(data)


class VisitFilterSerializer(serializers.Serializer):
    study = serializers.IntegerField(required=False, help_text="Only this study's visits.")
    status = serializers.ChoiceField(
        choices=VISIT_STATUSES, required=False, help_text="Only visits in this state."
    )


class VisitSerializer(serializers.Serializer):
    participant = serializers.IntegerField()
    code = serializers.CharField(help_text="The participant's pseudonymous code.")
    study = serializers.IntegerField()
    point = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=AssessmentPoint.Kind.choices)
    # The body's "label" field; the stubs take the name for a serializer's own label (a str).
    label = serializers.CharField()  # type: ignore[assignment]
    when = serializers.CharField(help_text="The point as the study declared it.")
    anchor = serializers.ChoiceField(choices=VisitWindow.Anchor.choices, allow_null=True)
    opens_on = serializers.DateField(allow_null=True)
    closes_on = serializers.DateField(allow_null=True)
    status = serializers.ChoiceField(choices=VISIT_STATUSES)
    held_on = serializers.DateField(allow_null=True)
    in_window = serializers.BooleanField(allow_null=True)
    measures = serializers.DictField(child=serializers.FloatField())
    missed_reason = serializers.ChoiceField(choices=Visit.MissedReason.choices, allow_null=True)
    recorded_at = serializers.DateTimeField(allow_null=True)


class VisitListItemSerializer(VisitSerializer):
    study_name = serializers.CharField()


class VisitRecordSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=Visit.Status.choices)
    held_on = serializers.DateField(required=False, allow_null=True)
    measures = serializers.DictField(
        child=MeasureValueField(),
        required=False,
        help_text="The assessment: measure code (a-z, 0-9, _) to its value.",
    )
    missed_reason = serializers.ChoiceField(
        choices=Visit.MissedReason.choices, required=False, allow_blank=True
    )
    reason = serializers.CharField(
        required=False, allow_blank=True, max_length=500, help_text="Why, when correcting."
    )


class AssessorSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()


class AssessorsSerializer(serializers.Serializer):
    assessors = serializers.ListField(child=serializers.IntegerField(), max_length=50)


class VisitWindowSerializer(serializers.Serializer):
    point = serializers.IntegerField()
    anchor = serializers.ChoiceField(choices=VisitWindow.Anchor.choices)
    opens_day = serializers.IntegerField(min_value=0, max_value=MAX_DAY)
    closes_day = serializers.IntegerField(min_value=0, max_value=MAX_DAY)


class VisitWindowsSerializer(serializers.Serializer):
    windows = VisitWindowSerializer(many=True, max_length=50)  # type: ignore[call-arg]


class PointWindowSerializer(serializers.Serializer):
    point = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=AssessmentPoint.Kind.choices)
    # The body's "label" field; the stubs take the name for a serializer's own label (a str).
    label = serializers.CharField()  # type: ignore[assignment]
    when = serializers.CharField()
    anchor = serializers.ChoiceField(choices=VisitWindow.Anchor.choices, allow_null=True)
    opens_day = serializers.IntegerField(allow_null=True)
    closes_day = serializers.IntegerField(allow_null=True)
    default = serializers.BooleanField(help_text="Taken from the point's own window of days.")
