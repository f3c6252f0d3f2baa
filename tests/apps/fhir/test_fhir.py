"""The FHIR export (GET /api/participants/{id}/fhir/): read back with fhir.resources' models
(R4B, whose Bundle, Patient reference, Observation and DiagnosticReport are R4's), its codes,
units, intervals and interpretations, the signed PDF it carries, the patient it names, and who
may have it."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
from fhir.resources.R4B.bundle import Bundle
from fhir.resources.R4B.codesystem import CodeSystem
from rest_framework.test import APIClient

from apps.audit.models import AuditEntry
from apps.fhir import codes
from apps.metrics.selectors import CATALOGUE
from tests.apps.factories import make_study
from tests.apps.reports.test_report import world  # noqa: F401  (the report's participant)
from tests.conftest import PASSWORD, make_staff

pytestmark = pytest.mark.django_db
DOCS = Path(__file__).resolve().parents[3] / "docs" / "fhir.md"


def _bundle(client, participant) -> tuple[Bundle, dict]:
    response = client.get(f"/api/participants/{participant.pk}/fhir/")
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/fhir+json"
    body = response.json()
    return Bundle.model_validate(body), body


def _by_type(body: dict, kind: str) -> list[dict]:
    return [e["resource"] for e in body["entry"] if e["resource"]["resourceType"] == kind]


def test_the_bundle_is_valid_fhir_with_a_report_and_an_observation_per_metric(
    world,  # noqa: F811
    clinician,
    client_for,
):
    bundle, body = _bundle(client_for(clinician), world)
    assert bundle.type == "collection"
    [report] = _by_type(body, "DiagnosticReport")
    observations = _by_type(body, "Observation")
    summary = client_for(clinician).get(f"/api/participants/{world.pk}/summary/").json()
    reported = {m["key"] for m in summary["metrics"] if m["latest"] is not None}
    assert {o["code"]["coding"][0]["code"] for o in observations} == reported
    # The report: LOINC's progress note, unsigned so preliminary, the PDF as printed.
    assert {"system": codes.LOINC, "code": "11506-3", "display": "Progress note"} in report["code"][
        "coding"
    ]
    assert report["status"] == "preliminary"
    [form] = report["presentedForm"]
    pdf = base64.b64decode(form["data"])
    assert pdf.startswith(b"%PDF") and form["size"] == len(pdf)
    assert form["hash"] == base64.b64encode(hashlib.sha1(pdf).digest()).decode()
    urls = {e["fullUrl"] for e in body["entry"] if e["resource"]["resourceType"] == "Observation"}
    assert {r["reference"] for r in report["result"]} == urls
    # Named by the pseudonymous code: no clinic identifier is stored yet.
    assert report["subject"]["identifier"] == {
        "system": codes.PARTICIPANT_CODES,
        "value": f"{world.study_id}/{world.code}",
    }

    by_key = {o["code"]["coding"][0]["code"]: o for o in observations}
    tricks = by_key["tricks_won"]
    assert tricks["valueQuantity"] == {
        "value": 10.0,
        "unit": "tricks",
        "system": codes.UCUM,
        "code": "{tricks}",
    }
    # The value's n goes with it: what it rests on.
    [observed] = [
        c for c in tricks["component"] if c["code"]["coding"][0]["code"] == "observations"
    ]
    assert observed["valueQuantity"]["value"] > 0 and observed["valueQuantity"]["code"] == "{count}"
    # A reliable decline of a higher-is-better measure: Worse, with the reading in words.
    [interpretation] = tricks["interpretation"]
    assert interpretation["coding"][0]["code"] == "W"
    assert "Reliable decline" in interpretation["text"]
    fidelity = by_key["memory_fidelity"]
    ends = {c["code"]["coding"][0]["code"]: c["valueQuantity"] for c in fidelity["component"]}
    assert (ends["interval-low"]["value"], ends["interval-high"]["value"]) == (55.0, 93.0)
    assert ends["interval-low"]["code"] == "%"
    # Its coverage is the one measured in simulation, never called 95% until shown to be.
    labels = {c["code"].get("text") for c in fidelity["component"] if "interval" in str(c["code"])}
    assert labels and all("of the time" in label for label in labels)
    assert fidelity["valueQuantity"]["value"] == 80.0  # a proportion, in percent


def test_signed_and_named_by_the_clinic_s_identifier(world, clinician, client_for):  # noqa: F811
    client = client_for(clinician)
    url = f"/api/participants/{world.pk}/clinic-identifier/"
    assert client.get(url).status_code == 204
    mrn = {"system": "https://hospital.example.org/mrn", "value": "MRN-0042"}
    assert client.put(url, mrn).status_code == 200
    refused = client.put(url, {**mrn, "value": "MRN-0043"})
    assert refused.status_code == 400 and "reason" in refused.json()["error"]["details"]
    assert client.put(url, {**mrn, "value": "MRN-0043", "reason": "Typo"}).status_code == 200
    entry = AuditEntry.objects.filter(object_type="fhir.clinicidentifier").latest("id")
    assert "MRN" not in str(entry.after) and entry.reason == "Typo"  # the trail keeps a hash

    signed = client.post(
        f"/api/participants/{world.pk}/signatures/", {"meaning": "approved", "password": PASSWORD}
    )
    assert signed.status_code == 201
    _, body = _bundle(client, world)
    [report] = _by_type(body, "DiagnosticReport")
    assert report["status"] == "final"
    assert report["resultsInterpreter"] == [{"display": "claude"}]
    assert report["conclusion"].startswith("Approved by claude on ")
    assert report["subject"] == {
        "type": "Patient",
        "identifier": {"system": "https://hospital.example.org/mrn", "value": "MRN-0043"},
    }


def test_only_staff_who_see_the_participant_get_it(world, client_for):  # noqa: F811
    outsider = make_staff("stranger", "researcher")
    make_study(owners=[outsider])
    assert client_for(outsider).get(f"/api/participants/{world.pk}/fhir/").status_code == 404
    assert APIClient().get(f"/api/participants/{world.pk}/fhir/").status_code == 403


def test_the_code_system_is_served_and_documented():
    body = APIClient().get("/api/fhir/CodeSystem/metric").json()
    system = CodeSystem.model_validate(body)
    assert system.url == codes.CODE_SYSTEM
    served = {c.code for c in system.concept}
    assert set(CATALOGUE) <= served
    documented = set(re.findall(r"^\| `([a-z0-9_-]+)` \|", DOCS.read_text(), re.MULTILINE))
    assert documented == served, "docs/fhir.md lists every code of the code system"


def test_an_exploratory_trend_is_described_never_judged():
    """A metric read only as exploratory (no assessment point) rising on a measure where higher
    is better: coded as a change up, never as Better."""
    from apps.fhir.bundle import _interpretation

    metric = {
        "reading": "Rising (exploratory)",
        "direction": "higher_better",
        "assessments": [],
        "trend": {"arrow": "up"},
    }
    [concept] = _interpretation(metric)
    assert concept["coding"][0]["code"] == "U"
    judged = {**metric, "assessments": [{"session": 3, "words": [], "trend": {"arrow": "up"}}]}
    assert _interpretation(judged)[0]["coding"][0]["code"] == "B"
