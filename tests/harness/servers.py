"""Real servers of a test's own: a PostgreSQL cluster (``initdb``/``pg_ctl``) that the test may
restart, and the web app served by gunicorn on a database and broker the test chooses.

Never the shared PostgreSQL at 5432 or Redis at 6379: other people's tests use them.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psycopg

from tests.conftest import free_port, wait_for

ROOT = Path(__file__).resolve().parents[2]


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name) or name


class PrivatePostgres:
    """A throw-away cluster on a free port, trusting local connections. PostgreSQL refuses to
    run as root, so as root it runs as the ``postgres`` system user."""

    def __init__(self):
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="memulation-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/memulation"

    def _run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess:
        if os.geteuid() == 0:
            command = ("runuser", "-u", "postgres", "--", *command)
        return subprocess.run(command, capture_output=True, text=True, check=check)

    def init(self) -> PrivatePostgres:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run(
            _pg_bin("initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync"
        )
        return self

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c full_page_writes=off"
        )
        self._run(_pg_bin("pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", options,
                  "-w", "start")  # fmt: skip

    def stop(self) -> None:
        self._run(_pg_bin("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop", check=False)

    def up(self) -> bool:
        try:
            with psycopg.connect(self.url.rsplit("/", 1)[0] + "/postgres", connect_timeout=2):
                return True
        except psycopg.OperationalError:
            return False

    def copy_database(self, source_url: str) -> None:
        """A database ``memulation`` holding everything ``source_url``'s holds now."""
        with psycopg.connect(self.url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
            conn.execute("CREATE DATABASE memulation")
        dump = subprocess.run(
            [_pg_bin("pg_dump"), "--no-owner", "--no-privileges", source_url],
            capture_output=True,
            check=True,
        )
        subprocess.run(
            [_pg_bin("psql"), "-q", "-v", "ON_ERROR_STOP=1", self.url],
            input=dump.stdout,
            capture_output=True,
            check=True,
        )

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


class WebServer:
    """The app under gunicorn (one process, threads), as in production, on its own port."""

    def __init__(self, *, database_url: str, redis_url: str, eager: bool, **env: str):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.test_settings",
            "TEST_DATABASE_URL": database_url,
            "TEST_REDIS_URL": redis_url,
            "TEST_CELERY_EAGER": "1" if eager else "0",
            "LOG_LEVEL": "ERROR",
            **env,
        }
        self.process: subprocess.Popen | None = None
        self.log = Path(tempfile.mkstemp(prefix="memulation-web-", suffix=".log")[1])

    def start(self) -> WebServer:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind",
             f"127.0.0.1:{self.port}", "--workers", "1", "--worker-class", "gthread",
             "--threads", "4", "--log-level", "warning"],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=self.log.open("w"),
        )  # fmt: skip
        assert wait_for(self._healthy, 60), "the web server did not start"
        return self

    def _healthy(self) -> bool:
        import http.client

        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=1)
            conn.request("GET", "/healthz")
            return conn.getresponse().status == 200
        except OSError:
            time.sleep(0.1)
            return False

    def stop(self) -> str:
        """Stop it; its error output."""
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        errors = self.log.read_text()
        self.log.unlink(missing_ok=True)
        return errors
