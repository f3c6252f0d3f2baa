import datetime

import pytest
from django.utils import timezone

from apps.audit.models import AuditEntry
from apps.training.models import TrainingSession
from apps.training.services import session_abandon, session_complete
from tests.apps.factories import make_participant, make_protocol, make_session, make_study

pytestmark = pytest.mark.django_db

TODAY = datetime.date.today()
SESSION = "training.trainingsession"  # the audit trail's name for a session


@pytest.fixture
def study(clinician):
    return make_study(clinicians=[clinician])


@pytest.fixture
def protocol(study):
    return make_protocol(study=study, rounds=2, opponent="memory")


@pytest.fixture
def participant(study, clinician):
    return make_participant(study=study, clinicians=[clinician], consent_date=TODAY)


@pytest.fixture
def client(clinician, client_for):
    return client_for(clinician)


def start(client, participant, protocol, **extra):
    data = {"participant": participant.pk, "protocol": protocol.pk, **extra}
    return client.post("/api/sessions/", data)


def act(client, session, verb, **data):
    return client.post(f"/api/sessions/{session['id']}/{verb}/", data)


def test_a_sitting_starts_now_with_a_frozen_protocol(client, clinician, participant, protocol):
    response = start(client, participant, protocol)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["status"], body["number"], body["conducted_by"]) == ("started", 1, clinician.pk)
    assert body["started_at"] is not None
    assert body["participant_code"] == participant.code
    assert body["study"] == participant.study_id
    assert body["protocol_snapshot"] == protocol.snapshot()
    entry = AuditEntry.objects.get(object_type="training.trainingsession")
    assert (entry.action, entry.study_id, entry.after["number"]) == ("create", protocol.study_id, 1)


def test_a_sitting_planned_for_later_is_scheduled_and_started_later(
    client, clinician, participant, protocol
):
    later = timezone.now() + datetime.timedelta(days=1)
    body = start(client, participant, protocol, scheduled_for=later.isoformat()).json()
    assert (body["status"], body["started_at"], body["conducted_by"]) == ("scheduled", None, None)
    started = act(client, body, "start")
    assert started.status_code == 200
    assert started.json()["status"] == "started"
    assert started.json()["conducted_by"] == clinician.pk
    entry = AuditEntry.objects.get(object_type=SESSION, action="update")
    assert (entry.before["status"], entry.after["status"]) == ("scheduled", "started")


def test_a_sitting_scheduled_in_the_past_starts_now(client, participant, protocol):
    earlier = timezone.now() - datetime.timedelta(hours=1)
    body = start(client, participant, protocol, scheduled_for=earlier.isoformat()).json()
    assert body["status"] == "started"
    assert body["scheduled_for"] is not None


def test_sessions_are_numbered_per_participant(client, study, participant, protocol):
    other = make_participant(
        study=study, clinicians=participant.clinicians.all(), consent_date=TODAY
    )
    numbers = [start(client, participant, protocol).json()["number"] for _ in range(3)]
    assert numbers == [1, 2, 3]
    assert start(client, other, protocol).json()["number"] == 1
    first = TrainingSession.objects.get(participant=participant, number=1)
    session_abandon(session=first)
    assert start(client, participant, protocol).json()["number"] == 4


@pytest.mark.parametrize(
    ("consent", "code"),
    [
        ({"consent_date": None}, "consent_missing"),
        ({"consent_withdrawn_at": timezone.now()}, "consent_withdrawn"),
    ],
)
def test_no_sitting_without_consent(client, study, clinician, protocol, consent, code):
    fields = {"consent_date": TODAY, **consent}
    participant = make_participant(study=study, clinicians=[clinician], **fields)
    response = start(client, participant, protocol)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == code
    assert not TrainingSession.objects.exists()
    assert not AuditEntry.objects.filter(object_type=SESSION).exists()


def test_a_scheduled_sitting_cannot_start_after_withdrawal(client, participant, protocol):
    later = (timezone.now() + datetime.timedelta(days=1)).isoformat()
    body = start(client, participant, protocol, scheduled_for=later).json()
    client.post(f"/api/participants/{participant.pk}/withdraw/", {"reason": "asked to stop"})
    assert client.get(f"/api/sessions/{body['id']}/").json()["status"] == "abandoned"
    response = act(client, body, "start")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "consent_withdrawn"
    assert act(client, body, "abandon").json()["status"] == "abandoned"


def test_the_protocol_must_belong_to_the_participants_study(
    client, clinician, participant, researcher
):
    elsewhere = make_protocol(study=make_study(clinicians=[clinician]))
    response = start(client, participant, elsewhere)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "protocol_wrong_study"
    assert not TrainingSession.objects.exists()


def test_unknown_and_invisible_references_are_validation_errors(client, participant, protocol):
    hidden = make_protocol()
    for data in (
        {"participant": participant.pk, "protocol": hidden.pk},
        {"participant": participant.pk, "protocol": 999999},
        {"participant": make_participant().pk, "protocol": protocol.pk},
        {"participant": participant.pk, "protocol": protocol.pk, "scheduled_for": "soon"},
        {"protocol": protocol.pk},
    ):
        response = client.post("/api/sessions/", data)
        assert response.status_code == 400, data
        assert response.json()["error"]["code"] == "validation_error"
    assert not TrainingSession.objects.exists()


def test_complete_and_abandon_follow_the_valid_transitions(client, participant, protocol):
    session = start(client, participant, protocol).json()
    assert act(client, session, "start").json()["error"]["code"] == "invalid_transition"
    done = act(client, session, "complete")
    assert done.status_code == 200
    assert done.json()["status"] == "completed"
    assert done.json()["completed_at"] is not None
    assert act(client, session, "complete").status_code == 200  # idempotent
    refused = act(client, session, "abandon")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "invalid_transition"
    assert refused.json()["error"]["details"] == {"status": "completed"}
    assert AuditEntry.objects.filter(object_type=SESSION, action="update").count() == 1


def test_abandon_keeps_the_reason_and_is_idempotent(client, participant, protocol):
    session = start(client, participant, protocol).json()
    body = act(client, session, "abandon", reason="fire alarm").json()
    assert (body["status"], body["abandon_reason"]) == ("abandoned", "fire alarm")
    assert act(client, session, "abandon").status_code == 200
    for verb in ("complete", "start"):
        assert act(client, session, verb).status_code == 409
    entry = AuditEntry.objects.get(object_type=SESSION, action="update")
    assert (entry.before["status"], entry.after["status"]) == ("started", "abandoned")
    assert entry.after["abandon_reason"] == "fire alarm"


def test_a_scheduled_sitting_cannot_be_completed(client, participant, protocol):
    later = (timezone.now() + datetime.timedelta(days=1)).isoformat()
    session = start(client, participant, protocol, scheduled_for=later).json()
    response = act(client, session, "complete")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "invalid_transition"


def test_the_games_service_completes_a_session_without_an_actor(participant, protocol):
    session = make_session(participant=participant, protocol=protocol, status="started")
    returned = session_complete(session=session)
    assert session.status == returned.status == "completed"  # the caller's copy is updated
    assert session_complete(session=session).completed_at == returned.completed_at
    entry = AuditEntry.objects.get(object_type=SESSION, action="update")  # once, not twice
    assert (entry.actor, entry.study_id, entry.after["status"]) == (
        None,
        participant.study_id,
        "completed",
    )


def test_the_games_service_abandons_a_session(participant, protocol):
    session = make_session(participant=participant, protocol=protocol, status="started")
    session_abandon(session=session, reason="game abandoned")
    session_abandon(session=session, reason="again")
    session.refresh_from_db()
    assert (session.status, session.abandon_reason) == ("abandoned", "game abandoned")
    assert AuditEntry.objects.filter(object_type=SESSION, action="update").count() == 1


def test_the_list_filters(client, clinician, study, participant, protocol):
    other = make_participant(study=study, clinicians=[clinician], consent_date=TODAY)
    a = start(client, participant, protocol).json()
    b = start(client, other, protocol).json()
    act(client, b, "complete")
    elsewhere = make_study(clinicians=[clinician])
    far = make_participant(study=elsewhere, clinicians=[clinician], consent_date=TODAY)
    c = start(client, far, make_protocol(study=elsewhere)).json()

    def ids(query):
        return {s["id"] for s in client.get("/api/sessions/" + query).json()["results"]}

    assert ids("") == {a["id"], b["id"], c["id"]}
    assert ids(f"?participant={participant.pk}") == {a["id"]}
    assert ids(f"?study={study.pk}") == {a["id"], b["id"]}
    assert ids("?status=completed") == {b["id"]}
    assert client.get("/api/sessions/?status=paused").status_code == 400


def test_an_unknown_session_is_not_found(client):
    response = client.post("/api/sessions/999999/complete/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_the_same_client_key_makes_one_sitting(client, participant, protocol):
    key = "6f2c1c4e-8a53-4d0e-9d4b-3c1f0f3b9a11"
    first = start(client, participant, protocol, client_key=key)
    again = start(client, participant, protocol, client_key=key)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert TrainingSession.objects.filter(participant=participant).count() == 1
    [entry] = AuditEntry.objects.filter(object_type="training.trainingsession")
    assert "client_key" not in entry.after  # the request's key, not a fact about the sitting
    # A new key is a new sitting.
    other = start(client, participant, protocol, client_key="0b9e7a52-77a4-4b3f-a3f2-7d8c4f1e2a90")
    assert other.json()["number"] == 2


def test_a_client_key_is_one_participants_and_one_protocols(
    client, study, clinician, participant, protocol
):
    key = "6f2c1c4e-8a53-4d0e-9d4b-3c1f0f3b9a11"
    start(client, participant, protocol, client_key=key)
    # Another participant may happen on the same key: it names their own sitting.
    other = make_participant(study=study, clinicians=[clinician], consent_date=TODAY)
    assert start(client, other, protocol, client_key=key).json()["participant"] == other.pk
    refused = start(client, participant, make_protocol(study=study, name="Other"), client_key=key)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "client_key_reused"
    assert TrainingSession.objects.filter(participant=participant).count() == 1
    bad = start(client, participant, protocol, client_key="not a key")
    assert bad.status_code == 400
    assert bad.json()["error"]["details"]["client_key"]
