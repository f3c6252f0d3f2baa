"""Telling a game's sockets that its log has grown; each socket then sends its own seat's view.

The message carries no game data, only the new version: what a seat is shown is worked out by
its own socket, for its seat alone.
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def group_name(game_id: int) -> str:
    return f"game.{game_id}"


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
        if loop is None:
            async_to_sync(layer.group_send)(group_name(game_id), message)
        else:  # called from code running on an event loop's own thread
            loop.create_task(layer.group_send(group_name(game_id), message))
    except Exception:
        log.warning("could not announce game %s version %s", game_id, version, exc_info=True)
