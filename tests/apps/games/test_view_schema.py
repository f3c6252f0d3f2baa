"""Every game body the API sends is exactly what its OpenAPI schema says: no field missing, none
of the wrong type, and none the schema does not describe (so the generated front-end types are
the truth)."""

from __future__ import annotations

import copy

import pytest
from drf_spectacular.generators import SchemaGenerator
from openapi_schema_validator import OAS30Validator

from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.playing import play_through

pytestmark = pytest.mark.django_db


def _closed(schema):
    """The schema with every described object closed to keys it does not list.

    A nullable reference is written ``{"allOf": [ref], "nullable": true}``; it means "the
    referenced object, or null" (as openapi-typescript reads it), so it is spelt out that way.
    """
    if isinstance(schema, dict):
        schema = {key: _closed(value) for key, value in schema.items()}
        if "properties" in schema and "additionalProperties" not in schema:
            schema["additionalProperties"] = False
        if schema.get("nullable") and "allOf" in schema:
            rest = {k: v for k, v in schema.items() if k != "nullable"}
            schema = {"anyOf": [rest, {"enum": [None], "nullable": True}]}
        return schema
    if isinstance(schema, list):
        return [_closed(item) for item in schema]
    return schema


@pytest.fixture(scope="module")
def seat_view_validator(django_db_blocker):
    with django_db_blocker.unblock():
        document = SchemaGenerator().get_schema(request=None, public=True)
    components = _closed(copy.deepcopy(document["components"]))
    root = {**components["schemas"]["SeatView"], "components": components}
    return OAS30Validator(root)


def _check(validator, body: dict) -> None:
    errors = sorted(validator.iter_errors(body), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5]
    )


def _game(api, **protocol) -> str:
    participant = make_participant()
    session = make_session(
        participant=participant,
        protocol=make_protocol(study=participant.study, **protocol),
        status="started",
    )
    created = api.post(f"/api/sessions/{session.pk}/games/")
    assert created.status_code == 201, created.content
    return f"/api/games/{created.json()['id']}/"


@pytest.mark.parametrize(
    "protocol",
    [
        {"game": "memulation", "rounds": 1, "opponent": "random"},
        {"game": "mendikot", "rounds": 1, "opponent": "random", "trump_rule": "hidden_ask"},
        {"game": "mendikot", "rounds": 1, "opponent": "random", "trump_rule": "first_void"},
    ],
    ids=["memulation", "mendikot-hidden_ask", "mendikot-first_void"],
)
def test_every_body_of_a_whole_game_matches_the_schema(
    protocol, seat_view_validator, admin_user, client_for
):
    api = client_for(admin_user)
    seen: set[str] = set()

    def check(body):
        _check(seat_view_validator, body)
        seen.update(event["type"] for event in body["recent"])
        seen.add(body["state"]["phase"])

    final = play_through(api, _game(api, **protocol), seed=5, on_body=check)
    check(final)
    assert final["state"]["finished"]
    assert {"card_played", "trick_won", "round_ended", "match_ended"} <= seen
    if protocol["game"] == "memulation":
        assert {"examination", "choose_hand", "stragedy", "hand_chosen"} <= seen
    elif protocol["trump_rule"] == "hidden_ask":
        assert {"hide_trump", "trump_revealed"} & seen


def test_a_body_with_a_field_the_schema_does_not_know_is_caught(
    seat_view_validator, admin_user, client_for
):
    api = client_for(admin_user)
    body = api.get(_game(api, game="memulation", rounds=1, opponent="random")).json()
    _check(seat_view_validator, body)
    body["state"]["surprise"] = 1
    with pytest.raises(AssertionError, match="surprise"):
        _check(seat_view_validator, body)
