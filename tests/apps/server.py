"""A real web server process (gunicorn, as deployed) on the test's database and Redis."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.conftest import current_database_url, free_port

ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def running_server(**env: str):
    """Yields the port of a gunicorn serving the site; the data it needs must be committed
    (use ``transactional_db``)."""
    port = free_port()
    full = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "TEST_DATABASE_URL": current_database_url(),
        **env,
    }
    command = [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}"]
    with tempfile.TemporaryFile(mode="w+") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=full, stdout=log, stderr=log)
        try:
            _wait_until_listening(port, process)
            yield port
        except BaseException:
            log.seek(0)
            print("--- the server's log ---\n" + log.read())  # shown with the failing test
            raise
        finally:
            process.terminate()
            process.wait(timeout=30)


def _wait_until_listening(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.2)
