"""What a socket is sent when it asks for old events, and how its edges answer.

Catching up (``?since=N`` at connect, a ``resume``) sends the events a seat may see *now*: no
card of a trick that lies face down by now, whatever N is, on a seat's socket and on the watch
socket, in the Old Deal and in the New Deal. A bad handshake, a bad frame, a move with a field
the API does not know, a message over the byte limit and a burst are refused as the live
protocol document says, and the socket stays open (only a link that stops working closes it).
"""

from __future__ import annotations

import json
import random

import pytest

from apps.common import clock
from apps.games import services
from apps.games.engine import game_from_json
from apps.games.models import Game
from tests.apps.games.playing import next_move
from tests.apps.games.test_hidden_information import cards_in
from tests.apps.live.sockets import ORIGIN, Seat, session_cookie
from tests.apps.live.test_sockets import is_a_reply, link_path, new_game, run

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def manual_clock():
    """The services' clock, moved by the test (the sockets run in this process: theirs too)."""
    with clock.installed(clock.ManualClock()) as installed:
        yield installed


def play_until(game: Game, wanted, moved: clock.ManualClock, *, seed: int = 1) -> dict:
    """The participant plays (over the service every edge calls) until ``wanted(view)``; a hand
    shown after the pause to see the last trick is waited for on the clock."""
    rng = random.Random(seed)
    kinds = {
        "actions/": lambda data, req: services.game_act(
            game_id=game.pk, link=None, action=data, request=req
        ),
        "examination/": lambda data, req: services.game_examination_event(
            game_id=game.pk, link=None, event=data, request=req
        ),
        "probes/": lambda data, req: services.game_probe_answer(
            game_id=game.pk, link=None, answer=data, request=req
        ),
    }
    for _ in range(400):
        body = services.game_view(game_id=game.pk)
        if wanted(body):
            return body
        starts = (body["examination"] or {}).get("starts_in_seconds")
        if starts:
            moved.advance(starts + 0.01)
            continue
        move = next_move(body, rng)
        assert move is not None, body["state"]
        reply = kinds[move[0]](move[1], services.ClientFacts())
        assert reply.status == 200, reply.body
    raise AssertionError("never came")


def face_down(game: Game, *, own_intention: bool = False) -> set[str]:
    """Every card lying face down now: the tricks taken, but for the last one taken in the deal
    in play (on the table, in every view), and the 'Stragedy's revealed card (and, for Lame
    Duck's own seat, the card they said they meant to find: their own words)."""
    state = game_from_json(Game.objects.get(pk=game.pk).state)
    record = state.spectator_view(allow_unfinished=True)["rounds"][-1]
    view = state.view(0)
    hidden: set[str] = set()
    for number, deal in enumerate(record["deals"], start=1):
        done = [t for t in deal["tricks"] if t["winner"] is not None]
        for index, trick in enumerate(done):
            last = number == view["deal"] and index == len(done) - 1 and view.get("last_trick")
            if not last:
                hidden |= set(trick["cards"])
    if view.get("stragedy"):
        hidden.discard(view["stragedy"]["revealed"])
        if own_intention:
            hidden.discard(view["stragedy"].get("intended"))
    return hidden


def asked_back(path: str, headers, since_values=(-1, 0)) -> list[dict]:
    """Every message a socket gets when it connects with each ``?since=`` and then resumes
    from each again."""

    async def scenario():
        got = []
        for since in since_values:
            seat = Seat(f"{path}?since={since}", headers=headers)
            assert (await seat.connect())[0]
            await seat.view()
            for again in since_values:
                await seat.send({"type": "resume", "since": again})
                await seat.view()
            await seat.close()
            got += seat.messages
        return got

    return run(scenario)


def in_deal(deal: int, tricks: int):
    def wanted(body: dict) -> bool:
        state = body["state"]
        return (
            state["phase"] == "play"
            and state["deal"] == deal
            and state["trick"]["number"] >= tricks
        )

    return wanted


@pytest.mark.parametrize("deal", [1, 2])
def test_no_socket_asking_for_old_events_is_sent_a_face_down_card(deal, clinician, manual_clock):
    game = new_game(clinician, roles="participant_lame")
    play_until(game, in_deal(deal, 5), manual_clock)
    assert len(face_down(game)) >= 6  # tricks lie face down: there is something to leak
    watch = f"/ws/games/{game.pk}/watch/"
    sockets = [  # the participant (Lame Duck) is seat 0
        (link_path(game), (ORIGIN,), face_down(game, own_intention=True)),
        (watch, (ORIGIN, session_cookie(clinician)), face_down(game)),
    ]
    for path, headers, hidden in sockets:
        messages = asked_back(path, headers)
        events = [m for m in messages if m["type"] == "events"]
        assert events, "the old events were sent (without their face-down cards)"
        for message in messages:
            leaked = cards_in({k: v for k, v in message.items() if k != "_raw"}) & hidden
            where = [e for e in message.get("events", []) if cards_in(e) & hidden]
            assert not leaked, (
                f"{path}: a {message['type']} message named {sorted(leaked)}: {where}"
            )
        # The events themselves are all there, in order, each with its kind and time.
        seqs = [e["seq"] for m in events[:1] for e in m["events"]]
        assert seqs == sorted(seqs) and seqs[0] == 0


# -- the socket's edges ------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/ws/play/", "/ws/nowhere/", "/ws/games/abc/", "/elsewhere"])
def test_a_handshake_on_a_path_that_names_no_table_is_refused_without_an_error(path):
    async def scenario():
        seat = Seat(path)
        return await seat.connect()

    connected, code = run(scenario)
    assert connected is False and code == 4403


def test_a_move_with_an_unknown_field_is_refused_and_the_socket_stays_open(clinician):
    game = new_game(clinician)

    async def scenario():
        seat = Seat(link_path(game))
        assert (await seat.connect())[0]
        first = await seat.view()
        await seat.send({"type": "act", "ref": "x1", "data": {"type": "play", "colour": "red"}})
        refused = await seat.until(lambda m: m["type"] == "answer")
        await seat.send({"type": "view"})
        again = await seat.view()
        await seat.close()
        return first, refused, again

    first, refused, again = run(scenario)
    assert refused["ref"] == "x1" and refused["status"] == 400
    assert refused["body"]["error"]["code"] == "unknown_fields"
    assert again["version"] == first["version"]  # changed nothing, and still connected


def test_the_message_limit_counts_bytes_and_binary_frames_are_refused(clinician):
    game = new_game(clinician)

    async def scenario():
        seat = Seat(link_path(game))
        assert (await seat.connect())[0]
        await seat.view()
        wide = json.dumps({"type": "view", "ref": "w", "pad": "é" * 2100}, ensure_ascii=False)
        assert len(wide) < 4096 < len(wide.encode())
        await seat.send(wide)
        too_large = await seat.until(lambda m: m["type"] == "error")
        await seat.communicator.send_to(bytes_data=b'{"type": "view"}')
        binary = await seat.until(lambda m: m["type"] == "error")
        await seat.send({"type": "view"})
        await seat.view()
        await seat.close()
        return too_large, binary

    too_large, binary = run(scenario)
    assert too_large["error"]["code"] == "message_too_large"
    assert binary["error"]["code"] == "malformed_message"


def test_a_move_held_back_by_the_rate_limit_names_its_ref(clinician):
    game = new_game(clinician)

    async def scenario():
        seat = Seat(link_path(game))
        assert (await seat.connect())[0]
        await seat.view()
        sent = 60  # a burst of 20 is let through (refused for their unknown type, cheaply)
        for n in range(sent):
            await seat.send({"type": "bogus", "ref": f"m{n}"})
        replies = [await seat.until(is_a_reply) for _ in range(sent)]
        await seat.close()
        return [r for r in replies if r["error"]["code"] == "rate_limited"]

    with clock.installed(clock.ManualClock()):  # no refill while the machine answers
        refusals = run(scenario)
    assert len(refusals) == 40
    assert [r["ref"] for r in refusals] == [f"m{n}" for n in range(20, 60)]
