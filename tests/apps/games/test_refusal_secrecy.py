"""Through the API: a participant naming the hidden trump card (another seat's) is refused in
the very words of any other card it does not hold."""

import pytest

from apps.games.engine import game_from_json
from apps.games.engine.cards import CARD_NAMES
from apps.games.models import Game
from tests.apps.factories import make_participant, make_protocol, make_session

pytestmark = pytest.mark.django_db


def game_with_a_hidden_trump_of_another_seat(clinician, api):
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(
        study=participant.study, game="mendikot", opponent="random", trump_rule="hidden_reveal"
    )
    for _ in range(12):
        session = make_session(participant=participant, protocol=protocol, status="started")
        body = api.post(f"/api/sessions/{session.pk}/games/").json()
        state = game_from_json(Game.objects.get(pk=body["id"]).state)
        if state.owner != 0 and state.hidden >= 0 and body["state"]["to_act"] == [0]:
            return body, CARD_NAMES[state.hidden]
    pytest.fail("no game where another seat hid trump and the participant is to play")


def test_the_hidden_card_is_refused_like_any_card_not_held(clinician, client_for):
    api = client_for(clinician)
    body, hidden = game_with_a_hidden_trump_of_another_seat(clinician, api)
    seen = set(body["state"]["hand"]) | {c["card"] for c in body["state"]["trick"]["cards"]}
    other = next(c for c in CARD_NAMES if c not in seen and c != hidden)
    url = f"/api/games/{body['id']}/actions/"
    named_hidden = api.post(url, {"type": "play", "card": hidden})
    named_other = api.post(url, {"type": "play", "card": other})
    assert named_hidden.status_code == named_other.status_code == 400
    a, b = named_hidden.json()["error"], named_other.json()["error"]
    assert a["code"] == b["code"] == "card_not_in_hand"
    assert a["details"] == b["details"]
    assert a["message"].replace(hidden, "X") == b["message"].replace(other, "X")
