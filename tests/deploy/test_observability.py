"""Request ids on every log line, the Prometheus endpoints of web and worker, the pool."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
import uuid
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.test import override_settings

from apps.api.observability import TASK_RUN, request_id
from apps.api.tasks import ping
from config.celery import app
from tests.conftest import current_database_url, free_port, wait_for

ROOT = Path(__file__).resolve().parents[2]


def django_subprocess(code: str, **env: str) -> subprocess.CompletedProcess:
    full = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings", **env}
    full.pop("LOG_FORMAT", None)
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + code],
        cwd=ROOT,
        env=full,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_every_log_line_is_json_with_the_request_id():
    done = django_subprocess(
        "from django.test.utils import setup_test_environment; setup_test_environment()\n"
        "from django.test import Client\n"
        "r = Client().get('/api/me', headers={'X-Request-ID': 'edge-42'})\n"
        "print(r.status_code, r.headers['X-Request-ID'])\n"
        "r = Client().get('/play/a-secret-link-token')\n"
        "print(r.status_code, r.headers['X-Request-ID'])\n"
    )
    assert done.returncode == 0, done.stderr
    (status, first), (_, second) = (line.split() for line in done.stdout.split("\n")[:2])
    assert status == "403" and first == "edge-42"
    assert len(second) == 32 and second != first
    lines = [json.loads(line) for line in done.stderr.splitlines()]
    # The start-up line (which solver core runs) is written before any request.
    lines = [line for line in lines if line["logger"] != "apps.games.engine.solver"]
    assert {line["request_id"] for line in lines} == {first, second}
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    summary = [line for line in lines if line["logger"] == "apps.requests"]
    assert [(s["method"], s["status"]) for s in summary] == [("GET", 403), ("GET", 200)]
    # Each says how long it took and how much of its thread's CPU it used.
    assert all(0 < s["cpu_ms"] <= s["duration_ms"] + 1 for s in summary)
    # Paths carry participants' link tokens: a line names the URL pattern, never the path.
    assert "a-secret-link-token" not in done.stderr


def test_an_unsafe_request_id_is_replaced(client):
    answer = client.get("/api/me", headers={"X-Request-ID": 'evil" "level": "ERROR'})
    assert answer.status_code == 403
    assert len(answer["X-Request-ID"]) == 32 and '"' not in answer["X-Request-ID"]


@pytest.mark.django_db
def test_probes_answer_a_caller_that_names_the_pod_by_address(client):
    # A kubelet sends Host: <pod ip>:8000, which ALLOWED_HOSTS does not list.
    assert client.get("/healthz", HTTP_HOST="10.1.2.3:8000").status_code == 200
    ready = client.get("/readyz", HTTP_HOST="10.1.2.3:8000")
    assert ready.status_code == 200 and ready.json()["checks"] == {"database": "ok", "broker": "ok"}
    assert client.get("/api/me", HTTP_HOST="10.1.2.3:8000").status_code == 400  # others do not


def test_metrics_are_off_without_a_token(client):
    answer = client.get("/metrics")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"


@override_settings(METRICS_TOKEN="scrape-" + "s" * 30)
def test_metrics_need_the_token_and_count_requests_and_queue_depth(client):
    assert client.get("/metrics").status_code == 401
    wrong = client.get("/metrics", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    assert wrong.json()["error"]["code"] == "not_authenticated"
    assert client.post("/metrics", headers=_bearer()).status_code == 405

    broker = redis.Redis.from_url(settings.REDIS_URL)
    marker = f"waiting-{uuid.uuid4().hex}"
    before = _sample(client, 'memulation_celery_queue_length{queue="exports"}')
    refused = 'memulation_http_requests_total{method="GET",route="api/me",status="403"}'
    refused_before = _sample(client, refused)
    broker.lpush("exports", marker, marker, marker)
    try:
        for _ in range(3):
            client.get("/api/me")
        text = client.get("/metrics", headers=_bearer()).content.decode()
    finally:
        broker.lrem("exports", 0, marker)
    assert _value(text, 'memulation_celery_queue_length{queue="exports"}') == before + 3
    for queue in settings.CELERY_QUEUE_NAMES:
        assert f'memulation_celery_queue_length{{queue="{queue}"}}' in text
    assert _value(text, refused) == refused_before + 3
    assert 'memulation_http_request_duration_seconds_bucket{le="0.005",method="GET"' in text


def test_a_task_run_is_timed():
    before = TASK_RUN.labels("api.ping", "SUCCESS")._sum.get(), _count("api.ping")
    assert ping.apply(args=["x"]).get() == "x"
    assert _count("api.ping") == before[1] + 1


@pytest.mark.django_db(transaction=True)
def test_a_worker_logs_the_queuing_request_id_and_serves_task_timings(tmp_path):
    queue = f"test-{uuid.uuid4().hex[:8]}"
    port = free_port()
    log_file = tmp_path / "worker.log"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "TEST_DATABASE_URL": current_database_url(),
        "TEST_CELERY_EAGER": "0",
        "WORKER_METRICS_PORT": str(port),
        "LOG_LEVEL": "INFO",
    }
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", queue]
    command += ["--pool=solo", "--without-heartbeat", "--without-gossip", "--without-mingle"]
    with open(log_file, "w") as log:
        worker = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    saved = app.conf.task_always_eager
    app.conf.task_always_eager = False
    token = request_id.set("clinic-request-7")
    try:
        assert ping.apply_async(args=["hi"], queue=queue).get(timeout=60) == "hi"
        scrape = f"http://127.0.0.1:{port}/metrics"
        assert wait_for(lambda: _reachable(scrape), 30)
        text = urllib.request.urlopen(scrape, timeout=5).read().decode()
    finally:
        request_id.reset(token)
        app.conf.task_always_eager = saved
        worker.terminate()
        worker.wait(timeout=30)
    wait = f'memulation_task_queue_wait_seconds_count{{queue="{queue}",task="api.ping"}}'
    assert _value(text, wait) == 1
    assert _value(text, 'memulation_task_duration_seconds_count{state="SUCCESS",task="api.ping"}')
    lines = [json.loads(line) for line in log_file.read_text().splitlines() if line.startswith("{")]
    done = [line for line in lines if "succeeded" in line["message"]]
    assert done and done[0]["request_id"] == "clinic-request-7", lines


@pytest.mark.django_db
def test_the_database_pool_is_used_when_configured():
    done = django_subprocess(
        "from django.db import connection\n"
        "for _ in range(3):\n"
        "    with connection.cursor() as c: c.execute('SELECT 1')\n"
        "    connection.close()\n"
        "print(connection.pool.get_stats()['pool_max'], connection.settings_dict['CONN_MAX_AGE'])",
        TEST_DATABASE_URL=current_database_url(),
        DATABASE_POOL_MAX_SIZE="4",
        DATABASE_POOL_MIN_SIZE="1",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["4", "0"]


def test_a_pool_smaller_than_its_minimum_is_refused():
    done = django_subprocess("", DATABASE_POOL_MAX_SIZE="2", DATABASE_POOL_MIN_SIZE="3")
    assert done.returncode != 0
    assert "DATABASE_POOL_MIN_SIZE must not exceed DATABASE_POOL_MAX_SIZE" in done.stderr


def test_without_the_pool_setting_connections_persist():
    assert "pool" not in settings.DATABASES["default"].get("OPTIONS", {})


# --- helpers ------------------------------------------------------------------------------------


def _bearer() -> dict:
    return {"Authorization": f"Bearer {settings.METRICS_TOKEN}"}


def _value(text: str, sample: str) -> float:
    for line in text.splitlines():
        if line.startswith(sample + " "):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def _sample(client, sample: str) -> float:
    return _value(client.get("/metrics", headers=_bearer()).content.decode(), sample)


def _count(task: str) -> float:
    from prometheus_client import REGISTRY

    value = REGISTRY.get_sample_value(
        "memulation_task_duration_seconds_count", {"task": task, "state": "SUCCESS"}
    )
    return value or 0.0


def _reachable(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=2)
        return True
    except OSError:
        return False
