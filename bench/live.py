"""Live tables under load: many tables on one ASGI process, seats on sockets, at a set pace.

Starts one server process (uvicorn, or daphne when installed) on a PostgreSQL database of its
own, opens ``--tables`` games with ``--watchers`` sockets each (four devices at a table), and
drives one socket a table with examination events (``page_hidden`` / ``page_visible``: a real
write through the shared idempotent path, without the opponents' thinking) at each offered rate
in turn, open loop. It prints, per rate, the rate served, the answer latency and the push
latency (an action sent to the table's other sockets getting the view of its version), p50 and
p99, and the load at which the push p99 passes 100 ms; then, in the same run, the requests per
second the polling path (the browser without a socket) would cost for the same tables, and what
this process serves of it. Each channel layer (and server) is measured in turn.

    .venv/bin/python bench/live.py [--tables 100] [--watchers 4] [--rates 10,25,50,100,200]
                                   [--seconds 8] [--layers pubsub,redis,memory] [--servers uvicorn]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import importlib.util
import json
import os
import secrets
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DB_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/memulation_live_bench"
)
PORT = int(os.environ.get("BENCH_PORT", "8766"))
ORIGIN = f"http://127.0.0.1:{PORT}"
ENV = {
    **os.environ,
    "DATABASE_URL": DB_URL,
    "DEBUG": "0",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "SECURE_SSL_REDIRECT": "0",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "LOG_LEVEL": "WARNING",
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/4"),
}
# What the browser's pollDelay (frontend/src/features/play/useGame.ts) asks for while waiting.
POLL_SECONDS = 1.5


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
    """Memulation games in started sessions, in a long examination, with a link each."""
    os.environ.update(ENV)
    import django

    django.setup()
    from apps.games import links, services
    from apps.participants.models import Participant, Protocol, Study
    from apps.training.models import TrainingSession

    study, _ = Study.objects.get_or_create(name="Live bench")
    protocol, _ = Protocol.objects.get_or_create(
        study=study,
        name="live bench",
        version=1,
        defaults={
            "opponent": "random",
            "rounds": 1,
            "examination_seconds": 600,
        },
    )
    tokens = []
    for i in range(count):
        participant = Participant.objects.create(study=study, code=f"L{i:05d}")
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


def start_server(server: str, layer: str) -> subprocess.Popen:
    env = {**ENV, "LIVE_CHANNEL_LAYER": layer}
    if server == "uvicorn":
        command = ["-m", "uvicorn", "config.asgi:application", "--port", str(PORT)]
        command += ["--host", "127.0.0.1", "--log-level", "warning", "--ws-max-size", "65536"]
    else:
        command = ["-m", "daphne", "-b", "127.0.0.1", "-p", str(PORT), "-v", "0"]
        command += ["config.asgi:application"]
    process = subprocess.Popen([sys.executable, *command], cwd=ROOT, env=env)
    for _ in range(150):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=1)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Socket:
    """One device's socket: when it first saw each version of its game's view."""

    def __init__(self, connection):
        self.connection = connection
        self.seen: list[tuple[int, float]] = []  # (version, arrival)
        self.answers: dict[str, tuple[float, int, int]] = {}  # ref -> (arrival, status, version)

    async def read(self) -> None:
        import websockets

        with contextlib.suppress(websockets.ConnectionClosed):
            await self._read()

    async def _read(self) -> None:
        async for text in self.connection:
            now = time.perf_counter()
            message = json.loads(text)
            if message["type"] == "view":
                self.seen.append((message["view"]["version"], now))
            elif message["type"] == "answer":
                body = message["body"]
                self.answers[message["ref"]] = (now, message["status"], body.get("version", -1))


async def run_rate(tables: list[list[Socket]], rate: float, seconds: float, tag: str) -> dict:
    import websockets

    sent: list[tuple[int, str, float]] = []
    start = time.perf_counter()
    total = int(rate * seconds)
    for i in range(total):
        due = start + i / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        table = i % len(tables)
        ref = f"{tag}-{i}"
        kind = "page_hidden" if (i // len(tables)) % 2 == 0 else "page_visible"
        data = {"type": kind, "event_id": ref, "decision_ms": 1}
        sent.append((table, ref, time.perf_counter()))
        with contextlib.suppress(websockets.ConnectionClosed):  # counted as lost
            await tables[table][0].connection.send(
                json.dumps({"type": "examine", "ref": ref, "data": data})
            )
    elapsed = time.perf_counter() - start
    # Let the answers (and the pushes after them) arrive, so that no backlog spills into the
    # next rate.
    settle = time.perf_counter() + 30
    while time.perf_counter() < settle and any(
        ref not in tables[table][0].answers for table, ref, _ in sent
    ):
        await asyncio.sleep(0.2)
    await asyncio.sleep(1)
    answer_ms, push_ms, lost = [], [], 0
    for table, ref, at in sent:
        driver = tables[table][0]
        if ref not in driver.answers or driver.answers[ref][1] != 200:
            lost += 1
            continue
        arrived, _, version = driver.answers[ref]
        answer_ms.append((arrived - at) * 1000)
        for watcher in tables[table][1:]:
            first = next((t for v, t in watcher.seen if v >= version and t >= at), None)
            if first is None:
                lost += 1
            else:
                push_ms.append((first - at) * 1000)
    return {
        "offered": rate,
        "served": len(answer_ms) / elapsed,
        "answer_p50": pct(answer_ms, 0.5),
        "answer_p99": pct(answer_ms, 0.99),
        "push_p50": pct(push_ms, 0.5),
        "push_p99": pct(push_ms, 0.99),
        "lost": lost,
    }


async def live_load(
    tokens, watchers: int, rates: list[float], seconds: float, run: str
) -> list[dict]:
    import websockets

    tables: list[list[Socket]] = []
    readers = []
    for token in tokens:
        table = []
        for _ in range(watchers):
            connection = await websockets.connect(
                f"ws://127.0.0.1:{PORT}/ws/play/{token}/", origin=ORIGIN, max_size=2**20
            )
            socket = Socket(connection)
            readers.append(asyncio.create_task(socket.read()))
            table.append(socket)
        tables.append(table)
    await asyncio.sleep(2)  # the opening views
    results = []
    for n, rate in enumerate(rates):
        # Event ids of their own: a retried id would be answered from its receipt.
        result = await run_rate(tables, rate, seconds, f"{run}-r{n}")
        results.append(result)
        if result["served"] < 0.7 * rate:
            break  # past what the process serves: higher rates would only pile up
    for reader in readers:
        reader.cancel()
    await asyncio.gather(
        *(s.connection.close() for table in tables for s in table), return_exceptions=True
    )
    return results


def polling_capacity(tokens: list[str], seconds: float = 5, clients: int = 8) -> dict:
    """The seat views (``GET /api/play/<token>/``) this process serves flat out."""
    latencies: list[float] = []
    stop = time.perf_counter() + seconds

    def client(k: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        i = k
        while time.perf_counter() < stop:
            started = time.perf_counter()
            conn.request("GET", f"/api/play/{tokens[i % len(tokens)]}/")
            response = conn.getresponse()
            response.read()
            latencies.append((time.perf_counter() - started) * 1000)
            i += clients

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {
        "per_second": len(latencies) / seconds,
        "p50": statistics.median(latencies),
        "p99": pct(latencies, 0.99),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--watchers", type=int, default=4)
    parser.add_argument("--rates", default="10,25,50,100,200")
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--layers", default="pubsub,redis,memory")
    parser.add_argument("--servers", default="uvicorn")
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    servers = [s for s in args.servers.split(",") if s == "uvicorn" or importlib.util.find_spec(s)]

    prepare_database()
    tokens = make_links(args.tables)
    sockets = args.tables * args.watchers
    print(
        f"{args.tables} tables x {args.watchers} sockets = {sockets} sockets on one process, "
        f"{os.cpu_count()} cores shared with the clients; action = an examination event"
    )
    polling = None
    for server in servers:
        for layer in args.layers.split(","):
            process = start_server(server, layer)
            cpu, results = 0.0, []
            try:
                cpu = cpu_seconds(process.pid)
                results = asyncio.run(
                    live_load(tokens, args.watchers, rates, args.seconds, f"{server}-{layer}")
                )
                cpu = cpu_seconds(process.pid) - cpu
                if polling is None:
                    polling = polling_capacity(tokens)
            finally:
                process.terminate()
                process.wait(timeout=30)
            print(f"\n== {server}, {layer} layer (server CPU {cpu:.1f} s over the run)")
            print("offered/s  served/s  answer p50/p99 ms  push p50/p99 ms  lost")
            for r in results:
                print(
                    f"{r['offered']:9.0f} {r['served']:9.1f} {r['answer_p50']:9.1f} /"
                    f"{r['answer_p99']:7.1f} {r['push_p50']:9.1f} /{r['push_p99']:7.1f}"
                    f" {r['lost']:5d}"
                )
            over = next((r["offered"] for r in results if r["push_p99"] > 100), None)
            print(
                "push p99 passes 100 ms at: "
                + (
                    f"{over:.0f} actions/s"
                    if over
                    else f"none of the rates (up to {rates[-1]:.0f}/s)"
                )
            )
    demand = sockets / POLL_SECONDS
    print(
        f"\nPolling instead, for the same {args.tables} tables: {sockets} devices asking every "
        f"{POLL_SECONDS} s = {demand:.0f} requests/s with nothing new to tell most of them."
    )
    if polling:
        print(
            f"This process serves {polling['per_second']:.0f} views/s flat out (8 clients, p50 "
            f"{polling['p50']:.1f} ms, p99 {polling['p99']:.1f} ms): polling these tables would "
            f"take {demand / polling['per_second']:.0%} of it before a single move."
        )


if __name__ == "__main__":
    main()
