"""Load on the act endpoint: simulated participants playing whole games against one server.

Starts one server process (gunicorn, one worker with threads) on a PostgreSQL database of its
own, creates games with single-game links, and lets simulated participants play them to the end
over loopback HTTP. Two runs: paced at a target rate of card plays per second (open loop, the
aim is a p99 under 100 ms at 200 plays/s), and flat out (the most the process can take).

    .venv/bin/python bench/api.py [--rate 200] [--players 40] [--seconds 30]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "apps" / "games"))

DB_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/memulation_bench")
PORT = int(os.environ.get("BENCH_PORT", "8765"))
ENV = {
    **os.environ,
    "DATABASE_URL": DB_URL,
    "DEBUG": "0",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "SECURE_SSL_REDIRECT": "0",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "LOG_LEVEL": "WARNING",
    "DJANGO_SETTINGS_MODULE": "config.settings",
}
# Jobs go to a broker, as in production (no worker runs: the end-of-game metric jobs just
# wait in Redis and are dropped afterwards), so a request never computes metrics itself.
ENV["REDIS_URL"] = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")


def prepare_database() -> None:
    import psycopg

    name = DB_URL.rsplit("/", 1)[1]
    with psycopg.connect(DB_URL.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=ROOT, env=ENV, check=True
    )


def make_links(count: int) -> list[str]:
    """Games in started sessions, with a link each (created through the services)."""
    os.environ.update(ENV)
    import django

    django.setup()
    from apps.games import links, services
    from apps.participants.models import Participant, Protocol, Study
    from apps.training.models import TrainingSession

    study, _ = Study.objects.get_or_create(name="Bench")
    protocol, _ = Protocol.objects.get_or_create(
        study=study, name="bench", version=1, defaults={"opponent": "greedy", "rounds": 1}
    )
    tokens = []
    for i in range(count):
        participant = Participant.objects.create(study=study, code=f"B{i:05d}")
        session = TrainingSession.objects.create(
            participant=participant,
            protocol=protocol,
            protocol_snapshot=protocol.snapshot(),
            number=1,
            status="started",
        )
        game = services.game_create(session=session, seed=i)
        tokens.append(links.play_link_token(game))
    return tokens


def start_server() -> subprocess.Popen:
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{PORT}",
            "--workers",
            "1",
            "--worker-class",
            "gthread",
            "--threads",
            "8",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=ENV,
    )
    for _ in range(100):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=1)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


class Player(threading.Thread):
    """One participant device: plays its game to the end, timing every card play."""

    def __init__(self, token: str, seed: int, pace: float, latencies: list, stop: threading.Event):
        super().__init__(daemon=True)
        self.base = f"/api/play/{token}/"
        self.rng = random.Random(seed)
        self.pace = pace
        self.latencies = latencies
        self.stop = stop
        self.conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        data = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if data else {}
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        payload = json.loads(response.read())
        if response.status != 200:
            raise RuntimeError(f"{response.status}: {payload}")
        return payload

    def run(self) -> None:
        from playing import next_move

        body = self.call("GET", self.base)
        n = 0
        while not body["state"]["finished"] and not self.stop.is_set():
            state = body["state"]
            if state["phase"] == "examination" and not state["examination"]["cards"]:
                time.sleep(max(0.05, body["examination"]["starts_in_seconds"]))
                body = self.call("GET", self.base)
                continue
            suffix, data = next_move(body, self.rng)
            n += 1
            data = {**data, "event_id": f"{self.name}-{n}", "decision_ms": 1000}
            if data["type"] == "play" and self.pace:
                time.sleep(self.rng.expovariate(1 / self.pace))
            started = time.perf_counter()
            body = self.call("POST", self.base + suffix, data)
            if data["type"] == "play":
                self.latencies.append((time.perf_counter(), time.perf_counter() - started))


def run(tokens: list[str], players: int, pace: float, seconds: float) -> tuple[float, list]:
    latencies: list = []
    stop = threading.Event()
    queue = list(tokens)
    active: list[Player] = []
    started = time.perf_counter()
    seed = 0
    while time.perf_counter() - started < seconds and (queue or active):
        active = [p for p in active if p.is_alive()]
        while len(active) < players and queue:
            seed += 1
            player = Player(queue.pop(), seed, pace, latencies, stop)
            player.start()
            active.append(player)
        time.sleep(0.05)
    stop.set()
    for player in active:
        player.join(timeout=30)
    elapsed = time.perf_counter() - started
    return elapsed, [lat for _, lat in latencies]


def report(label: str, elapsed: float, latencies: list[float]) -> None:
    latencies = sorted(latencies)
    if not latencies:
        print(f"{label}: no plays")
        return
    q = statistics.quantiles(latencies, n=100)
    print(
        f"{label}: {len(latencies)} card plays in {elapsed:.1f} s = "
        f"{len(latencies) / elapsed:.0f} plays/s; latency p50 {q[49] * 1000:.1f} ms, "
        f"p99 {q[98] * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rate", type=float, default=200, help="target card plays per second")
    parser.add_argument("--players", type=int, default=40, help="participants playing at once")
    parser.add_argument("--seconds", type=float, default=30, help="length of each run")
    args = parser.parse_args()

    prepare_database()
    # A participant plays about 26 cards per Memulation round, at `pace` seconds apart.
    pace = args.players / args.rate
    per_run = int(args.rate * args.seconds / 26) + args.players * 2
    tokens = make_links(per_run * 2)
    server = start_server()
    try:
        print(f"one server process (gunicorn gthread, 8 threads) on {DB_URL}, loopback HTTP")
        elapsed, lat = run(tokens[:per_run], args.players, pace, args.seconds)
        report(f"paced at {args.rate:.0f} plays/s, {args.players} players", elapsed, lat)
        elapsed, lat = run(tokens[per_run:], args.players, 0, args.seconds)
        report(f"flat out, {args.players} players", elapsed, lat)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        import redis

        redis.Redis.from_url(ENV["REDIS_URL"]).flushdb()


if __name__ == "__main__":
    main()
