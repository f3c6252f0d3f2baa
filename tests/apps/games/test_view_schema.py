"""Every game body the API sends (the seat views, the full record) is exactly what its OpenAPI
schema says: no field missing, none of the wrong type, and none the schema does not describe (so
the generated front-end types are the truth)."""

from __future__ import annotations

import copy
import random

import pytest
from drf_spectacular.generators import SchemaGenerator
from openapi_schema_validator import OAS30Validator

from apps.games.models import Game
from apps.games.services import game_abandon
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.playing import hand_on_show, next_move, play_through

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
def components(django_db_blocker):
    with django_db_blocker.unblock():
        document = SchemaGenerator().get_schema(request=None, public=True)
    return _closed(copy.deepcopy(document["components"]))


def _validator(components, name: str) -> OAS30Validator:
    return OAS30Validator({**components["schemas"][name], "components": components})


@pytest.fixture(scope="module")
def seat_view_validator(components):
    return _validator(components, "SeatView")


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
        {"game": "memulation", "rounds": 2, "roles": "alternate", "opponent": "random"},
        {
            "game": "memulation",
            "rounds": 2,
            "roles": "alternate",
            "opponent": "random",
            "recall_probes": 2,
        },
        {"game": "mendikot", "rounds": 1, "opponent": "random", "trump_rule": "hidden_ask"},
        {"game": "mendikot", "rounds": 1, "opponent": "random", "trump_rule": "first_void"},
    ],
    ids=["memulation", "memulation-probes", "mendikot-hidden_ask", "mendikot-first_void"],
)
def test_every_body_of_a_whole_game_matches_the_schema(
    protocol, components, seat_view_validator, admin_user, client_for
):
    api = client_for(admin_user)
    seen: set[str] = set()

    def check(body):
        _check(seat_view_validator, body)
        seen.update(event["type"] for event in body["recent"])
        seen.add(body["state"]["phase"])
        if body["probe"]:
            seen.add(f"probe:{body['probe']['kind']}")
        if body["state"].get("trump_hidden"):
            seen.add("trump_hidden")

    base = _game(api, **protocol)
    final = play_through(api, base, seed=5, on_body=check)
    check(final)
    assert final["state"]["finished"]
    record = api.get(base + "replay/")
    assert record.status_code == 200
    _check(_validator(components, "GameRecord"), record.json())
    assert {"card_played", "trick_won", "round_ended", "match_ended"} <= seen
    if protocol["game"] == "memulation":
        assert {"examination", "choose_hand", "stragedy", "hand_chosen"} <= seen
        if protocol.get("recall_probes"):
            assert {"probe:where", "probe:which_hand"} <= seen
    elif protocol["trump_rule"] == "hidden_ask":
        # The deal is the server's: the trump's hider may be a computer seat, and nobody may
        # ask for it all round. The seat plays with it hidden in every deal, and sees it
        # revealed when it is.
        assert "trump_hidden" in seen
        assert ("trump_revealed" in seen) == (final["state"]["trump_revealed"] is not None)


@pytest.mark.parametrize("game", ["memulation", "mendikot"])
def test_the_record_of_a_game_abandoned_half_way_matches_the_schema(
    game, components, seat_view_validator, admin_user, client_for
):
    api = client_for(admin_user)
    base = _game(api, game=game, rounds=1, opponent="random", trump_rule="hidden_reveal")
    body, rng = api.get(base).json(), random.Random(2)
    for n in range(12):
        body = hand_on_show(api, base, body)
        suffix, data = next_move(body, rng)
        body = api.post(base + suffix, {**data, "event_id": f"half{n}"}, format="json").json()
        _check(seat_view_validator, body)
    game_abandon(game=Game.objects.get(pk=body["id"]), reason="the participant had to leave")
    record = api.get(base + "replay/").json()
    _check(_validator(components, "GameRecord"), record)
    assert not record["record"]["finished"] and "hands_now" in record["record"]["rounds"][-1]


def test_a_body_with_a_field_the_schema_does_not_know_is_caught(
    seat_view_validator, admin_user, client_for
):
    api = client_for(admin_user)
    body = api.get(_game(api, game="memulation", rounds=1, opponent="random")).json()
    _check(seat_view_validator, body)
    body["state"]["surprise"] = 1
    with pytest.raises(AssertionError, match="surprise"):
        _check(seat_view_validator, body)
