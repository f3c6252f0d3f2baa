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
preempted gathers samples without using the CPU (CONTRIBUTING.md gives a case: reads of
``time.thread_time()``). A test's work is put under the first frame in ``tests/``: work with
none (a server, a Celery worker or a command the test started, a live server's thread) is put
under the process it ran in.
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


def last_process(stack: str) -> re.Match[str] | None:
    """The frame of the process a stack ran in: py-spy puts a frame for each process of its
    chain (``process PID:"command line"``) above the stack, the stack's own last, and ends the
    stack there when it read no Python frame of it (a process just started, or a stack it
    could not read). A command line may hold the frames' separator (``python -c "import
    sys;..."``), hence a search, not a split."""
    found = list(PROCESS.finditer(stack))
    return found[-1] if found else None


def process_of(process: re.Match[str] | None) -> str:
    """The kind of process, by its command line."""
    command = process.group(1) if process else ""
    return next((name for mark, name in PROCESSES.items() if mark in command), "other commands")


def innermost(stack: str, process: re.Match[str] | None) -> str:
    """The frame a stack ends in, under its process."""
    frames = stack[process.end() + 1 :] if process else stack
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
        found = last_process(stack)
        process = process_of(found)
        tables["process"][process] += count
        phase = next((name for mark, name in PHASES.items() if mark in stack), "outside a test")
        tables["phase"][phase] += count
        folder = test_folder(stack, depth)
        tables["test folder"][folder or f"no test's frame: {process}"] += count
        for mark, kind in KINDS.items():
            if mark in stack:
                tables["kind"][kind] += count
        tables["line"][innermost(stack, found)] += count
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
