"""The live socket wakes when the table changes by itself (an opponent's move at its pace, a
silent seat taken over), writes it and pushes; connecting returns a seat taken over to its
person."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from apps.common import clock
from apps.games import links, services
from apps.games.models import EventKind, GameEvent
from apps.live.database import on_database
from apps.live.timers import timers
from tests.apps.games.tables import game_of, token_of
from tests.apps.live.sockets import Seat
from tests.apps.live.test_sockets import link_path, new_game, run
from tests.apps.live.test_tables_live import open_and_join

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
    # A table of two participants (seats 0 and 2) and two computer opponents, opened and
    # joined through the API; the first participant falls silent on their turn.
    client, table = open_and_join(
        clinician,
        "mendikot",
        ["participant", "bot", "participant", "bot"],
        trump_rule="turn_up",
        takeover_seconds=10,
    )
    for seat in table["seats"]:
        if seat["link"]:
            assert client.post(f"/api/play/{token_of(seat)}/join/").status_code == 200
    game = game_of(table)
    first = links.play_link_claim(token_of(table["seats"][0]))
    for _ in range(40):  # seat 2 plays (if it leads) until the table waits for seat 0
        body = services.game_view(game_id=game.pk, link=first)
        if 0 in body["state"]["to_act"]:
            break
        manual_clock.advance(1)
        services.game_settle(game_id=game.pk)
        second = links.play_link_claim(token_of(table["seats"][2]))
        mine = services.game_view(game_id=game.pk, link=second)
        if 2 in mine["state"]["to_act"]:
            card = {"type": "play", "card": mine["state"]["legal"][0]}
            services.game_act(
                game_id=game.pk, link=second, action=card, request=services.ClientFacts()
            )
    manual_clock.advance(11)
    services.game_settle(game_id=game.pk)
    assert GameEvent.objects.filter(game=game, kind=EventKind.SEAT_TAKEOVER, seat=0).exists()

    async def scenario():
        seat = Seat(f"/ws/play/{token_of(table['seats'][0])}/")
        assert (await seat.connect())[0]
        view = await seat.view()
        await seat.close()
        return view

    view = run(scenario)
    assert view["seats"][0]["state"] == "person"
    back = GameEvent.objects.get(game=game, kind=EventKind.SEAT_RETURN)
    assert (back.seat, back.payload["reason"]) == (0, "reconnected")


def test_a_wake_that_finds_nothing_due_sleeps_again_until_the_next_change(clinician):
    # The timer was set for a moment that turned out to bring nothing (a person acted first:
    # the hand they studied ended early); the change due later is still written, unasked.
    game = new_game(clinician, game="mendikot", trump_rule="turn_up", opponent_pace_seconds=PACE)
    view = services.game_view(game_id=game.pk)
    if 0 in view["state"]["to_act"]:
        card = {"type": "play", "card": view["state"]["legal"][0]}
        services.game_act(game_id=game.pk, link=None, action=card, request=services.ClientFacts())
    before = GameEvent.objects.filter(game=game).count()
    due = services.game_next_change(game_id=game.pk)
    assert due is not None

    async def scenario():
        timers.watch(game.pk)
        try:
            timers.schedule(game.pk, clock.now() + timedelta(seconds=0.01))
            timers.schedule(game.pk, due)  # an earlier wake is set: this one waits for it
            for _ in range(50):
                await asyncio.sleep(0.1)
                if await on_database(GameEvent.objects.filter(game=game).count)() > before:
                    return True
            return False
        finally:
            timers.unwatch(game.pk)

    assert run(scenario), "the opponent's move due later was written by the timer"
    played = GameEvent.objects.filter(game=game, seq__gte=before, kind=EventKind.PLAY).first()
    assert played is not None and played.server_time == due
