"""Live tables under load: one live process, two, and a bare Channels consumer, in one run.

Opens ``--tables`` Mendikot tables of four people (``POST /api/tables/``, each seat joined
through its link), starts the live server as the ``live`` role runs it (uvicorn, the Redis
pub/sub channel layer, the psycopg pool) on a PostgreSQL database of its own, and connects one
socket a seat (400 sockets by default). At each offered rate (open loop: actions are released
on time whether or not the server keeps up), one seat of a table sends an action on its socket:
an examination event (``page_hidden`` / ``page_visible``), a real write through the same
idempotent path as a card play, which makes a new version of the game that every seat is pushed
(without the opponents' or the engine's work, so the figures are the live path's own). The
acting seat turns round each table.

For each rate (after 3 s at the first rate, not counted) it prints the answer latency (the action
sent until its answer arrives on that socket) and the push latency (the action sent until each
of the table's other sockets receives its view of that version or a later one), p50 and p99, the
server's CPU time per action (every server process, user + system, over the rate's run; this
process's own in brackets), what was lost, the load average, and this machine's own round trips
meanwhile (a PostgreSQL ``SELECT 1`` and a Redis ``PING`` every 20 ms, p50/p99): on a shared
machine they say how long any one hop waits for a core.

Three setups, in this order in each repetition:

* ``bare``: the baseline, ``bench/bare/sockets.py``: one uvicorn process, the same 400 sockets,
  about 1 ms of CPU an action on a worker thread, one message to the table's group through the
  same Redis pub/sub layer (a Channels consumer's plainest way; the live tables publish one view
  a seat, since each seat sees only its own);
* ``live``: one live process serving every socket;
* ``live2``: two live processes sharing the tables through Redis, each table's sockets spread
  over both (seats 0 and 2 of table 0 on one, 1 and 3 on the other, and so on).

Then the summary: rates x setups, push p50/p99, CPU ms an action, and each live p99 over the
bare p99 of the same rate (medians over ``--repeat`` repetitions). Aim: push p99 under 50 ms at
100 actions/s on one process, within 3x the bare consumer's.

    .venv/bin/python bench/live.py [--tables 100] [--rates 50,100,200] [--seconds 10]
                                   [--setups bare,live,live2] [--repeat 1] [--reuse]

``BENCH_DATABASE_URL`` (a database the bench drops and makes anew), ``BENCH_REDIS_URL`` and
``BENCH_PORT`` (and the next port, for the second process) say where. The clients run in this
process, on the same cores as the servers. ``--reuse`` takes the tables of the last run
(``var/bench-live-tables.json``) instead of making the database anew.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import math
import os
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.tools.database import recreate_database  # noqa: E402
from bench.tools.proc import cpu_seconds  # noqa: E402

DB_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/memulation_live_bench"
)
PORT = int(os.environ.get("BENCH_PORT", "8766"))
ORIGIN = "http://127.0.0.1"
SEATS = 4  # a Mendikot table of four people
RUN = secrets.token_hex(4)  # in every event id: a retried id would change nothing
PREFIX = f"bench-{RUN}"  # the channel layer's names: this run's own
ENV = {
    **os.environ,
    "DATABASE_URL": DB_URL,
    "DEBUG": "0",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "SECURE_SSL_REDIRECT": "0",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/4"),
    "DJANGO_SETTINGS_MODULE": "bench.bare.live_settings",
    "BENCH_CHANNEL_PREFIX": PREFIX,
    # deploy/env.example's settings for every process.
    "DATABASE_POOL_MAX_SIZE": "8",
    "DATABASE_POOL_MIN_SIZE": "1",
    "LOG_FORMAT": "json",
    "LOG_LEVEL": "INFO",
    "LIVE_CHANNEL_LAYER": "pubsub",
}
WARM_UP_SECONDS = 3
SAVED = ROOT / "var" / "bench-live-tables.json"  # the last run's tables, for --reuse
LOGS = Path(tempfile.mkdtemp(prefix="bench-live-"))


# -- the tables ---------------------------------------------------------------------------------


def prepare_database() -> None:
    recreate_database(DB_URL)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=ROOT, env=ENV, check=True
    )


def open_tables(count: int) -> list[list[str]]:
    """``count`` Mendikot tables of four participants, opened and joined through the API: each
    table's seat links (tokens), in seat order. The protocol has no turn timer and no takeover,
    so nothing changes at a table but what the bench sends."""
    os.environ.update(ENV)
    os.environ["LOG_LEVEL"] = "WARNING"  # this process's own requests (the servers log at INFO)
    import django

    django.setup()
    from django.utils import timezone
    from rest_framework.test import APIClient

    from apps.accounts.models import User
    from apps.participants.models import Participant, Protocol, Study

    clinician = User.objects.create_user(
        username="bench-clinician", password=secrets.token_urlsafe(), role=User.Role.CLINICIAN
    )
    study = Study.objects.create(name="Live bench")
    study.clinicians.set([clinician])
    protocol = Protocol.objects.create(
        study=study,
        name="live bench",
        game="mendikot",
        rounds=1,
        opponent="random",
        opponent_pace_seconds=0,
        turn_seconds=None,
        takeover_seconds=None,
    )
    client = APIClient(SERVER_NAME="localhost")
    client.force_authenticate(user=clinician)
    today = timezone.now().date()
    tables = []
    for t in range(count):
        seats = []
        for s in range(SEATS):
            person = Participant.objects.create(
                study=study, code=f"L{t:04d}{s}", consent_date=today
            )
            person.clinicians.set([clinician])
            seats.append({"kind": "participant", "participant": person.pk})
        answer = client.post("/api/tables/", {"protocol": protocol.pk, "seats": seats}, "json")
        assert answer.status_code == 201, answer.content
        tokens = [seat["link"].rsplit("/play/", 1)[1] for seat in answer.json()["seats"]]
        for token in tokens:
            joined = client.post(f"/api/play/{token}/join/")
            assert joined.status_code == 200, joined.content
        tables.append(tokens)
    return tables


# -- the servers --------------------------------------------------------------------------------


def start_server(app: str, port: int, name: str) -> subprocess.Popen:
    """One uvicorn process, as deploy/entrypoint's ``live`` role runs it (one worker)."""
    command = [sys.executable, "-m", "uvicorn", app, "--host", "127.0.0.1", "--port", str(port)]
    command += ["--lifespan", "off", "--no-access-log", "--log-level", "warning"]
    log = open(LOGS / f"{name}.log", "a")  # noqa: SIM115 (the process keeps it)
    process = subprocess.Popen(command, cwd=ROOT, env=ENV, stdout=log, stderr=log)
    for _ in range(300):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"the server {name} did not start (see {LOGS / name}.log)")


@dataclass
class Setup:
    name: str
    servers: list[subprocess.Popen]
    paths: list[list[str]]  # each table's seats' socket URLs

    def cpu(self) -> float:
        return sum(cpu_seconds(p.pid) for p in self.servers)

    def stop(self) -> None:
        for process in self.servers:
            process.terminate()
        for process in self.servers:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def start_setup(name: str, tables: list[list[str]]) -> Setup:
    if name == "bare":
        server = start_server("bench.bare.sockets:application", PORT, "bare")
        paths = [
            [f"ws://127.0.0.1:{PORT}/ws/bare/{t}/{s}/" for s in range(SEATS)]
            for t in range(len(tables))
        ]
        return Setup(name, [server], paths)
    count = 2 if name == "live2" else 1
    servers = [
        start_server("config.asgi:application", PORT + n, f"{name}-{n}") for n in range(count)
    ]
    paths = [
        [
            f"ws://127.0.0.1:{PORT + (t + s) % count}/ws/play/{token}/"
            for s, token in enumerate(seats)
        ]
        for t, seats in enumerate(tables)
    ]
    return Setup(name, servers, paths)


# -- the clients --------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Socket:
    """One seat's device: when it first saw each version of its view, and its answers."""

    connection: object
    seen: list[tuple[int, float]] = field(default_factory=list)  # (version, arrival)
    answers: dict[str, tuple[float, int, int]] = field(default_factory=dict)

    async def read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            async for text in self.connection:  # type: ignore[attr-defined]
                now = time.perf_counter()
                message = json.loads(text)
                if message["type"] == "view":
                    self.seen.append((message["view"]["version"], now))
                elif message["type"] == "answer":
                    version = message["body"].get("version", -1)
                    self.answers[message["ref"]] = (now, message["status"], version)

    def first_seen(self, version: int, after: float) -> float | None:
        for seen, at in self.seen:
            if seen >= version and at >= after:
                return at
        return None


def action(setup: str, ref: str, kind: str) -> str:
    if setup == "bare":
        return json.dumps({"type": "act", "ref": ref})
    data = {"type": kind, "event_id": ref, "decision_ms": 1}
    return json.dumps({"type": "examine", "ref": ref, "data": data})


class RoundTrips:
    """This machine's own latency meanwhile: a PostgreSQL ``SELECT 1`` and a Redis ``PING``
    every 20 ms from a thread of this process (a push needs a few of each in a row)."""

    def __init__(self) -> None:
        import psycopg
        import redis

        self.pg = psycopg.connect(DB_URL, autocommit=True)
        self.redis = redis.Redis.from_url(ENV["REDIS_URL"])
        self.times: dict[str, list[float]] = {"pg": [], "redis": []}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._probe, daemon=True)
        self.thread.start()

    def _probe(self) -> None:
        while not self.stop.wait(0.02):
            for name, ask in (
                ("pg", lambda: self.pg.execute("SELECT 1")),
                ("redis", self.redis.ping),
            ):
                started = time.perf_counter()
                ask()
                self.times[name].append((time.perf_counter() - started) * 1000)

    def close(self) -> dict[str, float]:
        self.stop.set()
        self.thread.join()
        self.pg.close()
        self.redis.close()
        return {
            f"{name}_{q}": pct(values, level)
            for name, values in self.times.items()
            for q, level in (("p50", 0.5), ("p99", 0.99))
        }


async def run_rate(setup: Setup, tables: list[list[Socket]], rate: float, seconds: float, tag: str):
    from websockets.exceptions import ConnectionClosed

    sent: list[tuple[int, int, str, float]] = []  # (table, seat, ref, sent at)
    total = int(rate * seconds)
    probe = RoundTrips()
    cpu, own = setup.cpu(), time.process_time()
    start = time.perf_counter()
    for i in range(total):
        delay = start + i / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        table, turn = i % len(tables), i // len(tables)
        seat = turn % SEATS
        ref = f"{tag}-{i}"
        # Each seat's events alternate hidden, visible: the page goes away and comes back.
        kind = "page_hidden" if (turn // SEATS) % 2 == 0 else "page_visible"
        sent.append((table, seat, ref, time.perf_counter()))
        with contextlib.suppress(ConnectionClosed):  # counted as lost
            await tables[table][seat].connection.send(action(setup.name, ref, kind))  # type: ignore[attr-defined]
    elapsed = time.perf_counter() - start
    # Every answer, and the pushes after it, before the next rate: no backlog spills over.
    settle = time.perf_counter() + 30
    while time.perf_counter() < settle and any(
        ref not in tables[t][s].answers for t, s, ref, _ in sent
    ):
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)
    cpu, own = setup.cpu() - cpu, time.process_time() - own
    trips = probe.close()
    answer_ms, push_ms, lost = [], [], 0
    for t, s, ref, at in sent:
        answered = tables[t][s].answers.get(ref)
        if answered is None or answered[1] != 200:
            lost += SEATS
            continue
        arrived, _, version = answered
        answer_ms.append((arrived - at) * 1000)
        for other, socket in enumerate(tables[t]):
            if other == s:
                continue
            first = socket.first_seen(version, at)
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
        "cpu_ms": cpu * 1000 / max(1, len(answer_ms)),
        "client_ms": own * 1000 / max(1, len(answer_ms)),
        "lost": lost,
        "load": os.getloadavg()[0],
        **trips,
    }


async def connect_all(setup: Setup) -> tuple[list[list[Socket]], list[asyncio.Task]]:
    from websockets.asyncio.client import connect

    gate = asyncio.Semaphore(20)

    async def one(url: str) -> Socket:
        async with gate:
            connection = await connect(url, origin=ORIGIN, max_size=2**20, open_timeout=60)  # type: ignore[arg-type]
        return Socket(connection)

    tables = [list(await asyncio.gather(*(one(url) for url in seats))) for seats in setup.paths]
    readers = [asyncio.create_task(s.read()) for table in tables for s in table]
    # The opening views (the bare consumer sends none).
    wait_until = time.perf_counter() + 60
    while setup.name != "bare" and time.perf_counter() < wait_until:
        if all(s.seen for table in tables for s in table):
            break
        await asyncio.sleep(0.2)
    await asyncio.sleep(1)
    return tables, readers


async def drive(setup: Setup, rates: list[float], seconds: float, run: str) -> list[dict]:
    tables, readers = await connect_all(setup)
    results = []
    try:
        # A few seconds at the first rate, not counted: connections and caches warm up.
        await run_rate(setup, tables, rates[0], WARM_UP_SECONDS, f"{run}-warm")
        for n, rate in enumerate(rates):
            result = await run_rate(setup, tables, rate, seconds, f"{run}-{n}")
            results.append(result)
            print(row(setup.name, result), flush=True)
    finally:
        for reader in readers:
            reader.cancel()
        await asyncio.gather(
            *(s.connection.close() for table in tables for s in table),  # type: ignore[attr-defined]
            return_exceptions=True,
        )
    return results


# -- the report ---------------------------------------------------------------------------------

HEADER = (
    "setup   offered/s served/s  answer p50/p99 ms  push p50/p99 ms   CPU ms/action"
    " (clients)  lost  load   round trip p50/p99 ms: PostgreSQL, Redis"
)


def row(name: str, r: dict) -> str:
    return (
        f"{name:7} {r['offered']:9.0f} {r['served']:8.1f} {r['answer_p50']:8.1f} /"
        f"{r['answer_p99']:7.1f} {r['push_p50']:8.1f} /{r['push_p99']:7.1f}"
        f" {r['cpu_ms']:13.2f} ({r['client_ms']:5.2f}) {r['lost']:5d} {r['load']:5.1f}"
        f"   {r['pg_p50']:.1f}/{r['pg_p99']:.1f}, {r['redis_p50']:.1f}/{r['redis_p99']:.1f}"
    )


def median_of(runs: list[dict], key: str) -> float:
    """The median over the repetitions that measured it (a run that lost every push has none)."""
    values = [r[key] for r in runs if not math.isnan(r[key])]
    return statistics.median(values) if values else float("nan")


def summary(results: dict[str, dict[float, list[dict]]], rates: list[float]) -> None:
    print("\n== Summary (medians over the repetitions): push latency and server CPU an action")
    print("offered/s  setup   push p50 ms  push p99 ms  CPU ms/action  p99 / bare p99")
    for rate in rates:
        bare = results.get("bare", {}).get(rate)
        bare_p99 = median_of(bare, "push_p99") if bare else None
        for name, by_rate in results.items():
            runs = by_rate.get(rate)
            if not runs:
                continue
            p99 = median_of(runs, "push_p99")
            ratio = f"{p99 / bare_p99:.1f}x" if bare_p99 and name != "bare" else ""
            print(
                f"{rate:9.0f}  {name:7} {median_of(runs, 'push_p50'):11.1f}"
                f" {p99:12.1f} {median_of(runs, 'cpu_ms'):14.2f}  {ratio:>14}"
            )
    live = results.get("live", {}).get(100.0)
    bare = results.get("bare", {}).get(100.0)
    if live and bare:
        p99, bare_p99 = median_of(live, "push_p99"), median_of(bare, "push_p99")
        print(
            f"\nAim at 100 actions/s, one live process: push p99 {p99:.1f} ms (under 50 ms: "
            f"{'met' if p99 < 50 else 'not met'}), {p99 / bare_p99:.1f}x the bare consumer's "
            f"{bare_p99:.1f} ms (within 3x: {'met' if p99 <= 3 * bare_p99 else 'not met'})."
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rates", default="50,100,200")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--setups", default="bare,live,live2")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument(
        "--reuse", action="store_true", help="the tables of the last run, if on the same database"
    )
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the servers are stopped on the way out
    rates = [float(r) for r in args.rates.split(",")]
    setups = args.setups.split(",")

    tables = None
    if args.reuse and SAVED.exists():
        saved = json.loads(SAVED.read_text())
        if saved["database"] == DB_URL and len(saved["tables"]) == args.tables:
            ENV["SECRET_KEY"], tables = saved["secret"], saved["tables"]
    if tables is None:
        prepare_database()
        tables = open_tables(args.tables)
        SAVED.parent.mkdir(exist_ok=True)
        saved = {"database": DB_URL, "secret": ENV["SECRET_KEY"], "tables": tables}
        SAVED.write_text(json.dumps(saved))
    print(
        f"{args.tables} Mendikot tables x {SEATS} seats = {args.tables * SEATS} sockets, "
        f"{os.cpu_count()} cores shared with the clients (this process) and with whatever else "
        f"runs; an action is an examination event; server logs in {LOGS}"
    )
    print(HEADER)
    results: dict[str, dict[float, list[dict]]] = {name: {} for name in setups}
    try:
        import uvloop

        loop_factory = uvloop.new_event_loop
    except ImportError:
        loop_factory = None
    for repetition in range(args.repeat):
        for name in setups:
            setup = start_setup(name, tables)
            try:
                runs = asyncio.run(
                    drive(setup, rates, args.seconds, f"{name}-{repetition}-{RUN}"),
                    loop_factory=loop_factory,
                )
            finally:
                setup.stop()
            for result in runs:
                results[name].setdefault(result["offered"], []).append(result)
    summary(results, rates)


if __name__ == "__main__":
    main()
