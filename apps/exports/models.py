"""The export log: one row per research export, with what was asked for and what came out."""

from django.conf import settings
from django.db import models

from apps.participants.models import Study


class Export(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        READY = "ready", "Ready"
        FAILED = "failed", "Failed"
        EXPIRED = "expired", "Expired (archive deleted)"

    class Format(models.TextChoices):
        CSV = "csv", "CSV tables (zipped)"
        PARQUET = "parquet", "Parquet tables"
        BIDS = "bids", "BIDS-style behavioural files"

    class Run(models.TextChoices):
        DIRECT = "direct", "Built while the request waited"
        JOB = "job", "Built by a background job"
        COMMAND = "command", "Built by the export_study command"

    study = models.ForeignKey(Study, on_delete=models.PROTECT, related_name="exports")
    # Null: the command line (an operator on the server).
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    formats = models.JSONField(help_text="A list of formats: csv, parquet, bids.")
    filters = models.JSONField(default=dict, blank=True)
    shift_dates = models.BooleanField(default=True)
    run = models.CharField(max_length=10, choices=Run.choices, default=Run.DIRECT)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    rows_total = models.BigIntegerField(default=0, help_text="rows to read, counted up front")
    rows_done = models.BigIntegerField(default=0)
    # {table: rows} for the tidy tables and the BIDS events.
    row_counts = models.JSONField(default=dict, blank=True)
    # The k-anonymity report of the exported quasi-identifiers (apps.exports.disclosure), made
    # when the export is asked for.
    k_anonymity = models.JSONField(null=True, blank=True)  # null: made before the report
    # [{"name": path in the archive, "bytes": n, "sha256": hex}], one per file.
    files = models.JSONField(default=list, blank=True)
    # The finished archive, a file name under EXPORT_ROOT (set only once it is complete).
    archive_name = models.CharField(max_length=100, blank=True)
    archive_bytes = models.BigIntegerField(null=True, blank=True)
    archive_sha256 = models.CharField(max_length=64, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0, help_text="builds started")
    error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["study", "created_at"])]

    def __str__(self) -> str:
        return f"export #{self.pk} of study {self.study_id}"

    @property
    def percent(self) -> float:
        if self.status == self.Status.READY:
            return 100.0
        if not self.rows_total:
            return 0.0
        return round(min(100.0, 100.0 * self.rows_done / self.rows_total), 1)
