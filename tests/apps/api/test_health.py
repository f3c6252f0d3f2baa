"""/healthz and /readyz against the real services, and with each one unreachable."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_healthz_answers_without_touching_services(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_readyz_is_ready_with_postgres_and_redis_up(client, db):
    response = client.get("/readyz")
    assert response.status_code == 200, response.content
    assert response.json() == {"status": "ok", "checks": {"database": "ok", "broker": "ok"}}


def readyz_in_a_process(**env: str) -> tuple[int, dict]:
    """Ask /readyz in a fresh process whose settings point where ``env`` says."""
    code = (
        "import json, django; django.setup(); from django.test import Client; "
        "r = Client().get('/readyz', HTTP_HOST='localhost'); "
        "print(json.dumps([r.status_code, r.json()]))"
    )
    full = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/postgres",
        **env,
    }
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    status, body = json.loads(result.stdout.strip().splitlines()[-1])
    return status, body


def test_readyz_names_the_database_when_it_is_unreachable():
    status, body = readyz_in_a_process(DATABASE_URL="postgres://postgres@127.0.0.1:1/memulation")
    assert status == 503
    assert body["checks"] == {"database": "failed", "broker": "ok"}
    assert body["error"]["code"] == "not_ready"
    assert "database" in body["error"]["message"]
    assert set(body["error"]["details"]) == {"database"}


def test_readyz_names_the_broker_when_it_is_unreachable():
    status, body = readyz_in_a_process(REDIS_URL="redis://127.0.0.1:1/0")
    assert status == 503
    assert body["checks"] == {"database": "ok", "broker": "failed"}
    assert "broker" in body["error"]["message"]
