from django.conf import settings
from django.db import models


class ClinicIdentifier(models.Model):
    """The participant's identifier in the clinic's own records (a medical record number), so
    that a FHIR export names the clinic's patient. Identifying: kept apart from research data,
    never in an export, set and read by the clinical team and the study's owners only."""

    participant = models.OneToOneField(
        "participants.Participant", on_delete=models.CASCADE, related_name="clinic_identifier"
    )
    system = models.URLField(
        max_length=200, help_text="The clinic's identifier namespace (a URI), e.g. its MRN system."
    )
    value = models.CharField(max_length=100)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now=True)
