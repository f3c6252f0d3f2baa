"""One socket of a live table: one seat's device, or a member of staff handing it over.

The socket is admitted at connect (a valid game link, or a staff session that may see the game;
the origin is checked in ``config.asgi``), then:

* it is sent its seat's view, and again after every change to the game (``game.changed`` from
  ``apps.live.push``), preceded by the events since the last one it was sent, as its seat may
  see them (``apps.games.seat_log``); a client resuming after a drop names the last sequence
  number it saw and gets the events after it, in order;
* its ``act``, ``examine`` and ``probe`` messages go through the same idempotent path as HTTP
  (``apps.games.answers``), so one event id applies once whichever way it comes;
* it is sent a fresh view when the table next changes by itself (a hand's time is up, an
  opponent plays at its pace, a turn timer runs out, a silent seat is taken over: the view's
  examination clock and ``turn.next_due_in_seconds`` say when): the socket writes what is due
  then (``services.game_settle``, at the times it was due) and pushes;
* connecting, or a ``resume``/``view`` message, counts as the seat's person being there: a seat
  taken over returns to them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async as _to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from apps.common.errors import DomainError, PermissionDenied, error_body
from apps.games import answers, links, selectors, services
from apps.games import examination as clock
from apps.games.models import Game
from apps.games.selectors import seat_log
from apps.games.serializers import (
    ActionSerializer,
    ExaminationEventSerializer,
    ProbeAnswerSerializer,
)
from apps.live import protocol
from apps.live.push import group_name

log = logging.getLogger(__name__)


def database_sync_to_async(func):
    """Database work off the event loop, on a pool of threads (each socket's work waits for the
    database on its own, instead of queueing behind every other socket's on one thread)."""
    return _to_async(func, thread_sensitive=False)


REFUSED_AT_CONNECT = 4403  # close code of a socket that may not see the game


def next_due_in(view: dict) -> float | None:
    """Seconds until the game shown in ``view`` changes with no one acting (None: it waits)."""
    if view["status"] != Game.Status.ACTIVE:
        return None
    shown, turn = view.get("examination"), view.get("turn")
    if shown and not shown.get("waiting"):  # a waiting hand starts on the device's event
        if shown["starts_in_seconds"] > 0:
            return shown["starts_in_seconds"]
        return shown["seconds_left"] + clock.GRACE.total_seconds()
    return turn["next_due_in_seconds"] if turn else None


class TableConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        try:
            self.game_id, self.link, self.seat, last = await database_sync_to_async(self._admit)()
        except DomainError as refused:
            log.info("live socket refused: %s", refused.code)
            await self.close(code=REFUSED_AT_CONNECT)
            return
        self.since = self._since_from_query(last)
        self.pushed = -1  # the version of the last view sent
        self.gone = False
        self.bucket = protocol.Bucket()
        self.lock = asyncio.Lock()
        self.timer: asyncio.Task | None = None
        await self.channel_layer.group_add(group_name(self.game_id), self.channel_name)
        await self.accept()
        await self._heard("reconnected")
        await self.push()

    async def disconnect(self, code: int) -> None:
        self.gone = True
        if getattr(self, "timer", None):
            self.timer.cancel()
        if hasattr(self, "game_id"):
            await self.channel_layer.group_discard(group_name(self.game_id), self.channel_name)

    # -- admission ---------------------------------------------------------------------------

    def _admit(self) -> tuple[int, links.Claim | None, int, int]:
        kwargs = self.scope["url_route"]["kwargs"]
        if "token" in kwargs:
            claim = links.play_link_claim(kwargs["token"])
            game = Game.objects.filter(pk=claim.game_id).first()
            claim.check(game)
        else:
            claim, user = None, self.scope.get("user")
            if user is None or not user.is_authenticated:
                raise PermissionDenied("Sign in, or use a game link.")
            game = selectors.game_for_staff(user=user, game_id=kwargs["game_id"])
        return game.pk, claim, services.acting_seat(game, claim), game.next_seq - 1

    def _since_from_query(self, last: int) -> int:
        """The last sequence number the client saw (``?since=``), or the latest one."""
        query = parse_qs(self.scope.get("query_string", b"").decode(errors="replace"))
        try:
            since = int(query.get("since", [""])[0])
        except ValueError:
            return last
        return max(-1, min(since, last))

    # -- pushing -----------------------------------------------------------------------------

    def _catch_up(self) -> tuple[list[dict], dict]:
        events = seat_log(game_id=self.game_id, seat=self.seat, since=self.since)
        view = services.game_view(game_id=self.game_id, link=self.link)
        return events, view

    async def push(self) -> None:
        """The events the seat has not been sent yet, then its view."""
        async with self.lock:
            try:
                events, view = await database_sync_to_async(self._catch_up)()
            except DomainError as refused:  # the link was revoked meanwhile
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
            self._time(view)

    def _time(self, view: dict) -> None:
        """Look again when the table next changes by itself: a hand shown or hidden, an
        opponent's move at its pace, a turn timer or a silent seat's takeover."""
        if self.timer:
            self.timer.cancel()
            self.timer = None
        delay = next_due_in(view)
        if delay is not None:
            self.timer = asyncio.get_running_loop().create_task(self._later(delay + 0.05))

    async def _later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self.timer = None
        with contextlib.suppress(Exception):
            # The clock's due moves are written (every seat hears of it, and a game whose last
            # moves are the opponents' ends in the log), then this seat gets its view.
            await database_sync_to_async(services.game_settle)(game_id=self.game_id, link=self.link)
            await self.push()

    async def _heard(self, reason: str) -> None:
        """The seat's person is here: a seat taken over returns to them (the change is pushed)."""
        with contextlib.suppress(DomainError):
            await database_sync_to_async(services.game_seat_heard)(
                game_id=self.game_id, link=self.link, seat=self.seat, reason=reason
            )

    async def game_changed(self, event: dict) -> None:
        """``game.changed`` from the channel layer: the log has grown. Announcements the last
        view sent already covers are dropped, so a burst of changes costs one push."""
        if event["version"] > self.pushed:
            await self.push()

    # -- receiving ---------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        if not self.bucket.take():
            await self.refuse(None, "rate_limited", "Too many messages; slow down.")
            return
        try:
            message = protocol.parse(text_data if text_data is not None else bytes_data)
        except protocol.Refused as refused:
            await self.refuse(None, refused.code, refused.message, refused.details)
            return
        if message.type in ("resume", "view"):
            if message.type == "resume":
                self.since = message.since
            await self._heard("message")
            await self.push()
            return
        try:
            answer = await database_sync_to_async(self._answer)(message)
        except DomainError as refused:  # the link no longer works
            await self.refuse(message.ref, refused.code, refused.message)
            await self.close(code=REFUSED_AT_CONNECT)
            return
        # The body goes out as the stored bytes, so a retry over any transport reads the same.
        await self.send(
            text_data=f'{{"type":"answer","ref":{json.dumps(message.ref)},'
            f'"status":{answer.status},"body":{answer.body}}}'
        )

    def _answer(self, message: protocol.Message) -> answers.Reply:
        kinds = {
            "act": ActionSerializer,
            "examine": ExaminationEventSerializer,
            "probe": ProbeAnswerSerializer,
        }
        serializer = kinds[message.type](data=message.data)
        if not serializer.is_valid():
            details = json.loads(json.dumps(serializer.errors))
            body = error_body("validation_error", "The request has invalid fields.", details)
            return answers.Reply(400, answers.render(body))
        if message.type == "act":
            return answers.act(
                game_id=self.game_id,
                link=self.link,
                action=serializer.engine_action(),
                request=serializer.client_request(),
            )
        if message.type == "probe":
            return answers.probe(
                game_id=self.game_id,
                link=self.link,
                answer=serializer.probe_answer(),
                request=serializer.client_request(),
            )
        return answers.examine(
            game_id=self.game_id,
            link=self.link,
            event=serializer.examination_event(),
            request=serializer.client_request(),
        )

    # -- sending -----------------------------------------------------------------------------

    async def send_json(self, content: dict[str, Any]) -> None:
        if not self.gone:
            await self.send(text_data=answers.render(content))

    async def refuse(self, ref: str | None, code: str, message: str, details: object = None):
        await self.send_json({"type": "error", "ref": ref, **error_body(code, message, details)})
