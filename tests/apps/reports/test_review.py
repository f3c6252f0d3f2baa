"""A finished game's replay: the hands, the Pritticut, every trick, the examination and the
'Stragedy, then the solver's analysis once it is stored; Mendikot too; never during play."""

import random

import pytest
from django.utils import timezone

from apps.games.demo import demo_game_play
from apps.metrics.services import game_analysis_ensure
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db


def _played(clinician, game="memulation", **protocol):
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(study=participant.study, game=game, opponent="random", **protocol)
    session = make_session(participant=participant, protocol=protocol, status="started")
    demo_game_play(session=session, start=timezone.now(), skill=0.8, rng=random.Random(3))
    return session.games.get()


def test_a_memulation_replay_without_then_with_the_solver(clinician, client_for):
    game = _played(clinician, roles="participant_lame", rounds=1)
    url = f"/api/games/{game.pk}/review/"
    body = client_for(clinician).get(url).json()
    assert body["analysis_status"] == "pending" and body["analysis"] is None
    deal = body["record"]["rounds"][0]["deals"][0]
    assert len(deal["dealt"]["A"]) == 13 and len(deal["dealt"]["B"]) == 13
    assert deal["pritticut"] and len(deal["tricks"]) == 13
    assert body["examination"] and body["examination"][0]["planned_seconds"] > 0
    assert body["stragedy"] and body["stragedy"][0]["revealed_card"]
    game_analysis_ensure(game_id=game.pk)
    body = client_for(clinician).get(url).json()
    assert body["analysis_status"] == "ready"
    assert body["analysis"][0]["tricks"][0]["plays"][0]["best"] is not None


def test_a_mendikot_replay_has_no_solver(clinician, client_for):
    game = _played(clinician, game="mendikot", rounds=1, trump_rule="hidden_ask")
    body = client_for(clinician).get(f"/api/games/{game.pk}/review/").json()
    assert body["analysis_status"] == "none"
    hands = body["record"]["rounds"][0]["hands"]
    assert sorted(hands) == ["0", "1", "2", "3"] and all(len(h) == 13 for h in hands.values())


def test_no_replay_during_play_nor_for_others(clinician, client_for):
    game = _played(clinician)
    game.status = "active"
    game.save(update_fields=["status"])
    refused = client_for(clinician).get(f"/api/games/{game.pk}/review/")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "game_in_progress"
    assert "hands" not in refused.content.decode()
    stranger = make_staff("stranger", "clinician")
    assert client_for(stranger).get(f"/api/games/{game.pk}/review/").status_code == 404
