from rest_framework import serializers


class ReportQuerySerializer(serializers.Serializer):
    notes = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Include the clinician notes (the participant's clinical team only). Off "
        "unless asked for: free text stays out of the record by default.",
    )
