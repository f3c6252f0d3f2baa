"""The whole CPU a command takes on this machine: its own processes and every one they start,
and the servers it talks to (PostgreSQL and Redis by default), beside the host's speed index.

    .venv/bin/python bench/tools/run_cpu.py -- env -u PYTHONDONTWRITEBYTECODE \
        .venv/bin/python -m pytest --create-db -n 6

A timer of the command's process tree misses what leaves it: Chromium's processes are forked
by a helper that exits, and PostgreSQL's backends belong to the server. This tool makes itself
the subreaper of what the command starts (Linux), so whatever is orphaned is reaped here and its
CPU counted, and it reads the servers' CPU from /proc before and after (the servers' own
processes with what they reaped: every database of the server counts, so run it on a quiet one).
Every ``--every`` seconds it notes each process's CPU by name, for a breakdown; the totals come
from the kernel's accounts and are exact, the breakdown misses what a process spends in its last
moments before it ends between two looks.

The index is the CPU seconds of ``sum(i*i for i in range(2*10**7))`` in a fresh interpreter,
before and after: a figure means little without the speed of the host it was taken on (the
same code's suite took 290 s of pytest at an index of 0.65 s and 562 s at 1.2 to 1.8 s).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import shutil
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.tools.proc import Stat, read_stat

PR_SET_CHILD_SUBREAPER = 36
PROBE = "sum(i*i for i in range(2*10**7))"


def index() -> float:
    """The CPU seconds the probe takes (the system's Python where there is one)."""
    python = shutil.which("python3", path="/usr/bin") or sys.executable
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([python, "-c", PROBE], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime


def processes() -> dict[int, Stat]:
    """Every process's figures, by pid."""
    found = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                found[int(entry.name)] = read_stat(int(entry.name))
            except OSError:
                continue
    return found


def servers_cpu(names: set[str]) -> float:
    """CPU seconds of the named servers: their processes' own and, for each server's root
    process, what it has reaped (the backends that ended). A server the command started is
    counted with the command's processes, not here."""
    table = processes()
    ours = under(table, os.getpid())
    seconds = 0.0
    for pid, (name, parent, own, reaped) in table.items():
        if name in names and pid not in ours:
            seconds += own
            if parent not in table or table[parent].name not in names:
                seconds += reaped
    return seconds


def under(table: dict[int, Stat], root: int) -> set[int]:
    """The pids below ``root`` in ``table``."""
    children = defaultdict(list)
    for pid, (_, parent, _, _) in table.items():
        children[parent].append(pid)
    found, pending = set(), [root]
    while pending:
        pid = pending.pop()
        for child in children[pid]:
            found.add(child)
            pending.append(child)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--every", type=float, default=0.5, help="seconds between looks")
    parser.add_argument("--server", action="append", help="a server's process name")
    parser.add_argument("--top", type=int, default=12, help="names shown in the breakdown")
    parser.add_argument("--no-index", action="store_true", help="skip the speed index")
    parser.add_argument(
        "--linger", type=float, default=5.0, help="seconds to wait for orphans to end"
    )
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given (put it after --)")
    servers = set(args.server or ["postgres", "redis-server"])
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit("run_cpu: this system has no subreapers (Linux 3.4 and newer have)")

    index_before = None if args.no_index else index()
    servers_before = servers_cpu(servers)
    started_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    child = subprocess.Popen(command)
    seen: dict[int, tuple[str, float]] = {}  # pid: (name, own CPU seconds at the last look)
    done = threading.Event()

    def look() -> None:
        me = os.getpid()
        while not done.wait(args.every):
            table = processes()
            for pid in under(table, me):
                name, _, own, _ = table[pid]
                if own >= seen.get(pid, (name, 0))[1]:
                    seen[pid] = (name, own)

    watcher = threading.Thread(target=look, daemon=True)
    watcher.start()
    status = child.wait()
    wall = time.monotonic() - started
    # Orphans (a browser's last processes) are given --linger seconds to end and are reaped;
    # one still running then (a server the command left behind) is counted as far as it has
    # gone, and named.
    deadline = time.monotonic() + args.linger
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            if time.monotonic() > deadline:
                break
            time.sleep(0.05)
    settled = time.monotonic() - started
    done.set()
    watcher.join()
    table = processes()
    left = {pid: table[pid] for pid in under(table, os.getpid())}
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    user = usage.ru_utime - started_usage.ru_utime
    system = usage.ru_stime - started_usage.ru_stime
    still = sum(stat.own + stat.reaped for stat in left.values())
    server = servers_cpu(servers) - servers_before
    index_after = None if args.no_index else index()

    total = user + system + still + server
    print(f"\nrun_cpu: exit status {status}, {wall:.1f} s of wall time")
    print(f"  the command's processes: {user:.1f} s user + {system:.1f} s system", end="")
    print(f" (+ {still:.1f} s in {len(left)} still running)" if left else "")
    print(f"  servers ({', '.join(sorted(servers))}): {server:.1f} s")
    print(f"  in all: {total:.1f} s of CPU, {total / settled:.2f} cores busy on average")
    if index_before is not None and index_after is not None:
        print(f"  index: {index_before:.2f} s before, {index_after:.2f} s after ({PROBE})")
    by_name: dict[str, float] = defaultdict(float)
    for name, own in seen.values():
        by_name[name] += own
    looked = sum(by_name.values())
    print(f"  by process name, as looked at every {args.every} s ({looked:.1f} s of it):")
    for name, seconds in sorted(by_name.items(), key=lambda item: -item[1])[: args.top]:
        print(f"    {seconds:8.1f} s  {name}")
    for pid, (name, *_rest) in sorted(left.items()):
        print(f"  still running: {pid} {name}")
    sys.exit(status if status >= 0 else 128 - status)  # killed by a signal: as a shell says


if __name__ == "__main__":
    main()
