"""The image's two serving roles as real processes (``deploy/entrypoint``): ``web`` (gunicorn's
threads, HTTP) and ``live`` (uvicorn, the live tables' sockets), on the test's database and Redis.
A move sent over HTTP to ``web`` reaches the device's socket on ``live``."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import websockets
from websockets.exceptions import InvalidStatus

from apps.games import links
from tests.apps.live.test_sockets import new_game
from tests.apps.server import free_port
from tests.conftest import current_database_url

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]


def start_role(role: str, log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "TEST_DATABASE_URL": current_database_url(),
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
        "WEB_THREADS": "2",
        "LIVE_CONCURRENCY": "1",
        "LOG_FORMAT": "json",
        "LOG_LEVEL": "INFO",
    }
    with open(log, "w") as out:
        server = subprocess.Popen(
            ["sh", str(ROOT / "deploy" / "entrypoint"), role], cwd=ROOT, env=env, stderr=out
        )
    url = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1):
                return server, url
        except OSError:
            if server.poll() is not None:
                break
            time.sleep(0.2)
    server.kill()
    pytest.fail(f"{role} did not start: {log.read_text()[-2000:]}")


@pytest.fixture
def roles(tmp_path, clinician):
    started = {role: start_role(role, tmp_path / f"{role}.log") for role in ("web", "live")}
    try:
        yield {role: url for role, (_, url) in started.items()}, tmp_path
    finally:
        for server, _ in started.values():
            server.terminate()
            server.wait(timeout=30)


def post(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=20) as response:
        return response.status, json.loads(response.read())


def test_a_move_over_http_to_web_is_pushed_to_the_socket_on_live(roles, clinician):
    urls, logs = roles
    game = new_game(clinician)
    token = links.play_link_token(game)
    with urllib.request.urlopen(f"{urls['web']}/api/play/{token}/", timeout=20) as response:
        assert response.status == 200 and response.headers["Server"] == "gunicorn"
        assert response.headers["X-Request-ID"]

    async def scenario() -> list[dict]:
        socket_url = urls["live"].replace("http", "ws") + f"/ws/play/{token}/"
        async with websockets.connect(socket_url, origin="http://localhost") as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), 20))
            status, body = await asyncio.to_thread(
                post,
                f"{urls['web']}/api/play/{token}/examination/",
                {"type": "ready", "event_id": "ready-1"},
            )
            assert status == 200, body
            pushed = [json.loads(await asyncio.wait_for(ws.recv(), 20))]
            while pushed[-1]["type"] != "view":
                pushed.append(json.loads(await asyncio.wait_for(ws.recv(), 20)))
            return [first, *pushed]

    first, *pushed = asyncio.run(scenario())
    assert first["type"] == "view" and first["view"]["state"]["phase"] == "examination"
    hidden = [e for m in pushed for e in m.get("events", []) if e["kind"] == "examination_hidden"]
    assert hidden and hidden[0]["examination"]["hand"] == "A"
    assert pushed[-1]["view"]["examination"]["hand"] == "B"

    # The web role is gunicorn with the JSON log configuration: every line is one JSON object,
    # each request's line carries its id, and no line names the link.
    lines = [json.loads(line) for line in (logs / "web.log").read_text().splitlines()]
    assert any(line["logger"] == "gunicorn.error" for line in lines)
    requests = [line for line in lines if line["logger"] == "apps.requests"]
    assert len(requests) >= 2 and all(len(line["request_id"]) == 32 for line in requests)
    assert token not in (logs / "web.log").read_text()
    assert all(line.startswith("{") for line in (logs / "live.log").read_text().splitlines())


def test_the_web_role_does_not_serve_sockets(roles, clinician):
    urls, _ = roles
    game = new_game(clinician)
    token = links.play_link_token(game)

    async def scenario():
        socket_url = urls["web"].replace("http", "ws") + f"/ws/play/{token}/"
        async with websockets.connect(socket_url, origin="http://localhost"):
            pass

    with pytest.raises(InvalidStatus) as refused:
        asyncio.run(scenario())
    assert refused.value.response.status_code == 404
