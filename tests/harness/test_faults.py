"""Faults on real services, each on a server of the test's own: PostgreSQL restarted during
play, Redis stopped for 30 s during play, a worker killed mid-job. Devices retry with their
event ids; afterwards no event is lost or stored twice, every metric is computed, and no export
is left half written. The counts are printed at the end of the run."""

from __future__ import annotations

import hashlib
import os
import signal
import threading
import time
import zipfile

import psycopg
import pytest
from django.db import connection, transaction

from apps.exports import archive
from apps.exports.models import Export
from apps.games import links, services
from apps.metrics.models import SessionMetrics
from apps.metrics.tasks import sweep_metrics
from apps.participants.models import Participant
from apps.training.models import TrainingSession
from config.celery import app
from tests.apps.factories import (
    ADAPTIVE,
    make_participant,
    make_protocol,
    make_session,
    make_study,
)
from tests.conftest import blocked_on_lock, current_database_url, start_worker, wait_for
from tests.harness import figures
from tests.harness.device import Device
from tests.harness.servers import PrivatePostgres, WebServer

GAMES = 3


def linked_games(count: int, *, owners=(), **protocol) -> tuple[list[str], list[int]]:
    """``count`` games in started sessions, with a play link each: (links, session ids)."""
    study = make_study(owners=owners)
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


REDIS_DOWN_S = 30


def holding_row_lock(participant_id: int):
    """A thread holding the participant's row: a metric job waits there before the participant's
    trends, after writing its game and session results in its (uncommitted) transaction.
    Returns (release, thread)."""
    locked, release = threading.Event(), threading.Event()

    def hold():
        with transaction.atomic():
            Participant.objects.select_for_update().get(pk=participant_id)
            locked.set()
            release.wait(120)
        connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    assert locked.wait(30)
    return release, holder


@pytest.mark.django_db(transaction=True)
def test_redis_stopped_during_play_then_a_worker_killed_mid_job(
    private_redis, researcher, client_for, settings, tmp_path
):
    settings.EXPORT_ROOT = tmp_path / "exports"
    tokens, sessions = linked_games(GAMES, owners=[researcher], adaptive=ADAPTIVE)
    broker = private_redis.start().url
    web = WebServer(database_url=current_database_url(), redis_url=broker, eager=False).start()
    outage = {}

    def broker_down(devices):
        assert wait_for(lambda: answered_actions(devices, 2 * GAMES), 60)
        private_redis.stop()
        started = time.monotonic()
        time.sleep(REDIS_DOWN_S)
        private_redis.start()
        outage["seconds down"] = round(time.monotonic() - started, 1)
        outage["games finished while down"] = sum(d.finished for d in devices)

    try:
        devices = play(web.port, tokens, during=broker_down)
    finally:
        errors = web.stop()
    assert outage["games finished while down"] > 0, "no game ended while the broker was down"
    assert "could not queue metrics.session" in errors

    # The broker is back. A worker takes the sweeper's jobs; it is killed while the first job
    # waits half done on a held row, then a new worker finishes them all.
    queue = "metrics"  # where metric jobs are routed (the broker is private)
    env = {"CELERY_VISIBILITY_TIMEOUT": "1"}  # the least there is: the restart waits it out
    first = TrainingSession.objects.get(pk=sessions[0])
    release, holder = holding_row_lock(first.participant_id)
    worker = start_worker(queue, redis_url=broker, **env)
    saved = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        with app.connection_for_write(broker) as to_broker:
            sweep_metrics.apply_async(queue=queue, connection=to_broker)
        assert wait_for(blocked_on_lock, 60)
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait(timeout=30)
        killed_at = time.monotonic()
    finally:
        app.conf.task_always_eager = saved
        release.set()
        holder.join(timeout=30)
        if worker.poll() is None:
            worker.kill()
            worker.wait(timeout=30)
    half_done = SessionMetrics.objects.filter(session=first).exists()
    time.sleep(max(0.0, killed_at + 1.5 - time.monotonic()))  # past the visibility timeout
    restarted = start_worker(queue, redis_url=broker, **env)
    try:
        done = wait_for(
            lambda: SessionMetrics.objects.filter(session_id__in=sessions).count() == GAMES, 90
        )
    finally:
        restarted.terminate()
        restarted.wait(timeout=30)

    counts = log_counts(current_database_url(), devices, sessions)
    statuses = sum((d.statuses for d in devices), start=type(devices[0].statuses)())
    counts["answers 5xx"] = sum(n for s, n in statuses.items() if isinstance(s, int) and s >= 500)
    counts["metric jobs killed mid-way"] = 1
    counts["metric results the killed job left"] = int(half_done)

    # The export after it all: complete, or not there at all.
    study = first.participant.study
    made = client_for(researcher).post(f"/api/studies/{study.pk}/exports/", {"formats": ["csv"]})
    assert made.status_code == 201, made.content
    export = Export.objects.get(pk=made.json()["id"])
    path = archive.archive_path(export.archive_name)
    with zipfile.ZipFile(path) as zipped:
        whole = zipped.testzip() is None and "csv/metrics.csv" in zipped.namelist()
    whole = whole and hashlib.sha256(path.read_bytes()).hexdigest() == export.archive_sha256
    left_over = list(archive.work_root().iterdir())
    counts["exports half written"] = int(not whole) + len(left_over)
    figures.add_fault("Redis stopped during play, a worker killed mid-job", **counts, **outage)
    assert done, counts
    assert not half_done
    assert counts["events lost"] == counts["events duplicated"] == 0, counts
    assert counts["games with a gap in the log"] == 0, counts
    assert counts["answers 5xx"] == 0, (counts, errors[-3000:])
    assert counts["sessions without metrics"] == 0, counts
    assert counts["exports half written"] == 0, counts
