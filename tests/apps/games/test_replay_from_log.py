"""A game rebuilt from its log alone: refused moves are logged but are not part of the replay."""

import pytest

from apps.games import selectors
from apps.games.engine import game_from_json
from apps.games.models import EventKind, Game, GameEvent
from apps.games.runtime.log import setup_and_actions
from tests.apps.games.playing import play_through
from tests.apps.games.test_actions import lame_duck_game, to_play, url

pytestmark = pytest.mark.django_db


def test_a_game_with_a_refused_move_replays_from_its_log(clinician, client_for):
    api = client_for(clinician)
    game = lame_duck_game(clinician, seed=5)
    body = to_play(api, game)
    not_mine = next(c for c in ("AS", "KH", "QD", "JC", "TS") if c not in body["state"]["hand"])
    refused = api.post(url(game, "actions/"), {"type": "play", "card": not_mine})
    assert refused.status_code == 400
    assert GameEvent.objects.filter(game=game, kind=EventKind.ILLEGAL_ATTEMPT).exists()

    play_through(api, url(game), seed=5)

    game = Game.objects.get(pk=game.pk)
    _, actions = setup_and_actions(game)
    assert {"type": "play", "seat": 0, "card": not_mine} not in actions
    assert selectors.game_replayed(game) == game_from_json(game.state)
