"""Handing a committed change of a game to its sockets: each seat its own view, once.

After the commit, the writer (the request or job that changed the game) still holds the game's
new state. ``announce`` (the ``game_changed`` receiver) renders, for every seat someone is
listening to, that seat's new events and view, and for the spectators theirs, and publishes each
on its own group (``game.<id>.seat.<n>``, ``game.<id>.watch``): one message a group, rendered
once whatever the number of sockets in it. A socket forwards what it is given and never reads
the database for it. Groups nobody listens to are not rendered (a game played over HTTP alone
costs no rendering).

With the Redis pub/sub layer (the default), the messages are published by a plain synchronous
Redis client that each process keeps, in the layer's own wire format (its group channel name,
its serializer) on a connection kept open, where ``async_to_sync(group_send)`` from a request's
thread would start an event loop and open (and close) a Redis connection for every change: one
round trip asks who listens (``PUBSUB NUMSUB``), one more publishes every seat's message (a
pipeline). Other layers (the embedded default's in-memory layer) get ``group_send`` for every
group.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import _consistent_hash, decode_hosts

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

    def listened(self, groups: list[str]) -> list[str]:
        """The groups some process is subscribed to (asked of each host in one round trip)."""
        by_client: dict[int, list[tuple[str, str]]] = {}
        for group in groups:
            channel, client = self._channel(group)
            by_client.setdefault(id(client), []).append((group, channel))
        heard = []
        for client in self.clients:
            asked = by_client.get(id(client))
            if asked:
                counts = dict(client.pubsub_numsub(*(channel for _, channel in asked)))
                heard += [g for g, c in asked if counts.get(c.encode(), counts.get(c, 0))]
        return heard

    def group_send(self, group: str, message: dict) -> None:
        channel, client = self._channel(group)
        client.publish(channel, self.layer.serialize(message))

    def group_send_all(self, messages: list[tuple[str, dict]]) -> None:
        """Each ``(group, message)``, in order, in one round trip a host."""
        pipelines: dict[int, Any] = {}
        for group, message in messages:
            channel, client = self._channel(group)
            pipeline = pipelines.get(id(client))
            if pipeline is None:
                pipeline = pipelines[id(client)] = client.pipeline(transaction=False)
            pipeline.publish(channel, self.layer.serialize(message))
        for pipeline in pipelines.values():
            pipeline.execute()

    def close(self) -> None:
        for client in self.clients:
            client.close()
            client.connection_pool.disconnect()


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


def send_all(layer, messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Publish each ``(group, message)``, in one round trip where the layer allows it."""
    direct = None if _on_loop() else publisher(layer)
    if direct is not None:
        direct.group_send_all(messages)
        return
    for group, message in messages:
        send(layer, group, message)


def _on_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _listened(layer, groups: list[str]) -> list[str]:
    direct = publisher(layer)
    return groups if direct is None else direct.listened(groups)


def announce(sender, *, game_id: int, change, **kwargs) -> None:
    """``game_changed`` receiver (after the commit): each listened seat group gets its seat's
    events and view, the watch group the spectators'. A layer that cannot be reached costs the
    sockets their push, never the request its answer: they catch up on their next message."""
    layer = get_channel_layer()
    if layer is None:
        return
    seats = {seat_group(game_id, s): s for s in range(len(change.run.game.seats))}
    groups = [*seats, watch_group(game_id)]
    due = change.next_change.isoformat() if change.next_change else None
    try:
        messages = []
        for group in _listened(layer, groups):
            body = change.for_seat(seats[group]) if group in seats else change.for_watch()
            message = {
                "type": "game.changed",
                "version": change.version,
                "since": change.since,
                "events": body["events"],
                "view": body["view"],
                "next_change": due,
            }
            messages.append((group, message))
        send_all(layer, messages)
    except Exception:
        log.warning("could not announce game %s version %s", game_id, change.version, exc_info=True)
