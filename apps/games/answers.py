"""The one idempotent path every transport shares (HTTP, and the live socket).

A person's request runs through :func:`answer_once`: the game row is locked first, and only then
is the receipt of its ``event_id`` looked up, in a statement of its own (sent in the same round
trip as the lock, and run once the lock is granted). Under READ COMMITTED
that statement sees every receipt committed before the lock was granted, so concurrent retries
of one event id queue on the lock and then all find the first answer. The answer is rendered
once, stored as those exact bytes, and every retry gets them back byte for byte.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.utils import timezone
from rest_framework.renderers import JSONRenderer

from apps.common.errors import DomainError, error_body, rules_status
from apps.games import rows, services
from apps.games.engine import RulesError
from apps.games.links import Claim
from apps.games.locked import LockedGame
from apps.games.models import ActionReceipt, Game

Perform = Callable[[LockedGame, int], services.Outcome]


@dataclass(frozen=True)
class Reply:
    """A status and the body as rendered JSON, sent as is by every transport."""

    status: int
    body: str

    def data(self) -> dict[str, Any]:
        return json.loads(self.body)


def render(body: dict[str, Any]) -> str:
    return JSONRenderer().render(body).decode()


def refusal(error: Exception) -> Reply:
    """A domain or rules error in the one error shape."""
    if isinstance(error, RulesError):
        return Reply(rules_status(error.code), render(error_body(error.code, error.message)))
    assert isinstance(error, DomainError)
    return Reply(error.status, render(error_body(error.code, error.message, error.details)))


def _lookup(game_id: int, event_id: str) -> tuple[str, list]:
    """The statement that finds the answer kept for ``event_id`` (plain SQL: it is asked on
    every request)."""
    table = ActionReceipt._meta.db_table
    return f"SELECT status, body FROM {table} WHERE game_id = %s AND event_id = %s", [
        game_id,
        event_id,
    ]


def _stored(game: Game, event_id: str) -> Reply | None:
    """The answer kept for ``event_id``, if any."""
    with connection.cursor() as cursor:
        cursor.execute(*_lookup(game.pk, event_id))
        stored = cursor.fetchone()
    return None if stored is None else Reply(*stored)


def _keep(
    game: Game, event_id: str, seat: int, answer: Reply, update: tuple[str, list] | None = None
) -> Reply:
    """Store the answer to ``event_id``; should one be there already, that one is the answer.

    One statement, which never fails on a receipt already there (``ON CONFLICT DO NOTHING``),
    and carries the game's ``update`` if one waits (a data-modifying ``WITH``: it is done
    whether or not the receipt is inserted). It is the request's last write, so it also
    commits where it may (``rows.commit_suffix``): the answer leaves only once it is durable."""
    table = ActionReceipt._meta.db_table
    head, params = "", []
    if update is not None:
        head, params = f"WITH game_update AS ({update[0]}) ", list(update[1])
    with connection.cursor() as cursor:
        cursor.execute(
            f"{head}INSERT INTO {table} (game_id, event_id, seat, status, body, created_at)"
            " VALUES (%s, %s, %s, %s, %s, %s)"
            " ON CONFLICT (game_id, event_id) DO NOTHING RETURNING id" + rows.commit_suffix(),
            [*params, game.pk, event_id, seat, answer.status, answer.body, timezone.now()],
        )
        stored = cursor.fetchone()
    return answer if stored is not None else (_stored(game, event_id) or answer)


def answer_once(
    *, game_id: int, link: Claim | None, request: services.ClientFacts, perform: Perform
) -> Reply:
    """Run ``perform(table, seat)`` for a person's request, or give the stored answer of its
    event id. Errors of the request itself (a refused move, a stale view) are answers too, and
    stored; a link that no longer works is raised, and nothing is stored."""
    # The receipt is looked up in a statement of its own, sent with the lock (one round trip)
    # and run once the lock is granted.
    lookup = _lookup(game_id, request.event_id) if request.event_id else None
    with services.game_locked(game_id, link=link, also=lookup) as table:
        seat = services.acting_seat(table.game, link)
        if request.event_id:
            if table.also_row is not None:
                return Reply(*table.also_row)
            table.game_update_held = rows.postgresql()  # sent with the answer's receipt
        try:
            answer = Reply(200, render(perform(table, seat).view))
        except (RulesError, DomainError) as refused:
            answer = refusal(refused)
        if request.event_id:
            answer = _keep(table.game, request.event_id, seat, answer, table.held_update())
        return answer


def act(*, game_id: int, link: Claim | None, action: dict, request: services.ClientFacts) -> Reply:
    return answer_once(
        game_id=game_id,
        link=link,
        request=request,
        perform=lambda table, seat: services.game_act(
            table, seat=seat, action=action, request=request
        ),
    )


def examine(
    *, game_id: int, link: Claim | None, event: dict, request: services.ClientFacts
) -> Reply:
    return answer_once(
        game_id=game_id,
        link=link,
        request=request,
        perform=lambda table, seat: services.game_examination_event(
            table, seat=seat, event=event, request=request
        ),
    )


def probe(
    *, game_id: int, link: Claim | None, answer: dict, request: services.ClientFacts
) -> Reply:
    return answer_once(
        game_id=game_id,
        link=link,
        request=request,
        perform=lambda table, seat: services.game_probe_answer(
            table, seat=seat, answer=answer, request=request
        ),
    )
