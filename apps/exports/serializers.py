from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from apps.common.fields import POSITIVE_INT_MAX, id_number
from apps.exports.models import Export
from apps.exports.tokens import download_token
from apps.participants.models import GameType


class ExportFiltersSerializer(serializers.Serializer):
    date_from = serializers.DateField(
        required=False, help_text="Sessions started on or after this day."
    )
    date_to = serializers.DateField(
        required=False, help_text="Sessions started on or before this day."
    )
    participants = serializers.ListField(
        child=id_number(),
        required=False,
        help_text="Participant ids (of this study); all when left out.",
    )
    game = serializers.ChoiceField(choices=GameType.choices, required=False)
    protocols = serializers.ListField(
        child=id_number(),
        required=False,
        help_text="Protocol ids (each version has its own); all when left out.",
    )
    protocol_version = serializers.IntegerField(
        min_value=1,
        max_value=POSITIVE_INT_MAX,
        required=False,
        help_text="Only sessions run under this protocol version.",
    )
    group = serializers.CharField(
        max_length=50, required=False, help_text="Only participants of this group code."
    )


class ExportRequestSerializer(serializers.Serializer):
    formats = serializers.ListField(
        child=serializers.ChoiceField(choices=Export.Format.choices),
        min_length=1,
        help_text="One or more of csv, parquet, bids (all in one zip, with the codebook).",
    )
    filters = ExportFiltersSerializer(required=False, default=dict)
    shift_dates = serializers.BooleanField(
        default=True,
        help_text="Move each participant's times back by their own 1 to 300 days and part of a "
        "day (the default: no real time of day is exported); false exports the times as "
        "recorded, which can be linked back to the platform.",
    )


class ProgressSerializer(serializers.Serializer):
    rows_done = serializers.IntegerField()
    rows_total = serializers.IntegerField()
    percent = serializers.FloatField()


class ExportFileSerializer(serializers.Serializer):
    name = serializers.CharField()
    bytes = serializers.IntegerField()
    sha256 = serializers.CharField()


class SmallClassSerializer(serializers.Serializer):
    age_band = serializers.CharField()
    group = serializers.CharField(allow_null=True)
    arm = serializers.CharField(allow_null=True)
    stratum = serializers.CharField(allow_null=True)
    participants = serializers.IntegerField()


class KAnonymitySerializer(serializers.Serializer):
    """How many exported participants share each combination of the quasi-identifiers."""

    quasi_identifiers = serializers.ListField(child=serializers.CharField())
    participants = serializers.IntegerField()
    classes = serializers.IntegerField()
    k = serializers.IntegerField(help_text="The smallest class: k-anonymity of the export.")
    k_min = serializers.IntegerField(help_text="The smallest class counted safe.")
    meets_k_min = serializers.BooleanField()
    below_k_min = SmallClassSerializer(many=True, help_text="The classes smaller than k_min.")


class ExportSerializer(serializers.ModelSerializer):
    requested_by = serializers.SerializerMethodField()
    formats = serializers.ListField(
        child=serializers.ChoiceField(choices=Export.Format.choices), read_only=True
    )
    filters = ExportFiltersSerializer(read_only=True)
    progress = serializers.SerializerMethodField()
    files = ExportFileSerializer(many=True, read_only=True)
    row_counts = serializers.DictField(child=serializers.IntegerField(), read_only=True)
    download_url = serializers.SerializerMethodField()
    download_expires_at = serializers.SerializerMethodField()
    k_anonymity = KAnonymitySerializer(
        read_only=True, allow_null=True, help_text="Made when asked for, before any download."
    )

    class Meta:
        model = Export
        fields = [
            "id",
            "study",
            "requested_by",
            "formats",
            "filters",
            "shift_dates",
            "k_anonymity",
            "run",
            "status",
            "progress",
            "row_counts",
            "files",
            "archive_bytes",
            "archive_sha256",
            "error",
            "created_at",
            "started_at",
            "finished_at",
            "download_url",
            "download_expires_at",
        ]
        read_only_fields = fields

    @extend_schema_field(
        {"type": "string", "nullable": True, "description": "Who asked (null: command line)."}
    )
    def get_requested_by(self, export: Export) -> str | None:
        return export.requested_by.username if export.requested_by else None

    @extend_schema_field(ProgressSerializer)
    def get_progress(self, export: Export) -> dict:
        return {
            "rows_done": export.rows_done,
            "rows_total": export.rows_total,
            "percent": export.percent,
        }

    def _link(self, export: Export) -> tuple[str, str] | None:
        if export.status != Export.Status.READY or not export.archive_name:
            return None
        link = getattr(export, "_link", None)  # both fields of one export share a token
        if link is None:
            token, expires = download_token(export)
            path = reverse("export-download", args=[export.pk], request=self.context.get("request"))
            link = export._link = (f"{path}?token={token}", expires.isoformat())  # type: ignore[attr-defined]
        return link

    @extend_schema_field(
        {"type": "string", "format": "uri", "nullable": True, "description": "When ready."}
    )
    def get_download_url(self, export: Export) -> str | None:
        link = self._link(export)
        return link[0] if link else None

    @extend_schema_field({"type": "string", "format": "date-time", "nullable": True})
    def get_download_expires_at(self, export: Export) -> str | None:
        link = self._link(export)
        return link[1] if link else None
