"""The plain-SQL reads and writes of the act path store and load exactly what the ORM does."""

from __future__ import annotations

import pytest
from django.db import transaction

from apps.games import services
from apps.games.models import Game
from apps.games.runtime import store as rows
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


def test_events_and_their_typed_rows_in_one_statement_are_what_the_orm_stores(game):
    """Each typed row is linked to its own event (looked up by seq in the one statement), and
    every column holds what ``bulk_create`` of the same instances stores."""
    from django.utils import timezone

    from apps.games.models import EventKind, GameEvent, Play

    now, seq = timezone.now(), game.next_seq
    events = [
        GameEvent(
            game=game,
            seq=seq + n,
            kind=EventKind.PLAY,
            seat=n % 2,
            payload={"n": n},
            server_time=now,
            decision_ms=100 + n,
        )
        for n in range(3)
    ]
    plays = [
        Play(
            game=game,
            event=events[n],
            round=1,
            seat=n % 2,
            deal=1,
            trick=1,
            position=n,
            card=card,
            actor="participant",
            decision_ms=100 + n,
            server_ms=None,
            legal_count=5,
        )
        for n, card in ((0, "QH"), (2, "7S"))
    ]
    with transaction.atomic():
        rows.insert_with(events, [plays], link="event")
    assert [e.pk for e in events] == list(
        GameEvent.objects.filter(game=game, seq__gte=seq)
        .order_by("seq")
        .values_list("pk", flat=True)
    )
    stored = {p.card: p for p in Play.objects.filter(game=game).select_related("event")}
    assert stored["QH"].event_id == events[0].pk and stored["7S"].event_id == events[2].pk
    assert stored["7S"].event.decision_ms == 102 and stored["7S"].position == 2
    # The same rows written by the ORM, column for column (keys and times aside).
    twins = [
        GameEvent(
            game=game,
            seq=seq + 10 + n,
            kind=e.kind,
            seat=e.seat,
            payload=e.payload,
            server_time=now,
            decision_ms=e.decision_ms,
        )
        for n, e in enumerate(events)
    ]
    GameEvent.objects.bulk_create(twins)
    skip = {"id", "seq", "created_at"}
    for mine, orm in zip(events, twins, strict=True):
        a = GameEvent.objects.values().get(pk=mine.pk)
        b = GameEvent.objects.values().get(pk=orm.pk)
        assert {k: v for k, v in a.items() if k not in skip} == {
            k: v for k, v in b.items() if k not in skip
        }
