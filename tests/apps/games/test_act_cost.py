"""What one card play costs the database: the statements of a play request are pinned, so the
act path cannot silently grow a query, and a request writes only the game columns it changed."""

from __future__ import annotations

import random
import re
import tempfile

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.test.utils import CaptureQueriesContext
from psycopg import pq
from rest_framework.test import APIClient

from apps.games import links, services
from apps.games.models import Game
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.playing import hand_on_show, next_move

pytestmark = pytest.mark.django_db

# One card play, whoever the opponents are and whatever they answer: lock the game and then look
# up the event id's receipt (two statements, one round trip), append the events with their typed
# rows in one statement, then update the game and keep the answer in one: three round trips
# besides the transaction's BEGIN (the last one also commits when no transaction encloses the
# request's, as in production; these tests run inside one, so Django commits).
CARD_PLAY = [
    "SELECT games_game FOR UPDATE; SELECT games_actionreceipt",
    "INSERT games_gameevent, INSERT games_play",
    "UPDATE games_game, INSERT games_actionreceipt",
]
_WRITES = re.compile(r"\b(INSERT INTO|UPDATE)\s+\"?(\w+)")


def statement(sql: str) -> str | None:
    """``VERB table`` (and ``FOR UPDATE``) of one statement, each part of a ``WITH`` named in
    turn, and each of several statements sent together; None for savepoints."""
    parts = re.split(r";\s+(?=SELECT |INSERT |UPDATE |WITH )", sql)
    if len(parts) > 1:  # statements sent together
        return "; ".join(filter(None, map(statement, parts)))
    verb = sql.split(None, 1)[0].upper()
    if verb in ("SAVEPOINT", "RELEASE", "ROLLBACK"):
        return None
    if verb == "WITH":  # each statement it holds, in the order written
        return ", ".join(f"{kind.split()[0]} {table}" for kind, table in _WRITES.findall(sql))
    pattern = {
        "SELECT": r"\bFROM\s+\"?(\w+)",
        "INSERT": r"INTO\s+\"?(\w+)",
        "UPDATE": r"UPDATE\s+\"?(\w+)",
    }
    table = re.search(pattern[verb], sql).group(1)
    return f"{verb} {table}" + (" FOR UPDATE" if sql.rstrip().endswith("FOR UPDATE") else "")


def linked_game(opponent: str, seed: int, game: str = "memulation") -> str:
    participant = make_participant()
    protocol = make_protocol(study=participant.study, rounds=1, opponent=opponent, game=game)
    session = make_session(participant=participant, protocol=protocol, status="started")
    created = services.game_create(session=session, seed=seed)
    return f"/api/play/{links.play_link_token(created)}/"


def card_plays(client: APIClient, base: str, seed: int) -> list[list[str]]:
    """Play the linked game to its end; the SQL of every card play but the last."""
    rng, plays, n = random.Random(seed), [], 0
    body = client.get(base).json()
    while not body["state"]["finished"]:
        body = hand_on_show(client, base, body)
        suffix, data = next_move(body, rng)
        n += 1
        data = {**data, "event_id": f"play-{n}", "decision_ms": 900}
        with CaptureQueriesContext(connection) as queries:
            response = client.post(base + suffix, data, format="json")
        assert response.status_code == 200, response.content
        body = response.json()
        if data["type"] == "play" and not body["state"]["finished"]:
            plays.append([q["sql"] for q in queries.captured_queries])
    return plays


@pytest.mark.parametrize(
    ("game", "opponent"),
    [("memulation", "greedy"), ("memulation", "memory"), ("mendikot", "tracker")],
)
def test_a_card_play_is_three_round_trips(game, opponent):
    plays = card_plays(APIClient(), linked_game(opponent, 5, game), 5)
    assert len(plays) > 10
    for sql in plays:
        assert [s for s in map(statement, sql) if s] == CARD_PLAY, sql


def test_a_request_writes_only_the_game_columns_it_changed():
    client = APIClient()
    base = linked_game("greedy", 7)
    body = hand_on_show(client, base, client.get(base).json())
    while body["state"]["phase"] != "play":
        suffix, data = next_move(body, random.Random(1))
        body = hand_on_show(client, base, client.post(base + suffix, data, format="json").json())
    stored = Game.objects.values("state", "opponents", "examination").get()
    # Without an event id the update is a statement of its own; with one it goes with the
    # answer's receipt.
    for extra in ({}, {"event_id": "hidden-1"}):
        with CaptureQueriesContext(connection) as queries:
            hidden = client.post(
                base + "examination/", {"type": "page_hidden", **extra}, format="json"
            )
        assert hidden.status_code == 200
        (update,) = [
            q["sql"]
            for q in queries.captured_queries
            if re.match(r"(WITH \w+ AS \()?UPDATE", q["sql"])
        ]
        written = re.findall(r'"(\w+)" = ', update.split(" WHERE ")[0])
        # The engine's state, the opponents and the examination clock did not change.
        assert written == ["next_seq", "updated_at"]
        assert Game.objects.values("state", "opponents", "examination").get() == stored


def round_trips(send) -> tuple[list[str], object]:
    """What ``send()`` returns, and the messages that each made the client wait for the
    server (a simple query, or the Sync that ends an extended one), from libpq's own trace of
    this connection's wire."""
    connection.ensure_connection()
    wire = connection.connection.pgconn
    with tempfile.TemporaryFile() as trace:
        wire.trace(trace.fileno())
        wire.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)
        try:
            result = send()
        finally:
            wire.untrace()
        trace.seek(0)
        lines = trace.read().decode().splitlines()
    # A sent message's line: "F", its length, its kind, then what it carries.
    sent = [line.split("\t", 3) for line in lines if line.startswith("F\t")]
    waits, parsed = [], ""
    for _, _, kind, *text in sent:
        if kind == "Parse":
            parsed = text[0] if text else ""
        elif kind == "Query":
            waits.append(text[0] if text else "")
        elif kind == "Sync":
            waits.append(parsed)
    return waits, result


@pytest.mark.django_db(transaction=True)
def test_a_card_play_commits_with_its_last_statement():
    """Outside any enclosing transaction (as every request is served), the answer's statement
    ends the transaction itself: BEGIN and three round trips, no COMMIT of its own; the play is
    committed and the connection is left with no transaction open."""
    client, rng = APIClient(), random.Random(3)
    base = linked_game("greedy", 3)
    body = hand_on_show(client, base, client.get(base).json())
    while body["state"]["phase"] != "play":
        suffix, data = next_move(body, rng)
        body = hand_on_show(client, base, client.post(base + suffix, data, format="json").json())
    card = body["state"]["legal"][0]
    data = {"type": "play", "card": card, "event_id": "committed-1", "decision_ms": 800}
    waits, response = round_trips(lambda: client.post(base + "actions/", data, format="json"))
    assert response.status_code == 200, response.content
    assert len(waits) == 4, waits
    assert "BEGIN" in waits[0]
    assert waits[-1].rstrip('"').endswith("; COMMIT")
    assert not any(w.strip('"') == "COMMIT" for w in waits)
    assert connection.connection.pgconn.transaction_status == pq.TransactionStatus.IDLE
    assert not connection.in_atomic_block
    # Committed: another connection sees the play and the answer's receipt.
    other = connections.create_connection(DEFAULT_DB_ALIAS)
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT status FROM games_actionreceipt WHERE event_id = 'committed-1'")
            receipt = cursor.fetchone()
            cursor.execute("SELECT count(*) FROM games_play WHERE card = %s", [card])
            played = cursor.fetchone()
    finally:
        other.close()
    assert receipt == (200,)
    assert played == (1,)
    # A retry gets the same bytes.
    assert client.post(base + "actions/", data, format="json").content == response.content
