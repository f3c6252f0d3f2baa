"""The spectator's socket: a member of staff who may see the game watches it, read only.

Admitted at connect only with a staff session that may see the game (the origin is checked in
``config.asgi``). After every change it is forwarded the events and the spectator view the
writer rendered for spectators (no seat's secrets while the game runs, the full record once it
is over); when a seat's device connects or leaves it reads the view again (each seat's presence
and idle time). It may ask for the view (``view``) or for the events after a sequence number
(``resume``: as spectators may see them now, no card of a trick face down by now); anything
else is refused with ``read_only`` and changes nothing.
"""

from __future__ import annotations

from django.utils.translation import gettext

from apps.common.errors import PermissionDenied
from apps.games import selectors, services
from apps.live import protocol
from apps.live.consumers import LiveSocket
from apps.live.push import presence_group, watch_group


class WatchConsumer(LiveSocket):
    def admit(self) -> tuple[int, int]:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            raise PermissionDenied(gettext("Sign in to watch a game."))
        game_id = self.scope["url_route"]["kwargs"]["game_id"]
        game = selectors.game_for_staff(user=user, game_id=game_id)
        self.language = user.language
        self.group = watch_group(game.pk)
        return game.pk, game.next_seq - 1

    def log_and_view(self) -> tuple[list[services.LoggedEvent], services.WatchBody]:
        game = selectors.game_for_staff(user=self.scope["user"], game_id=self.game_id)
        return services.watch_log_view(game=game, since=self.since)

    async def arrived(self) -> None:
        await self.channel_layer.group_add(presence_group(self.game_id), self.channel_name)

    async def left(self) -> None:
        await self.channel_layer.group_discard(presence_group(self.game_id), self.channel_name)

    async def presence(self, message: dict) -> None:
        """A seat's device connected or left: the view (with each seat's presence) again."""
        await self.catch_up()

    async def handle(self, message: protocol.Message) -> None:
        if message.type == "resume" and message.since is not None:
            self.since = message.since
        elif message.type != "view":
            await self.refuse(
                message.ref, "read_only", gettext("A spectator cannot act in the game.")
            )
            return
        await self.catch_up()
