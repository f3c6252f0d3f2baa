"""A sitting that stops from outside its game (its participant withdraws consent, or staff
abandon it) stops its game: nothing more is recorded from the participant's device. At a table,
the computer plays the seat and the others play on."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from apps.games.models import Game, GameEvent
from apps.training.models import TrainingSession
from tests.apps.games.playing import hand_on_show
from tests.apps.games.tables import game_of, open_table, people, protocol_for, token_of
from tests.apps.games.test_tables import play_alternately

pytestmark = pytest.mark.django_db


def solo_game_on_a_device(client, clinician) -> tuple[TrainingSession, Game, str, dict]:
    """A sitting started by the clinician, its game opened on the participant's device with
    the first hand on show."""
    [person] = people(clinician, 1)
    protocol = protocol_for([person])
    made = client.post("/api/sessions/", {"participant": person.pk, "protocol": protocol.pk})
    assert made.status_code == 201, made.json()
    session = TrainingSession.objects.get(pk=made.json()["id"])
    game_id = client.post(f"/api/sessions/{session.pk}/games/").json()["id"]
    token = client.post(f"/api/games/{game_id}/link/").json()["token"]
    device, base = APIClient(), f"/api/play/{token}/"
    body = hand_on_show(device, base, device.get(base).json())
    assert body["state"]["examination"]["cards"]
    return session, Game.objects.get(pk=game_id), base, body


@pytest.mark.parametrize("how", ["withdrawn", "abandoned"])
def test_a_stopped_sitting_takes_no_more_from_the_device(client_for, clinician, how):
    client = client_for(clinician)
    session, game, base, body = solo_game_on_a_device(client, clinician)
    if how == "withdrawn":
        stopped = client.post(
            f"/api/participants/{session.participant_id}/withdraw/", {"reason": "asked to stop"}
        )
    else:
        stopped = client.post(f"/api/sessions/{session.pk}/abandon/", {"reason": "unwell"})
    assert stopped.status_code == 200, stopped.json()
    session.refresh_from_db()
    game.refresh_from_db()
    assert session.status == "abandoned" and game.status == "abandoned"
    if how == "withdrawn":
        assert session.abandon_reason == "consent withdrawn"
    events = GameEvent.objects.filter(game=game).count()
    device = APIClient()
    for suffix, data in (
        ("examination/", {"type": "ready", "event_id": "after-1"}),
        ("actions/", {"type": "play", "card": body["state"]["examination"]["cards"][0]}),
    ):
        refused = device.post(base + suffix, data, format="json")
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_over"
    assert device.get(base).json()["status"] == "abandoned"  # the device says so
    assert GameEvent.objects.filter(game=game).count() == events
    again = client.post(f"/api/sessions/{session.pk}/games/")
    assert again.status_code == 409 and again.json()["error"]["code"] == "session_not_started"


def test_at_a_table_the_computer_plays_a_withdrawn_seat_and_the_others_finish(
    client_for, clinician, api
):
    client = client_for(clinician)
    pair = people(clinician, 2)
    seats = [{"kind": "participant", "participant": p.pk} for p in pair]
    table = open_table(client, protocol_for(pair), seats)
    first, second = (token_of(s) for s in table["seats"])
    for token in (first, second):
        api.post(f"/api/play/{token}/join/")
    withdrawn = client.post(f"/api/participants/{pair[0].pk}/withdraw/", {"reason": "stopped"})
    assert withdrawn.status_code == 200
    game = game_of(table)
    assert game.status == "active"
    assert game.events.filter(kind="seat_takeover", seat=0).exists()
    # The withdrawn person's device takes nothing back: the computer keeps the seat.
    api.post(f"/api/play/{first}/examination/", {"type": "start"}, format="json")
    assert not game.events.filter(kind="seat_return").exists()
    play_alternately(api, [second])
    game.refresh_from_db()
    assert game.status == "finished"
    seated = TrainingSession.objects.filter(table_seats__game=game)
    sessions = {s.participant_id: s for s in seated}
    assert sessions[pair[0].pk].status == "abandoned"
    assert sessions[pair[1].pk].status == "completed"


def test_a_sitting_whose_game_is_in_play_is_not_completed_by_hand(client_for, clinician):
    """Completed by hand mid-game, the game would play on outside its sitting (and out of the
    export): refused; the game completes the sitting when it ends."""
    client = client_for(clinician)
    session, _game, base, _ = solo_game_on_a_device(client, clinician)
    refused = client.post(f"/api/sessions/{session.pk}/complete/")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_in_play"
    assert refused.json()["error"]["message"]
    session.refresh_from_db()
    assert session.status == "started"
    device = APIClient()
    assert device.post(base + "examination/", {"type": "ready"}, format="json").status_code == 200
