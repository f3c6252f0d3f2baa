"""Tables over the live socket: several people play one game, each pushed only their own
seat's view; the waiting room is pushed; a spectator sees only public information."""

from __future__ import annotations

import asyncio
import random

import pytest
from asgiref.sync import async_to_sync
from rest_framework.test import APIClient

from apps.games import services
from apps.games.engine import game_from_json
from apps.games.models import Game, GameEvent
from tests.apps.games.playing import next_move
from tests.apps.games.tables import game_of, open_table, people, protocol_for, token_of
from tests.apps.games.test_hidden_information import cards_in, face_up_during, seat_may_see
from tests.apps.live.sockets import ORIGIN, Seat, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def run(scenario):
    return async_to_sync(scenario)()


def state_at(game: Game, version: int):
    """The game's engine state when its log had ``version`` events (the other seats move on
    while a message is being checked)."""
    from apps.games.engine import game_from_setup
    from apps.games.models import EventKind

    logged = GameEvent.objects.filter(game=game, seq__lt=version).order_by("seq")
    setup, actions = None, []
    for kind, payload in logged.values_list("kind", "payload"):
        if kind == EventKind.GAME_CREATED:
            setup = payload["setup"]
        elif "action" in payload and kind != EventKind.ILLEGAL_ATTEMPT:
            actions.append(payload["action"])
    return game_from_setup(setup).replay(actions)


def seat_checker(game_id: int, seat: int):
    """Every message a seat's socket is sent names no card that seat may not see."""
    previous = {"version": 0}

    def check(message: dict) -> None:
        game = Game.objects.get(pk=game_id)
        body = None
        if message["type"] == "view" or (message["type"] == "answer" and message["status"] == 200):
            body = message.get("view") or message["body"]
            assert body["seat"] == seat
            since = previous["version"]
            previous["version"] = max(since, body["version"])
            # Judged against the game as it was at the view's version.
            game.state = state_at(game, body["version"]).to_json()
        elif message["type"] == "events":
            since = message["events"][0]["seq"]
        if body is None:
            body = services.game_view(game_id=game_id, link=_claim(game, seat))
            since = message["events"][0]["seq"] if message["type"] == "events" else 0
        allowed = seat_may_see(game, body) | face_up_during(game, since, seat)
        leaked = cards_in({k: v for k, v in message.items() if k != "_raw"}) - allowed
        assert not leaked, f"seat {seat}: a {message['type']} message named {sorted(leaked)}"

    return check


def _claim(game: Game, seat: int):
    from apps.games import links

    return links.play_link_claim(links.play_link_token(game, seat=seat))


def spectator_checker(game_id: int):
    """Every message a spectator is sent while the game runs names only public cards."""

    def check(message: dict) -> None:
        game = Game.objects.get(pk=game_id)
        view = message.get("view")
        if view is not None and view["status"] in ("finished", "abandoned"):
            return  # everything, once it is over
        assert message["type"] in ("view", "events", "error"), message
        state = game_from_json(game.state).view(0)
        allowed = face_up_during(game, 0, -1) | {state.get("pritticut"), state.get("turn_up")}
        allowed |= cards_in((state.get("trick") or {}).get("cards", []))
        allowed |= cards_in(state.get("roles_cut"))
        if state.get("stragedy"):
            allowed.add(state["stragedy"]["revealed"])
        leaked = cards_in({k: v for k, v in message.items() if k != "_raw"}) - allowed
        assert not leaked, f"the spectator was sent {sorted(leaked)}"

    return check


async def play_seat(seat: Seat, seed: int, limit: int = 1500) -> dict:
    """Play one seat to the game's end: move when it is this seat's turn, else wait for the
    next pushed view."""
    rng = random.Random(seed)
    view = await seat.view()
    for _ in range(limit):
        state = view["state"]
        if state["finished"]:
            return view
        exam = view.get("examination") or {}
        hidden = (  # its hand is shown in a moment
            state["phase"] == "examination"
            and not (state.get("examination") or {}).get("cards")
            and not exam.get("waiting")
            and not exam.get("ready")
        )
        move = None if hidden or exam.get("ready") else next_move(view, rng)
        if move is None:
            view = await seat.view(at_least=0 if hidden else view["version"] + 1, timeout=30)
            continue
        suffix, data = move
        kind = "act" if suffix == "actions/" else "examine"
        answer = await seat.ask(kind, {**data, "decision_ms": rng.randint(300, 4000)})
        if answer["status"] == 200:
            view = answer["body"]
        else:
            assert answer["body"]["error"]["code"] in ("stale_version", "not_your_turn"), answer
            view = await seat.view(at_least=view["version"] + 1, timeout=30)
    raise AssertionError("the game did not end")


def open_and_join(clinician, game: str, kinds: list[str], **fields):
    client = APIClient()
    client.force_authenticate(user=clinician)
    count = kinds.count("participant")
    group = people(clinician, count)
    protocol = protocol_for(group, game=game, **fields)
    chosen = iter(group)
    seats = [
        {"kind": k, "participant": next(chosen).pk} if k == "participant" else {"kind": k}
        for k in kinds
    ]
    return client, open_table(client, protocol, seats)


def test_two_participants_play_a_whole_memulation_over_two_sockets(clinician):
    client, table = open_and_join(clinician, "memulation", ["participant", "participant"])
    game = game_of(table)
    tokens = [token_of(s) for s in table["seats"]]

    async def scenario():
        seats = [
            Seat(f"/ws/play/{t}/", check=seat_checker(game.pk, i)) for i, t in enumerate(tokens)
        ]
        watcher = Seat(
            f"/ws/games/{game.pk}/watch/",
            headers=(ORIGIN, await _cookie(clinician)),
            check=spectator_checker(game.pk),
        )
        for seat in [*seats, watcher]:
            assert (await seat.connect())[0]
        waiting = await seats[1].view()
        assert waiting["status"] == "waiting"
        assert [s["joined"] for s in waiting["table"]["seats"]] == [False, False]
        await _join(client, tokens[0])
        pushed = await seats[1].view(at_least=waiting["version"] + 1)
        assert [s["joined"] for s in pushed["table"]["seats"]] == [True, False]
        await _join(client, tokens[1])
        started = await seats[0].view(at_least=pushed["version"] + 1)
        assert started["status"] == "active"
        finals = await asyncio.gather(*(play_seat(s, seed=i) for i, s in enumerate(seats)))
        last = await watcher.until(
            lambda m: m["type"] == "view" and m["view"]["status"] == "finished", timeout=30
        )
        for seat in [*seats, watcher]:
            await seat.close()
        return finals, last, seats, watcher

    finals, last, seats, watcher = run(scenario)
    assert all(f["state"]["finished"] for f in finals)
    assert last["view"]["record"] is not None
    running = [m for m in watcher.messages if m["type"] == "view" and m["view"]["record"] is None]
    assert running and all(m["view"]["state"]["hand"] is None for m in running)
    assert all({m["type"] for m in s.messages} >= {"view", "answer", "events"} for s in seats)
    kinds = set(GameEvent.objects.filter(game=game).values_list("kind", flat=True))
    assert {"seat_joined", "table_started", "match_result"} <= kinds


@pytest.mark.parametrize(
    ("kinds", "extra"),
    [
        (["participant", "bot", "participant", "bot"], {"trump_rule": "hidden_ask"}),
        (["participant", "participant", "clinician", "bot"], {"trump_rule": "hidden_reveal"}),
    ],
)
def test_mendikot_with_people_and_bots_over_sockets(kinds, extra, clinician):
    client, table = open_and_join(clinician, "mendikot", kinds, **extra)
    game = game_of(table)
    people_seats = [s for s in table["seats"] if s["kind"] != "bot"]

    async def scenario():
        seats = [
            Seat(f"/ws/play/{token_of(s)}/", check=seat_checker(game.pk, s["seat"]))
            for s in people_seats
        ]
        watcher = Seat(
            f"/ws/games/{game.pk}/watch/",
            headers=(ORIGIN, await _cookie(clinician)),
            check=spectator_checker(game.pk),
        )
        for seat in [*seats, watcher]:
            assert (await seat.connect())[0]
        for s in people_seats:
            await _join(client, token_of(s))
        finals = await asyncio.gather(*(play_seat(s, seed=i) for i, s in enumerate(seats)))
        await watcher.until(
            lambda m: m["type"] == "view" and m["view"]["status"] == "finished", timeout=30
        )
        for seat in [*seats, watcher]:
            await seat.close()
        return finals

    finals = run(scenario)
    assert all(f["state"]["finished"] for f in finals)
    assert {f["seat"] for f in finals} == {s["seat"] for s in people_seats}
    actors = {
        (e.seat, e.payload["actor"]) for e in GameEvent.objects.filter(game=game, kind="play")
    }
    assert {seat for seat, actor in actors if actor == "bot"} == {
        s["seat"] for s in table["seats"] if s["kind"] == "bot"
    }


def test_the_spectator_socket_is_read_only_and_for_staff_only(clinician):
    _, table = open_and_join(clinician, "memulation", ["participant", "clinician"])
    game = game_of(table)

    async def scenario():
        anonymous = Seat(f"/ws/games/{game.pk}/watch/")
        refused = await anonymous.connect()
        watcher = Seat(f"/ws/games/{game.pk}/watch/", headers=(ORIGIN, await _cookie(clinician)))
        assert (await watcher.connect())[0]
        first = await watcher.view()
        await watcher.send({"type": "act", "ref": "x", "data": {"type": "play", "card": "AS"}})
        error = await watcher.until(lambda m: m["type"] == "error")
        await watcher.close()
        return refused, first, error

    refused, first, error = run(scenario)
    assert refused == (False, 4403)
    assert first["status"] == "waiting" and first["state"]["hand"] is None
    assert error["error"]["code"] == "read_only" and error["ref"] == "x"


async def _join(client, token: str) -> dict:
    from channels.db import database_sync_to_async

    response = await database_sync_to_async(client.post)(f"/api/play/{token}/join/")
    assert response.status_code == 200, response.content
    return response.json()


async def _cookie(user):
    from channels.db import database_sync_to_async

    return await database_sync_to_async(session_cookie)(user)


def test_the_same_event_from_a_seat_over_its_socket_and_over_http_applies_once(clinician):
    client, table = open_and_join(clinician, "memulation", ["participant", "participant"])
    game = game_of(table)
    second = token_of(table["seats"][1])
    for seat in table["seats"]:
        async_to_sync(_join)(client, token_of(seat))

    async def scenario():
        seat = Seat(f"/ws/play/{second}/", check=seat_checker(game.pk, 1))
        assert (await seat.connect())[0]
        await seat.view()
        data = {"type": "start", "event_id": "same-start"}
        await seat.send({"type": "examine", "ref": "a", "data": data})
        answer = await seat.until(lambda m: m["type"] == "answer")
        await seat.close()
        return answer

    answer = run(scenario)
    before = GameEvent.objects.filter(game=game).count()
    again = APIClient().post(
        f"/api/play/{second}/examination/",
        {"type": "start", "event_id": "same-start"},
        format="json",
    )
    assert again.status_code == answer["status"] == 200
    assert again.content.decode() == answer["_raw"].split(',"body":', 1)[1][:-1]
    assert GameEvent.objects.filter(game=game).count() == before
    assert GameEvent.objects.filter(game=game, event_id="same-start").count() == 1
    assert answer["body"]["seat"] == 1
