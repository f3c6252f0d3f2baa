"""Games played end to end through the API, on PostgreSQL."""

import pytest

from apps.games.engine import game_from_json
from apps.games.models import ExaminationPeriod, Game, GameEvent, Play, RecallAttempt
from apps.games.selectors import game_replayed
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.playing import play_through

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(clinician):
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(study=participant.study, rounds=1, opponent="random")
    return make_session(participant=participant, protocol=protocol, status="started")


def test_a_whole_memulation_round_through_the_api(session, clinician, client_for):
    api = client_for(clinician)
    created = api.post(f"/api/sessions/{session.pk}/games/")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    final = play_through(api, f"/api/games/{game_id}/", seed=3)
    assert final["status"] == "finished"
    game = Game.objects.get(pk=game_id)
    assert game_replayed(game) == game_from_json(game.state)
    assert Play.objects.filter(game=game).count() == 52
    assert RecallAttempt.objects.filter(game=game).count() == 1
    assert ExaminationPeriod.objects.filter(game=game).count() == 4
    seqs = list(GameEvent.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(len(seqs)))
