"""The plain-SQL reads and writes of the act path store and load exactly what the ORM does."""

from __future__ import annotations

import pytest
from django.db import transaction

from apps.games import rows, services
from apps.games.models import Game
from tests.apps.factories import make_participant, make_protocol, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    participant = make_participant()
    protocol = make_protocol(study=participant.study, rounds=1, opponent="memory")
    session = make_session(participant=participant, protocol=protocol, status="started")
    return services.game_create(session=session, seed=11)


def test_a_locked_game_is_the_row_the_orm_reads(game):
    with transaction.atomic():
        locked = rows.locked_with(Game, game.pk, None)[0]
    read = Game.objects.get(pk=game.pk)
    assert locked is not None and not locked._state.adding and locked._state.db == "default"
    for field in Game._meta.concrete_fields:
        mine, theirs = getattr(locked, field.attname), getattr(read, field.attname)
        assert mine == theirs and type(mine) is type(theirs), field.name
    with transaction.atomic():
        assert rows.locked_with(Game, game.pk + 1000, None)[0] is None


def test_a_json_column_sent_as_the_callers_text_stores_the_same_value(game):
    value = {"b": [1, 2.5, None, True, "é"], "a": {"z": "x", "y": []}}
    game.opponents, game.turns = value, None
    # The caller's own (sorted, compact) text of the value; a None is always SQL NULL.
    rows.update(
        game,
        ["opponents", "turns"],
        {"opponents": '{"a":{"y":[],"z":"x"},"b":[1,2.5,null,true,"\\u00e9"]}', "turns": "null"},
    )
    stored = Game.objects.values("opponents", "turns").get(pk=game.pk)
    assert stored == {"opponents": value, "turns": None}
