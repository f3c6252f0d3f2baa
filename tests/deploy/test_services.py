"""deploy/test-services, the first step of `make test`: services started when installed but
down, and a message naming what to install when they are missing. The shared PostgreSQL and
Redis stay up: a Redis of the test's own on a free port is the one started here."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import free_port, wait_for

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "deploy" / "test-services"


def run(path: str | None = None, **env: str) -> subprocess.CompletedProcess:
    full = {**os.environ, **env}
    if path is not None:
        full["PATH"] = path
    return subprocess.run(
        ["bash", str(SCRIPT)], cwd=ROOT, env=full, capture_output=True, text=True, timeout=120
    )


def redis_answers(port: int) -> bool:
    ping = subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True, text=True)
    return ping.stdout.strip() == "PONG"


def a_path_without(tmp_path: Path, *missing: str) -> str:
    """A PATH holding the tools the script uses, less ``missing``."""
    tools = ["bash", "sh", "dirname", "ls", "seq", "sleep", "id", "mkdir", "cat"]
    tools += ["pg_isready", "pg_ctlcluster", "redis-cli", "redis-server", "apt-get"]
    folder = tmp_path / "bin"
    folder.mkdir()
    for tool in tools:
        found = shutil.which(tool)
        if found and tool not in missing:
            (folder / tool).symlink_to(found)
    return str(folder)


def test_nothing_is_done_when_everything_answers():
    done = run()
    assert done.returncode == 0, done.stderr
    assert "Starting" not in done.stdout and "Installing" not in done.stdout


def test_a_redis_that_is_installed_but_down_is_started(tmp_path):
    port = free_port()
    assert not redis_answers(port)
    try:
        done = run(TEST_REDIS_URL=f"redis://127.0.0.1:{port}/0")
        assert done.returncode == 0, done.stderr
        assert "Starting Redis" in done.stdout
        assert redis_answers(port)
    finally:
        subprocess.run(["redis-cli", "-p", str(port), "shutdown", "nosave"], capture_output=True)
        assert wait_for(lambda: not redis_answers(port), 10)


@pytest.mark.parametrize(
    ("missing", "url", "message"),
    [
        (("pg_isready",), {}, "PostgreSQL is not installed: install it (Debian: apt-get install"),
        (("redis-cli",), {}, "Redis is not installed: install it (Debian: apt-get install redis"),
        (
            ("redis-server",),
            {"TEST_REDIS_URL": "redis://127.0.0.1:{port}/0"},
            "Redis's server is not installed: install it (Debian: apt-get install redis-server)",
        ),
        (
            ("pg_ctlcluster",),
            {"TEST_DATABASE_URL": "postgres://postgres@127.0.0.1:{port}/memulation"},
            "PostgreSQL's server is not installed: install it (Debian: apt-get install postgresql)",
        ),
    ],
)
def test_what_is_missing_is_named(tmp_path, missing, url, message):
    port = str(free_port())
    env = {name: value.format(port=port) for name, value in url.items()}
    done = run(a_path_without(tmp_path, *missing), **env)
    assert done.returncode == 1
    assert message in done.stderr


def test_a_remote_server_that_does_not_answer_is_not_started_here():
    done = run(TEST_REDIS_URL="redis://redis.invalid:6379/0")
    assert done.returncode == 1
    assert "Redis at redis.invalid:6379 does not answer (TEST_REDIS_URL)." in done.stderr


def test_a_missing_browser_is_named_when_it_cannot_be_installed(tmp_path):
    # Not root-with-apt-get here (apt-get is left out of the PATH), so nothing is installed.
    done = run(a_path_without(tmp_path, "apt-get"), E2E_CHROMIUM=str(tmp_path / "no-chromium"))
    assert done.returncode == 1
    assert "the browser tests need Chromium's headless shell at" in done.stderr
    assert "apt-get install chromium-headless-shell" in done.stderr
