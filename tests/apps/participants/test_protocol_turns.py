"""A protocol's turn settings: the opponents' pace, a turn timer, silent-seat takeover."""

import pytest

from apps.participants.models import Protocol
from tests.apps.factories import make_study
from tests.apps.participants.test_protocols import MEMULATION, post

pytestmark = pytest.mark.django_db


@pytest.fixture
def study(researcher):
    return make_study(owners=[researcher])


def test_a_new_protocol_has_human_paced_opponents_and_no_timer(researcher, study, client_for):
    body = post(client_for(researcher), study, MEMULATION).json()
    assert body["opponent_pace_seconds"] == 2.0  # not instant
    assert (body["turn_seconds"], body["takeover_seconds"]) == (None, 60)
    assert body["takeover_level"] == 0.5


def test_the_turn_settings_are_kept_and_frozen_into_the_sessions_snapshot(
    researcher, study, client_for
):
    settings = {
        "opponent_pace_seconds": 0,
        "turn_seconds": 45,
        "takeover_seconds": None,
        "takeover_level": 0.8,
    }
    body = post(client_for(researcher), study, {**MEMULATION, **settings}).json()
    assert {key: body[key] for key in settings} == settings
    snapshot = Protocol.objects.get(pk=body["id"]).snapshot()
    assert {key: snapshot[key] for key in settings} == settings


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"opponent_pace_seconds": -1}, "opponent_pace_seconds"),
        ({"opponent_pace_seconds": 11}, "opponent_pace_seconds"),
        ({"opponent_pace_seconds": "slow"}, "opponent_pace_seconds"),
        ({"turn_seconds": 2}, "turn_seconds"),
        ({"turn_seconds": 601}, "turn_seconds"),
        ({"takeover_seconds": 0}, "takeover_seconds"),
        ({"takeover_level": 1.5}, "takeover_level"),
    ],
)
def test_bad_turn_settings_are_refused_with_the_field_named(
    researcher, study, client_for, change, field
):
    response = post(client_for(researcher), study, {**MEMULATION, **change})
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"] == "validation_error"
    assert field in error["details"] and error["details"][field][0]
    assert not Protocol.objects.exists()
