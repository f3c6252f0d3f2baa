"""Faults on real services, each on a server of the test's own: PostgreSQL restarted during
play, Redis stopped for 30 s during play, a worker killed mid-job. Devices retry with their
event ids; afterwards no event is lost or stored twice, every metric is computed, and no export
is left half written. The counts are printed at the end of the run."""

from __future__ import annotations

import os
import time

import psycopg
import pytest

from apps.games import links, services
from tests.apps.factories import make_participant, make_protocol, make_session, make_study
from tests.conftest import current_database_url, wait_for
from tests.harness import figures
from tests.harness.device import Device
from tests.harness.servers import PrivatePostgres, WebServer

GAMES = 3


def linked_games(count: int, **protocol) -> tuple[list[str], list[int]]:
    """``count`` games in started sessions, with a play link each: (links, session ids)."""
    study = make_study()
    protocol = make_protocol(study=study, opponent="random", rounds=1, **protocol)
    tokens, sessions = [], []
    for _ in range(count):
        participant = make_participant(study=study)
        session = make_session(participant=participant, protocol=protocol, status="started")
        tokens.append(links.play_link_token(services.game_create(session=session)))
        sessions.append(session.pk)
    return tokens, sessions


def play(port: int, tokens: list[str], *, during=None) -> list[Device]:
    """Every game played to its end by a device of its own; ``during(devices)`` runs meanwhile
    (the fault)."""
    devices = [Device(port, token, seed=n) for n, token in enumerate(tokens)]
    for device in devices:
        device.start()
    if during is not None:
        during(devices)
    for device in devices:
        device.join(180)
    for device in devices:
        assert device.error is None, repr(device.error)
        assert device.finished
    return devices


def answered_actions(devices: list[Device], at_least: int) -> bool:
    return sum(len(d.answered) for d in devices) >= at_least


def log_counts(database_url: str, devices: list[Device], sessions: list[int]) -> dict[str, int]:
    """What the event log and the metrics say, against what the devices were told."""
    told = {
        (d.game_id, event_id) for d in devices for event_id, s in d.answered.items() if s == 200
    }
    with psycopg.connect(database_url) as conn:
        stored = conn.execute(
            "SELECT game_id, event_id, count(*) FROM games_gameevent"
            " WHERE event_id IS NOT NULL AND game_id = ANY(%s) GROUP BY 1, 2",
            [[d.game_id for d in devices]],
        ).fetchall()
        gaps = conn.execute(
            "SELECT count(*) FROM games_game g WHERE g.id = ANY(%s) AND g.next_seq <>"
            " (SELECT count(DISTINCT seq) FROM games_gameevent e WHERE e.game_id = g.id)",
            [[d.game_id for d in devices]],
        ).fetchone()[0]
        with_metrics = conn.execute(
            "SELECT count(*) FROM metrics_sessionmetrics WHERE session_id = ANY(%s)", [sessions]
        ).fetchone()[0]
        completed = conn.execute(
            "SELECT count(*) FROM training_trainingsession WHERE id = ANY(%s)"
            " AND status = 'completed'",
            [sessions],
        ).fetchone()[0]
    in_log = {(game, event_id) for game, event_id, _ in stored}
    return {
        "games": len(devices),
        "actions answered 200": len(told),
        "retried requests": sum(d.retries for d in devices),
        "events lost": len(told - in_log),
        "events duplicated": sum(n - 1 for *_, n in stored),
        "games with a gap in the log": gaps,
        "sessions completed": completed,
        "sessions without metrics": len(sessions) - with_metrics,
    }


@pytest.fixture
def private_postgres():
    server = PrivatePostgres().init()
    server.start()
    yield server
    server.remove()


@pytest.mark.django_db(transaction=True)
def test_postgres_restarted_during_play(private_postgres):
    tokens, sessions = linked_games(GAMES)
    private_postgres.copy_database(current_database_url())
    web = WebServer(
        database_url=private_postgres.url, redis_url=os.environ["REDIS_URL"], eager=True
    ).start()
    outage = {}

    def restart(devices):
        assert wait_for(lambda: answered_actions(devices, 2 * GAMES), 60)
        started = time.monotonic()
        private_postgres.stop()
        time.sleep(3)  # the devices keep sending meanwhile
        private_postgres.start()
        outage["seconds"] = round(time.monotonic() - started, 1)

    try:
        devices = play(web.port, tokens, during=restart)
    finally:
        errors = web.stop()
    counts = log_counts(private_postgres.url, devices, sessions)
    statuses = sum((d.statuses for d in devices), start=type(devices[0].statuses)())
    counts["answers 503 (database unreachable)"] = statuses[503]
    counts["other answers 5xx"] = sum(
        n for s, n in statuses.items() if isinstance(s, int) and s >= 500 and s != 503
    )
    counts["no answer"] = statuses["no answer"]
    figures.add_fault("PostgreSQL restarted during play", **counts, **outage)
    assert counts["retried requests"] > 0, "the restart did not meet any request"
    assert counts["events lost"] == counts["events duplicated"] == 0, counts
    assert counts["games with a gap in the log"] == 0, counts
    assert counts["sessions completed"] == GAMES, counts
    assert counts["sessions without metrics"] == 0, counts
    assert counts["other answers 5xx"] == 0, (counts, errors[-3000:])
