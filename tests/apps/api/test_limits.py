"""Request limits: body size (413), JSON nesting depth (400), numbers no float holds (400),
unknown fields on moves (400)."""

from __future__ import annotations

import http.client
import json

import pytest
from django.conf import settings

from apps.games.models import GameEvent
from apps.participants.models import Participant
from tests.apps.api.test_errors import assert_error
from tests.apps.games.test_actions import lame_duck_game, to_play, url
from tests.apps.server import running_server

pytestmark = pytest.mark.django_db


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.fixture
def game(clinician):
    return lame_duck_game(clinician, seed=3)


@pytest.fixture
def staff(clinician, client_for):
    return client_for(clinician)


@pytest.mark.parametrize("levels", [5000, 100])
def test_deeply_nested_json_is_a_clear_400_and_changes_nothing(staff, game, levels):
    to_play(staff, game)
    before = GameEvent.objects.filter(game=game).count()
    body = '{"type": "play", "card": ' + nested(levels) + "}"
    response = staff.post(url(game, "actions/"), body, content_type="application/json")
    error = assert_error(response, 400, "nesting_too_deep")
    assert error["details"] == {"max_depth": 32}
    assert GameEvent.objects.filter(game=game).count() == before


def test_nesting_is_bounded_on_every_json_endpoint(staff, db):
    for path in ("/api/auth/login", "/api/studies/", "/api/auth/token"):
        response = staff.post(path, nested(5000), content_type="application/json")
        assert_error(response, 400, "nesting_too_deep")


@pytest.mark.parametrize("number", ["1e400", "-1e400"])
def test_a_number_no_float_holds_is_a_clear_400_and_changes_nothing(staff, number):
    # As an id it once reached the database lookup, which cannot convert an infinity.
    before = Participant.objects.count()
    body = '{"study": ' + number + ', "age_band": "40-49"}'
    response = staff.post("/api/participants/", body, content_type="application/json")
    error = assert_error(response, 400, "malformed_request")
    assert "out of range" in error["message"]
    assert Participant.objects.count() == before


def test_half_a_character_is_a_clear_400_and_changes_nothing(staff):
    # Valid JSON, but no character: once echoed in a choice's refusal, which could not be sent.
    before = Participant.objects.count()
    body = '{"study": 1, "age_band": "4\\ud800"}'
    response = staff.post("/api/participants/", body, content_type="application/json")
    error = assert_error(response, 400, "malformed_request")
    assert "half of a character" in error["message"]
    assert Participant.objects.count() == before
    # A pair is one character (an emoji in a free text, say): taken as any other.
    paired = staff.post(
        "/api/participants/", '{"study": "\\ud83d\\ude00"}', content_type="application/json"
    )
    assert_error(paired, 400, "validation_error")


def test_a_body_over_the_limit_is_413_in_the_error_shape(staff, game):
    body = json.dumps({"type": "ready", "pad": "x" * (settings.MAX_REQUEST_BYTES + 10)})
    response = staff.post(url(game, "examination/"), body, content_type="application/json")
    error = assert_error(response, 413, "body_too_large")
    assert error["details"] == {"max_bytes": settings.MAX_REQUEST_BYTES}


def test_unknown_fields_on_a_move_are_refused(staff, game):
    body = to_play(staff, game)
    card = body["state"]["legal"][0]
    before = GameEvent.objects.filter(game=game).count()
    padded = {"type": "play", "card": card, "padding": "x" * 1_000_000}
    response = staff.post(url(game, "actions/"), padded, format="json")
    error = assert_error(response, 400, "unknown_fields")
    assert error["details"]["unknown"] == ["padding"]
    assert GameEvent.objects.filter(game=game).count() == before
    # the same move without the stray field is played
    assert staff.post(url(game, "actions/"), {"type": "play", "card": card}).status_code == 200


def test_unknown_fields_on_an_examination_event_are_refused(staff, game):
    response = staff.post(url(game, "examination/"), {"type": "ready", "seat": 1}, format="json")
    assert_error(response, 400, "unknown_fields")


# -- through a real server (gunicorn, as deployed): a 10 MB body hears 413, not a reset --------


@pytest.fixture
def server(transactional_db):
    with running_server() as port:
        yield port


def test_a_ten_megabyte_body_gets_a_413_from_the_real_server(server):
    body = b'{"type": "play", "card": "' + b"x" * 10_000_000 + b'"}'
    connection = http.client.HTTPConnection("127.0.0.1", server, timeout=60)
    connection.request(
        "POST",
        "/api/play/some-link/actions/",
        body=body,
        headers={"Content-Type": "application/json", "Host": "localhost"},
    )
    response = connection.getresponse()
    assert response.status == 413
    payload = json.loads(response.read())
    assert payload["error"]["code"] == "body_too_large"
    assert payload["error"]["details"] == {"max_bytes": settings.MAX_REQUEST_BYTES}
