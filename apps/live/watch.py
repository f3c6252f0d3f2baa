"""The spectator's socket: a member of staff who may see the game watches it, read only.

Admitted at connect only with a staff session that may see the game (the origin is checked in
``config.asgi``). After every change it is sent the events since the last ones it was sent, as
no seat sees them (no seat's secrets), then the spectator view (``apps.games.selectors``):
public information while the game runs, the full record once it is over. It may ask for the
view (``view``) or for the events after a sequence number (``resume``); anything else is
refused with ``read_only`` and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer

from apps.common.errors import DomainError, PermissionDenied, error_body
from apps.games import answers, selectors
from apps.live import protocol
from apps.live.consumers import REFUSED_AT_CONNECT, TableConsumer, database_sync_to_async
from apps.live.push import group_name

log = logging.getLogger(__name__)


class WatchConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        try:
            self.game_id, last = await database_sync_to_async(self._admit)()
        except DomainError as refused:
            log.info("watch socket refused: %s", refused.code)
            await self.close(code=REFUSED_AT_CONNECT)
            return
        self.since = TableConsumer._since_from_query(self, last)  # ``?since=N`` as a seat's
        self.pushed = -1
        self.gone = False
        self.bucket = protocol.Bucket()
        self.lock = asyncio.Lock()
        await self.channel_layer.group_add(group_name(self.game_id), self.channel_name)
        await self.accept()
        await self.push()

    async def disconnect(self, code: int) -> None:
        self.gone = True
        if hasattr(self, "game_id"):
            await self.channel_layer.group_discard(group_name(self.game_id), self.channel_name)

    def _admit(self) -> tuple[int, int]:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            raise PermissionDenied("Sign in to watch a game.")
        game_id = self.scope["url_route"]["kwargs"]["game_id"]
        game = selectors.game_for_staff(user=user, game_id=game_id)
        return game.pk, game.next_seq - 1

    def _catch_up(self) -> tuple[list[dict], dict]:
        events = selectors.watch_log(game_id=self.game_id, since=self.since)
        user = self.scope["user"]
        return events, selectors.watch_view(
            selectors.game_for_staff(user=user, game_id=self.game_id)
        )

    async def push(self) -> None:
        async with self.lock:
            try:
                events, view = await database_sync_to_async(self._catch_up)()
            except DomainError as refused:  # no longer allowed to see it
                await self.refuse(None, refused.code, refused.message)
                await self.close(code=REFUSED_AT_CONNECT)
                return
            if self.gone:
                return
            self.pushed = view["version"]
            if events:
                self.since = events[-1]["seq"]
                await self.send_json({"type": "events", "events": events})
            await self.send_json({"type": "view", "view": view})

    async def game_changed(self, event: dict) -> None:
        if event["version"] > self.pushed:
            await self.push()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        if not self.bucket.take():
            await self.refuse(None, "rate_limited", "Too many messages; slow down.")
            return
        try:
            message = protocol.parse(text_data if text_data is not None else bytes_data)
        except protocol.Refused as refused:
            await self.refuse(None, refused.code, refused.message, refused.details)
            return
        if message.type == "resume" and message.since is not None:
            self.since = message.since
        elif message.type != "view":
            await self.refuse(message.ref, "read_only", "A spectator cannot act in the game.")
            return
        await self.push()

    async def send_json(self, content: dict[str, Any]) -> None:
        if not self.gone:
            await self.send(text_data=answers.render(content))

    async def refuse(self, ref: str | None, code: str, message: str, details: object = None):
        await self.send_json({"type": "error", "ref": ref, **error_body(code, message, details)})
