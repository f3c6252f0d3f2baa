"""A bare Channels consumer: the baseline ``bench/live.py`` measures the live tables against.

A tiny ASGI app of its own (no product code, no database): ``/ws/bare/<table>/<seat>/`` is one
seat's socket at a table. A message on it is an action: about ``BARE_WORK_MS`` (1) ms of CPU on
one of four worker threads (standing in for the database write), the table's next version, then
one message to the table's group through the Redis pub/sub channel layer, and the answer to the
sender. Each socket of the table forwards that message as a small ``view`` of its seat. Any
HTTP request answers ``ok`` (the bench waits for it before connecting).

    uvicorn bench.bare.sockets:application --lifespan off   # REDIS_URL names the Redis
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import django
from django.conf import settings

settings.configure(
    CHANNEL_LAYERS={
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")],
                # Pub/sub channels are not kept apart by Redis's database numbers.
                "prefix": os.environ.get("BENCH_CHANNEL_PREFIX", "bench-bare"),
            },
        }
    }
)
django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402 (after setup)

WORK_SECONDS = float(os.environ.get("BARE_WORK_MS", "1")) / 1000
_workers = ThreadPoolExecutor(max_workers=4, thread_name_prefix="bare-work")
_versions: dict[int, int] = {}
_lock = threading.Lock()


def work(table: int) -> int:
    """About ``WORK_SECONDS`` of this thread's CPU, then the table's next version."""
    end = time.thread_time() + WORK_SECONDS
    while time.thread_time() < end:
        pass
    with _lock:
        version = _versions[table] = _versions.get(table, 0) + 1
    return version


class BareSeat(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        table, seat = self.scope["path"].strip("/").split("/")[2:4]
        self.table, self.seat = int(table), int(seat)
        await self.channel_layer.group_add(f"bare.{table}", self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(f"bare.{self.table}", self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        ref = json.loads(text_data or "{}").get("ref")
        version = await asyncio.get_running_loop().run_in_executor(_workers, work, self.table)
        message = {"type": "table.changed", "version": version}
        await self.channel_layer.group_send(f"bare.{self.table}", message)
        body = {"version": version, "seat": self.seat}
        await self.send(json.dumps({"type": "answer", "ref": ref, "status": 200, "body": body}))

    async def table_changed(self, message: dict) -> None:
        view = {"version": message["version"], "seat": self.seat}
        await self.send(json.dumps({"type": "view", "view": view}))


_seat = BareSeat.as_asgi()


async def application(scope, receive, send) -> None:
    if scope["type"] == "websocket" and scope["path"].startswith("/ws/bare/"):
        await _seat(scope, receive, send)
    elif scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})
