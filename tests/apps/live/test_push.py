"""The push after every committed change, over the real Redis pub/sub layer: every socket of a
table is told, each then sends its own seat's view, and a process publishes on one connection it
keeps, not a new event loop and Redis connection per play."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
from pathlib import Path

import pytest
import redis
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings
from rest_framework.test import APIClient

from apps.games import links, services
from apps.live import push
from tests.apps.games.playing import hand_on_show, next_move
from tests.apps.live.sockets import ORIGIN, Seat, session_cookie
from tests.apps.live.test_sockets import link_path, new_game, run

pytestmark = pytest.mark.django_db(transaction=True)


def play_until_cards(client: APIClient, base: str, rng: random.Random) -> dict:
    """The participant's view once a card is theirs to play (or the game is over)."""
    body = hand_on_show(client, base, client.get(base).json())
    while not body["state"]["finished"] and (
        body["state"]["phase"] != "play" or body["seat"] not in body["state"]["to_act"]
    ):
        suffix, data = next_move(body, rng)
        body = hand_on_show(client, base, client.post(base + suffix, data, format="json").json())
    return body


def test_the_layer_under_test_is_redis_pub_sub():
    assert isinstance(get_channel_layer(), RedisPubSubChannelLayer)


def test_every_socket_of_a_table_is_pushed_its_own_seat_view(clinician):
    game, other = new_game(clinician), new_game(clinician)
    client, rng = APIClient(), random.Random(3)
    base = f"/api/play/{links.play_link_token(game)}/"
    body = play_until_cards(client, base, rng)
    claim = links.play_link_claim(links.play_link_token(game))
    device, staff, away = link_path(game), session_cookie(clinician), link_path(other)

    async def scenario():
        sockets = [
            Seat(device),
            Seat(device),
            Seat(f"/ws/games/{game.pk}/", headers=[ORIGIN, staff]),
        ]
        elsewhere = Seat(away)
        for socket in [*sockets, elsewhere]:
            await socket.connect()
            await socket.view()
        card = random.Random(1).choice(body["state"]["legal"])
        played = await database_sync_to_async(client.post)(
            base + "actions/", {"type": "play", "card": card, "event_id": "p1"}, format="json"
        )
        version = played.json()["version"]
        pushed = [await socket.view(at_least=version) for socket in sockets]
        expected = await database_sync_to_async(services.game_view)(game_id=game.pk, link=claim)
        quiet = await elsewhere.communicator.receive_nothing(timeout=0.5)
        for socket in [*sockets, elsewhere]:
            await socket.close()
        return version, pushed, expected, quiet

    version, pushed, expected, quiet = run(scenario)
    for view in pushed:
        assert view["version"] == version
        assert view["seat"] == game.participant_seat  # the only seat a person holds here
        assert view == expected  # the seat's own view, as its socket works it out
    assert quiet  # another table's socket hears nothing of this one


def own_addresses() -> set[str]:
    """The local addresses (``ip:port``) of this process's IPv4 TCP sockets, from /proc: other
    processes (the suite's other workers) publish on the same Redis database meanwhile."""
    inodes = set()
    for fd in Path("/proc/self/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(fd)
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    addresses = set()
    for line in Path("/proc/self/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[9] in inodes:
            ip, port = fields[1].split(":")
            address = ".".join(str(b) for b in reversed(bytes.fromhex(ip)))
            addresses.add(f"{address}:{int(port, 16)}")
    return addresses


def push_connections(client: redis.Redis) -> dict[int, str]:
    """This process's publishing connections to this test's Redis database: id -> address."""
    db = client.connection_pool.connection_kwargs.get("db", 0)
    own = own_addresses()
    return {
        c["id"]: c["addr"]
        for c in client.client_list()
        if c.get("name") == push.CLIENT_NAME and int(c["db"]) == db and c["addr"] in own
    }


def test_fifty_plays_publish_on_one_kept_connection_without_new_event_loops(clinician, monkeypatch):
    loops = []
    new_event_loop = asyncio.new_event_loop
    counted = lambda: loops.append(1) or new_event_loop()  # noqa: E731
    monkeypatch.setattr(asyncio, "new_event_loop", counted)
    monkeypatch.setattr(asyncio.events, "new_event_loop", counted)
    admin = redis.Redis.from_url(settings.REDIS_URL)
    client, plays, seed = APIClient(), 0, 0
    before = None
    while plays < 50:
        seed += 1
        game = new_game(clinician, opponent="greedy")
        base = f"/api/play/{links.play_link_token(game)}/"
        rng = random.Random(seed)
        body = play_until_cards(client, base, rng)
        if before is None:
            assert push.announcer.drain()  # the first change told, on the thread's connection
            before = push_connections(admin)
            loops.clear()
        while plays < 50 and not body["state"]["finished"]:
            if body["state"]["phase"] != "play":
                body = play_until_cards(client, base, rng)
                continue
            card = rng.choice(body["state"]["legal"])
            response = client.post(base + "actions/", {"type": "play", "card": card}, format="json")
            assert response.status_code == 200
            body, plays = response.json(), plays + 1
    assert push.announcer.drain()
    assert loops == []
    assert len(before) == 1  # one connection for this process, opened by the first change
    assert push_connections(admin) == before


def test_changes_made_in_a_row_reach_a_socket_in_order_each_event_once(clinician):
    """The writer only queues its change; the process's announcer tells them in the order they
    were committed, so the socket never sees a gap (nor needs to read the log to fill one)."""
    game = new_game(clinician)
    client = APIClient()
    base = f"/api/play/{links.play_link_token(game)}/"

    async def scenario():
        seat = Seat(link_path(game))
        await seat.connect()
        first = await seat.view()
        versions = []
        for i in range(12):
            kind = "page_hidden" if i % 2 == 0 else "page_visible"
            answer = await database_sync_to_async(client.post)(
                base + "examination/", {"type": kind, "event_id": f"e{i}"}, format="json"
            )
            assert answer.status_code == 200
            versions.append(answer.json()["version"])
        await seat.view(at_least=versions[-1])
        await seat.close()
        return first["version"], versions, seat.messages

    start, versions, messages = run(scenario)
    seqs = [event["seq"] for m in messages if m["type"] == "events" for event in m["events"]]
    assert seqs[-1] >= versions[-1] - 1
    assert seqs == list(range(start, seqs[-1] + 1))  # every event once, in order
    pushed = [m["view"]["version"] for m in messages if m["type"] == "view"]
    assert pushed == sorted(pushed)
