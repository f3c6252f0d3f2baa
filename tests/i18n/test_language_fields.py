"""Each person's language: a participant's (set at enrolment, changed by staff or on the play
screen) and a staff member's (their account settings), and the language requests are answered in."""

import pytest
from rest_framework.test import APIClient

from apps.audit.models import AuditEntry
from apps.games.models import Game
from apps.participants.models import Participant
from tests.apps.factories import make_participant, make_protocol, make_session, make_study
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(clinician, researcher, client_for):
    study = make_study(owners=[researcher], clinicians=[clinician])
    participant = make_participant(study=study, clinicians=[clinician])
    protocol = make_protocol(study=study, opponent="random", rounds=1)
    session = make_session(participant=participant, protocol=protocol, status="started")
    body = client_for(clinician).post(f"/api/sessions/{session.pk}/games/").json()
    return Game.objects.get(pk=body["id"])


def test_a_participant_is_enrolled_in_their_language(clinician, client_for):
    study = make_study(clinicians=[clinician])
    client = client_for(clinician)
    response = client.post("/api/participants/", {"study": study.pk, "language": "ar"})
    assert response.status_code == 201, response.json()
    assert response.json()["language"] == "ar"
    default = client.post("/api/participants/", {"study": study.pk}).json()
    assert default["language"] == "en"


def test_an_unknown_language_is_refused_with_a_code_and_nothing_changes(clinician, client_for):
    study = make_study(clinicians=[clinician])
    client = client_for(clinician)
    response = client.post("/api/participants/", {"study": study.pk, "language": "tlh"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "validation_error"
    assert list(error["details"]) == ["language"]
    assert not Participant.objects.exists()
    me = client.patch("/api/me", {"language": "xx"}, format="json")
    assert me.status_code == 400
    assert me.json()["error"]["code"] == "validation_error"
    clinician.refresh_from_db()
    assert clinician.language == "en"


def test_the_clinical_team_changes_a_participants_language(clinician, client_for):
    study = make_study(clinicians=[clinician])
    participant = make_participant(study=study, clinicians=[clinician])
    response = client_for(clinician).patch(
        f"/api/participants/{participant.pk}/",
        {"language": "de", "reason": "Reads German best"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["language"] == "de"
    entry = AuditEntry.objects.get(object_type="participants.participant", action="update")
    assert (entry.before["language"], entry.after["language"]) == ("en", "de")


def signed_in(user) -> APIClient:
    """A browser's session (force_authenticate would skip the sign-in that sets the language)."""
    client = APIClient()
    client.force_login(user)
    return client


def test_staff_choose_their_language_and_are_answered_in_it(clinician):
    client = signed_in(clinician)
    assert client.get("/api/me").json()["language"] == "en"
    response = client.patch("/api/me", {"language": "fr"}, format="json")
    assert response.status_code == 200
    assert response.json()["language"] == "fr"
    assert response["Content-Language"] == "fr"
    assert client.get("/api/me")["Content-Language"] == "fr"


def test_a_participant_changes_their_language_on_the_play_screen(game, api, clinician, client_for):
    token = client_for(clinician).post(f"/api/games/{game.pk}/link/").json()["token"]
    assert api.get(f"/api/play/{token}/language/").json() == {"language": "en"}
    response = api.put(f"/api/play/{token}/language/", {"language": "es"}, format="json")
    assert response.status_code == 200
    assert response.json() == {"language": "es"}
    assert Participant.objects.get().language == "es"
    entry = AuditEntry.objects.filter(object_type="participants.participant").latest("pk")
    assert (entry.action, entry.after["language"]) == ("update", "es")
    assert entry.actor is None  # the participant, on their own device
    # The device's requests are answered in the participant's language from now on.
    assert api.get(f"/api/play/{token}/")["Content-Language"] == "es"
    refused = api.put(f"/api/play/{token}/language/", {"language": "xx"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "validation_error"
    assert Participant.objects.get().language == "es"


def test_a_handed_over_device_changes_the_participants_language(game, clinician, client_for):
    client = client_for(clinician)
    assert client.get(f"/api/games/{game.pk}/language/").json() == {"language": "en"}
    response = client.put(f"/api/games/{game.pk}/language/", {"language": "ar"}, format="json")
    assert response.status_code == 200
    assert Participant.objects.get().language == "ar"


def test_a_script_with_a_token_is_answered_in_its_owners_language(clinician):
    signed_in(clinician).patch("/api/me", {"language": "es"}, format="json")
    client = APIClient()
    token = client.post(
        "/api/auth/token", {"username": clinician.username, "password": PASSWORD}, format="json"
    ).json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    catalogue = client.get("/api/metrics/catalogue/")
    assert catalogue["Content-Language"] == "es"
    labels = {m["key"]: m["label"] for m in catalogue.json()["metrics"]}
    assert labels["tricks_won"] == "Bazas ganadas"
    assert labels["recall_hit"] == "Tasa de acierto del 'Stragedy"  # the game's name kept
