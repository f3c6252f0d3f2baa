"""A reason for every change to a clinical record: participants, consent, protocols and notes.
Without one the change is refused and nothing changes; with one it is kept in the audit entry
beside the old and new values (and, for a note's text, shown to the clinical team only)."""

import datetime

import pytest

from apps.accounts.models import User
from apps.audit.models import AuditEntry
from apps.participants.models import ClinicianNote
from tests.apps.factories import make_participant, make_protocol, make_study

pytestmark = pytest.mark.django_db
TODAY = datetime.date.today().isoformat()


@pytest.fixture
def record(researcher, clinician):
    study = make_study(owners=[researcher], clinicians=[clinician])
    participant = make_participant(study=study, clinicians=[clinician])
    return study, participant


def _refused_for_reason(response):
    assert response.status_code == 400, response.content
    assert "reason" in response.json()["error"]["details"]


def test_a_participant_change_needs_a_reason_and_keeps_it(client_for, researcher, record):
    _, participant = record
    url = f"/api/participants/{participant.pk}/"
    client = client_for(researcher)
    _refused_for_reason(client.patch(url, {"age_band": "70-79"}))
    _refused_for_reason(client.patch(url, {"age_band": "70-79", "reason": "   "}))
    participant.refresh_from_db()
    assert (
        participant.age_band == "unknown"
        and not AuditEntry.objects.filter(action="update").exists()
    )
    assert (
        client.patch(url, {"age_band": "70-79", "reason": "Birth year mistyped"}).status_code == 200
    )
    entry = AuditEntry.objects.get(action="update", object_id=str(participant.pk))
    assert (entry.before["age_band"], entry.after["age_band"]) == ("unknown", "70-79")
    assert entry.reason == "Birth year mistyped"
    listed = client.get("/api/audit/", {"object_id": participant.pk}).json()["results"]
    assert listed[0]["reason"] == "Birth year mistyped"


def test_consent_on_record_changes_only_with_a_reason(client_for, clinician, record):
    _, participant = record
    url = f"/api/participants/{participant.pk}/consent/"
    client = client_for(clinician)
    assert (
        client.post(url, {"date": TODAY, "form_version": "v1"}).status_code == 200
    )  # the first: no reason
    _refused_for_reason(client.post(url, {"date": TODAY, "form_version": "v2"}))
    participant.refresh_from_db()
    assert participant.consent_form_version == "v1"
    answer = client.post(url, {"date": TODAY, "form_version": "v2", "reason": "Form v2 signed"})
    assert answer.status_code == 200
    entry = AuditEntry.objects.filter(object_id=str(participant.pk)).latest("id")
    assert entry.before["consent_form_version"] == "v1"
    assert entry.after["consent_form_version"] == "v2"
    assert entry.reason == "Form v2 signed"
    withdraw = f"/api/participants/{participant.pk}/withdraw/"
    _refused_for_reason(client.post(withdraw, {}))
    assert client.post(withdraw, {"reason": "Moved away"}).status_code == 200
    assert AuditEntry.objects.filter(reason="Moved away").exists()


def test_a_protocol_s_new_version_needs_a_reason_and_keeps_both(client_for, researcher, record):
    study, _ = record
    url = f"/api/studies/{study.pk}/protocols/"
    client = client_for(researcher)
    first = client.post(url, {"name": "Standard", "rounds": 2})
    assert first.status_code == 201  # a new protocol: nothing changed, no reason
    _refused_for_reason(client.post(url, {"name": "Standard", "rounds": 4}))
    second = client.post(url, {"name": "Standard", "rounds": 4, "reason": "Sittings too short"})
    assert second.json()["version"] == 2
    # Another kind of record (the participant, say) may share the protocol's id.
    entry = AuditEntry.objects.get(
        object_type="participants.protocol", object_id=str(second.json()["id"])
    )
    assert (entry.before["rounds"], entry.after["rounds"]) == (2, 4)
    assert entry.before["version"] == 1 and entry.reason == "Sittings too short"


def test_a_note_is_corrected_by_its_author_with_a_reason(
    client_for, clinician, researcher, admin_user, record
):
    _, participant = record
    notes = f"/api/participants/{participant.pk}/notes/"
    author = client_for(clinician)
    note = author.post(notes, {"text": "Seemed tired."}).json()
    url = f"{notes}{note['id']}/"
    _refused_for_reason(author.patch(url, {"text": "Seemed rested."}))
    assert ClinicianNote.objects.get(pk=note["id"]).text == "Seemed tired."
    changed = author.patch(url, {"text": "Seemed rested.", "reason": "Wrote it of another day"})
    assert changed.json()["text"] == "Seemed rested."
    other = User.objects.create_user("colleague", role=User.Role.CLINICIAN)
    participant.clinicians.add(other)
    assert client_for(other).patch(url, {"text": "x", "reason": "y"}).status_code == 403
    # The trail keeps both texts; researchers see that it changed, not what it said.
    query = {"object_type": "participants.cliniciannote", "action": "update"}
    [seen] = client_for(admin_user).get("/api/audit/", query).json()["results"]
    assert (seen["before"]["text"], seen["after"]["text"]) == ("Seemed tired.", "Seemed rested.")
    assert seen["reason"] == "Wrote it of another day"
    [hidden] = client_for(researcher).get("/api/audit/", query).json()["results"]
    assert hidden["before"]["text"] == hidden["after"]["text"] == "(clinical team only)"


def test_a_protocol_of_another_name_needs_no_reason(client_for, researcher, record):
    study, _ = record
    make_protocol(study=study, name="Old")
    answer = client_for(researcher).post(f"/api/studies/{study.pk}/protocols/", {"name": "New"})
    assert answer.status_code == 201
