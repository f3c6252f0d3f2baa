"""One socket of a live table: one seat's device, or a member of staff handing it over.

The socket is admitted at connect (a valid game link, or a staff session that may see the game;
the origin is checked in ``config.asgi``), then:

* it is sent its seat's view, and after every change to the game the events it has not been
  sent and the new view, both as the writer rendered them for its seat (``apps.live.push``):
  the socket forwards them and reads no database for it;
* a client catching up (``?since=N`` at connect, or a ``resume`` message) is sent the events
  after N as its seat may see them now: no card of a trick that lies face down by now, whatever
  N is (``apps.games.runtime.log``);
* its ``act``, ``examine`` and ``probe`` messages go through the same idempotent path as HTTP,
  so one event id applies once whichever way it comes; a message that is not valid is refused
  with a code and changes nothing, and the socket stays open (it is closed only when its link
  stops working: code 4403);
* the table's changes with no one acting are written once a game by the process's timer
  (``apps.live.timers``);
* connecting, or a ``resume``/``view`` message, counts as the seat's person being there: a seat
  taken over for silence returns to them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext

from apps.common import clock
from apps.common.errors import DomainError, PermissionDenied, error_body
from apps.games import links, selectors, services
from apps.games.models import Game
from apps.games.serializers import (
    ActionSerializer,
    ExaminationEventSerializer,
    ProbeAnswerSerializer,
)
from apps.live import protocol
from apps.live.database import on_database
from apps.live.push import presence_group, seat_group
from apps.live.timers import LATER, timers

log = logging.getLogger(__name__)

REFUSED_AT_CONNECT = 4403  # close code of a socket whose link or session may not see the game
SERIALIZERS = {
    "act": ActionSerializer,
    "examine": ExaminationEventSerializer,
    "probe": ProbeAnswerSerializer,
}


def since_from_query(scope: dict, last: int) -> int:
    """The last sequence number the client saw (``?since=``), or the latest one."""
    query = parse_qs(scope.get("query_string", b"").decode(errors="replace"))
    try:
        since = int(query.get("since", [""])[0])
    except ValueError:
        return last
    return max(-1, min(since, last))


def change_at(view: services.SeatBody | services.WatchBody) -> datetime | None:
    """When the game shown in ``view`` next changes with no one acting."""
    delay = view.get("next_change_in_seconds")
    return None if delay is None else clock.now() + timedelta(seconds=delay)


class LiveSocket(AsyncWebsocketConsumer):
    """What a seat's socket and a spectator's share: admission, catching up, forwarding the
    changes the writer rendered, the game's timer, refusals."""

    group: str
    # The language its refusals are written in: the seat's participant's, or the staff
    # member's (set by ``admit``; English until then).
    language: str | None = None

    async def connect(self) -> None:
        try:
            self.game_id, last = await on_database(self.admit)()
        except DomainError as refused:
            log.info("live socket refused: %s", refused.code)
            await self.close(code=REFUSED_AT_CONNECT)
            return
        self.since = since_from_query(self.scope, last)
        self.pushed = -1  # the version of the last view sent
        self.gone = False
        self.bucket = protocol.Bucket()
        self.lock = asyncio.Lock()
        self.shown_timer: asyncio.TimerHandle | None = None
        await self.channel_layer.group_add(self.group, self.channel_name)
        timers.watch(self.game_id)
        await self.accept()
        await self.arrived()
        await self.catch_up()

    async def disconnect(self, code: int) -> None:
        self.gone = True
        if (shown := getattr(self, "shown_timer", None)) is not None:
            shown.cancel()
        if hasattr(self, "lock"):
            timers.unwatch(self.game_id)
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.left()

    async def dispatch(self, message: dict) -> None:
        """Each message handled in the socket's language. As Channels' own otherwise, without
        its ``close_old_connections`` before every message: that is a hop to the process's one
        thread for synchronous code for every message of every socket (each push too), and this
        consumer never uses a database connection there (its database work runs on the live
        database threads, which close their old connections themselves)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        with translation.override(self.language):
            await handler(message)

    # -- what each kind of socket fills in ---------------------------------------------------

    def admit(self) -> tuple[int, int]:
        """The game's id and its last sequence number, or a domain error (refused)."""
        raise NotImplementedError

    def log_and_view(
        self,
    ) -> tuple[list[services.LoggedEvent], services.SeatBody | services.WatchBody]:
        """The events after ``self.since`` as this socket may see them now, and its view."""
        raise NotImplementedError

    async def arrived(self) -> None:
        """Connected and accepted."""

    async def left(self) -> None:
        """Disconnected."""

    # -- pushing -----------------------------------------------------------------------------

    async def catch_up(self) -> None:
        """Read the events not sent yet and the view now (after a gap, a resume, at connect)."""
        async with self.lock:
            try:
                events, view = await on_database(self.log_and_view)()
            except DomainError as refused:  # the link was revoked, or the access withdrawn
                await self.refuse(None, refused.code, refused.message)
                await self.close(code=REFUSED_AT_CONNECT)
                return
            await self._forward(events, view["version"], services.render(view))
            timers.schedule(self.game_id, change_at(view))

    async def _forward(
        self, events: Sequence[Mapping[str, Any]], version: int, view_text: str
    ) -> None:
        if self.gone:
            return
        fresh = [event for event in events if event["seq"] > self.since]
        if fresh:
            self.since = fresh[-1]["seq"]
            await self.send_json({"type": "events", "events": fresh})
        if version >= self.pushed:
            self.pushed = version
            await self.send(text_data=f'{{"type":"view","view":{view_text}}}')
            self._shown_later(view_text)

    def _shown_later(self, view_text: str) -> None:
        """A hand of this seat's examination to be shown in a moment (after the pause to see the
        last trick taken): its view is read again then, with the hand's cards. (The game does
        not change then: nothing else would push it.)"""
        if '"starts_in_seconds":' not in view_text:
            return
        starts = (json.loads(view_text).get("examination") or {}).get("starts_in_seconds")
        if self.shown_timer is not None:
            self.shown_timer.cancel()
            self.shown_timer = None
        if starts:
            self.shown_timer = asyncio.get_running_loop().call_later(
                starts + LATER, lambda: asyncio.ensure_future(self.catch_up())
            )

    async def game_changed(self, message: dict) -> None:
        """``game.changed`` from the channel layer: this socket's events and view, rendered by
        the writer. A gap (events before these never sent) is read from the log instead."""
        if message["version"] < self.pushed:
            return  # older than what this socket has shown (an answer came first)
        if message["since"] > self.since:
            await self.catch_up()
            return
        async with self.lock:
            await self._forward(message["events"], message["version"], message["view"])
        due = message.get("next_change")
        timers.schedule(self.game_id, datetime.fromisoformat(due) if due else None)

    # -- receiving -----------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        ref = protocol.ref_of(text_data)
        if not self.bucket.take():
            await self.refuse(ref, "rate_limited", gettext("Too many messages; slow down."))
            return
        try:
            message = protocol.parse(text_data, binary=bytes_data is not None)
        except protocol.Refused as refused:
            await self.refuse(ref, refused.code, refused.message, refused.details)
            return
        await self.handle(message)

    async def handle(self, message: protocol.Message) -> None:
        raise NotImplementedError

    # -- sending -------------------------------------------------------------------------------

    async def send_json(self, content: dict[str, Any]) -> None:
        if not self.gone:
            await self.send(text_data=services.render(content))

    async def refuse(self, ref: str | None, code: str, message: str, details: object = None):
        await self.send_json({"type": "error", "ref": ref, **error_body(code, message, details)})


class TableConsumer(LiveSocket):
    """A seat's device (``/ws/play/<token>/``), or staff acting for the table's clinician seat
    or the participant seat (``/ws/games/<id>/``)."""

    link: links.Claim | None
    seat: int

    def admit(self) -> tuple[int, int]:
        kwargs = self.scope["url_route"]["kwargs"]
        if "token" in kwargs:
            self.link = links.play_link_claim(kwargs["token"])
            game = Game.objects.filter(pk=self.link.game_id).first()
            self.link.check(game)
            self.language = selectors.link_language(kwargs["token"])
        else:
            self.link, user = None, self.scope.get("user")
            if user is None or not user.is_authenticated:
                raise PermissionDenied(gettext("Sign in, or use a game link."))
            game = selectors.game_for_staff(user=user, game_id=kwargs["game_id"])
            self.language = user.language
        assert game is not None
        self.seat = services.acting_seat(game, self.link)
        self.group = seat_group(game.pk, self.seat)
        return game.pk, game.next_seq - 1

    def log_and_view(self) -> tuple[list[services.LoggedEvent], services.SeatBody]:
        return services.game_log_view(game_id=self.game_id, link=self.link, since=self.since)

    async def arrived(self) -> None:
        await self._heard("reconnected", connected=True)
        await self._presence()

    async def left(self) -> None:
        await on_database(services.game_seat_left)(game_id=self.game_id, seat=self.seat)
        await self._presence()

    async def _presence(self) -> None:
        """Spectators hear that a device of this seat connected or left."""
        await self.channel_layer.group_send(presence_group(self.game_id), {"type": "presence"})

    async def _heard(self, reason: str, connected: bool = False) -> None:
        """The seat's person is here: a seat taken over for silence returns to them."""
        with contextlib.suppress(DomainError):  # the link stopped working: the next read says so
            await on_database(services.game_seat_heard)(
                game_id=self.game_id, link=self.link, reason=reason, connected=connected
            )

    async def handle(self, message: protocol.Message) -> None:
        if message.type in ("resume", "view"):
            if message.type == "resume" and message.since is not None:
                self.since = message.since
            await self._heard("message")
            await self.catch_up()
            return
        try:
            status, body = await on_database(self._answer)(message)
        except links.LinkInvalid as refused:  # the link no longer works
            await self.refuse(message.ref, refused.code, refused.message)
            await self.close(code=REFUSED_AT_CONNECT)
            return
        if status == 200:  # a view older than this answer is not forwarded after it
            self.pushed = max(self.pushed, json.loads(body)["version"])
        # The body goes out as the stored bytes, so a retry over any transport reads the same.
        await self.send(
            text_data=f'{{"type":"answer","ref":{json.dumps(message.ref)},'
            f'"status":{status},"body":{body}}}'
        )

    def _answer(self, message: protocol.Message) -> tuple[int, str]:
        """The answer to a move, as its status and body text (a refusal is an answer too)."""
        serializer: Any = SERIALIZERS[message.type](data=message.data)
        try:
            valid = serializer.is_valid()
        except DomainError as refused:  # a field the API does not know, say
            return refused.status, services.refusal_text(refused)
        if not valid:
            details = json.loads(json.dumps(serializer.errors))
            body = error_body(
                "validation_error", gettext("The request has invalid fields."), details
            )
            return 400, services.render(body)
        request = serializer.client_request()
        if message.type == "act":
            reply = services.game_act(
                game_id=self.game_id,
                link=self.link,
                action=serializer.engine_action(),
                request=request,
            )
        elif message.type == "probe":
            reply = services.game_probe_answer(
                game_id=self.game_id,
                link=self.link,
                answer=serializer.probe_answer(),
                request=request,
            )
        else:
            reply = services.game_examination_event(
                game_id=self.game_id,
                link=self.link,
                event=serializer.examination_event(),
                request=request,
            )
        return reply.status, reply.body


class NoSuchSocket(AsyncWebsocketConsumer):
    """A socket path that names no table (unknown, or a link missing its token): the handshake
    is refused (HTTP 403), as for a link that is not valid."""

    async def connect(self) -> None:
        await self.close(code=REFUSED_AT_CONNECT)
