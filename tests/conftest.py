"""Fixtures shared by the whole suite: staff of each role, API clients signed in as them, real
Celery workers and a Redis server of a test's own."""

from __future__ import annotations

import functools
import itertools
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pyotp
import pytest
from rest_framework.test import APIClient

from apps.accounts.models import User
from apps.common import clock
from tests import garbage, groups
from tests.garbage import pytest_collection_finish  # noqa: F401 (a hook)
from tests.groups import SERVERS_GROUP, pytest_collection_modifyitems  # noqa: F401 (a hook)

PASSWORD = "correct horse battery staple"


def pytest_configure(config: pytest.Config) -> None:
    garbage.pytest_configure(config)
    groups.pytest_configure(config)


def make_staff(username: str, role: str) -> User:
    return User.objects.create_user(username=username, password=PASSWORD, role=role)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """Test databases are copied from a template that holds every migration applied
    (tests/template_db.py): built once for a given set of migrations, not on every run."""
    from django.conf import settings

    from tests.template_db import migrated_template

    database = settings.DATABASES["default"]
    database.setdefault("TEST", {})["TEMPLATE"] = migrated_template(database)


@pytest.fixture(scope="session", autouse=True)
def _flush_by_deleting():
    """After a test that committed, only the tables holding rows are emptied, by DELETE, and
    the content types and permissions are kept (tests/flush.py): 1.3 s less a test than
    Django's TRUNCATE of every table, and 0.2 s of CPU less than writing those again."""
    from django.core.management.commands import flush as flush_command
    from django.db.backends.postgresql.operations import DatabaseOperations

    from tests import flush

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "sql_flush", flush.sql_flush)
        patch.setattr(flush_command, "emit_post_migrate_signal", flush.post_migrate_after_flush)
        yield


@pytest.fixture(autouse=True)
def service_clock():
    """The services' clock for every test: the system's, which a test moves forward past a
    pause (``service_clock.advance(2)``, or ``tests.apps.games.playing.wait_out``) instead of
    sleeping it out. Servers in processes of their own keep the system clock."""
    with clock.installed(clock.RunningClock()) as installed:
        yield installed


def _post(client, path: str, body: dict | None = None):
    return client.post(path, json.dumps(body or {}), content_type="application/json")


def totp_now(secret: str, *, after: str | None = None) -> str:
    """The authenticator app's code for ``secret`` now (computed as the app would); with
    ``after``, a code other than that one, since a code is accepted once: when the current
    step's code is ``after``, the next step's, as an app whose clock runs up to a step ahead
    shows it (the server allows one step of drift) instead of waiting up to 30 s for it."""
    totp = pyotp.TOTP(secret)
    code = totp.now()
    if code == after:
        code = totp.at(time.time() + totp.interval)
    return code


def sign_in_enrolling(client, username: str, password: str = PASSWORD) -> tuple[str, list[str]]:
    """Sign ``client`` in through the real API as an account that must have a second factor
    and has none yet: the password, then an authenticator app enrolled with a code computed
    from the secret the API hands out. Returns the secret and the recovery codes."""
    from django.core.cache import cache

    cache.clear()  # the per-address sign-in rate counts every test's sign-ins: start afresh
    answer = _post(client, "/api/auth/login", {"username": username, "password": password})
    assert answer.status_code == 202, answer.content
    assert answer.json() == {"second_factor": "enrol", "methods": []}
    secret = _post(client, "/api/auth/totp").json()["secret"]
    confirmed = _post(client, "/api/auth/totp/confirm", {"code": totp_now(secret)})
    assert confirmed.status_code == 200, confirmed.content
    codes = confirmed.json()["recovery_codes"]
    assert len(codes) == 10
    return secret, codes


@pytest.fixture
def admin_user(db):
    return make_staff("ada", User.Role.ADMIN)


@pytest.fixture
def researcher(db):
    return make_staff("rosalind", User.Role.RESEARCHER)


@pytest.fixture
def clinician(db):
    return make_staff("claude", User.Role.CLINICIAN)


@pytest.fixture
def api():
    """An anonymous API client."""
    return APIClient()


@pytest.fixture
def client_for():
    """``client_for(user)``: an API client signed in as that user (session, CSRF enforced)."""

    def make(user: User) -> APIClient:
        client = APIClient(enforce_csrf_checks=False)
        client.force_authenticate(user=user)
        return client

    return make


def current_database_url() -> str:
    """The URL of the database this test runs on, for processes the test starts."""
    from django.db import connection

    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def start_worker(queue: str, *, redis_url: str | None = None, **env: str):
    """A real Celery worker process consuming ``queue``, on the test's database."""
    full = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "TEST_DATABASE_URL": current_database_url(),
        "TEST_CELERY_EAGER": "0",
        **({"TEST_REDIS_URL": redis_url} if redis_url else {}),
        **env,
    }
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "-Q",
            queue,
            "--pool=solo",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "-l",
            "warning",
        ],
        cwd=Path(__file__).resolve().parents[1],
        env=full,
    )


@pytest.fixture
def celery_worker(request):
    """A real Celery worker process on Redis, consuming a queue of its own.

    Yields the queue name. While it runs, tasks are sent to that queue instead of running
    eagerly in the test process. The worker uses the test's database (commit data first: use
    ``transactional_db``) and the environment a ``worker_env`` mark adds (e.g. the solver's
    metrics, off in tests unless asked for).
    """
    from config.celery import app

    queue = f"test-{uuid.uuid4().hex[:8]}"
    mark = request.node.get_closest_marker("worker_env")
    # the tasks the worker queues itself go to this queue too (config/test_settings.py)
    worker = start_worker(queue, TEST_CELERY_QUEUE=queue, **(mark.kwargs if mark else {}))
    saved = app.conf.task_always_eager, app.conf.task_default_queue, app.conf.task_routes
    app.conf.task_always_eager, app.conf.task_default_queue = False, queue
    app.conf.task_routes = {"*": {"queue": queue}}  # instead of the game/metrics/exports queues
    app.amqp.flush_routes()  # the router reads a table kept since the first use, not the conf
    app.amqp.router = app.amqp.Router()
    try:
        yield queue
    finally:
        app.conf.task_always_eager, app.conf.task_default_queue, app.conf.task_routes = saved
        app.amqp.flush_routes()
        app.amqp.router = app.amqp.Router()
        worker.terminate()
        worker.wait(timeout=30)


@pytest.fixture(scope="session", autouse=True)
def _no_stray_connections(django_db_setup, django_db_blocker):
    """Before the test database is dropped, end the sessions other processes (workers, killed
    or not, and live servers) may still hold on it."""
    yield
    from django.db import connection

    if not connection.settings_dict["NAME"].startswith("test_"):
        return  # no test of this run needed the database: none was made
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


# Each pytest-xdist worker takes the ports of its servers from a range of its own, below the
# kernel's ephemeral ports (32768 and up, which bind(0) hands out): a port one worker found free
# cannot be taken by another worker's server before it is bound.
PORTS_PER_WORKER = 1000
FIRST_PORT = 20000
_next_port = itertools.count()


def _worker_index() -> int:
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(name[2:]) + 1 if name.startswith("gw") else 0


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now, for a server a test starts: the next free one of this
    worker's range (handed out in turn, so a port just given is not given again at once)."""
    base = FIRST_PORT + PORTS_PER_WORKER * _worker_index()
    for _ in range(PORTS_PER_WORKER):
        port = base + next(_next_port) % PORTS_PER_WORKER
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {base}-{base + PORTS_PER_WORKER - 1}")


def wait_for(check, seconds: float = 60.0) -> bool:
    """Poll ``check`` until it is true or ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.2)
    return False


def blocked_on_lock() -> bool:
    """Some session on the test database is waiting for a lock (a job held up mid-way). A wait
    in COMMIT (a deferred foreign-key check) does not count: the job has asked to commit, and
    killing it then cannot stop the commit."""
    from django.db import connections

    with connections["default"].cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND upper(btrim(query, ' ;')) <> 'COMMIT'"
        )
        return cursor.fetchone()[0] > 0


class PrivateRedis:
    """A Redis server of one test's own: no other worker shares its queues, and the test may
    stop it and start it again (a broker outage)."""

    def __init__(self, port: int, folder):
        self.port, self.folder = port, folder
        self.url = f"redis://127.0.0.1:{port}/0"

    def up(self) -> bool:
        ping = ["redis-cli", "-p", str(self.port), "ping"]
        return subprocess.run(ping, capture_output=True, text=True).stdout.strip() == "PONG"

    def start(self) -> PrivateRedis:
        subprocess.run(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "yes",
                "--dir",
                str(self.folder),
                "--logfile",
                str(self.folder / "redis.log"),
            ],
            check=True,
        )
        assert wait_for(self.up, 10), "redis-server did not start"
        return self

    def stop(self) -> None:
        subprocess.run(
            ["redis-cli", "-p", str(self.port), "shutdown", "nosave"], capture_output=True
        )
        assert wait_for(lambda: not self.up(), 10), "redis-server did not stop"


@pytest.fixture
def private_redis(tmp_path):
    """A stopped :class:`PrivateRedis` (``.start()`` it); stopped again at the end."""
    server = PrivateRedis(free_port(), tmp_path)
    yield server
    if server.up():
        server.stop()


# --- Running in parallel (make test runs pytest-xdist's workers) ------------------------------
# Each worker has its own test database (test_<name>_gw0, ...), cache and channel prefix and
# export folder (config/test_settings.py), and its own range of ports (``free_port``). The tests
# of a module that starts servers or worker processes of its own (on a free port, or a private
# PostgreSQL or Redis) form one group, "servers:<module>": they run on one worker, one after
# another, so the module's servers are never up twice at once, while two such modules may run
# side by side on two workers. A test joins by using one of these fixtures or by importing one
# of these helpers into its module; a test that starts processes some other way is marked
# ``@pytest.mark.xdist_group("servers:<its module>")``. Small modules that share a module-scoped
# fixture form groups of their own (tests/groups.py).
SERVER_FIXTURES = {
    "celery_worker",
    "worker_queue",
    "private_redis",
    "private_postgres",
    "asgi_server",
    "smtp_server",
}


@functools.cache
def _server_helpers() -> frozenset[int]:
    from tests.apps.server import running_server
    from tests.harness.servers import PrivatePostgres, WebServer

    helpers = (free_port, start_worker, PrivateRedis, running_server, PrivatePostgres, WebServer)
    return frozenset(id(h) for h in helpers)


def starts_servers(item: pytest.Item, helpers: frozenset[int]) -> bool:
    module = getattr(item, "module", None)
    if module is None:
        return False
    if SERVER_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    return any(id(value) in helpers for value in vars(module).values())


def pytest_itemcollected(item):
    # As each test is collected, before xdist's worker reads the groups off the collected list.
    if item.get_closest_marker("xdist_group") is None and starts_servers(item, _server_helpers()):
        item.add_marker(pytest.mark.xdist_group(f"{SERVERS_GROUP}:{item.module.__name__}"))
