"""Answers kept for retried requests: a person's request carrying an ``event_id`` is answered
once, and every retry of it gets those exact bytes back and changes nothing.

The receipt is looked up only once the game row is locked, in a statement of its own (sent in
the same round trip as the lock): under READ COMMITTED it sees every receipt committed before
the lock was granted, so concurrent retries of one event id queue on the lock and then all find
the first answer. A receipt belongs to the seat that made it: another seat naming the same event
id is refused and is never shown it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext

from apps.common.errors import Conflict, DomainError, error_body, rules_status
from apps.common.refusals import rules_message
from apps.games.engine import RulesError
from apps.games.models import ActionReceipt
from apps.games.runtime import store
from apps.games.runtime.views import render


@dataclass(frozen=True)
class Reply:
    """A status and the body as rendered JSON, sent as is by every transport."""

    status: int
    body: str

    def data(self) -> dict[str, Any]:
        return json.loads(self.body)


def refusal(error: Exception) -> Reply:
    """A domain or rules error in the one error shape."""
    if isinstance(error, RulesError):
        return Reply(rules_status(error.code), render(error_body(error.code, rules_message(error))))
    assert isinstance(error, DomainError)
    return Reply(error.status, render(error_body(error.code, error.message, error.details)))


def lookup(game_id: int, event_id: str) -> tuple[str, list]:
    """The statement that finds the answer kept for ``event_id`` (plain SQL: it is asked on
    every request)."""
    table = ActionReceipt._meta.db_table
    return f"SELECT seat, status, body FROM {table} WHERE game_id = %s AND event_id = %s", [
        game_id,
        event_id,
    ]


def kept(row: tuple | None, seat: int) -> Reply | None:
    """The answer of a receipt row found for ``seat``'s event id, if it is that seat's; an
    event id another seat used is refused (and its answer never shown)."""
    if row is None:
        return None
    made_by, status, body = row
    if made_by != seat:
        return refusal(
            Conflict(
                gettext("This event id was used for another seat's request; send a new one."),
                code="event_id_taken",
            )
        )
    return Reply(status, body)


def keep(
    game_id: int, event_id: str, seat: int, answer: Reply, update: tuple[str, list] | None = None
) -> Reply:
    """Store the answer to ``event_id``; should one be there already, that one is the answer.

    One statement, which never fails on a receipt already there (``ON CONFLICT DO NOTHING``),
    and carries the game's ``update`` if one waits (a data-modifying ``WITH``: it is done
    whether or not the receipt is inserted). It is the request's last write, so it also
    commits where it may (``store.commit_suffix``): the answer leaves only once it is durable."""
    table = ActionReceipt._meta.db_table
    head, params = "", []
    if update is not None:
        head, params = f"WITH game_update AS ({update[0]}) ", list(update[1])
    with connection.cursor() as cursor:
        cursor.execute(
            f"{head}INSERT INTO {table} (game_id, event_id, seat, status, body, created_at)"
            " VALUES (%s, %s, %s, %s, %s, %s)"
            " ON CONFLICT (game_id, event_id) DO NOTHING RETURNING id" + store.commit_suffix(),
            [*params, game_id, event_id, seat, answer.status, answer.body, timezone.now()],
        )
        stored = cursor.fetchone()
    if stored is not None:
        return answer
    with connection.cursor() as cursor:
        cursor.execute(*lookup(game_id, event_id))
        return kept(cursor.fetchone(), seat) or answer
