"""Socket clients of the live tables for tests: Channels communicators on the real ASGI app."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from tests.apps.games.playing import next_move

ORIGIN = (b"origin", b"http://localhost")


def session_cookie(user) -> tuple[bytes, bytes]:
    client = Client()
    client.force_login(user)
    return (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())


class Seat:
    """One socket; every message it gets is kept (``messages``) and checked by ``check``."""

    def __init__(self, path: str, *, headers=(ORIGIN,), check: Callable | None = None):
        self.communicator = WebsocketCommunicator(application, path, headers=list(headers))
        self.messages: list[dict] = []
        self.check = check
        self.refs = 0

    async def connect(self) -> tuple[bool, int | None]:
        return await self.communicator.connect(timeout=10)

    async def close(self) -> None:
        await self.communicator.disconnect()

    async def send(self, message: dict | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        await self.communicator.send_to(text_data=text)

    async def next(self, timeout: float = 10) -> dict:
        text = await self.communicator.receive_from(timeout=timeout)
        message = json.loads(text)
        message["_raw"] = text
        self.messages.append(message)
        if self.check is not None:
            await database_sync_to_async(self.check)(message)
        return message

    async def until(self, wanted: Callable[[dict], bool], timeout: float = 10) -> dict:
        while True:
            message = await self.next(timeout)
            if wanted(message):
                return message

    async def view(self, *, at_least: int = 0, timeout: float = 10) -> dict:
        message = await self.until(
            lambda m: m["type"] == "view" and m["view"]["version"] >= at_least, timeout
        )
        return message["view"]

    async def ask(self, kind: str, data: dict) -> dict:
        """Send ``act``, ``examine`` or ``probe`` with a fresh event id; the answer to it."""
        self.refs += 1
        ref = f"r{self.refs}-{random.getrandbits(32)}"
        await self.send({"type": kind, "ref": ref, "data": {"event_id": ref, **data}})
        return await self.until(lambda m: m["type"] == "answer" and m["ref"] == ref)

    async def play_through(self, *, seed: int = 0, limit: int = 400) -> dict:
        """Play the seat's game to its end over the socket, as the browser would."""
        rng = random.Random(seed)
        view = await self.view()
        for _ in range(limit):
            state = view["state"]
            if state["finished"]:
                return view
            waiting = (view.get("examination") or {}).get("waiting")
            if (
                state["phase"] == "examination"
                and not state["examination"]["cards"]
                and not waiting
                and not view.get("probe")
            ):
                view = await self.view(timeout=15)  # the next hand is pushed when it is shown
                continue
            suffix, data = next_move(view, rng)
            kind = {"actions/": "act", "examination/": "examine", "probes/": "probe"}[suffix]
            answer = await self.ask(kind, {**data, "decision_ms": rng.randint(300, 4000)})
            assert answer["status"] == 200, answer
            view = await self.view(at_least=answer["body"]["version"])
        raise AssertionError("the game did not end")
