"""Signing a participant's report and a study's export: the password (and second factor)
again, the signature's name, time and meaning on the record, in the audit chain and printed on
the PDF, and superseded once what was signed changes."""

from __future__ import annotations

import threading

import pypdfium2 as pdfium
import pytest
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from apps.accounts.models import User
from apps.audit.models import AuditEntry
from apps.audit.selectors import audit_chain_verify
from apps.common import clock
from apps.signoff.models import Signature
from tests.apps.factories import make_participant, make_protocol, make_session, make_study
from tests.conftest import PASSWORD, sign_in_enrolling

pytestmark = pytest.mark.django_db


@pytest.fixture
def record(researcher, clinician):
    clinician.first_name, clinician.last_name = "Claude", "Bernard"
    clinician.save()
    study = make_study(owners=[researcher], clinicians=[clinician])
    participant = make_participant(study=study, clinicians=[clinician], age_band="70-79")
    make_session(participant=participant, protocol=make_protocol(study=study), status="completed")
    return study, participant


def _pdf_text(client, participant) -> str:
    body = client.get(f"/api/participants/{participant.pk}/report/").content
    return " ".join(
        " ".join(page.get_textpage().get_text_range().split()) for page in pdfium.PdfDocument(body)
    )


def test_a_clinician_signs_the_report_and_a_change_supersedes_it(
    client_for, clinician, researcher, record
):
    _, participant = record
    url = f"/api/participants/{participant.pk}/signatures/"
    client = client_for(clinician)
    wrong = client.post(url, {"meaning": "reviewed", "password": "not it"})
    assert wrong.status_code == 400 and wrong.json()["error"]["code"] == "invalid_credentials"
    assert client.get(url).json() == []
    signed = client.post(url, {"meaning": "reviewed", "password": PASSWORD})
    assert signed.status_code == 201
    body = signed.json()
    assert (body["signer"], body["meaning"], body["superseded"]) == (
        "Claude Bernard",
        "reviewed",
        False,
    )
    entry = AuditEntry.objects.get(action="signed")
    assert entry.after["meaning"] == "reviewed"
    assert entry.after["content_hash"] == body["content_hash"]
    assert entry.object_type == "signoff.report" and entry.study_id == participant.study_id
    assert audit_chain_verify().broken is None
    text = _pdf_text(client, participant)
    assert "Signatures" in text and "Claude Bernard" in text and "Reviewed Current" in text

    # What was signed changes: the signature stays, marked superseded, on the page and the PDF.
    change = {"age_band": "80+", "reason": "Birthday"}
    changed = client_for(researcher).patch(f"/api/participants/{participant.pk}/", change)
    assert changed.status_code == 200
    [listed] = client.get(url).json()
    assert listed["superseded"] is True
    assert "Superseded: the report changed since" in _pdf_text(client, participant)


def test_a_change_to_the_prescription_the_plan_or_a_missed_week_supersedes_the_signature(
    client_for, clinician, researcher
):
    study = make_study(owners=[researcher], clinicians=[clinician])
    owner, team = client_for(researcher), client_for(clinician)
    dose = {"sessions_per_week": 3, "minutes_per_session": 20, "weeks": 4}
    with clock.installed(clock.ManualClock(timezone.now())) as moved:
        assert (
            owner.put(f"/api/studies/{study.pk}/programme/", dose, format="json").status_code == 200
        )
        pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
        consent = {"date": clock.today().isoformat(), "form_version": "1"}
        assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
        moved.advance(8 * 86400)  # week 1 is over, its three sessions missed
        url = f"/api/participants/{pk}/signatures/"
        sign = {"meaning": "reviewed", "password": PASSWORD}

        assert team.post(url, sign).json()["superseded"] is False
        moved.advance(86400)  # a day passing changes nothing the report says
        assert [s["superseded"] for s in team.get(url).json()] == [False]
        own = {**dose, "sessions_per_week": 2}
        put = team.put(f"/api/participants/{pk}/programme/", own, format="json")
        assert put.status_code == 200
        assert [s["superseded"] for s in team.get(url).json()] == [True]

        assert team.post(url, sign).json()["superseded"] is False
        missed = team.post(f"/api/participants/{pk}/dose/missed/", {"week": 1, "reason": "illness"})
        assert missed.status_code == 201
        assert [s["superseded"] for s in team.get(url).json()] == [True, True]

        # The participant's own weekly plan, set, then raised and set back: each change is one
        # the weeks read, so the plan standing where it was signed still supersedes.
        plan = f"/api/participants/{pk}/"
        assert team.patch(plan, {"sessions_per_week": 4, "reason": "agreed"}).status_code == 200
        assert [s["superseded"] for s in team.get(url).json()] == [True, True]
        assert team.post(url, sign).json()["superseded"] is False
        for sessions in (5, 4):
            changed = team.patch(plan, {"sessions_per_week": sessions, "reason": "review"})
            assert changed.status_code == 200
        assert [s["superseded"] for s in team.get(url).json()] == [True, True, True]


@pytest.mark.django_db(transaction=True)
def test_simultaneous_sign_offs_make_one_signature_each_and_answer_with_it(
    client_for, clinician, researcher, record
):
    _, participant = record
    url = f"/api/participants/{participant.pk}/signatures/"
    signers = [clinician, clinician, researcher]
    answers: dict[int, dict] = {}
    barrier = threading.Barrier(len(signers))

    def sign(index: int, signer: User) -> None:
        try:
            client = client_for(signer)
            barrier.wait()
            answer = client.post(url, {"meaning": "approved", "password": PASSWORD})
            answers[index] = {"status": answer.status_code, **answer.json()}
        finally:
            connection.close()

    threads = [threading.Thread(target=sign, args=pair) for pair in enumerate(signers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    made = {s.signer_id: s.pk for s in Signature.objects.all()}
    assert Signature.objects.count() == 2 and set(made) == {clinician.pk, researcher.pk}
    assert AuditEntry.objects.filter(action="signed").count() == 2
    for index, signer in enumerate(signers):
        assert answers[index]["status"] == 201, answers[index]
        assert (answers[index]["id"], answers[index]["signer_id"]) == (made[signer.pk], signer.pk)


def test_signing_asks_for_the_second_factor_of_an_account_with_one(admin_user, record):
    _, participant = record
    client = APIClient()
    _, codes = sign_in_enrolling(client, "ada")
    url = f"/api/participants/{participant.pk}/signatures/"
    without = client.post(url, {"meaning": "approved", "password": PASSWORD}, format="json")
    assert without.json()["error"]["code"] == "invalid_second_factor"
    signed = client.post(
        url, {"meaning": "approved", "password": PASSWORD, "code": codes[0]}, format="json"
    )
    assert signed.status_code == 201


def test_only_the_team_signs_and_only_known_meanings(client_for, record):
    _, participant = record
    outsider = User.objects.create_user("other", password=PASSWORD, role=User.Role.CLINICIAN)
    url = f"/api/participants/{participant.pk}/signatures/"
    assert (
        client_for(outsider).post(url, {"meaning": "reviewed", "password": PASSWORD}).status_code
        == 404
    )
    bad = client_for(participant.clinicians.get()).post(
        url, {"meaning": "liked", "password": PASSWORD}
    )
    assert bad.status_code == 400
    assert not AuditEntry.objects.filter(action="signed").exists()


def test_a_researcher_signs_a_finished_export(client_for, researcher, record):
    study, _ = record
    client = client_for(researcher)
    export = client.post(f"/api/studies/{study.pk}/exports/", {"formats": ["csv"]}).json()
    assert export["status"] == "ready"
    url = f"/api/exports/{export['id']}/signatures/"
    signed = client.post(url, {"meaning": "approved", "password": PASSWORD})
    assert signed.status_code == 201 and signed.json()["superseded"] is False
    assert AuditEntry.objects.filter(action="signed", object_type="signoff.export").exists()
    assert (
        client_for(make_study().owners.model.objects.create_user("x", role="clinician"))
        .get(url)
        .status_code
        == 403
    )
