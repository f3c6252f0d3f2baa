"""Tables for several people: opening, links per seat, the waiting room, the start, and the
refusals (over HTTP; the sockets are in tests/apps/live/test_tables_live.py)."""

from __future__ import annotations

import pytest

from apps.games.models import EventKind, Game, GameEvent, GameSeat
from apps.training.models import TrainingSession
from tests.apps.games.tables import game_of, open_table, people, protocol_for, token_of

pytestmark = pytest.mark.django_db


def two_participants(client_for, clinician):
    pair = people(clinician, 2)
    protocol = protocol_for(pair)
    seats = [{"kind": "participant", "participant": p.pk} for p in pair]
    return client_for(clinician), pair, open_table(client_for(clinician), protocol, seats)


def test_a_table_opens_waiting_with_a_session_and_a_link_per_person(client_for, clinician):
    client, pair, table = two_participants(client_for, clinician)
    assert table["status"] == "waiting" and table["game_type"] == "memulation"
    assert [s["label"] for s in table["seats"]] == [p.code for p in pair]
    assert not any(s["joined"] for s in table["seats"])
    sessions = TrainingSession.objects.filter(pk__in=[s["session"] for s in table["seats"]])
    assert {s.participant_id for s in sessions} == {p.pk for p in pair}
    assert {s.status for s in sessions} == {"started"}
    assert table["seats"][0]["link"].startswith("http://testserver/play/")
    assert len({s["link"] for s in table["seats"]}) == 2
    assert table["watch"] == f"/games/{table['game']}/watch"
    game = game_of(table)
    # Nothing is due while waiting: no clock, no opponents, only the creation logged.
    assert game.examination is None and game.turn_started_at is None
    assert list(GameEvent.objects.filter(game=game).values_list("kind", flat=True)) == [
        EventKind.GAME_CREATED
    ]
    assert client.get(f"/api/tables/{game.pk}/").json() == table


def test_the_waiting_room_then_the_start_when_the_last_joins(client_for, clinician, api):
    _, _, table = two_participants(client_for, clinician)
    first, second = (token_of(s) for s in table["seats"])
    body = api.get(f"/api/play/{first}/").json()
    assert body["status"] == "waiting" and body["seat"] == 0
    assert body["table"]["you"] == 0
    assert [s["joined"] for s in body["table"]["seats"]] == [False, False]
    assert body["examination"] is None and body["recent"] == []
    move = api.post(f"/api/play/{first}/examination/", {"type": "start"}, format="json")
    assert move.status_code == 409 and move.json()["error"]["code"] == "table_waiting"

    joined = api.post(f"/api/play/{first}/join/").json()
    assert joined["status"] == "waiting"
    assert [s["joined"] for s in joined["table"]["seats"]] == [True, False]
    again = api.post(f"/api/play/{first}/join/").json()  # idempotent
    assert again["version"] == joined["version"]

    started = api.post(f"/api/play/{second}/join/").json()
    assert started["status"] == "active" and started["seat"] == 1
    assert started["examination"]["waiting"] is True
    kinds = list(GameEvent.objects.filter(game_id=table["game"]).values_list("kind", flat=True))
    assert kinds[-3:] == [EventKind.SEAT_JOINED, EventKind.SEAT_JOINED, EventKind.TABLE_STARTED]
    assert GameSeat.objects.filter(game_id=table["game"], joined_at__isnull=True).count() == 0


def test_two_participants_play_a_whole_memulation_game_over_http(client_for, clinician, api):
    _, _, table = two_participants(client_for, clinician)
    tokens = [token_of(s) for s in table["seats"]]
    for token in tokens:
        api.post(f"/api/play/{token}/join/")
    play_alternately(api, tokens)
    game = game_of(table)
    assert game.status == Game.Status.FINISHED
    sessions = TrainingSession.objects.filter(pk__in=[s["session"] for s in table["seats"]])
    assert {s.status for s in sessions} == {"completed"}


def play_alternately(api, tokens, limit=600):
    """Each seat's device moves when it is its turn, until the game ends."""
    import random

    from tests.apps.games.playing import hand_on_show, next_move

    rngs = [random.Random(i) for i in range(len(tokens))]
    for step in range(limit):
        bodies = [api.get(f"/api/play/{t}/").json() for t in tokens]
        if bodies[0]["state"]["finished"]:
            return bodies
        moved = False
        for i, (token, body) in enumerate(zip(tokens, bodies, strict=True)):
            base = f"/api/play/{token}/"
            if body["state"]["phase"] == "examination":
                body = hand_on_show(api, base, body)
            move = next_move(body, rngs[i])
            if move is None:
                continue
            suffix, data = move
            data = {**data, "event_id": f"t{step}-{i}"}
            response = api.post(base + suffix, data, format="json")
            assert response.status_code in (200, 409), response.content
            moved = True
        assert moved or step < 2, bodies
    raise AssertionError("the game did not end")
