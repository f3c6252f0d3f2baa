"""A short join code beside every device link, for a person who cannot scan its QR code: typed
at /join, it opens the same seat, while the link holds."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache

from apps.common import clock
from apps.games import links
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.tables import open_table, people, protocol_for, token_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_limits():
    cache.clear()  # each test's guesses are its own
    yield
    cache.clear()


def a_games_link(clinician, client_for) -> tuple[object, int, dict]:
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(study=participant.study, opponent="random")
    session = make_session(participant=participant, protocol=protocol, status="started")
    staff = client_for(clinician)
    game = staff.post(f"/api/sessions/{session.pk}/games/").json()
    link = staff.post(f"/api/games/{game['id']}/link/", {}, format="json")
    assert link.status_code == 201
    return staff, game["id"], link.json()


def test_a_code_typed_in_opens_the_same_seat_as_the_link(clinician, client_for, api):
    _, game_id, link = a_games_link(clinician, client_for)
    code = link["code"]
    assert len(code) == 6 and code.isalnum() and code.upper() == code
    typed = f" {code[:3].lower()}-{code[3:]} "  # as a person types it, in any case, with a dash
    opened = api.post("/api/join/", {"code": typed}, format="json")
    assert opened.status_code == 200
    assert links.play_link_claim(opened.json()["token"]).game_id == game_id
    view = api.get(f"/api/play/{opened.json()['token']}/")
    assert view.status_code == 200 and view.json()["id"] == game_id
    # Asked again, the same link has the same code.
    again = client_for(clinician).post(f"/api/games/{game_id}/link/", {}, format="json")
    assert again.json()["code"] == code


def test_a_code_stops_with_its_link(clinician, client_for, api):
    staff, game_id, link = a_games_link(clinician, client_for)
    revoked = staff.post(f"/api/games/{game_id}/link/", {"revoke_previous": True}, format="json")
    old = api.post("/api/join/", {"code": link["code"]}, format="json")
    assert old.status_code == 404 and old.json()["error"]["code"] == "join_code_unknown"
    new = api.post("/api/join/", {"code": revoked.json()["code"]}, format="json")
    assert new.status_code == 200
    later = clock.ManualClock(clock.now() + timedelta(hours=links.LINK_HOURS, minutes=1))
    with clock.installed(later):
        expired = api.post("/api/join/", {"code": revoked.json()["code"]}, format="json")
    assert expired.status_code == 404
    unknown = api.post("/api/join/", {"code": "ZZZZZZ"}, format="json")
    assert unknown.json()["error"] == old.json()["error"]  # a guess learns nothing


def test_every_person_seat_at_a_table_has_its_code(clinician, client_for, api):
    staff = client_for(clinician)
    group = people(clinician, 2)
    table = open_table(
        staff,
        protocol_for(group),
        [{"kind": "participant", "participant": p.pk} for p in group],
    )
    for seat in table["seats"]:
        opened = api.post("/api/join/", {"code": seat["code"]}, format="json").json()
        # the same seat's claim (the token is signed afresh: its time may be a second later)
        claim = links.play_link_claim(opened["token"])
        assert claim == links.play_link_claim(token_of(seat))
    reissued = staff.post(f"/api/tables/{table['game']}/links/").json()
    assert {s["code"] for s in reissued["seats"]}.isdisjoint({s["code"] for s in table["seats"]})
    refused = api.post("/api/join/", {"code": table["seats"][0]["code"]}, format="json")
    assert refused.status_code == 404


def test_guessing_codes_is_held_back(api):
    answers = [api.post("/api/join/", {"code": f"AAAA{n:02}"}, format="json") for n in range(12)]
    assert [a.status_code for a in answers][:10] == [404] * 10
    assert answers[-1].status_code == 429 and answers[-1].json()["error"]["code"] == "throttled"
