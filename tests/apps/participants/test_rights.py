"""A participant's rights: an access request (a copy of their data) and erasure with what is
kept and why, both audited, both through the API."""

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from apps.audit.models import AuditEntry
from apps.participants.models import ClinicianNote
from tests.apps.factories import make_protocol, make_study, make_user

pytestmark = pytest.mark.django_db
ARMS = [{"name": "training"}, {"name": "control", "control": True}]


@pytest.fixture
def someone(researcher, clinician, client_for):
    study = make_study(owners=[researcher], clinicians=[clinician], group_codes=["ward-A"])
    protocol = make_protocol(study=study)
    owner, team = client_for(researcher), client_for(clinician)
    points = {"assessment_points": [{"kind": "baseline", "session": 1}]}
    assert owner.patch(f"/api/studies/{study.pk}/", points, format="json").status_code == 200
    owner.post(f"/api/studies/{study.pk}/open/", {"arms": ARMS}, format="json")
    pk = team.post("/api/participants/", {"study": study.pk, "group": "ward-A"}).json()["id"]
    consent = {"date": timezone.localdate().isoformat(), "form_version": "1"}
    team.post(f"/api/participants/{pk}/consent/", consent)
    team.post(f"/api/participants/{pk}/allocate/", {"eligibility_confirmed": []}, format="json")
    made = team.post("/api/sessions/", {"participant": pk, "protocol": protocol.pk})
    team.post(f"/api/sessions/{made.json()['id']}/complete/")
    team.post(f"/api/participants/{pk}/notes/", {"text": "Prefers mornings"})
    return study, owner, team, pk


def test_an_access_request_copies_everything_held_and_is_audited(someone, client_for):
    study, _, team, pk = someone
    response = team.get(f"/api/participants/{pk}/access-request/")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    data = response.json()
    assert data["participant"]["group"] == "ward-A" and data["consent"]["form_version"] == "1"
    assert [s["status"] for s in data["sessions"]] == ["completed"]
    assert data["clinician_notes"][0]["text"] == "Prefers mornings"
    assert data["clinician_notes"][0]["by"] == "clinician"  # never a staff member's name
    assert data["allocation"]["arm"].startswith("withheld")  # the trial stays blind
    assert data["dose"] and data["allocation"]["stratum"] == "unknown"
    entry = AuditEntry.objects.get(object_type="participants.access_request")
    assert entry.action == "export" and entry.study_id == study.pk
    assert "Prefers mornings" not in str(entry.after)
    outsider = client_for(make_user(role="researcher"))
    assert outsider.get(f"/api/participants/{pk}/access-request/").status_code == 404


def test_erasure_withdraws_deletes_the_notes_and_says_what_is_kept(someone):
    study, owner, team, pk = someone
    url = f"/api/participants/{pk}/erase/"
    assert team.post(url, {"reason": "asked"}).status_code == 403  # the study's owners erase
    missing = owner.post(url, {"reason": " "})
    assert missing.status_code == 400 and "reason" in missing.json()["error"]["details"]
    assert ClinicianNote.objects.filter(participant_id=pk).count() == 1

    done = owner.post(url, {"reason": "The participant asked for erasure"})
    assert done.status_code == 200, done.json()
    body = done.json()
    assert body["erased"] == {
        "clinician_notes": 1,
        "group": True,
        "withdrawn_now": True,
        "reminder_address": 0,
    }
    assert {item["what"] for item in body["kept"]} >= {"the audit trail"}
    assert not ClinicianNote.objects.filter(participant_id=pk).exists()
    shown = owner.get(f"/api/participants/{pk}/").json()
    assert shown["group"] == "" and shown["consent_withdrawn_at"] and not shown["has_consent"]
    entry = AuditEntry.objects.get(object_type="participants.erasure")
    assert entry.action == "delete" and entry.after["reason"] == "The participant asked for erasure"
    assert "Prefers mornings" not in str(entry.after)
    exported = owner.post(f"/api/studies/{study.pk}/exports/", {"formats": ["csv"]},
                          format="json")  # fmt: skip
    assert exported.json()["k_anonymity"]["participants"] == 0  # no longer exported


def test_both_rights_reach_the_reminders_and_the_assessment_visits(someone, client_for):
    """The access request copies the reminders chosen (the address included) and the visits
    held; the erasure takes the address away and stops the reminders, and keeps the visits."""
    study, owner, team, pk = someone
    ann = make_user(role="assessor")
    assessor = client_for(ann)
    point = owner.get(f"/api/studies/{study.pk}/").json()["assessment_points"][0]["id"]
    owner.put(f"/api/studies/{study.pk}/assessors/", {"assessors": [ann.pk]}, format="json")
    window = {"point": point, "anchor": "enrolment", "opens_day": 0, "closes_day": 7}
    owner.put(f"/api/studies/{study.pk}/visit-windows/", {"windows": [window]}, format="json")
    held = {"status": "done", "held_on": timezone.localdate().isoformat(), "measures": {"moca": 27}}
    assert assessor.post(f"/api/participants/{pk}/visits/{point}/", held,
                         format="json").status_code == 201  # fmt: skip
    plan = {"email": "reader@example.org", "time_zone": "Europe/Madrid", "times": ["09:00"],
            "agreed_how": "in_person"}  # fmt: skip
    chosen = team.put(f"/api/participants/{pk}/reminders/", plan, format="json")
    assert chosen.status_code == 200, chosen.json()

    copy = team.get(f"/api/participants/{pk}/access-request/").json()
    assert copy["reminders"]["email"] == "reader@example.org"
    assert copy["reminders"]["times"] == ["09:00"] and copy["reminders"]["active"] is True
    assert copy["visits"] == [
        {"point": "Baseline", "status": "done", "held_on": held["held_on"],
         "measures": {"moca": 27.0}, "missed_reason": None}
    ]  # fmt: skip

    body = owner.post(f"/api/participants/{pk}/erase/", {"reason": "asked"}).json()
    assert body["erased"]["reminder_address"] == 1
    assert any("reminders" in item["what"] for item in body["kept"])
    assert team.get(f"/api/participants/{pk}/access-request/").json()["reminders"] is None
    erasure = AuditEntry.objects.get(object_type="participants.erasure")
    assert "reader@example.org" not in str(erasure.after)
    kept = team.get(f"/api/participants/{pk}/access-request/").json()["visits"]
    assert [v["status"] for v in kept] == ["done"]


def test_what_an_erasure_keeps_is_said_in_the_readers_language(someone, researcher):
    _, _, _, pk = someone
    owner = APIClient()  # a browser session: the reader's language comes with it
    owner.force_login(researcher)
    assert owner.patch("/api/me", {"language": "fr"}, format="json").status_code == 200
    body = owner.post(f"/api/participants/{pk}/erase/", {"reason": "asked"}).json()
    assert "la piste d'audit" in {item["what"] for item in body["kept"]}
    # The audit trail keeps the words as written, whoever read them.
    entry = AuditEntry.objects.get(object_type="participants.erasure")
    assert "the audit trail" in {item["what"] for item in entry.after["kept"]}
