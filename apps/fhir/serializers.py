from rest_framework import serializers


class ClinicIdentifierSerializer(serializers.Serializer):
    system = serializers.URLField(
        max_length=200, help_text="The clinic's identifier namespace (a URI), e.g. its MRN system."
    )
    value = serializers.CharField(max_length=100, help_text="The patient's identifier there.")
    reason = serializers.CharField(
        max_length=500,
        required=False,
        default="",
        help_text="Why it is changed (needed once one is on record; kept in the audit trail).",
    )
