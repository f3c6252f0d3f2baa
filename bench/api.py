"""Load on the act endpoint: simulated participants playing whole games against one server.

Starts the server on a PostgreSQL database of its own, creates games with single-game links,
and lets simulated participants play them to the end over loopback HTTP. One run per offered rate
of card plays (open loop: plays are released at that rate whoever is ready, so a slow server
meets the full load), then one flat out (the most the server can take). Each run prints the rate
served, the latency of the play requests, the server's CPU time per play (every process of it),
and the opponents' own thinking in it (their bots' ``observe`` and ``act``, timed by
``bench.bare``).

After each run, the same server, driven the same way (as many devices, the same offered rate),
serves a bare DRF endpoint that locks and updates one row and inserts one (``bench/bare``, mounted
only by ``bench.bare.settings``); the act endpoint's CPU per play and throughput are then printed
as ratios of the bare endpoint's.

Three layouts: ``gthread`` (the default: one gunicorn process with ``--threads`` threads, WSGI);
``production`` (HTTP as ``deploy/entrypoint``'s ``web`` role serves it: gunicorn with
``deploy/gunicorn.conf.py``, ``--workers`` processes of ``--threads`` threads, the psycopg pool
and JSON request logs of ``deploy/env.example``); ``asgi`` (the same requests served by the
``live`` role's ASGI server, uvicorn with ``--workers`` processes, for comparison: in production
it serves only the live tables' sockets).

The games' protocol has no opponent pace (the opponents answer at once), so a play's cost is the
server's alone.

    .venv/bin/python bench/api.py [--rates 50,100,150,200] [--players 120] [--seconds 30]
    .venv/bin/python bench/api.py --layout production --workers 2 --rates 100,200,300
    .venv/bin/python bench/api.py --layout production --rates 300 --repeat 3   # medians

This machine is shared and its speed drifts (a fixed loop's time is printed with each run), so
``--repeat`` runs each rate several times, card plays and the bare endpoint taking turns, and
prints the median ratio.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.tools import proc  # noqa: E402
from bench.tools.database import recreate_database  # noqa: E402

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
    # The product's settings plus the bare endpoint and the opponents' timer (bench/bare).
    "DJANGO_SETTINGS_MODULE": "bench.bare.settings",
    # Where each server process leaves its opponents' thinking totals (bench/bare/thinking.py).
    "BENCH_THINKING_DIR": tempfile.mkdtemp(prefix="bench-thinking-"),
}
# deploy/env.example's web settings, for the production layout.
PRODUCTION_ENV = {
    "DATABASE_POOL_MAX_SIZE": "8",
    "DATABASE_POOL_MIN_SIZE": "1",
    "LOG_FORMAT": "json",
    "LOG_LEVEL": "INFO",
}
# Jobs go to a broker, as in production (no worker runs: the end-of-game metric jobs just
# wait in Redis and are dropped afterwards), so a request never computes metrics itself.
ENV["REDIS_URL"] = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")


def prepare_database() -> None:
    recreate_database(DB_URL)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=ROOT, env=ENV, check=True
    )


def make_links(count: int, opponent: str) -> list[str]:
    """Games in started sessions, with a link each (created through the services)."""
    os.environ.update(ENV)
    import django

    django.setup()
    from apps.games import links, services
    from apps.participants.models import Participant, Protocol, Study
    from apps.training.models import TrainingSession

    study, _ = Study.objects.get_or_create(name="Bench")
    protocol, _ = Protocol.objects.get_or_create(
        study=study,
        name="bench",
        version=1,
        defaults={"opponent": opponent, "rounds": 1, "opponent_pace_seconds": 0},
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


def make_counters(count: int) -> list[int]:
    """The bare endpoint's rows, one per device (as each device has a game of its own)."""
    from bench.bare.models import Counter

    return [c.pk for c in Counter.objects.bulk_create(Counter() for _ in range(count))]


def start_server(layout: str, threads: int, workers: int) -> subprocess.Popen:
    if layout == "production":
        # As deploy/entrypoint's `web` role runs it: gunicorn with deploy/gunicorn.conf.py (its
        # JSON logs), on loopback.
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "--config",
            str(ROOT / "deploy" / "gunicorn.conf.py"),
            "--bind",
            f"127.0.0.1:{PORT}",
        ]
        env = {
            **ENV,
            **PRODUCTION_ENV,
            "WEB_CONCURRENCY": str(workers),
            "WEB_THREADS": str(threads),
        }
    elif layout == "asgi":
        # As deploy/entrypoint's `live` role runs it (uvicorn), serving the HTTP requests too.
        command = [
            sys.executable,
            "-m",
            "uvicorn",
            "config.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(PORT),
            "--workers",
            str(workers),
            "--lifespan",
            "off",
            "--no-access-log",
            "--log-config",
            str(ROOT / "deploy" / "log.json"),
        ]
        env = {**ENV, **PRODUCTION_ENV}
    else:
        command = [
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
            str(threads),
            # Devices pause between plays; a proxy in front would keep their connections open.
            "--keep-alive",
            "30",
            "--log-level",
            "warning",
        ]
        env = ENV
    # The request log lines (production and asgi layouts) go to a file, as a container's would.
    log = open(Path(ENV["BENCH_THINKING_DIR"]) / "server.log", "w")  # noqa: SIM115
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
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


RAMP = 5.0  # seconds over which the players join


class Pacer:
    """Open-loop arrivals: card plays are released at exponential gaps of mean ``1 / rate``,
    whoever is ready takes the next slot, so the offered load does not sag when responses slow."""

    def __init__(self, rate: float):
        self.rate = rate
        self.lock = threading.Lock()
        self.rng = random.Random(0)
        self.next = time.perf_counter()

    def wait(self) -> None:
        if not self.rate:
            return
        with self.lock:
            self.next = max(self.next, time.perf_counter() - 1) + self.rng.expovariate(self.rate)
            slot = self.next
        time.sleep(max(0.0, slot - time.perf_counter()))


class Bare(threading.Thread):
    """One device posting to the bare endpoint, paced as the card plays are, until stopped."""

    def __init__(self, counter: int, seed: int, pacer: Pacer, latencies: list, stop):
        super().__init__(daemon=True)
        self.path = f"/bench/bare/{counter}/"
        self.pacer, self.latencies, self.stop = pacer, latencies, stop
        self.conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)

    def run(self) -> None:
        n = 0
        while not self.stop.is_set():
            n += 1
            # The size of a card play's body.
            data = {"type": "play", "card": "QH", "event_id": f"{self.name}-{n}", "decision_ms": 1}
            self.pacer.wait()
            started = time.perf_counter()
            self.conn.request(
                "POST", self.path, json.dumps(data), {"Content-Type": "application/json"}
            )
            response = self.conn.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"{response.status} from the bare endpoint")
            self.latencies.append(time.perf_counter() - started)


# Every request the devices send ("POST actions/", "GET view", ...), for requests per play.
SENT: list[str] = []


class Player(threading.Thread):
    """One participant device: plays its game to the end, timing every card play."""

    def __init__(self, token: str, seed: int, pacer: Pacer, latencies: list, stop: threading.Event):
        super().__init__(daemon=True)
        self.base = f"/api/play/{token}/"
        self.rng = random.Random(seed)
        self.pacer = pacer
        self.latencies = latencies
        self.stop = stop
        self.conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        SENT.append(f"{method} {path.removeprefix(self.base) or 'view'}")
        data = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if data else {}
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                break
            except (http.client.RemoteDisconnected, ConnectionError):
                # The server closed an idle keep-alive connection: open a new one and send
                # again (safe: a repeated event id gets the first answer).
                self.conn.close()
                if attempt:
                    raise
        payload = json.loads(response.read())
        if response.status == 409 and payload["error"]["code"] == "wrong_phase":
            # Too late (the examination clock moved on while the server was busy): reload.
            return self.call("GET", self.base)
        if response.status != 200:
            raise RuntimeError(f"{response.status}: {payload}")
        return payload

    def run(self) -> None:
        from playing import next_move

        body = self.call("GET", self.base)
        n = 0
        while not body["state"]["finished"] and not self.stop.is_set():
            state = body["state"]
            exam = body["examination"] or {}
            # A waiting hand A: next_move says "start", as a device does.
            shown = state["examination"] and state["examination"]["cards"]
            if state["phase"] == "examination" and not shown and not exam.get("waiting"):
                time.sleep(max(0.05, exam.get("starts_in_seconds") or 0))
                body = self.call("GET", self.base)
                continue
            move = next_move(body, self.rng)
            if move is None:  # not this seat's turn (a table's clock moves it on): look again
                time.sleep(0.05)
                body = self.call("GET", self.base)
                continue
            suffix, data = move
            n += 1
            data = {**data, "event_id": f"{self.name}-{n}", "decision_ms": 1000}
            if data["type"] == "play":
                self.pacer.wait()
            started = time.perf_counter()
            body = self.call("POST", self.base + suffix, data)
            if data["type"] == "play":
                self.latencies.append(time.perf_counter() - started)


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU time of processes so far."""
    return sum(proc.cpu_seconds(pid) for pid in pids)


def server_pids(server: subprocess.Popen) -> list[int]:
    """The server's process and all its descendants (gunicorn's worker, uvicorn's workers)."""
    pids, queue = [], [server.pid]
    while queue:
        pid = queue.pop()
        pids.append(pid)
        for task in Path(f"/proc/{pid}/task").iterdir():
            queue.extend(int(child) for child in (task / "children").read_text().split())
    return pids


def thinking(pids: list[int]) -> float:
    """The opponents' thinking so far in the server's processes, in seconds of CPU."""
    time.sleep(0.6)  # each process writes its totals every quarter of a second
    folder = Path(ENV["BENCH_THINKING_DIR"])
    paths = [folder / f"{pid}.json" for pid in pids]
    return sum(json.loads(path.read_text())["seconds"] for path in paths if path.exists())


def loop_ms() -> float:
    """CPU milliseconds of a fixed pure-Python loop: this shared machine's speed drifts (by up
    to 2x within minutes here), so each run prints it beside its figures."""
    started, total = time.thread_time(), 0  # this thread's alone: the devices' run beside it
    for i in range(1_000_000):
        total += i
    return (time.thread_time() - started) * 1000


SERVER_LOG = Path(ENV["BENCH_THINKING_DIR"]) / "server.log"


def request_cpu(offset: int) -> dict[str, list[float]]:
    """The CPU each request took in the application, by ``METHOD route``, from the server's JSON
    request lines written after ``offset`` (``cpu_ms``, apps.api.observability); empty when the
    server writes no request lines (the gthread layout)."""
    found: dict[str, list[float]] = collections.defaultdict(list)
    with open(SERVER_LOG, "rb") as log:
        log.seek(offset)
        for line in log:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if isinstance(entry, dict) and "cpu_ms" in entry:
                route = entry["route"]
                route = "bare/" if route.startswith("bench/bare") else route.rsplit(">/")[-1]
                route = route or "view"
                found[f"{entry['method']} {route}"].append(entry["cpu_ms"])
    return found


def run(make, items: list, players: int, rate: float, seconds: float, pids: list, label: str):
    """One run: ``make(item, seed, pacer, latencies, stop)`` makes a device's thread; returns
    the requests served a second and the server's CPU seconds per request."""
    speed = loop_ms()
    latencies: list = []
    stop = threading.Event()
    pacer = Pacer(rate)
    queue = list(items)
    active: list[threading.Thread] = []
    sent0, log0 = len(SENT), SERVER_LOG.stat().st_size
    think0 = thinking(pids)
    cpu0, own0 = cpu_seconds(pids), time.process_time()
    started = time.perf_counter()
    seed = 0
    while time.perf_counter() - started < seconds and (queue or active):
        active = [p for p in active if p.is_alive()]
        # Devices join over the first RAMP seconds, not all in the same instant.
        ramp = players * min(1.0, (time.perf_counter() - started) / RAMP)
        while len(active) < max(1, ramp) and queue:
            seed += 1
            player = make(queue.pop(), seed, pacer, latencies, stop)
            player.start()
            active.append(player)
        time.sleep(0.05)
    stop.set()
    plays = len(latencies)  # counted at the deadline: the stragglers' last plays are not
    elapsed = time.perf_counter() - started
    cpu, own = cpu_seconds(pids) - cpu0, time.process_time() - own0
    think = thinking(pids) - think0
    for player in active:
        player.join(timeout=30)
    p99 = report(label, elapsed, plays, latencies, cpu)
    sent = collections.Counter(SENT[sent0:])
    if sent and plays:
        print(
            "  requests a card play: "
            + ", ".join(f"{n / plays:.2f} {kind}" for kind, n in sorted(sent.items()))
        )
    in_app = request_cpu(log0)
    if in_app:
        print(
            "  CPU a request in the application, mean: "
            + ", ".join(
                f"{kind} {statistics.fmean(ms):.2f} ms" for kind, ms in sorted(in_app.items())
            )
        )
    main_kind = "POST actions/" if make is Player else "POST bare/"
    app_ms = statistics.fmean(in_app[main_kind]) if in_app.get(main_kind) else None
    if think:
        print(
            f"  opponents' own thinking {think / max(plays, 1) * 1000:.2f} ms per play "
            f"({think / cpu * 100:.0f}% of the server CPU)"
        )
    print(
        f"  (the load generator itself used {own / elapsed * 100:.0f}% of a core; "
        f"load average {os.getloadavg()[0]:.1f}; the fixed loop took {speed:.0f} ms before "
        f"the run, {loop_ms():.0f} ms after)"
    )
    return plays / elapsed, cpu / max(plays, 1), think / max(plays, 1), p99, app_ms


def report(label: str, elapsed: float, plays: int, latencies: list[float], cpu: float) -> float:
    """Print one run's figures; its p99 latency in seconds (infinite if nothing was served)."""
    latencies = sorted(latencies)
    if len(latencies) < 2:
        print(f"{label}: no requests")
        return float("inf")
    q = statistics.quantiles(latencies, n=100)
    print(
        f"{label}: {plays / elapsed:.0f}/s served; latency p50 {q[49] * 1000:.1f} ms, "
        f"p99 {q[98] * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms; "
        f"server CPU {cpu / elapsed * 100:.0f}% of a core, {cpu / plays * 1000:.2f} ms each",
        flush=True,
    )
    return q[98]


def measure(args, tokens: list, counters: list, rate: float, pids: list, offered: str):
    """One run of card plays, then (unless ``--no-bare``) one of the bare endpoint at the same
    offered rate; the plays served a second, their p99, the act / bare ratio of the server's
    CPU per play (every request of the game counted), and of one card play request's CPU in the
    application to one bare request's (None without request lines)."""
    served, cpu, think, p99, play_ms = run(
        Player,
        tokens,
        args.players,
        rate,
        args.seconds,
        pids,
        f"card plays, {offered}, {args.players} players",
    )
    if args.no_bare:
        return served, p99, None, None
    bare_served, bare_cpu, _, _, bare_ms = run(
        Bare,
        counters,
        args.players,
        rate,
        args.seconds,
        pids,
        f"bare endpoint, {offered}, {args.players} devices",
    )
    per_request = play_ms / bare_ms if play_ms and bare_ms else None
    print(
        f"  act / bare: server CPU per play {cpu / bare_cpu:.2f}x "
        f"({(cpu - think) / bare_cpu:.2f}x without the opponents' thinking), "
        f"throughput {served / bare_served:.2f}x"
        + (
            f"; a card play request / a bare request, in the application: {per_request:.2f}x"
            if per_request
            else ""
        ),
        flush=True,
    )
    return served, p99, cpu / bare_cpu, per_request


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--rates", default="50,100,150,200", help="offered card plays per second, one run each"
    )
    parser.add_argument("--players", type=int, default=120, help="participants playing at once")
    parser.add_argument("--seconds", type=float, default=30, help="length of each run")
    parser.add_argument("--layout", choices=["gthread", "production", "asgi"], default="gthread")
    parser.add_argument("--threads", type=int, default=4, help="threads a gunicorn process")
    parser.add_argument("--workers", type=int, default=2, help="processes (production, asgi)")
    parser.add_argument(
        "--opponent", default="greedy", help="the Memulation opponents' bot (memory: fidelity 0.5)"
    )
    parser.add_argument(
        "--no-bare", action="store_true", help="skip the bare endpoint's runs (no ratios)"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="runs of each rate, card plays and bare endpoint taking turns (medians printed)",
    )
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",") if r] + [0.0]

    prepare_database()
    # A participant plays about 26 cards per Memulation round; flat out, a game lasts ~10 s.
    per_run = [
        (int((rate or 300) * args.seconds / 20) + args.players * 2) * args.repeat for rate in rates
    ]
    warm_up = args.players
    tokens = make_links(sum(per_run) + warm_up, args.opponent)
    counters = make_counters(args.players)
    server = start_server(args.layout, args.threads, args.workers)
    p99s = []
    try:
        pids = server_pids(server)
        layout = {
            "production": f"gunicorn, {args.workers} worker processes x {args.threads} threads "
            "(WSGI, deploy/entrypoint's web role)",
            "asgi": f"uvicorn, {args.workers} worker processes (ASGI, the live role)",
            "gthread": f"one gunicorn gthread process, {args.threads} threads",
        }[args.layout]
        print(
            f"server: {layout} on {DB_URL}, loopback HTTP, {args.seconds:.0f} s per run, "
            f"{args.opponent} opponents"
        )
        print("load average {:.1f} {:.1f} {:.1f} (the machine is shared)".format(*os.getloadavg()))
        # Fresh workers import views and fill caches on their first requests: not measured.
        warm, tokens = tokens[:warm_up], tokens[warm_up:]
        run(Player, warm, args.players, 100, 8, pids, "warm-up (not counted), offered 100/s")
        run(Bare, counters, args.players, 100, 4, pids, "warm-up (not counted), bare endpoint")
        for rate, count in zip(rates, per_run, strict=True):
            batch, tokens = tokens[:count], tokens[count:]
            offered = f"offered {rate:.0f}/s" if rate else "flat out"
            turns = [
                measure(args, batch[i :: args.repeat], counters, rate, pids, offered)
                for i in range(args.repeat)
            ]
            if rate:
                p99s.append((rate, statistics.median(turn[1] for turn in turns)))
            if args.repeat > 1:
                summary = f"{offered}, median of {args.repeat}: p99 of a card play "
                summary += f"{statistics.median(turn[1] for turn in turns) * 1000:.0f} ms"
                if not args.no_bare:
                    summary += ", act / bare: server CPU per play {:.2f}x ({})".format(
                        statistics.median(turn[2] for turn in turns),
                        ", ".join(f"{turn[2]:.2f}" for turn in turns),
                    )
                if turns[0][3]:
                    summary += ", a card play request in the application {:.2f}x ({})".format(
                        statistics.median(turn[3] for turn in turns),
                        ", ".join(f"{turn[3]:.2f}" for turn in turns),
                    )
                print(summary, flush=True)
        over = [rate for rate, p99 in p99s if p99 > 0.1]
        under = [rate for rate, p99 in p99s if p99 <= 0.1 and (not over or rate < over[0])]
        print(
            "card plays' p99 passes 100 ms: "
            + (
                f"between {under[-1]:.0f} and {over[0]:.0f} plays/s offered"
                if over and under
                else f"at {over[0]:.0f} plays/s offered or below"
                if over
                else "not at any rate tried"
            )
        )
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        import redis

        redis.Redis.from_url(ENV["REDIS_URL"]).flushdb()


if __name__ == "__main__":
    main()
