"""Who may reach a game: staff by role, a participant device by its single-game link."""

import pytest
from django.core import signing

from apps.games import links
from apps.games.models import Game
from tests.apps.factories import make_participant, make_protocol, make_session, make_study
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(clinician, researcher, client_for):
    study = make_study(owners=[researcher])
    participant = make_participant(study=study, clinicians=[clinician])
    protocol = make_protocol(study=study, opponent="random", rounds=1)
    session = make_session(participant=participant, protocol=protocol, status="started")
    body = client_for(clinician).post(f"/api/sessions/{session.pk}/games/").json()
    return Game.objects.get(pk=body["id"])


@pytest.mark.parametrize(
    ("who", "status"),
    [
        ("admin", 200),
        ("own_clinician", 200),
        ("owner", 200),
        ("other_clinician", 404),
        ("other_researcher", 404),
    ],
)
def test_staff_see_games_by_role(who, status, game, clinician, researcher, admin_user, client_for):
    users = {
        "admin": admin_user,
        "own_clinician": clinician,
        "owner": researcher,
        "other_clinician": make_staff("cleo", "clinician"),
        "other_researcher": make_staff("rita", "researcher"),
    }
    client = client_for(users[who])
    assert client.get(f"/api/games/{game.pk}/").status_code == status
    assert (
        client.post(f"/api/games/{game.pk}/examination/", {"type": "start"}).status_code == status
    )


def test_anonymous_callers_get_nothing(api, game):
    assert api.get(f"/api/games/{game.pk}/").status_code == 403


def test_a_link_grants_its_game_and_nothing_else(api, game, clinician, client_for):
    link = client_for(clinician).post(f"/api/games/{game.pk}/link/").json()
    body = api.get(f"/api/play/{link['token']}/").json()
    assert (body["id"], body["seat"]) == (game.pk, game.participant_seat)
    assert api.post(f"/api/play/{link['token']}/examination/", {"type": "start"}).status_code == 200
    assert api.get(f"/api/games/{game.pk}/").status_code == 403
    assert api.get(f"/api/games/{game.pk}/replay/").status_code == 403


def test_a_tampered_link_is_refused(api, game):
    token = links.play_link_token(game)
    response = api.get(f"/api/play/{token[:-2]}xx/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "link_invalid"


def test_an_expired_link_is_refused(api, game, monkeypatch):
    token = links.play_link_token(game)
    monkeypatch.setattr(links, "LINK_HOURS", -1)
    response = api.get(f"/api/play/{token}/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "link_expired"


def test_a_link_in_use_still_expires_and_its_tampered_copies_are_refused(api, game, monkeypatch):
    """A device's link is checked once and then remembered; its age is checked every time."""
    token = links.play_link_token(game)
    assert api.get(f"/api/play/{token}/").status_code == 200
    assert api.get(f"/api/play/{token[:-2]}xx/").json()["error"]["code"] == "link_invalid"
    monkeypatch.setattr(links, "LINK_HOURS", -1)
    response = api.get(f"/api/play/{token}/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "link_expired"


def test_new_links_can_revoke_old_ones(api, game, clinician, client_for):
    staff = client_for(clinician)
    old = staff.post(f"/api/games/{game.pk}/link/").json()["token"]
    new = staff.post(f"/api/games/{game.pk}/link/", {"revoke_previous": True}).json()["token"]
    assert api.get(f"/api/play/{old}/").status_code == 403
    assert api.get(f"/api/play/{new}/").status_code == 200


def test_a_revoked_link_can_no_longer_act_and_stores_nothing(api, game, clinician, client_for):
    staff = client_for(clinician)
    old = staff.post(f"/api/games/{game.pk}/link/").json()["token"]
    staff.post(f"/api/games/{game.pk}/link/", {"revoke_previous": True})
    before = game.events.count()
    for path, body in (("examination/", {"type": "start"}), ("actions/", {"type": "ask_trump"})):
        response = api.post(f"/api/play/{old}/{path}", {**body, "event_id": "x1"})
        assert response.status_code == 403
        assert response.json()["error"]["code"] == "link_invalid"
    assert game.events.count() == before


def test_a_link_to_a_game_that_does_not_exist_is_refused(api, game):
    token = signing.dumps({"g": game.pk + 1000, "v": 0}, salt=links.SALT, compress=True)
    response = api.post(f"/api/play/{token}/actions/", {"type": "ask_trump"})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "link_invalid"


def test_a_link_for_another_salt_is_not_a_game_link(api, game):
    token = signing.dumps({"g": game.pk, "v": 0}, salt="something-else")
    assert api.get(f"/api/play/{token}/").status_code == 403


def test_the_full_record_is_for_staff_and_finished_games_only(game, clinician, client_for):
    response = client_for(clinician).get(f"/api/games/{game.pk}/replay/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "game_in_progress"
