import pytest

from apps.audit.models import AuditEntry
from apps.participants.models import ClinicianNote
from tests.apps.factories import make_participant, make_study, make_user

pytestmark = pytest.mark.django_db


def url(participant):
    return f"/api/participants/{participant.pk}/notes/"


def test_the_assigned_clinician_writes_and_reads_notes(clinician, client_for):
    participant = make_participant(clinicians=[clinician])
    client = client_for(clinician)
    response = client.post(url(participant), {"text": "Tired today; stopped early."})
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["author"], body["author_name"]) == (clinician.pk, clinician.username)
    notes = client.get(url(participant)).json()["results"]
    assert [n["text"] for n in notes] == ["Tired today; stopped early."]


def test_notes_are_listed_newest_first_and_only_the_participants(clinician, client_for):
    participant = make_participant(clinicians=[clinician])
    neighbour = make_participant(study=participant.study, clinicians=[clinician])
    client = client_for(clinician)
    for text in ("first", "second"):
        client.post(url(participant), {"text": text})
    client.post(url(neighbour), {"text": "elsewhere"})
    assert [n["text"] for n in client.get(url(participant)).json()["results"]] == [
        "second",
        "first",
    ]


def test_researchers_never_see_notes(researcher, clinician, client_for):
    participant = make_participant(study=make_study(owners=[researcher]), clinicians=[clinician])
    ClinicianNote.objects.create(participant=participant, author=clinician, text="private")
    client = client_for(researcher)
    assert client.get(url(participant)).status_code == 403
    assert client.post(url(participant), {"text": "x"}).status_code == 403
    detail = client.get(f"/api/participants/{participant.pk}/").content.decode()
    listing = client.get("/api/participants/").content.decode()
    assert "private" not in detail + listing
    assert ClinicianNote.objects.count() == 1


def test_the_audit_trail_records_a_note_without_its_text(clinician, client_for):
    participant = make_participant(clinicians=[clinician])
    client_for(clinician).post(url(participant), {"text": "private matter"})
    entry = AuditEntry.objects.get(object_type="participants.cliniciannote")
    assert entry.study_id == participant.study_id
    assert "private matter" not in str(entry.after)
    assert entry.after["participant_id"] == participant.pk


def test_an_empty_note_is_refused(clinician, client_for):
    participant = make_participant(clinicians=[clinician])
    response = client_for(clinician).post(url(participant), {"text": ""})
    assert response.status_code == 400
    assert "text" in response.json()["error"]["details"]
    assert not ClinicianNote.objects.exists()


def test_another_clinicians_participant_is_not_found(clinician, client_for):
    participant = make_participant(clinicians=[make_user(role="clinician")])
    assert client_for(clinician).get(url(participant)).status_code == 404
    assert client_for(clinician).post(url(participant), {"text": "x"}).status_code == 404


def test_admins_are_part_of_every_clinical_team(admin_user, client_for):
    participant = make_participant()
    assert client_for(admin_user).post(url(participant), {"text": "checked"}).status_code == 201
