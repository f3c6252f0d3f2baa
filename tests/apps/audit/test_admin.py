"""Edits made in the Django admin are audited like the API's; the trail itself is read-only."""

import pytest
from django.test import Client

from apps.accounts.models import User
from apps.audit.models import AuditEntry
from apps.participants.models import Participant
from tests.apps.factories import make_participant, make_protocol, make_session, make_study
from tests.conftest import sign_in_enrolling

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff():
    user = User.objects.create_superuser("root", password="x")
    client = Client()
    sign_in_enrolling(client, "root", "x")  # the admin site wants the second factor
    return user, client


def test_changing_a_study_in_the_admin_is_audited(staff):
    user, client = staff
    study = make_study(name="Old name")
    response = client.post(
        f"/admin/participants/study/{study.pk}/change/",
        {
            "name": "New name",
            "description": "d",
            "pseudonymisation_key_ref": "",
            "reason": "Sponsor renamed the study",
        },
    )
    assert response.status_code == 302, response.content
    entry = AuditEntry.objects.get(object_type="participants.study", action="update")
    assert (entry.actor, entry.study_id) == (user, study.pk)
    assert (entry.before["name"], entry.after["name"]) == ("Old name", "New name")
    assert entry.reason == "Sponsor renamed the study"
    assert entry.ip == "127.0.0.1"


def test_a_change_in_the_admin_without_a_reason_is_refused_and_changes_nothing(staff):
    _, client = staff
    study = make_study(name="Old name")
    page = client.get(f"/admin/participants/study/{study.pk}/change/")
    assert b'name="reason"' in page.content and b"Reason for change" in page.content
    response = client.post(
        f"/admin/participants/study/{study.pk}/change/",
        {"name": "New name", "description": "d", "pseudonymisation_key_ref": "", "reason": " "},
    )
    assert response.status_code == 200  # the form again, with the error
    assert b"Say why the record is changed" in response.content
    study.refresh_from_db()
    assert study.name == "Old name"
    assert not AuditEntry.objects.filter(object_type="participants.study", action="update").exists()


def test_a_role_change_in_the_admin_asks_a_reason_and_is_audited_without_the_password(staff):
    admin, client = staff
    user = User.objects.create_user("carer", password="secret-pass-1", role=User.Role.CLINICIAN)
    url = f"/admin/accounts/user/{user.pk}/change/"
    form = {
        "username": "carer",
        "email": "",
        "role": User.Role.RESEARCHER,
        "is_active": "on",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "09:00:00",
    }
    refused = client.post(url, form)
    assert refused.status_code == 200 and b"Say why the record is changed" in refused.content
    user.refresh_from_db()
    assert user.role == User.Role.CLINICIAN
    trail = AuditEntry.objects.filter(object_type="accounts.user", object_id=str(user.pk))
    assert not trail.exists()

    response = client.post(url, {**form, "reason": "Moved to the analysis team"})
    assert response.status_code == 302, response.content
    user.refresh_from_db()
    assert user.role == User.Role.RESEARCHER
    [entry] = trail
    assert (entry.action, entry.actor, entry.object_id) == ("update", admin, str(user.pk))
    assert (entry.before["role"], entry.after["role"]) == ("clinician", "researcher")
    assert entry.reason == "Moved to the analysis team"
    assert "password" not in entry.before and "password" not in entry.after


def test_adding_a_protocol_in_the_admin_numbers_its_version_and_is_audited(staff):
    user, client = staff
    study = make_study()
    make_protocol(study=study, name="Standard")
    data = {
        "study": study.pk,
        "name": "Standard",
        "game": "memulation",
        "rounds": 1,
        "examination_seconds": 30,
        "roles": "cut",
        "opponent": "greedy",
        "opponent_level": 0.5,
        "wild_tie": "leader",
        "stragedy_intent": "on",
        "recall_probes": 0,
        "trump_rule": "hidden_ask",
        "sessions_per_week": 3,
        "adaptive": "{}",
        "opponent_pace_seconds": 2.0,
        "turn_seconds": "",
        "takeover_seconds": 60,
        "takeover_level": 0.5,
    }
    response = client.post("/admin/participants/protocol/add/", data)
    assert response.status_code == 302, response.content
    entry = AuditEntry.objects.filter(object_type="participants.protocol").latest("pk")
    assert (entry.action, entry.study_id, entry.after["version"]) == ("create", study.pk, 2)
    assert entry.after["created_by_id"] == user.pk


def test_the_admin_refuses_an_opponent_the_game_does_not_have(staff):
    _, client = staff
    study = make_study()
    response = client.post(
        "/admin/participants/protocol/add/",
        {
            "study": study.pk,
            "name": "X",
            "game": "memulation",
            "opponent": "tracker",
            "rounds": 1,
            "examination_seconds": 30,
            "roles": "cut",
            "opponent_level": 0.5,
            "wild_tie": "leader",
            "trump_rule": "hidden_ask",
            "sessions_per_week": 3,
            "adaptive": "{}",
        },
    )
    assert response.status_code == 200  # the form again, with the error
    assert b"opponents are" in response.content
    assert not AuditEntry.objects.filter(object_type="participants.protocol").exists()


def test_deleting_a_participant_in_the_admin_is_audited(staff):
    _, client = staff
    participant = make_participant(code="MX-GONE2")
    url = f"/admin/participants/participant/{participant.pk}/delete/"
    assert b'name="reason"' in client.get(url).content
    refused = client.post(url, {"post": "yes"})
    assert refused.status_code == 302 and refused["Location"] == url  # asked again
    assert Participant.objects.filter(pk=participant.pk).exists()
    assert not AuditEntry.objects.filter(action="delete").exists()

    response = client.post(url, {"post": "yes", "reason": "Enrolled twice by mistake"})
    assert response.status_code == 302
    entry = AuditEntry.objects.get(object_type="participants.participant", action="delete")
    assert (entry.object_id, entry.after) == (str(participant.pk), None)
    assert entry.before["code"] == "MX-GONE2"
    assert entry.study_id == participant.study_id
    assert entry.reason == "Enrolled twice by mistake"


def test_bulk_deletes_are_not_offered_since_each_needs_its_reason(staff):
    _, client = staff
    study = make_study()
    doomed = [make_participant(study=study), make_participant(study=study)]
    assert b"delete_selected" not in client.get("/admin/participants/participant/").content
    response = client.post(
        "/admin/participants/participant/",
        {"action": "delete_selected", "_selected_action": [p.pk for p in doomed], "post": "yes"},
    )
    assert response.status_code in (200, 302)
    assert Participant.objects.filter(pk__in=[p.pk for p in doomed]).count() == 2
    assert not AuditEntry.objects.filter(action="delete").exists()


def test_a_session_deleted_in_the_admin_is_audited_with_its_study(staff):
    _, client = staff
    session = make_session(status="started")
    assert client.get(f"/admin/training/trainingsession/{session.pk}/change/").status_code == 200
    response = client.post(
        f"/admin/training/trainingsession/{session.pk}/delete/",
        {"post": "yes", "reason": "Opened for the wrong participant"},
    )
    assert response.status_code == 302
    entry = AuditEntry.objects.get(object_type="training.trainingsession", action="delete")
    assert entry.study_id == session.participant.study_id


def test_the_audit_trail_is_read_only_in_the_admin(staff):
    _, client = staff
    user, _ = staff
    entry = AuditEntry.objects.create(actor=user, action="login")
    assert client.get("/admin/audit/auditentry/").status_code == 200
    assert client.get("/admin/audit/auditentry/add/").status_code == 403
    assert (
        client.post(f"/admin/audit/auditentry/{entry.pk}/delete/", {"post": "yes"}).status_code
        == 403
    )
    assert AuditEntry.objects.filter(pk=entry.pk).exists()
