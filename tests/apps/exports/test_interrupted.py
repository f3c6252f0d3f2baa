"""An export job whose worker is killed half way: no half file behind a link, and the job, handed
out again, starts clean and completes."""

import hashlib
import os
import random
import signal
import threading
import time
import uuid
import zipfile

import pytest
from django.db import connection, connections, transaction
from django.utils import timezone

from apps.exports import archive
from apps.exports.contents import rows_total
from apps.exports.models import Export
from apps.exports.scope import ExportScope
from apps.exports.tasks import export_build_job
from apps.exports.tokens import download_token
from apps.games.demo import demo_game_play
from apps.metrics.services import session_metrics_compute
from config.celery import app
from tests.apps.factories import make_participant, make_protocol, make_session, make_study
from tests.conftest import blocked_on_lock, start_worker, wait_for

FORMATS = ["csv", "parquet", "bids"]


def _count(sql: str) -> int:
    with connections["default"].cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchone()[0]


def _build_locks() -> int:
    return _count("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'")


@pytest.fixture
def played_study(researcher, monkeypatch):
    # Metrics are computed here, without the solver, rather than by the job a game's end queues.
    monkeypatch.setattr("apps.metrics.signals.queue_after_commit", lambda *args: None)
    study = make_study(owners=[researcher])
    protocol = make_protocol(study=study, opponent="random", roles="participant_lame", rounds=1)
    for code in ("KILL-1", "KILL-2"):
        participant = make_participant(study=study, code=code, consent_date="2026-01-05")
        session = make_session(participant=participant, protocol=protocol, status="started")
        demo_game_play(session=session, start=timezone.now(), skill=0.5, rng=random.Random(3))
        session_metrics_compute(session_id=session.pk, with_solver=False)
    return study


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_export_leaves_no_half_file_and_the_job_completes_later(
    played_study, researcher, client_for, api, export_root, private_redis
):
    scope = ExportScope(study=played_study)
    export = Export.objects.create(
        study=played_study,
        requested_by=researcher,
        formats=FORMATS,
        run=Export.Run.JOB,
        rows_total=rows_total(scope, FORMATS),
    )
    queue = f"test-{uuid.uuid4().hex[:8]}"
    # The least visibility timeout there is: the restart below waits it out.
    env = {"CELERY_VISIBILITY_TIMEOUT": "1", "EXPORT_ROOT": str(export_root)}
    worker = start_worker(queue, redis_url=private_redis, **env)
    # Hold the metrics table: the job writes every other table, then waits here, half done.
    locked, release = threading.Event(), threading.Event()

    def hold_lock():
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("LOCK TABLE metrics_metricvalue IN ACCESS EXCLUSIVE MODE")
            locked.set()
            release.wait(120)
        connection.close()

    holder = threading.Thread(target=hold_lock)
    holder.start()
    assert locked.wait(30)
    saved = app.conf.task_always_eager
    app.conf.task_always_eager = False
    client = client_for(researcher)
    try:
        with app.connection_for_write(private_redis) as broker:
            export_build_job.apply_async(args=[export.pk], queue=queue, connection=broker)
        assert wait_for(blocked_on_lock, 60)
        half = client.get(f"/api/exports/{export.pk}/").json()
        assert half["status"] == "running" and half["download_url"] is None
        assert 0 < half["progress"]["rows_done"] < half["progress"]["rows_total"]
        assert 0 < half["progress"]["percent"] < 100
        (work,) = archive.work_root().iterdir()
        assert (work / "csv" / "plays.csv").is_file()  # written, but only in the work folder
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

    export.refresh_from_db()
    assert export.status == "running" and not export.archive_name
    assert not list(export_root.glob("*.zip"))
    token, _ = download_token(export)  # even a correctly signed link finds nothing to serve
    refused = api.get(f"/api/exports/{export.pk}/download?token={token}")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "export_not_ready"

    # The killed worker's database session ends and lets go of the build lock; the job is
    # handed out again and built from nothing.
    assert wait_for(lambda: _build_locks() == 0, 30)
    time.sleep(max(0.0, killed_at + 1.5 - time.monotonic()))  # past the visibility timeout
    restarted = start_worker(queue, redis_url=private_redis, **env)
    try:
        assert wait_for(lambda: Export.objects.get(pk=export.pk).status == "ready", 90)
    finally:
        restarted.terminate()
        restarted.wait(timeout=30)
    export.refresh_from_db()
    assert export.attempts == 2 and export.rows_done == export.rows_total
    assert list(archive.work_root().iterdir()) == []  # the first build's files are gone
    path = archive.archive_path(export.archive_name)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == export.archive_sha256
    with zipfile.ZipFile(path) as zipped:
        assert zipped.testzip() is None
        assert "csv/metrics.csv" in zipped.namelist()
    ready = client.get(f"/api/exports/{export.pk}/").json()
    response = api.get(ready["download_url"])
    assert response.status_code == 200
