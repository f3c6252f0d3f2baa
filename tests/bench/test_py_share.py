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
    ]
)


def test_shares_by_process_phase_folder_and_kind(tmp_path):
    recording = tmp_path / "run.raw"
    recording.write_text(RECORDING + "\n")
    run = subprocess.run(
        [sys.executable, str(TOOL), str(recording)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    rows = {line.strip() for line in run.stdout.splitlines()}
    assert "10 samples" in rows
    assert {"80.00 %  pytest's workers", "20.00 %  Celery workers"} <= rows
    assert {"60.00 %  a test's call", "20.00 %  a test's setup", "20.00 %  outside a test"} <= rows
    assert {"60.00 %  tests/apps/games", "20.00 %  no test's frame: Celery workers"} <= rows
    assert {"60.00 %  Django's request path", "60.00 %  the engine (apps/games/engine)"} <= rows
    assert "20.00 %  imports" in rows
