"""`make run`'s embedded default: SQLite and tasks in-process. The suite runs on PostgreSQL,
where the act path combines statements; here a whole game is played through the API on SQLite,
in a process of its own, retries included (some arriving at once, each on its own connection, as
devices' retries reach the server's threads), with the session's metrics computed at its end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import django
django.setup()
from django.core.management import call_command
from concurrent.futures import ThreadPoolExecutor
from django.db import connection, connections
from django.test.utils import setup_test_environment
from rest_framework.test import APIClient

setup_test_environment()
from apps.common import clock
clock.installed(clock.RunningClock()).__enter__()  # deal pauses are moved past, not slept
call_command("migrate", verbosity=0)
assert connection.vendor == "sqlite", connection.vendor

from apps.games import links, services
from apps.metrics.models import MetricValue
from tests.apps.factories import make_participant, make_protocol, make_session
import random
from tests.apps.games.playing import hand_on_show, next_move

participant = make_participant()
protocol = make_protocol(study=participant.study, game="memulation", rounds=1, opponent="greedy")
session = make_session(participant=participant, protocol=protocol, status="started")
game = services.game_create(session=session, seed=7)
base = f"/api/play/{links.play_link_token(game)}/"
client = APIClient()

def at_once(url, data):
    try:
        return APIClient(raise_request_exception=False).post(url, data, format="json")
    finally:
        connections.close_all()  # this thread's own


# Every move is sent twice with the same event id, as a device retrying: the same bytes back;
# every eighth, six times at once.
rng, body, same = random.Random(7), client.get(base).json(), True
for n in range(400):
    if body["state"]["finished"]:
        break
    body = hand_on_show(client, base, body)
    suffix, data = next_move(body, rng)
    data = {**data, "event_id": f"e{n}"}
    if n % 8 == 4:  # a device's retries arriving at once: each request on its own connection
        with ThreadPoolExecutor(6) as pool:
            burst = list(pool.map(lambda _: at_once(base + suffix, data), range(6)))
        first = second = burst[0]
        assert {a.status_code for a in burst} == {200}, [(a.status_code, a.content[:300])
                                                         for a in burst]
        same = same and len({a.content for a in burst}) == 1
    else:
        first = client.post(base + suffix, data, format="json")
        second = client.post(base + suffix, data, format="json")
    assert first.status_code == 200, first.content
    same = same and first.content == second.content
    body = first.json()
assert body["state"]["finished"], body["state"]["phase"]
retried = {"same": same}
game.refresh_from_db()
print("status", game.status, "retried", retried, "metrics", MetricValue.objects.count())
"""


def test_a_whole_game_is_played_on_the_embedded_default(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_SETTINGS_MODULE", "REDIS_URL", "TEST_DATABASE_URL"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        DEBUG="1",
        PYTHONPATH=str(ROOT),
        VAR_DIR=str(tmp_path / "var"),
        LOG_LEVEL="WARNING",
    )
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    words = done.stdout.split()
    assert words[:2] == ["status", "finished"], done.stdout
    assert "{'same': True}" in done.stdout, done.stdout
    assert int(words[-1]) > 0, done.stdout  # the session's metrics, computed in-process
