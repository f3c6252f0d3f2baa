"""The live socket wakes when the table changes by itself (an opponent's move at its pace, a
silent seat taken over), writes it and pushes; connecting returns a seat taken over to its
person."""

from __future__ import annotations

import pytest

from apps.common import clock
from apps.games import services
from apps.games.models import EventKind, Game, GameEvent
from tests.apps.live.sockets import Seat
from tests.apps.live.test_sockets import link_path, new_game, run

pytestmark = pytest.mark.django_db(transaction=True)

# A pace short enough for a test on the real clock (the socket's timer sleeps for real).
PACE = 0.3


def test_an_opponents_move_at_its_pace_is_pushed_without_a_request(clinician):
    game = new_game(clinician, game="mendikot", trump_rule="turn_up", opponent_pace_seconds=PACE)

    async def scenario():
        seat = Seat(link_path(game))
        assert (await seat.connect())[0]
        view = await seat.view()
        if 0 in view["state"]["to_act"]:
            card = view["state"]["legal"][0]
            answer = await seat.ask("act", {"type": "play", "card": card})
            assert answer["status"] == 200, answer
            view = answer["body"]
        assert view["turn"]["thinking"], view["turn"]
        assert 0 < view["turn"]["next_due_in_seconds"] <= PACE * 1.25
        # Nothing is sent by the client now: the opponent's move arrives by itself.
        pushed = await seat.view(at_least=view["version"] + 1, timeout=5)
        events = [e for m in seat.messages if m["type"] == "events" for e in m["events"]]
        await seat.close()
        return view, pushed, events

    before, pushed, events = run(scenario)
    thinker = before["turn"]["thinking"][0]
    played = [e for e in events if e["kind"] == EventKind.PLAY and e["seat"] == thinker]
    assert played, "the opponent's move came pushed, in the events before the view"
    assert pushed["version"] > before["version"]
    # The socket's timer wrote it, at the time it was due.
    written = GameEvent.objects.get(game=game, seq=played[0]["seq"])
    assert written.server_time.isoformat() == before["turn"]["thinking_until"]


@pytest.fixture
def manual_clock():
    """The services' clock (every thread's, the socket's too), moved by the test."""
    with clock.installed(clock.ManualClock()) as installed:
        yield installed


def test_connecting_returns_a_seat_taken_over(clinician, manual_clock):
    game = new_game(clinician, game="mendikot", trump_rule="turn_up", takeover_seconds=10)
    # The participant's seat shares the table with a second person, and went silent.
    seats = list(game.seats)
    seats[2] = {"kind": "person"}
    # Its turn, now at a table of two people: its silence counts from now.
    silent = {"silent_since": {"0": manual_clock.now().isoformat()}, "taken_over": {}}
    Game.objects.filter(pk=game.pk).update(seats=seats, turns=silent)
    manual_clock.advance(11)
    with services.game_locked(game.pk) as table:
        table.catch_up()
        table.close()
    assert GameEvent.objects.filter(game=game, kind=EventKind.SEAT_TAKEOVER, seat=0).exists()

    async def scenario():
        seat = Seat(link_path(game))
        assert (await seat.connect())[0]
        view = await seat.view()
        await seat.close()
        return view

    view = run(scenario)
    assert view["seats"][0]["state"] == "person"
    back = GameEvent.objects.get(game=game, kind=EventKind.SEAT_RETURN)
    assert (back.seat, back.payload["reason"]) == (0, "reconnected")
