from rest_framework import serializers

from apps.common.fields import IdField
from apps.participants.models import Participant, Protocol
from apps.training.models import TrainingSession


class SessionSerializer(serializers.ModelSerializer):
    participant_code = serializers.CharField(source="participant.code", read_only=True)
    study = serializers.IntegerField(source="participant.study_id", read_only=True)
    protocol_snapshot = serializers.DictField(
        read_only=True, help_text="The protocol's settings as they were when the session began."
    )

    class Meta:
        model = TrainingSession
        fields = [
            "id",
            "participant",
            "participant_code",
            "study",
            "number",
            "protocol",
            "protocol_snapshot",
            "conducted_by",
            "status",
            "scheduled_for",
            "started_at",
            "completed_at",
            "abandoned_at",
            "abandon_reason",
            "created_at",
        ]
        read_only_fields = fields


class SessionCreateSerializer(serializers.Serializer):
    """Start a sitting now, or schedule it (``scheduled_for`` in the future)."""

    participant = IdField(queryset=Participant.objects.none())
    protocol = IdField(
        queryset=Protocol.objects.none(), help_text="A protocol of the participant's study."
    )
    scheduled_for = serializers.DateTimeField(required=False, allow_null=True, default=None)
    client_key = serializers.UUIDField(
        required=False,
        allow_null=True,
        default=None,
        help_text="A key the client makes once per sitting it means to create: the same key "
        "again answers with that sitting (200) instead of creating another.",
    )

    def __init__(self, *args, participants=None, protocols=None, **kwargs):
        super().__init__(*args, **kwargs)
        if participants is not None:
            self.fields["participant"].queryset = participants
        if protocols is not None:
            self.fields["protocol"].queryset = protocols


class SessionAbandonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class SessionFilterSerializer(serializers.Serializer):
    participant = serializers.IntegerField(required=False)
    study = serializers.IntegerField(required=False)
    status = serializers.ChoiceField(choices=TrainingSession.Status.choices, required=False)
