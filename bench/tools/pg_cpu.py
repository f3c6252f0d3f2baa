"""PostgreSQL's CPU time on behalf of one database while a command runs (for deploy/CAPACITY.md).

Runs the command, and every ``--every`` seconds reads the CPU time (user + system, from
/proc/<pid>/stat) of each server process connected to ``--database`` (pg_stat_activity). A
process's share is its last reading less its first (0 for one that appeared during the run), so
connections that close mid-run still count up to their last sample. With ``--after TEXT``,
counting starts once the command prints a line containing TEXT (set-up excluded). Prints the
command's output, then the total CPU seconds and the share of a core over the counted time.
PostgreSQL must run on this machine, and the user must be allowed to read pg_stat_activity.

    .venv/bin/python bench/tools/pg_cpu.py --database memulation_bench --after "one server" \
        -- .venv/bin/python bench/api.py
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.tools import proc


def cpu_seconds(pid: int) -> float | None:
    try:
        return proc.cpu_seconds(pid)
    except OSError:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", required=True)
    parser.add_argument("--url", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--every", type=float, default=0.5)
    parser.add_argument("--after", help="start counting once the command prints this")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command

    first: dict[int, float] = {}
    last: dict[int, float] = {}
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, bufsize=1)
    counting = threading.Event()
    if not args.after:
        counting.set()

    def echo() -> None:
        for line in child.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()
            if args.after and args.after in line:
                counting.set()

    reader = threading.Thread(target=echo, daemon=True)
    reader.start()
    counting.wait()
    started = time.monotonic()
    with psycopg.connect(args.url, autocommit=True) as conn:
        own = conn.info.backend_pid
        while True:
            rows = conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> %s",
                (args.database, own),
            ).fetchall()
            for (pid,) in rows:
                seconds = cpu_seconds(pid)
                if seconds is not None:
                    first.setdefault(pid, seconds if time.monotonic() - started < 1 else 0.0)
                    last[pid] = seconds
            if child.poll() is not None:
                break
            time.sleep(args.every)
    reader.join(timeout=5)
    elapsed = time.monotonic() - started
    total = sum(last[pid] - first[pid] for pid in last)
    print(
        f"PostgreSQL CPU for {args.database}: {total:.1f} s over {elapsed:.0f} s "
        f"({total / elapsed * 100:.0f}% of a core), {len(last)} server processes",
        flush=True,
    )
    sys.exit(child.returncode)


if __name__ == "__main__":
    main()
