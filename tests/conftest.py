"""Fixtures shared by the whole suite: staff of each role and API clients signed in as them."""

import pytest
from rest_framework.test import APIClient

from apps.accounts.models import User

PASSWORD = "correct horse battery staple"


def make_staff(username: str, role: str) -> User:
    return User.objects.create_user(username=username, password=PASSWORD, role=role)


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
    import os
    import subprocess
    import sys
    from pathlib import Path

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
def celery_worker():
    """A real Celery worker process on Redis, consuming a queue of its own.

    Yields the queue name. While it runs, tasks are sent to that queue instead of running
    eagerly in the test process. The worker uses the test's database (commit data first: use
    ``transactional_db``).
    """
    import uuid

    from config.celery import app

    queue = f"test-{uuid.uuid4().hex[:8]}"
    worker = start_worker(queue)
    saved = app.conf.task_always_eager, app.conf.task_default_queue
    app.conf.task_always_eager, app.conf.task_default_queue = False, queue
    try:
        yield queue
    finally:
        app.conf.task_always_eager, app.conf.task_default_queue = saved
        worker.terminate()
        worker.wait(timeout=30)


@pytest.fixture(scope="session", autouse=True)
def _no_stray_connections(django_db_setup, django_db_blocker):
    """Before the test database is dropped, end the sessions other processes (workers, killed
    or not, and live servers) may still hold on it."""
    yield
    from django.db import connection

    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
