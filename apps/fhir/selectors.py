"""Reads of the FHIR export, with the participant's own access rules (a participant the caller
may not see is not found)."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext

from apps.fhir import bundle, codes
from apps.fhir.models import ClinicIdentifier
from apps.participants.selectors import participant_visible, rules
from apps.reports.selectors import participant_report_document
from apps.training.models import TrainingSession


def participant_fhir(*, user, participant_id: int) -> dict:
    """The participant's results as a FHIR R4 Bundle: the signed report and its metrics."""
    report, pdf = participant_report_document(user=user, participant_id=participant_id)
    participant = report["participant"]
    last = (
        TrainingSession.objects.filter(participant=participant, status="completed")
        .order_by("-completed_at")
        .values_list("completed_at", flat=True)
        .first()
    )
    return bundle.participant_bundle(
        participant=participant,
        clinic_identifier=ClinicIdentifier.objects.filter(participant=participant).first(),
        metrics=report["metrics"],
        pdf=pdf,
        signatures=report["signatures"],
        effective=last,
        issued=timezone.now(),
    )


def clinic_identifier_get(*, user, participant_id: int) -> ClinicIdentifier | None:
    participant = participant_visible(user=user, participant_id=participant_id)
    rules.require(
        rules.may_run_sessions(user, participant),
        gettext("The clinic's identifier is for the clinical team and the study's owners."),
    )
    return ClinicIdentifier.objects.filter(participant=participant).first()


def code_system() -> dict:
    """The platform's code system as a FHIR CodeSystem resource (docs/fhir.md lists it too)."""
    return {
        "resourceType": "CodeSystem",
        "id": "memulation-lab-metric",
        "url": codes.CODE_SYSTEM,
        "name": "MemulationLabMetric",
        "title": "Memulation Lab metrics",
        "status": "active",
        "content": "complete",
        "caseSensitive": True,
        "concept": [
            {"code": code, "display": display} for code, display in codes.metric_codes().items()
        ],
    }
