"""Where a run's Python time goes, from a py-spy recording of it: shares by process, by phase of
a test, by test folder, of a few kinds of work (Django's request path, imports, the engine), and
by the line each sample was in (its innermost frame: a call into compiled code counts there).

    .venv/bin/py-spy record --gil --subprocesses --rate 20 --nonblocking --format raw \
        -o /tmp/run.raw -- .venv/bin/python -m pytest --create-db -n 6 -q
    .venv/bin/python bench/tools/py_share.py /tmp/run.raw

``--gil`` samples only the thread that holds the interpreter's lock, so the shares are of the
time Python computes rather than waits; they are shares of samples, not seconds (py-spy's own
CPU slows the run it records). A process the kernel has set aside for another (six workers on
two cores) still holds the lock and is still sampled, so a line where threads are often
preempted gathers samples without using the CPU. The request middleware's two reads of
``time.thread_time()`` drew 3.7 % of a whole run's samples (probably because reading a
thread's clock makes the kernel settle its time slice, and switch away there once the slice is
spent), yet cost about 0.6 microseconds each, and a loop of requests took no less CPU without
them. A test's work is put under the first frame in ``tests/``: work with none (a server, a
Celery worker or a command the test started, a live server's thread) is put under the process
it ran in.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

FRAME_PATH = re.compile(r"\(([^():]+)(?::\d+)?\)$")
COUNT = re.compile(r" (\d+)$")
PROCESS = re.compile(r'(?:^|;)process \d+:"(.*?)"(?=;|$)', re.DOTALL)
# A stack holding one of these frames is that kind of work (kinds may overlap).
KINDS = {
    "BaseHandler.get_response (": "Django's request path",
    "(<frozen importlib._bootstrap>": "imports",
    "(apps/games/engine/": "the engine (apps/games/engine)",
}
PHASES = {
    "pytest_runtest_setup (": "a test's setup",
    "pytest_runtest_call (": "a test's call",
    "pytest_runtest_teardown (": "a test's teardown",
    "pytest_collection (": "collection",
}
# The process a stack ran in, by the command line py-spy names it with (the first that matches).
PROCESSES = {
    "exec(eval(sys.stdin.readline()))": "pytest's workers",  # how pytest-xdist starts them
    "celery": "Celery workers",
    "uvicorn": "uvicorn servers",
    "gunicorn": "gunicorn servers",
    "manage.py": "manage.py commands",
    "-m pytest": "pytest",
    "bench/": "bench scripts",
}


def samples(lines: Iterable[str]) -> Iterator[tuple[str, int]]:
    """Each stack (its frames, outermost first, joined by ";") and its count. A frame can hold
    a newline (a process started with ``python -c`` is named by its code), so a stack runs on
    until a line ends in its count."""
    pending = ""
    for line in lines:
        pending += line.rstrip("\n")
        found = COUNT.search(pending)
        if found:
            yield pending[: found.start()], int(found.group(1))
            pending = ""
        else:
            pending += "\n"


def process_of(stack: str) -> str:
    """The kind of process a stack ran in: py-spy puts a frame for each process of its chain
    (``process PID:"command line"``) above the stack, the stack's own last. A command line may
    hold the frames' separator (``python -c "import sys;..."``), hence a search, not a split.
    A process in which py-spy read no Python frame ends the stack."""
    found = PROCESS.findall(stack)
    command = found[-1] if found else ""
    return next((name for mark, name in PROCESSES.items() if mark in command), "other commands")


def innermost(stack: str) -> str:
    """The frame a stack ends in, under the last of its processes. py-spy read none in some
    samples (a process just started, or a stack it could not read): those end in the process's
    command line."""
    found = list(PROCESS.finditer(stack))
    frames = stack[found[-1].end() + 1 :] if found else stack
    return frames.rsplit(";", 1)[-1] if frames else "(no Python frame read)"


def test_folder(stack: str, depth: int) -> str | None:
    for frame in stack.split(";"):
        path = FRAME_PATH.search(frame)
        if path and path.group(1).startswith("tests/"):
            return "/".join(path.group(1).split("/")[:depth])
    return None


def shares(lines: Iterable[str], depth: int = 3) -> tuple[int, dict[str, Counter[str]]]:
    total = 0
    tables: dict[str, Counter[str]] = {
        name: Counter() for name in ("process", "phase", "test folder", "kind", "line")
    }
    for stack, count in samples(lines):
        total += count
        process = process_of(stack)
        tables["process"][process] += count
        phase = next((name for mark, name in PHASES.items() if mark in stack), "outside a test")
        tables["phase"][phase] += count
        folder = test_folder(stack, depth)
        tables["test folder"][folder or f"no test's frame: {process}"] += count
        for mark, kind in KINDS.items():
            if mark in stack:
                tables["kind"][kind] += count
        tables["line"][innermost(stack)] += count
    return total, tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("recording", type=Path, help="py-spy's --format raw output")
    parser.add_argument(
        "--top", type=int, default=20, help="rows of the test folders' and the lines' tables"
    )
    parser.add_argument("--depth", type=int, default=3, help="path parts naming a test folder")
    args = parser.parse_args()
    with args.recording.open() as recording:
        total, tables = shares(recording, args.depth)
    print(f"{total} samples")
    for name, table in tables.items():
        print(f"by {name}:")
        for key, count in table.most_common(args.top if name in ("test folder", "line") else None):
            print(f"  {100 * count / max(total, 1):6.2f} %  {key}")


if __name__ == "__main__":
    main()
