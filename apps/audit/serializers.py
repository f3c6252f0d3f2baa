from rest_framework import serializers

from apps.audit.models import AuditEntry

# Entries whose before/after may hold free text for the clinical team only: researchers, who
# read the trail of their studies, see that the text changed, not what it said.
CARE_TEAM_TEXT = {"participants.cliniciannote": ("text",)}


class AuditEntrySerializer(serializers.ModelSerializer):
    def to_representation(self, instance):
        data = super().to_representation(instance)
        hidden = CARE_TEAM_TEXT.get(instance.object_type, ())
        if hidden and not self.context.get("care_team"):
            for side in ("before", "after"):
                if isinstance(data[side], dict):
                    data[side] = {
                        key: ("(clinical team only)" if key in hidden else value)
                        for key, value in data[side].items()
                    }
        return data

    class Meta:
        model = AuditEntry
        fields = [
            "id",
            "at",
            "actor",
            "actor_name",
            "action",
            "object_type",
            "object_id",
            "study_id",
            "before",
            "after",
            "ip",
            "reason",
            "prev_hash",
            "entry_hash",
        ]
        read_only_fields = fields


class AuditFilterSerializer(serializers.Serializer):
    object_type = serializers.CharField(
        max_length=100, required=False, help_text="Model label, e.g. participants.participant."
    )
    object_id = serializers.CharField(max_length=64, required=False)
    actor = serializers.IntegerField(required=False, help_text="User id of who acted.")
    action = serializers.ChoiceField(choices=AuditEntry.Action.choices, required=False)
    since = serializers.DateTimeField(required=False, help_text="From this time (inclusive).")
    until = serializers.DateTimeField(required=False, help_text="Up to this time (exclusive).")
