"""Metric jobs on one process: games per second with and without the solver's analysis, and the
nightly trend job for many participants with many sessions.

The analysis runs on the compiled solver core (all ``--games``) and then, in the same run, on the
pure-Python reference (the first ``--python-games`` of them: it is tens of times slower).

    .venv/bin/python bench/metrics.py [--games 1000] [--python-games 50] [--participants 1000]
        [--sessions 30]

Uses a PostgreSQL database of its own (BENCH_DATABASE_URL, default memulation_bench_metrics),
rebuilt on every run. The games are played by simulated participants through the engine; the
nightly job's history is written directly as session-level metric rows (it reads nothing else).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.tools.database import recreate_database  # noqa: E402

DB_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/memulation_bench_metrics"
)
os.environ.update(
    DATABASE_URL=DB_URL, DEBUG="1", DJANGO_SETTINGS_MODULE="config.settings", LOG_LEVEL="WARNING"
)
os.environ.pop("REDIS_URL", None)


def setup():
    recreate_database(DB_URL)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def play_games(count: int) -> list[int]:
    """Completed one-round Memulation sessions, metrics not yet computed."""
    from django.utils import timezone

    from apps.games.demo import demo_game_play
    from apps.metrics.signals import metrics_deferred
    from apps.participants.models import Participant, Protocol, Study
    from apps.training.models import TrainingSession

    study = Study.objects.create(name="bench")
    protocol = Protocol.objects.create(study=study, name="bench", opponent="random")
    rng = random.Random(7)
    ids = []
    started = time.perf_counter()
    for i in range(count):
        participant = Participant.objects.create(
            study=study, code=f"G{i:05d}", consent_date=timezone.localdate(), age_band="70-79"
        )
        session = TrainingSession.objects.create(
            participant=participant,
            number=1,
            protocol=protocol,
            protocol_snapshot=protocol.snapshot(),
            status="started",
            started_at=timezone.now(),
        )
        with metrics_deferred():  # measured separately below
            demo_game_play(session=session, start=timezone.now(), skill=rng.random(), rng=rng)
        ids.append(session.pk)
    print(f"played {count} games in {time.perf_counter() - started:.1f} s (setup, not measured)")
    return ids


def time_metrics(ids: list[int], *, with_solver: bool, core: str | None = None) -> None:
    from apps.games.engine.core_choice import CORE, core_used

    if with_solver:  # the analysis is stored once per game: start each core from none
        from apps.metrics.models import GameAnalysis

        GameAnalysis.objects.filter(game__session_id__in=ids).delete()
    with core_used(core or CORE):
        _time_metrics(ids, with_solver=with_solver, core=core)


def _time_metrics(ids: list[int], *, with_solver: bool, core: str | None) -> None:
    from django.db import connection, reset_queries

    from apps.metrics.services import session_metrics_compute

    times, cpu, queries = [], [], []
    started, started_cpu = time.perf_counter(), time.process_time()
    for done, session_id in enumerate(ids, 1):
        t, c = time.perf_counter(), time.process_time()
        reset_queries()
        session_metrics_compute(session_id=session_id, with_solver=with_solver)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        queries.append(len(connection.queries))
        print(f"  {done}/{len(ids)} games", end="\r", file=sys.stderr, flush=True)
    total, total_cpu = time.perf_counter() - started, time.process_time() - started_cpu
    label = f"with solver analysis ({core} core)" if with_solver else "without solver analysis"
    print(
        f"metrics {label}: {len(ids)} games in {total:.1f} s = {len(ids) / total:.1f} games/s "
        f"wall (median {statistics.median(times) * 1000:.0f} ms, "
        f"p95 {statistics.quantiles(times, n=20)[18] * 1000:.0f} ms per game); "
        f"process CPU {total_cpu / len(ids) * 1000:.0f} ms a game "
        f"(median {statistics.median(cpu) * 1000:.0f} ms) = {len(ids) / total_cpu:.1f} games/s "
        f"of CPU; {statistics.median(queries):.0f} queries a game; {load()}"
    )


def load() -> str:
    """The machine's load average (1, 5, 15 min): the wall figures depend on it."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} {five:.1f} {fifteen:.1f} on {os.cpu_count()} cores"


def history(participants: int, sessions: int) -> None:
    """Session-level metric rows for many participants, written in bulk."""
    from django.utils import timezone

    from apps.metrics.catalogue import metrics_for
    from apps.metrics.models import MetricValue
    from apps.participants.models import Participant, Protocol, Study
    from apps.training.models import TrainingSession

    rng = random.Random(11)
    study = Study.objects.create(name="nightly bench")
    protocol = Protocol.objects.create(study=study, name="bench", opponent="random")
    people = Participant.objects.bulk_create(
        Participant(study=study, code=f"N{i:05d}", age_band="70-79") for i in range(participants)
    )
    start = timezone.now() - timedelta(days=sessions * 3)
    rows = [
        TrainingSession(
            participant=p,
            number=n + 1,
            protocol=protocol,
            protocol_snapshot={},
            status="completed",
            started_at=start + timedelta(days=3 * n),
            completed_at=start + timedelta(days=3 * n, minutes=20),
        )
        for p in people
        for n in range(sessions)
    ]
    sessions_made = TrainingSession.objects.bulk_create(rows, batch_size=5000)
    keys = metrics_for("memulation")
    values = []
    for s in sessions_made:
        for metric in keys:
            values.append(
                MetricValue(
                    level="session",
                    subject_id=s.pk,
                    participant_id=s.participant_id,
                    session_id=s.pk,
                    key=metric.key,
                    version=metric.version,
                    value=rng.random() * (1 + s.number / 30),
                    n=1,
                )
            )
        if len(values) > 50_000:
            MetricValue.objects.bulk_create(values, batch_size=10_000)
            values = []
    MetricValue.objects.bulk_create(values, batch_size=10_000)
    print(
        f"history: {participants} participants x {sessions} sessions x {len(keys)} metrics "
        "(setup, not measured)"
    )


def time_nightly() -> None:
    from apps.metrics.services import metrics_nightly

    started = time.perf_counter()
    result = metrics_nightly()
    total = time.perf_counter() - started
    print(
        f"nightly trends: {result['participants']} participants, {result['studies']} studies "
        f"in {total:.1f} s = {result['participants'] / total:.0f} participants/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--python-games", type=int, default=50, help="0: skip the pure Python")
    parser.add_argument("--participants", type=int, default=1000)
    parser.add_argument("--sessions", type=int, default=30)
    args = parser.parse_args()
    setup()
    ids = play_games(args.games)
    time_metrics(ids, with_solver=False)
    time_metrics(ids, with_solver=True, core="compiled")
    if args.python_games:
        time_metrics(ids[: args.python_games], with_solver=True, core="python")
    history(args.participants, args.sessions)
    time_nightly()


if __name__ == "__main__":
    main()
