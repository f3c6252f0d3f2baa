"""Handing a committed change of a game to its sockets: each seat its own view, once.

After the commit, the writer (the request or job that changed the game) still holds the game's
new state, and hands it (a :class:`~apps.games.runtime.views.Change`) to the process's announcer
thread, which renders, for every seat someone is listening to, that seat's new events and view,
and for the spectators theirs, and publishes each on its own group (``game.<id>.seat.<n>``,
``game.<id>.watch``): one message a group, rendered once whatever the number of sockets in it.
A socket forwards what it is given and never reads the database for it. Groups nobody listens
to are not rendered (a game played over HTTP alone costs no rendering). The writer's answer does
not wait for the push, and its database thread is free again as soon as it has committed.

With the Redis pub/sub layer (the default), the messages are published by a plain synchronous
Redis client that each process keeps, in the layer's own wire format (its group channel name,
its serializer) on a connection kept open, where ``async_to_sync(group_send)`` from a request's
thread would start an event loop and open (and close) a Redis connection for every change: the
messages of every change waiting, and the question who listens to the groups not known to be
listened to (``PUBSUB NUMSUB``), go in one round trip (a pipeline). Other layers (the embedded
default's in-memory layer) get ``group_send`` for every group, in the writer's thread.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import queue
import threading
import time
from typing import TYPE_CHECKING, Any

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import _consistent_hash, decode_hosts
from django import db

if TYPE_CHECKING:
    from apps.games.runtime.views import Change

log = logging.getLogger(__name__)

# What the publishing connections call themselves in Redis's CLIENT LIST.
CLIENT_NAME = "memulation-push"


def seat_group(game_id: int, seat: int) -> str:
    return f"game.{game_id}.seat.{seat}"


def watch_group(game_id: int) -> str:
    return f"game.{game_id}.watch"


def presence_group(game_id: int) -> str:
    """Spectators hear of a seat's device connecting or leaving here (no game data)."""
    return f"game.{game_id}.presence"


class Publisher:
    """Group messages of one :class:`RedisPubSubChannelLayer`, published synchronously.

    Mirrors the layer: the group's channel is ``<prefix>__group__<group>`` on the host the
    layer's consistent hash picks, the bytes are ``layer.serialize(message)`` (msgpack, and
    encrypted if the layer is). redis-py's pools are thread-safe and reopen after a fork."""

    def __init__(self, layer: RedisPubSubChannelLayer):
        self.layer = layer
        config = layer._kwargs
        self.prefix = config.get("prefix", "asgi")
        self.clients = [_client(host) for host in decode_hosts(config.get("hosts"))]

    def _channel(self, group: str) -> tuple[str, redis.Redis]:
        channel = f"{self.prefix}__group__{group}"
        return channel, self.clients[_consistent_hash(channel, len(self.clients))]

    def group_send(self, group: str, message: dict) -> None:
        channel, client = self._channel(group)
        client.publish(channel, self.layer.serialize(message))

    def publish_and_ask(
        self, messages: list[tuple[str, dict]], ask: list[str]
    ) -> tuple[list[int], set[str]]:
        """Publish each ``(group, message)`` in order, and ask which groups of ``ask`` some
        process listens to (``PUBSUB NUMSUB``), in one round trip a host: how many subscribers
        each message reached, and the groups of ``ask`` listened to."""
        pipelines: dict[int, Any] = {}
        replies: list[tuple[int, int]] = []  # for each message: (host, its reply's place)
        for group, message in messages:
            channel, client = self._channel(group)
            pipeline = pipelines.setdefault(id(client), client.pipeline(transaction=False))
            replies.append((id(client), len(pipeline)))
            pipeline.publish(channel, self.layer.serialize(message))
        asked: dict[int, list[tuple[str, str]]] = {}
        for group in ask:
            channel, client = self._channel(group)
            asked.setdefault(id(client), []).append((group, channel))
            pipelines.setdefault(id(client), client.pipeline(transaction=False))
        for host, channels in asked.items():
            pipelines[host].pubsub_numsub(*(channel for _, channel in channels))
        results = {host: pipeline.execute() for host, pipeline in pipelines.items()}
        heard = set()
        for host, channels in asked.items():
            counts = {_text(c): n for c, n in results[host][-1]}
            heard |= {group for group, channel in channels if counts.get(channel)}
        return [results[host][place] for host, place in replies], heard

    def close(self) -> None:
        for client in self.clients:
            client.close()
            client.connection_pool.disconnect()


def _text(channel: bytes | str) -> str:
    return channel.decode() if isinstance(channel, bytes) else channel


def _client(host: dict) -> redis.Redis:
    host = dict(host)
    if "address" not in host:  # sentinels and the like: left to the layer itself
        raise ValueError("only Redis hosts given by address are published to directly")
    address = host.pop("address")
    # A Redis that hangs must not hold a request's answer for long.
    host.setdefault("socket_timeout", 2)
    host.setdefault("socket_connect_timeout", 2)
    pool = redis.ConnectionPool.from_url(address, client_name=CLIENT_NAME, **host)
    return redis.Redis(connection_pool=pool)


_lock = threading.Lock()
_publisher: Publisher | None = None


def publisher(layer) -> Publisher | None:
    """The process's publisher for ``layer`` (made on first use, remade if the layer is
    replaced, as tests that change CHANNEL_LAYERS do), or None if it is not a pub/sub layer."""
    global _publisher
    if not isinstance(layer, RedisPubSubChannelLayer):
        return None
    current = _publisher
    if current is not None and current.layer is layer:
        return current
    with _lock:
        if _publisher is None or _publisher.layer is not layer:
            if _publisher is not None:
                _publisher.close()
            try:
                _publisher = Publisher(layer)
            except ValueError:
                return None
        return _publisher


def send(layer, group: str, message: dict[str, Any]) -> None:
    """Publish ``message`` on ``group`` from any thread (a request's, a job's, an event
    loop's)."""
    if _on_loop():  # called from code running on an event loop's own thread
        asyncio.get_running_loop().create_task(layer.group_send(group, message))
    elif (direct := publisher(layer)) is not None:
        direct.group_send(group, message)
    else:
        async_to_sync(layer.group_send)(group, message)


def _on_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _wanted(changes: list[Change]) -> list[tuple[Change, str, int | None]]:
    """Every group a change may be told to: ``(change, group, seat)``, ``seat`` None for the
    spectators."""
    wanted: list[tuple[Change, str, int | None]] = []
    for change in changes:
        game_id = change.game_id
        wanted += [(change, seat_group(game_id, s), s) for s in range(len(change.run.game.seats))]
        wanted.append((change, watch_group(game_id), None))
    return wanted


def _message(change: Change, seat: int | None) -> dict[str, Any]:
    """The change as ``seat`` (None: the spectators) is told it: its events and its view."""
    body = change.for_watch() if seat is None else change.for_seat(seat)
    return {
        "type": "game.changed",
        "version": change.version,
        "since": change.since,
        "events": body["events"],
        "view": body["view"],
        "next_change": change.next_change.isoformat() if change.next_change else None,
    }


def _failed(changes: list[Change]) -> None:
    """A layer that cannot be reached costs the sockets their push, never a request its answer:
    they catch up on their next message."""
    latest = changes[-1]
    log.warning(
        "could not announce %d changes (the last: game %s version %s)",
        len(changes),
        latest.game_id,
        latest.version,
        exc_info=True,
    )


class Announcer:
    """The process's thread that tells the sockets of committed changes, in the order they were
    committed in this process. The writer only queues its change, so a request's (or a live
    socket's database thread's) answer never waits on Redis for the push.

    A group found listened to (its last message reached someone, or ``PUBSUB NUMSUB`` said so)
    within ``LISTENED_FOR`` seconds is rendered and published at once; the others are asked
    about in the same round trip, and rendered and published only if someone listens. So a
    table in play costs one round trip a change (every change queued meanwhile together), and a
    game nobody watches costs no rendering. Nothing is ever skipped on the strength of an old
    answer: a group is left out only when Redis has just said nobody listens to it."""

    BATCH = 64
    LISTENED_FOR = 5.0

    def __init__(self) -> None:
        self.queue: queue.SimpleQueue[tuple[Publisher, Change] | threading.Event] = (
            queue.SimpleQueue()
        )
        self.thread: threading.Thread | None = None
        self.pid = 0
        self.lock = threading.Lock()
        self.listened: dict[str, float] = {}  # group -> when it was last found listened to

    def put(self, direct: Publisher, change: Change) -> None:
        self._running()
        self.queue.put((direct, change))

    def drain(self, timeout: float = 5.0) -> bool:
        """Wait until every change queued so far has been told (tests, a process ending)."""
        if self.thread is None or not self.thread.is_alive() or self.pid != os.getpid():
            return True
        done = threading.Event()
        self.queue.put(done)
        return done.wait(timeout)

    def _running(self) -> None:
        if self.thread is not None and self.pid == os.getpid() and self.thread.is_alive():
            return
        with self.lock:
            if self.thread is None or self.pid != os.getpid() or not self.thread.is_alive():
                self.queue = queue.SimpleQueue()  # a forked child starts with none of its own
                self.listened = {}
                self.pid = os.getpid()
                self.thread = threading.Thread(target=self._run, name="live-announce", daemon=True)
                self.thread.start()

    def _run(self) -> None:
        while True:
            batch = [self.queue.get()]
            while len(batch) < self.BATCH:
                try:
                    batch.append(self.queue.get_nowait())
                except queue.Empty:
                    break
            by_publisher: dict[int, tuple[Publisher, list[Change]]] = {}
            for item in batch:
                if not isinstance(item, threading.Event):
                    by_publisher.setdefault(id(item[0]), (item[0], []))[1].append(item[1])
            try:
                for direct, changes in by_publisher.values():
                    try:
                        self._tell(direct, changes)
                    except Exception:
                        _failed(changes)
            finally:
                # A waiting table's view reads its seats: this thread's connection, if it opened
                # one, goes back (to the pool) rather than stay open until the next change.
                db.connection.close()
                for item in batch:
                    if isinstance(item, threading.Event):
                        item.set()

    def _tell(self, direct: Publisher, changes: list[Change]) -> None:
        now = time.monotonic()
        if len(self.listened) > 10_000:
            self.listened = {g: at for g, at in self.listened.items() if now - at < 60}
        wanted = _wanted(changes)
        sure = {g for _, g, _ in wanted if now - self.listened.get(g, -1e9) < self.LISTENED_FOR}
        first = [(g, _message(c, seat)) for c, g, seat in wanted if g in sure]
        ask = list(dict.fromkeys(g for _, g, _ in wanted if g not in sure))
        reached, found = direct.publish_and_ask(first, ask)
        for (group, _), receivers in zip(first, reached, strict=True):
            if receivers:
                self.listened[group] = now
            else:
                self.listened.pop(group, None)
        for group in found:
            self.listened[group] = now
        later = [(g, _message(c, seat)) for c, g, seat in wanted if g in found]
        if later:
            direct.publish_and_ask(later, [])


announcer = Announcer()
atexit.register(announcer.drain)


def announce(sender, *, game_id: int, change: Change, **kwargs) -> None:
    """``game_changed`` receiver (after the commit): each listened seat group gets its seat's
    events and view, the watch group the spectators'. With the Redis pub/sub layer this is done
    by the process's :class:`Announcer` thread; other layers (the embedded server's in-memory
    one) are told every group here and now."""
    layer = get_channel_layer()
    if layer is None:
        return
    direct = publisher(layer)
    if direct is not None:
        announcer.put(direct, change)
        return
    try:
        for _, group, seat in _wanted([change]):
            send(layer, group, _message(change, seat))
    except Exception:
        _failed([change])
