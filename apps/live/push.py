"""Telling a game's sockets that its log has grown; each socket then sends its own seat's view.

The message carries no game data, only the new version: what a seat is shown is worked out by
its own socket, for its seat alone.

With the Redis pub/sub layer (the default), the announcement is published by a plain
synchronous Redis client that each process keeps, in the layer's own wire format (its group
channel name, its serializer): one round trip on a connection kept open, where
``async_to_sync(group_send)`` from a request's thread would start an event loop and open (and
close) a Redis connection for every change. Other layers get ``group_send`` as before.
"""

from __future__ import annotations

import asyncio
import logging
import threading

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import _consistent_hash, decode_hosts

log = logging.getLogger(__name__)

# What the publishing connections call themselves in Redis's CLIENT LIST.
CLIENT_NAME = "memulation-push"


def group_name(game_id: int) -> str:
    return f"game.{game_id}"


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

    def group_send(self, group: str, message: dict) -> None:
        channel = f"{self.prefix}__group__{group}"
        client = self.clients[_consistent_hash(channel, len(self.clients))]
        client.publish(channel, self.layer.serialize(message))

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


def announce(sender, *, game_id: int, version: int, **kwargs) -> None:
    """``game_changed`` receiver (after the commit). A layer that cannot be reached costs the
    sockets their push, never the request its answer: they catch up on their next message."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "game.changed", "version": version}
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    try:
        if loop is not None:  # called from code running on an event loop's own thread
            loop.create_task(layer.group_send(group_name(game_id), message))
        elif (direct := publisher(layer)) is not None:
            direct.group_send(group_name(game_id), message)
        else:
            async_to_sync(layer.group_send)(group_name(game_id), message)
    except Exception:
        log.warning("could not announce game %s version %s", game_id, version, exc_info=True)
