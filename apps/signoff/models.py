"""Electronic signatures (21 CFR Part 11.50 and 11.200): who signed what, when, and what the
signature means, each signed after the signer gave their password (and second factor) again.
What was signed is kept as a hash of its content, so a later change shows the signature as
superseded."""

from django.conf import settings
from django.db import models


class Signature(models.Model):
    class Meaning(models.TextChoices):
        REVIEWED = "reviewed", "Reviewed"
        APPROVED = "approved", "Approved"

    class Kind(models.TextChoices):
        REPORT = "report", "Participant report"
        EXPORT = "export", "Study export"

    kind = models.CharField(max_length=10, choices=Kind.choices)
    object_id = models.BigIntegerField(help_text="The participant's id, or the export's.")
    study_id = models.BigIntegerField(db_index=True)
    signer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    signer_name = models.CharField(max_length=300, help_text="The signer's printed name.")
    meaning = models.CharField(max_length=20, choices=Meaning.choices)
    signed_at = models.DateTimeField()
    content_hash = models.CharField(max_length=64, help_text="SHA-256 of what was signed.")
    audit_entry = models.OneToOneField(
        "audit.AuditEntry", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["-signed_at", "-id"]
        indexes = [models.Index(fields=["kind", "object_id"])]
