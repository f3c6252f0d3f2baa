"""The opponents' own thinking time in the server: every bot the games app makes gets its
``observe`` and ``act`` timed in the CPU time of the thread that runs them (so time spent waiting
for the GIL or the database is not counted). Building the seat views the bots are given, and
storing and loading the bots, are not their thinking and stay outside.

Each server process writes its totals to ``BENCH_THINKING_DIR/<pid>.json`` every quarter of a
second, so a benchmark adds up every worker process of the server."""

from __future__ import annotations

import functools
import json
import os
import threading
import time
from pathlib import Path

_lock = threading.Lock()
_local = threading.local()
totals = {"seconds": 0.0, "calls": 0}


def _timed(method):
    @functools.wraps(method)
    def timed(*args, **kwargs):
        if getattr(_local, "inside", False):  # a bot calling its own timed method
            return method(*args, **kwargs)
        _local.inside = True
        started = time.thread_time()
        try:
            return method(*args, **kwargs)
        finally:
            spent = time.thread_time() - started
            _local.inside = False
            with _lock:
                totals["seconds"] += spent
                totals["calls"] += 1

    return timed


def _write_totals(folder: Path) -> None:
    path = folder / f"{os.getpid()}.json"
    while True:
        with _lock:
            text = json.dumps(totals)
        path.with_suffix(".tmp").write_text(text)
        path.with_suffix(".tmp").replace(path)  # a reader never sees half a file
        time.sleep(0.25)


def install() -> None:
    from apps.games.runtime import opponents

    folder = os.environ.get("BENCH_THINKING_DIR")
    if folder:
        threading.Thread(target=_write_totals, args=(Path(folder),), daemon=True).start()

    make_bot = opponents.make_bot

    def timed_bot(*args, **kwargs):
        bot = make_bot(*args, **kwargs)
        bot.observe, bot.act = _timed(bot.observe), _timed(bot.act)
        return bot

    opponents.make_bot = timed_bot
