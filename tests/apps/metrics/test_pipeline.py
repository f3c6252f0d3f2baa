"""The metric jobs: idempotent, versioned, swept up when lost, and safe against a dying worker
or a broker that is down."""

import dataclasses
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection, transaction
from rest_framework.test import APIClient

from apps.games.models import RecallAttempt
from apps.metrics import catalogue, services
from apps.metrics.models import MetricValue, SessionMetrics
from apps.metrics.tasks import session_metrics, sweep_metrics
from apps.participants.models import Participant
from config.celery import app
from tests.conftest import blocked_on_lock, current_database_url, start_worker, wait_for

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.django_db
def test_running_a_job_twice_changes_nothing(played_session):
    session = played_session()
    services.session_metrics_compute(session_id=session.pk)
    first = sorted(
        MetricValue.objects.values_list("level", "subject_id", "key", "version", "value")
    )
    services.session_metrics_compute(session_id=session.pk)
    again = sorted(
        MetricValue.objects.values_list("level", "subject_id", "key", "version", "value")
    )
    assert first == again
    assert {row[0] for row in first} == {"game", "session", "participant"}


@pytest.mark.django_db
def test_a_new_definition_version_keeps_the_old_values(played_session, monkeypatch):
    session = played_session()
    services.session_metrics_compute(session_id=session.pk)
    bumped = dataclasses.replace(catalogue.CATALOGUE["tricks_won"], version=2)
    monkeypatch.setitem(catalogue.CATALOGUE, "tricks_won", bumped)
    assert services.sessions_needing_metrics().filter(pk=session.pk).exists() is False
    services.session_metrics_compute(session_id=session.pk)
    versions = MetricValue.objects.filter(level="session", key="tricks_won")
    assert sorted(versions.values_list("version", flat=True)) == [1, 2]


@pytest.mark.django_db
def test_the_sweeper_finds_sessions_without_current_metrics(played_session):
    session = played_session()
    assert list(services.sessions_needing_metrics()) == [session]
    assert sweep_metrics() == 1  # queued (and, in the test settings, run at once)
    assert SessionMetrics.objects.filter(session=session).exists()
    assert not services.sessions_needing_metrics().exists()
    SessionMetrics.objects.filter(session=session).update(signature="an older catalogue")
    assert list(services.sessions_needing_metrics()) == [session]


@pytest.mark.django_db
def test_the_adaptive_staircase_steps_per_attempt_and_stores_its_level(played_session, clinician):
    session = played_session(adaptive=True)
    services.session_metrics_compute(session_id=session.pk)
    change = session.participant.adaptive_changes.get()
    assert change.examination_seconds_before == 30 and change.level_before == 30
    attempts = RecallAttempt.objects.filter(game__session=session, actor="participant")
    hits = [a.revealed_card == a.intended_card for a in attempts.exclude(intended_card="")]
    assert change.steps == len(hits) >= 1
    # Target 0.6, step 4 s: each hit 4 * 0.4 / 0.6 s shorter, each miss 4 s longer.
    expected = 30 - sum(hits) * 4 * 0.4 / 0.6 + (len(hits) - sum(hits)) * 4
    assert change.level_after == pytest.approx(expected)
    assert change.examination_seconds_after == round(expected)
    assert f"{sum(hits)} of {len(hits)} 'Stragedy attempts hit (target 60%)" in change.reason
    # The clinician reads the step's reason in the language of their account.
    reader = APIClient()
    reader.force_login(clinician)  # a browser session: the account's language applies
    assert reader.patch("/api/me", {"language": "de"}, format="json").status_code == 200
    url = f"/api/participants/{session.participant_id}/summary/"
    [step] = reader.get(url).json()["adaptive"]
    assert step["reason"].startswith(f"{sum(hits)} von {len(hits)} 'Stragedy-Versuch")
    assert f"(Ziel 60\xa0%): Betrachtung 30 s auf {round(expected)} s" in step["reason"]
    level = MetricValue.objects.get(level="session", subject_id=session.pk, key="adaptive_seconds")
    assert (level.value, level.n) == (30, 0)  # played at 30 s, set by no step before it
    services.session_metrics_compute(session_id=session.pk)  # a second run does not step again
    assert session.participant.adaptive_changes.count() == 1
    # The hit rate is withheld while the staircase adapts; its level is read instead.
    readings = MetricValue.objects.get(
        level="participant", subject_id=session.participant_id, key="recall_hit"
    ).details["readings"]["memulation"]
    assert readings["withheld"].startswith("Sessions played while the adaptive staircase")
    assert readings["counted"] == 0


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_job_leaves_nothing_and_the_job_completes_later(
    played_session, private_redis
):
    session = played_session(adaptive=True)
    # The game's end already ran the job in-process: start again from a session without metrics.
    MetricValue.objects.filter(participant=session.participant).delete()
    SessionMetrics.objects.filter(session=session).delete()
    queue = f"test-{uuid.uuid4().hex[:8]}"
    # A broker of its own: the restarted worker gets the unacknowledged job back at once,
    # with no other test's workers in the way.
    broker = private_redis.start().url
    env = {"CELERY_VISIBILITY_TIMEOUT": "1"}  # the least there is: the restart waits it out
    worker = start_worker(queue, redis_url=broker, **env)
    # Hold the participant's row: the job locks it before the participant's trends, so the job
    # stops there, after it has written its game and session results (uncommitted).
    locked, release = threading.Event(), threading.Event()

    def hold_lock():
        with transaction.atomic():
            Participant.objects.select_for_update().get(pk=session.participant_id)
            locked.set()
            release.wait(120)
        connection.close()

    holder = threading.Thread(target=hold_lock)
    holder.start()
    assert locked.wait(30)
    saved = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        with app.connection_for_write(broker) as connection_to_broker:
            session_metrics.apply_async(
                args=[session.pk], queue=queue, connection=connection_to_broker
            )
        assert wait_for(blocked_on_lock, 60)
        os.kill(worker.pid, signal.SIGKILL)
        killed_at = time.monotonic()
    finally:
        app.conf.task_always_eager = saved
        release.set()
        holder.join(timeout=30)
        worker.kill()
        worker.wait(timeout=30)
    assert not MetricValue.objects.filter(session=session).exists()
    assert not SessionMetrics.objects.filter(session=session).exists()

    # A starting worker takes back jobs left unacknowledged for longer than the visibility
    # timeout (1 s here); start it once that has passed.
    time.sleep(max(0.0, killed_at + 1.5 - time.monotonic()))
    restarted = start_worker(queue, redis_url=broker, **env)
    try:
        assert wait_for(lambda: SessionMetrics.objects.filter(session=session).exists(), 90)
    finally:
        restarted.terminate()
        restarted.wait(timeout=30)
    assert MetricValue.objects.filter(level="session", session=session).count() > 10


@pytest.mark.django_db(transaction=True)
def test_with_the_broker_down_games_complete_and_metrics_follow_once_it_is_back(
    clinician, private_redis
):
    broker = private_redis.url  # not started: the broker is down
    from tests.apps.factories import make_participant, make_protocol, make_session

    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(study=participant.study, opponent="random", rounds=1)
    session = make_session(participant=participant, protocol=protocol, status="started")
    # The whole game, in a process whose broker is down: it must finish and say why it could
    # not queue the metrics.
    script = (
        "import random, django; django.setup();"
        "from django.utils import timezone;"
        "from apps.games.demo import demo_game_play;"
        "from apps.training.models import TrainingSession as T;"
        f"s = T.objects.get(pk={session.pk});"
        "g = demo_game_play(session=s, start=timezone.now(), skill=0.5, rng=random.Random(1));"
        "g.refresh_from_db(); print(g.status)"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "TEST_DATABASE_URL": current_database_url(),
        "TEST_REDIS_URL": broker,
        "TEST_CELERY_EAGER": "0",
    }
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("finished")
    assert "could not queue metrics.session" in done.stderr
    session.refresh_from_db()
    assert session.status == "completed"
    assert not SessionMetrics.objects.filter(session=session).exists()

    private_redis.start()  # the broker is back: a worker and the sweeper do the rest
    queue = ",".join(settings.CELERY_QUEUE_NAMES)  # the sweep and its jobs go to their queues
    worker = start_worker(queue, redis_url=broker)
    try:
        swept = subprocess.run(
            [
                sys.executable,
                "-c",
                "import django; django.setup();"
                "from apps.metrics.tasks import sweep_metrics; sweep_metrics.delay()",
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert swept.returncode == 0, swept.stderr
        assert wait_for(lambda: SessionMetrics.objects.filter(session=session).exists(), 90)
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    assert MetricValue.objects.filter(level="participant", participant=participant).exists()
