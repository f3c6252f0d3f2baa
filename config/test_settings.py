"""Settings for the test suite: always PostgreSQL and Redis, never SQLite or in-process tasks.

``TEST_DATABASE_URL`` and ``TEST_REDIS_URL`` override the local defaults.
"""

import os
import uuid
from pathlib import Path

os.environ["DATABASE_URL"] = os.environ.get(
    "TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/memulation"
)
os.environ["REDIS_URL"] = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "test-only-" + "x" * 50)
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
# The cache (rate limits, sign-in lockouts) is Redis: a run's keys are its own, shared with the
# servers and workers it starts (they inherit the variable). Under pytest-xdist each worker
# process runs tests of its own at the same time as the others: its keys carry its name too.
_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
_prefix = os.environ.setdefault("TEST_CACHE_PREFIX", "test-" + uuid.uuid4().hex[:12])
if _worker and not _prefix.endswith("-" + _worker):
    os.environ["TEST_CACHE_PREFIX"] = f"{_prefix}-{_worker}"
# Exports are written under a folder of each worker's own (one worker's export ids are
# another's too), unless a test chose the folder.
if _worker:
    _var = Path(os.environ.get("VAR_DIR") or Path(__file__).resolve().parent.parent / "var")
    os.environ.setdefault("EXPORT_ROOT", str(_var / "exports" / f"test-{_worker}"))

from config.settings import *  # noqa: E402, F403

# Queued tasks still run inside the test process unless a test starts a real worker; the broker
# configured above is real Redis, and the worker round-trip test uses it.
CELERY_TASK_ALWAYS_EAGER = os.environ.get("TEST_CELERY_EAGER", "1") == "1"
CELERY_TASK_TRACK_STARTED = True
# A test's worker consumes a queue of its own: the tasks it queues itself (a session's metrics
# job queues its fidelity job) go there too, not to the shared game/metrics/exports queues.
if _own_queue := os.environ.get("TEST_CELERY_QUEUE"):
    CELERY_TASK_DEFAULT_QUEUE = _own_queue
    CELERY_TASK_ROUTES = {"*": {"queue": _own_queue}}
# The solver's analysis takes seconds per game: tests of it turn it on where they need it.
METRICS_WITH_SOLVER = os.environ.get("TEST_METRICS_WITH_SOLVER", "0") == "1"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES["staticfiles"] = {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}
CACHES["default"]["KEY_PREFIX"] = os.environ["TEST_CACHE_PREFIX"]  # noqa: F405
# The live tables' pub/sub channels are global to a Redis server (its database numbers do not
# separate them): a run's channels carry its own prefix, so two runs on one Redis never hear
# each other's games. Servers the run starts inherit the variable, and so the prefix.
_live_layer_config: dict = CHANNEL_LAYERS["default"].get("CONFIG", {})  # noqa: F405
_live_layer_config["prefix"] = "asgi-" + os.environ["TEST_CACHE_PREFIX"]
