"""bench/tools/py_share.py reads py-spy's raw recordings as py-spy writes them with
``--subprocesses``: a process's command line may hold a newline and the frames' separator."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "bench" / "tools" / "py_share.py"
PYTEST = 'process 10:".venv/bin/python -m pytest -n 6 -q"'
# How pytest-xdist starts a worker: `python -u -c "import sys;exec(eval(...))"`, over two lines.
WORKER = 'process 11:"/p/.venv/bin/python -u -c import sys\nexec(eval(sys.stdin.readline()))"'
CELERY = 'process 12:"/p/.venv/bin/python -m celery -A config worker -Q metrics"'
CALL = "<module> (xdist/remote.py:427);pytest_runtest_call (_pytest/runner.py:184)"
TEST = "test_plays (tests/apps/games/test_play.py:20)"
REQUEST = "BaseHandler.get_response (django/core/handlers/base.py:140)"
ENGINE = "Solver.value (apps/games/engine/solver.py:241)"
SETUP = "pytest_runtest_setup (_pytest/runner.py:160)"
IMPORT = "_find_and_load (<frozen importlib._bootstrap>:1360)"
RECORDING = "\n".join(
    [
        f"{PYTEST};{WORKER};{CALL};{TEST};{REQUEST};{ENGINE} 6",
        f"{PYTEST};{WORKER};{SETUP};{IMPORT} 2",
        # A worker a test started: the innermost process names the stack.
        f"{PYTEST};{WORKER};{CELERY};<module> (celery/__main__.py:19) 2",
        # A process sampled with no Python frame read: its command line holds ";" too.
        f'{PYTEST};process 13:"/p/.venv/bin/python -c import a;import b" 5',
    ]
)


def test_shares_by_process_phase_folder_kind_and_line(tmp_path):
    recording = tmp_path / "run.raw"
    recording.write_text(RECORDING + "\n")
    run = subprocess.run(
        [sys.executable, str(TOOL), str(recording)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    rows = {line.strip() for line in run.stdout.splitlines()}
    assert "15 samples" in rows
    assert {"53.33 %  pytest's workers", "13.33 %  Celery workers"} <= rows
    assert {"40.00 %  a test's call", "13.33 %  a test's setup", "46.67 %  outside a test"} <= rows
    assert {"40.00 %  tests/apps/games", "13.33 %  no test's frame: Celery workers"} <= rows
    assert {"40.00 %  Django's request path", "40.00 %  the engine (apps/games/engine)"} <= rows
    assert "13.33 %  imports" in rows
    # The line a sample was in is its innermost frame, whatever process it ran in.
    assert f"40.00 %  {ENGINE}" in rows
    assert {f"13.33 %  {IMPORT}", "13.33 %  <module> (celery/__main__.py:19)"} <= rows
    assert "33.33 %  (no Python frame read)" in rows
    assert "33.33 %  other commands" in rows
