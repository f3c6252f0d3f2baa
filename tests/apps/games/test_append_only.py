"""The event log and its typed rows refuse UPDATE and DELETE in the database itself."""

import pytest
from django.db import IntegrityError, connection, transaction

from apps.games.models import GameEvent
from tests.apps.factories import make_game


@pytest.mark.django_db
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE games_gameevent SET kind = 'play' WHERE id = %s",
        "DELETE FROM games_gameevent WHERE id = %s",
    ],
)
def test_raw_sql_cannot_change_the_log(sql):
    event = make_game().events.get(kind="game_created")
    with (
        pytest.raises(IntegrityError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, [event.pk])
    assert GameEvent.objects.get(pk=event.pk).kind == "game_created"


@pytest.mark.django_db
def test_the_orm_cannot_change_the_log_either():
    event = make_game().events.get(kind="game_created")
    logged = GameEvent.objects.count()
    event.kind = "play"
    with pytest.raises(IntegrityError), transaction.atomic():
        event.save()
    with pytest.raises(IntegrityError), transaction.atomic():
        GameEvent.objects.filter(pk=event.pk).delete()
    assert GameEvent.objects.count() == logged
