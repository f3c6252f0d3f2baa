"""Exports that cannot be re-linked: a group reaches an export only as one of the study's codes,
the allocation's frozen stratum is exported, and each export carries a k-anonymity report of
its quasi-identifiers before anyone downloads it."""

import csv
import io
import json
import zipfile
from collections import Counter

import pytest

from apps.participants.models import Participant
from tests.apps.factories import make_study

pytestmark = pytest.mark.django_db

ARMS = [{"name": "training"}, {"name": "control", "control": True}]


def _enrol(client, study, age_band, group):
    made = client.post(
        "/api/participants/", {"study": study.pk, "age_band": age_band, "group": group}
    )
    assert made.status_code == 201, made.json()
    pk = made.json()["id"]
    consent = {"date": "2026-11-01", "form_version": "v1"}
    assert client.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
    allocated = client.post(
        f"/api/participants/{pk}/allocate/", {"eligibility_confirmed": []}, format="json"
    )
    assert allocated.status_code == 201, allocated.json()
    return pk


def test_the_export_holds_codes_the_frozen_stratum_and_a_k_anonymity_report(
    researcher, clinician, client_for, api
):
    study = make_study(owners=[researcher], clinicians=[clinician])
    owner, team = client_for(researcher), client_for(clinician)
    codes = {"group_codes": ["ward-A", "ward-B"]}
    assert owner.patch(f"/api/studies/{study.pk}/", codes, format="json").status_code == 200
    opened = owner.post(f"/api/studies/{study.pk}/open/", {"arms": ARMS}, format="json")
    assert opened.status_code == 200
    for _ in range(5):
        _enrol(team, study, "70-79", "ward-A")
    moved = _enrol(team, study, "60-69", "ward-B")
    corrected = {"age_band": "80+", "reason": "birth date corrected"}
    assert owner.patch(f"/api/participants/{moved}/", corrected).status_code == 200
    # Typed before groups were codes, so a row (enrolment refuses it now): stays in the
    # platform, never reaches an export.
    Participant.objects.create(
        study=study,
        code="MX-OLD01",
        group="Mrs J. Smith, ward 4, b.1941",
        age_band="80+",
        consent_date="2026-11-01",
    )

    asked = owner.post(f"/api/studies/{study.pk}/exports/", {"formats": ["csv", "bids"]},
                       format="json")  # fmt: skip
    assert asked.status_code == 201, asked.json()
    report = asked.json()["k_anonymity"]
    assert report["quasi_identifiers"] == ["age_band", "group", "arm", "stratum"]
    assert report["participants"] == 7 and report["k"] == 1 and report["k_min"] == 5
    assert report["meets_k_min"] is False
    small = {
        (c["age_band"], c["group"], c["arm"], c["stratum"]): c["participants"]
        for c in report["below_k_min"]
    }
    singles = {key[:2]: n for key, n in small.items() if key[1] != "ward-A"}
    assert singles == {("80+", "ward-B"): 1, ("80+", None): 1}
    # The five of ward-A fall into one class per arm they were given, each below 5 unless
    # all five drew the same arm.
    people = owner.get("/api/participants/", {"study": study.pk}).json()["results"]
    ward_a = Counter(p["arm"] for p in people if p["group"] == "ward-A")
    assert report["classes"] == 2 + len(ward_a)
    assert {key[2]: n for key, n in small.items() if key[1] == "ward-A"} == {
        arm: n for arm, n in ward_a.items() if n < 5
    }
    listed = owner.get(f"/api/studies/{study.pk}/exports/").json()["results"][0]
    assert listed["k_anonymity"] == report  # shown beside the export, before the download

    data = b"".join(api.get(asked.json()["download_url"]).streaming_content)
    archive = zipfile.ZipFile(io.BytesIO(data))
    text = "\n".join(archive.read(name).decode("utf-8", "replace") for name in archive.namelist())
    # The typed group's pieces (a bare "1941" turns up now and then in the files' checksums).
    assert [piece for piece in ("Smith", "b.1941", "ward 4") if piece in text] == []
    rows = list(csv.DictReader(io.StringIO(archive.read("csv/participants.csv").decode())))
    assert {row["group"] for row in rows} == {"ward-A", "ward-B", ""}
    assert {(row["age_band"], row["stratum"]) for row in rows if row["group"] == "ward-B"} == {
        ("80+", "60-69")
    }
    book = json.loads(archive.read("codebook.json"))
    assert book["export"]["k_anonymity"] == report
    flow = book["export"]["flow"]  # the study's flow travels with its data
    assert flow["enrolled"] == 7 and flow["allocated"] == 6
    assert sum(arm["allocated"] for arm in flow["arms"]) == 6
