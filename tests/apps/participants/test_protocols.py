import pytest

from apps.audit.models import AuditEntry
from apps.participants.models import ADAPTIVE_DEFAULTS, Protocol, adaptive_problems
from tests.apps.factories import make_participant, make_protocol, make_session, make_study

pytestmark = pytest.mark.django_db

MEMULATION = {
    "name": "Standard",
    "game": "memulation",
    "rounds": 3,
    "examination_seconds": 40,
    "roles": "alternate",
    "opponent": "memory",
    "opponent_level": 0.7,
    "wild_tie": "follower",
    "stragedy_intent": True,
    "sessions_per_week": 4,
}


@pytest.fixture
def study(researcher):
    return make_study(owners=[researcher])


def post(client, study, data):
    return client.post(f"/api/studies/{study.pk}/protocols/", data, format="json")


def test_a_protocol_is_created_as_version_1_with_adaptive_defaults(researcher, study, client_for):
    response = post(client_for(researcher), study, MEMULATION)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["version"], body["study"], body["session_count"]) == (1, study.pk, 0)
    assert body["adaptive"] == ADAPTIVE_DEFAULTS
    assert body["created_by"] == researcher.pk
    entry = AuditEntry.objects.get(object_type="participants.protocol")
    assert (entry.action, entry.study_id, entry.after["version"]) == ("create", study.pk, 1)


def test_posting_the_same_name_again_makes_the_next_version(researcher, study, client_for):
    client = client_for(researcher)
    first = post(client, study, MEMULATION).json()
    second = post(client, study, {**MEMULATION, "rounds": 5, "reason": "longer sittings"}).json()
    other = post(client, study, {**MEMULATION, "name": "Short"}).json()
    assert (second["version"], other["version"]) == (2, 1)
    assert Protocol.objects.get(pk=first["id"]).rounds == 3  # the old version stays as it was
    assert Protocol.objects.get(pk=second["id"]).rounds == 5
    versions = [
        p["version"]
        for p in client.get(f"/api/studies/{study.pk}/protocols/").json()["results"]
        if p["name"] == "Standard"
    ]
    assert versions == [2, 1]


def test_versions_are_per_study(researcher, client_for):
    one, two = make_study(owners=[researcher]), make_study(owners=[researcher])
    client = client_for(researcher)
    post(client, one, MEMULATION)
    assert post(client, two, MEMULATION).json()["version"] == 1


def test_a_mendikot_protocol(researcher, study, client_for):
    data = {"name": "Trumps", "game": "mendikot", "opponent": "tracker", "trump_rule": "turn_up"}
    response = post(client_for(researcher), study, data)
    assert response.status_code == 201, response.json()
    assert response.json()["trump_rule"] == "turn_up"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"opponent": "heuristic"}, "opponent"),  # a Mendikot bot in Memulation
        ({"game": "mendikot", "opponent": "perfect"}, "opponent"),
        ({"opponent": "grandmaster"}, "opponent"),
        ({"opponent_level": 1.5}, "opponent_level"),
        ({"opponent_level": -0.1}, "opponent_level"),
        ({"rounds": 0}, "rounds"),
        ({"examination_seconds": 2}, "examination_seconds"),
        ({"roles": "whoever"}, "roles"),
        ({"wild_tie": "both"}, "wild_tie"),
        ({"trump_rule": "none"}, "trump_rule"),
        ({"game": "chess"}, "game"),
        ({"sessions_per_week": 0}, "sessions_per_week"),
        ({"adaptive": {"target_recall": 1.2}}, "adaptive"),
        ({"adaptive": {"min_seconds": 100, "max_seconds": 50}}, "adaptive"),
        ({"adaptive": {"step_seconds": 0}}, "adaptive"),
        ({"adaptive": "yes"}, "adaptive"),
        ({"name": ""}, "name"),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_stored(
    researcher, study, client_for, change, field
):
    logged = AuditEntry.objects.count()
    response = post(client_for(researcher), study, {**MEMULATION, **change})
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"] == "validation_error"
    assert field in error["details"]
    assert not Protocol.objects.exists()
    assert AuditEntry.objects.count() == logged


def test_adaptive_settings_are_completed_with_the_defaults(researcher, study, client_for):
    data = {**MEMULATION, "adaptive": {"enabled": True, "target_recall": 0.6}}
    body = post(client_for(researcher), study, data).json()
    assert body["adaptive"] == {**ADAPTIVE_DEFAULTS, "enabled": True, "target_recall": 0.6}


def test_the_model_checks_adaptive_settings_too():
    assert adaptive_problems({}) == []
    assert adaptive_problems(ADAPTIVE_DEFAULTS) == []
    assert adaptive_problems({"surprise": 1}) == ["Unknown setting 'surprise'."]
    assert adaptive_problems({"enabled": "yes"}) == ["'enabled' must be true or false."]
    assert adaptive_problems({"min_seconds": 1.5}) == ["'min_seconds' must be a whole number."]
    assert adaptive_problems([]) == ["Must be an object."]


def test_a_clinician_may_not_add_protocols(clinician, client_for):
    study = make_study(clinicians=[clinician])
    response = post(client_for(clinician), study, MEMULATION)
    assert response.status_code == 403
    assert not Protocol.objects.exists()


def test_a_protocol_shows_how_many_sessions_used_it(researcher, study, client_for):
    protocol = make_protocol(study=study)
    for participant in (make_participant(study=study), make_participant(study=study)):
        make_session(participant=participant, protocol=protocol)
    make_session(participant=participant, protocol=make_protocol(study=study))
    response = client_for(researcher).get(f"/api/protocols/{protocol.pk}/")
    assert response.status_code == 200
    assert response.json()["session_count"] == 2


def test_a_clinician_counts_only_the_sessions_they_may_see(clinician, client_for):
    study = make_study(clinicians=[clinician])
    protocol = make_protocol(study=study)
    make_session(
        participant=make_participant(study=study, clinicians=[clinician]), protocol=protocol
    )
    make_session(participant=make_participant(study=study), protocol=protocol)
    body = client_for(clinician).get(f"/api/protocols/{protocol.pk}/").json()
    assert body["session_count"] == 1


def test_an_unknown_protocol_is_not_found(researcher, client_for):
    response = client_for(researcher).get("/api/protocols/999999/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
