"""Request and answer shapes of the reminders. The log and the plan carry no health data."""

from rest_framework import serializers

from apps.reminders.models import ReminderLog, ReminderPlan


class ReminderPlanSerializer(serializers.Serializer):
    email = serializers.EmailField()
    time_zone = serializers.CharField(max_length=64, help_text="IANA, e.g. Europe/London")
    times = serializers.ListField(
        child=serializers.CharField(max_length=5), min_length=1, max_length=6,
        help_text="Times of day, HH:MM, in the participant's time zone",
    )  # fmt: skip
    weekdays = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=6), required=False, default=list,
        max_length=7, help_text="0 Monday to 6 Sunday; empty: every day",
    )  # fmt: skip
    quiet_start = serializers.TimeField(required=False, allow_null=True, default=None)
    quiet_end = serializers.TimeField(required=False, allow_null=True, default=None)
    active = serializers.BooleanField(required=False, default=True)


class StaffReminderPlanSerializer(ReminderPlanSerializer):
    agreed_how = serializers.ChoiceField(
        choices=ReminderPlan.AgreedHow.choices, help_text="How the participant chose them"
    )


class ReminderPlanAnswerSerializer(serializers.Serializer):
    email = serializers.EmailField()
    time_zone = serializers.CharField()
    times = serializers.ListField(child=serializers.CharField())
    weekdays = serializers.ListField(child=serializers.IntegerField())
    quiet_start = serializers.TimeField(allow_null=True)
    quiet_end = serializers.TimeField(allow_null=True)
    active = serializers.BooleanField()
    opted_out_at = serializers.DateTimeField(allow_null=True)
    chosen_by = serializers.ChoiceField(choices=ReminderPlan.ChosenBy.choices)
    agreed_how = serializers.ChoiceField(choices=ReminderPlan.AgreedHow.choices)
    updated_at = serializers.DateTimeField()


class ReminderLogSerializer(serializers.Serializer):
    due_at = serializers.DateTimeField()
    local_time = serializers.CharField()
    outcome = serializers.ChoiceField(choices=ReminderLog.Outcome.choices)
    why = serializers.ChoiceField(choices=ReminderLog.Why.choices, allow_blank=True)
    link_used_at = serializers.DateTimeField(allow_null=True)


class ParticipantRemindersSerializer(serializers.Serializer):
    plan = ReminderPlanAnswerSerializer(allow_null=True, help_text="Null: none chosen")
    log = ReminderLogSerializer(many=True, help_text="The latest 100, newest first")


class OwnPlanSerializer(serializers.Serializer):
    plan = ReminderPlanAnswerSerializer(allow_null=True, help_text="Null: none chosen")


class OpenedSerializer(serializers.Serializer):
    path = serializers.CharField(help_text="The participant's progress page")


class StopStateSerializer(serializers.Serializer):
    active = serializers.BooleanField(help_text="Reminders are still being sent")
