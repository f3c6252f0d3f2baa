"""Who may do what: every role against every endpoint, on their own and on others' records.

Records outside the caller's scope answer 404 (their ids do not leak); records referred to in a
request body are refused like unknown ones (400); an action the role may not take on a record it
can see answers 403. Refusals store nothing. Lists never include others' records.
"""

import datetime

import pytest
from django.db import transaction

from apps.audit.models import AuditEntry
from tests.apps.factories import make_world

pytestmark = pytest.mark.django_db

TODAY = datetime.date.today().isoformat()

# name: (method, path, body); paths and bodies are filled from one side of the world.
ENDPOINTS = {
    "study_get": ("get", "/api/studies/{study}/", None),
    "study_patch": ("patch", "/api/studies/{study}/", {"description": "changed"}),
    "protocol_list": ("get", "/api/studies/{study}/protocols/", None),
    "protocol_create": ("post", "/api/studies/{study}/protocols/", {"name": "New"}),
    "protocol_get": ("get", "/api/protocols/{protocol}/", None),
    "participant_enrol": ("post", "/api/participants/", {"study": "{study}"}),
    "participant_get": ("get", "/api/participants/{participant}/", None),
    "participant_patch": (
        "patch",
        "/api/participants/{participant}/",
        {"age_band": "80+", "reason": "birth date corrected"},
    ),
    "consent": (
        "post",
        "/api/participants/{participant}/consent/",
        {"date": TODAY, "form_version": "2", "reason": "form 2 signed"},
    ),
    "withdraw": ("post", "/api/participants/{participant}/withdraw/", {"reason": "asked to stop"}),
    "note_list": ("get", "/api/participants/{participant}/notes/", None),
    "note_create": ("post", "/api/participants/{participant}/notes/", {"text": "seen"}),
    "session_create": (
        "post",
        "/api/sessions/",
        {"participant": "{participant}", "protocol": "{protocol}"},
    ),
    "session_get": ("get", "/api/sessions/{session}/", None),
    "session_start": ("post", "/api/sessions/{scheduled}/start/", None),
    "session_complete": ("post", "/api/sessions/{session}/complete/", None),
    "session_abandon": ("post", "/api/sessions/{session}/abandon/", None),
}

OK = {"get": 200, "patch": 200, "post": 200}
CREATED = {"study_patch": 200, "protocol_create": 201, "participant_enrol": 201}
CREATED |= {"note_create": 201, "session_create": 201}

# role: {endpoint: (own record, someone else's record)}; unlisted: success / 404.
EXCEPTIONS = {
    "admin": {},
    "researcher": {
        "participant_enrol": (201, 400),
        "session_create": (201, 400),
        "note_list": (403, 404),
        "note_create": (403, 404),
    },
    "clinician": {
        "study_patch": (403, 404),
        "protocol_create": (403, 404),
        "participant_enrol": (201, 400),
        "participant_patch": (403, 404),
        "session_create": (201, 400),
    },
}


def expected(role: str, name: str, whose: str) -> int:
    if name in EXCEPTIONS[role]:
        return EXCEPTIONS[role][name][whose == "other"]
    success = CREATED.get(name, OK[ENDPOINTS[name][0]])
    if role == "admin" or whose == "own":
        return success
    return 404


def ids_of(record) -> dict:
    return {
        "study": record.study.pk,
        "protocol": record.protocol.pk,
        "participant": record.participant.pk,
        "session": record.session.pk,
        "scheduled": record.scheduled.pk,
    }


def call(client, name: str, ids: dict):
    method, path, body = ENDPOINTS[name]
    data = None
    if body is not None:
        data = {k: (int(v.format(**ids)) if "{" in str(v) else v) for k, v in body.items()}
    return getattr(client, method)(path.format(**ids), data, format="json")


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """One world for the module (made once, not for each of its 141 tests): each test runs in a
    savepoint of its own inside, so what a test changes is gone before the next."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield make_world()
        transaction.set_rollback(True)


def user_of(world, role):
    return {"admin": world.admin, "researcher": world.researcher, "clinician": world.clinician}[
        role
    ]


@pytest.mark.parametrize("whose", ["own", "other"])
@pytest.mark.parametrize("role", ["admin", "researcher", "clinician"])
@pytest.mark.parametrize("name", list(ENDPOINTS))
def test_the_matrix(world, client_for, role, name, whose):
    audited = AuditEntry.objects.count()
    response = call(client_for(user_of(world, role)), name, ids_of(getattr(world, whose)))
    assert response.status_code == expected(role, name, whose), response.json()
    if response.status_code >= 400:
        assert set(response.json()) == {"error"}
        assert AuditEntry.objects.count() == audited  # nothing changed


PER_PARTICIPANT = [
    n for n, (_, path, body) in ENDPOINTS.items() if "{participant}" in path + str(body)
]


@pytest.mark.parametrize("name", [*PER_PARTICIPANT, "session_get", "session_complete"])
def test_a_clinician_cannot_reach_a_colleagues_participant_in_their_own_study(
    world, client_for, name
):
    ids = ids_of(world.own) | {
        "participant": world.colleague.pk,
        "session": world.colleague_session.pk,
    }
    response = call(client_for(world.clinician), name, ids)
    assert response.status_code == (400 if name == "session_create" else 404)


@pytest.mark.parametrize("name", [*ENDPOINTS, "study_create", "audit"])
def test_anonymous_callers_reach_nothing(world, api, name):
    if name == "study_create":
        response = api.post("/api/studies/", {"name": "x"})
    elif name == "audit":
        response = api.get("/api/audit/")
    else:
        response = call(api, name, ids_of(world.own))
    assert response.status_code in (401, 403)
    assert response.json()["error"]["code"] == "not_authenticated"


@pytest.mark.parametrize(
    ("role", "status"), [("admin", 201), ("researcher", 201), ("clinician", 403)]
)
def test_who_may_create_a_study(world, client_for, role, status):
    response = client_for(user_of(world, role)).post("/api/studies/", {"name": "Fresh"})
    assert response.status_code == status


def listed(client, path) -> set[int]:
    response = client.get(path)
    assert response.status_code == 200, response.json()
    return {row["id"] for row in response.json()["results"]}


@pytest.mark.parametrize("role", ["admin", "researcher", "clinician"])
def test_lists_never_include_others_records(world, client_for, role):
    client = client_for(user_of(world, role))
    own, other = world.own, world.other
    sees_all = role == "admin"
    sees_study = role in ("admin", "researcher")  # the whole own study, not one's patients

    studies = {own.study.pk} | ({other.study.pk} if sees_all else set())
    assert listed(client, "/api/studies/") == studies

    participants = {own.participant.pk}
    participants |= {world.colleague.pk} if sees_study else set()
    participants |= {other.participant.pk} if sees_all else set()
    assert listed(client, "/api/participants/") == participants

    sessions = {own.session.pk, own.scheduled.pk}
    sessions |= {world.colleague_session.pk} if sees_study else set()
    sessions |= {other.session.pk, other.scheduled.pk} if sees_all else set()
    assert listed(client, "/api/sessions/") == sessions

    assert listed(client, f"/api/studies/{own.study.pk}/protocols/") == {own.protocol.pk}

    # Filters never widen the scope.
    if not sees_all:
        assert listed(client, f"/api/participants/?study={other.study.pk}") == set()
        assert listed(client, f"/api/sessions/?study={other.study.pk}") == set()
        assert listed(client, f"/api/sessions/?participant={other.participant.pk}") == set()


@pytest.mark.parametrize("role", ["admin", "clinician"])
def test_the_clinical_team_lists_only_that_participants_notes(world, client_for, role):
    client = client_for(user_of(world, role))
    notes = listed(client, f"/api/participants/{world.own.participant.pk}/notes/")
    assert notes == {world.own.note.pk}


@pytest.mark.parametrize(
    ("role", "status"), [("admin", 200), ("researcher", 200), ("clinician", 403)]
)
def test_the_audit_trail_by_role(world, client_for, role, status):
    response = client_for(user_of(world, role)).get("/api/audit/")
    assert response.status_code == status
    if status == 200:
        entries = {row["id"] for row in response.json()["results"]}
        assert world.own.audit.pk in entries
        assert (world.other.audit.pk in entries) == (role == "admin")
