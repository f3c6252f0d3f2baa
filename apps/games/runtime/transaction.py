"""The one owner of a game's transaction: lock the row, run, write, commit, then tell the table.

Every request that changes a game goes through :func:`locked` (or :func:`answer_once`, for a
person's request that keeps its answer): the game row is locked for one transaction and opened
as a :class:`~apps.games.runtime.run.GameRun` at the clock's now; what the request and the clock
did is written when the block ends, and committed; after the commit, ``game_changed`` carries
the change (:class:`~apps.games.runtime.views.Change`: each seat's events and view, the
spectators', rendered only for those listening) to the live tables. A domain or rules error
leaving the block still commits what was written (a refused move is logged as data) and is
raised after the commit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from apps.common import clock
from apps.common.errors import DomainError, NotFound
from apps.games.engine import RulesError
from apps.games.links import Claim
from apps.games.models import Game
from apps.games.runtime import receipts, store
from apps.games.runtime.run import GameRun
from apps.games.runtime.seats import acting_seat
from apps.games.runtime.views import Change, render, seat_view
from apps.games.signals import game_changed

Perform = Callable[[GameRun, int], None]


def checked(game: Game | None, game_id: int, link: Claim | None) -> Game:
    """The game, if the caller's link (when acting through one) still honours it."""
    if link is not None:
        link.check(game)
    elif game is None:
        raise NotFound(gettext("There is no game %(game_id)s.") % {"game_id": game_id})
    assert game is not None
    return game


@contextmanager
def locked(
    game_id: int, *, link: Claim | None = None, also: tuple[str, list[Any]] | None = None
) -> Iterator[GameRun]:
    """The game row locked for one transaction, as a run at the clock's now. ``also``: a
    statement run as soon as the lock is granted, in the same round trip; its first row is the
    run's ``also_row``."""
    refused: Exception | None = None
    with transaction.atomic():
        found, also_row = store.locked_with(Game, game_id, also)
        game = checked(found, game_id, link)
        version = game.next_seq
        run = GameRun(game, clock.now())
        run.also_row = also_row
        try:
            yield run
        except (DomainError, RulesError) as error:
            refused = error
        run.write()
        run.write_game()  # if an update held for the answer's statement was not sent
    if run.game.next_seq != version:
        game_changed.send(sender=Game, game_id=game_id, change=Change(run, since=version - 1))
    if refused is not None:
        raise refused


def answer_once(
    *, game_id: int, link: Claim | None, event_id: str | None, perform: Perform
) -> receipts.Reply:
    """Run ``perform(run, seat)`` for a person's request and answer with the seat's view, or
    give the stored answer of its event id. Errors of the request itself (a refused move, a
    stale view) are answers too, and stored; a link that no longer works is raised, and
    nothing is stored."""
    lookup = receipts.lookup(game_id, event_id) if event_id else None
    with locked(game_id, link=link, also=lookup) as run:
        seat = acting_seat(run.game, link)
        if event_id and (stored := receipts.kept(run.also_row, seat)) is not None:
            return stored
        run.game_update_held = bool(event_id) and store.postgresql()
        try:
            perform(run, seat)
            run.write()
            answer = receipts.Reply(200, render(seat_view(run, seat)))
        except (RulesError, DomainError) as refused:
            run.write()
            answer = receipts.refusal(refused)
        if event_id:
            answer = receipts.keep(game_id, event_id, seat, answer, run.held_update())
        return answer
