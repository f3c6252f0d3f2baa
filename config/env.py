"""Reading settings from environment variables, failing loudly on a bad value.

Every reader takes the environment mapping explicitly so that it can be tested without touching
``os.environ``.

>>> env_bool({"DEBUG": "yes"}, "DEBUG", default=False)
True
>>> env_list({"ALLOWED_HOSTS": "a.org, b.org"}, "ALLOWED_HOSTS", default=[])
['a.org', 'b.org']
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(environ: Mapping[str, str], name: str, *, default: bool) -> bool:
    raw = environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a boolean; use one of 1/0, true/false, yes/no, on/off"
    )


def env_int(environ: Mapping[str, str], name: str, *, default: int, minimum: int = 0) -> int:
    raw = environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r} must be at least {minimum}")
    return value


def env_list(environ: Mapping[str, str], name: str, *, default: list[str]) -> list[str]:
    raw = environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def database_pool(environ: Mapping[str, str]) -> dict[str, int] | None:
    """Django's psycopg pool per process, when ``DATABASE_POOL_MAX_SIZE`` is above 0."""
    max_size = env_int(environ, "DATABASE_POOL_MAX_SIZE", default=0)
    if not max_size:
        return None
    min_size = env_int(environ, "DATABASE_POOL_MIN_SIZE", default=1)
    if min_size > max_size:
        raise ImproperlyConfigured("DATABASE_POOL_MIN_SIZE must not exceed DATABASE_POOL_MAX_SIZE")
    timeout = env_int(environ, "DATABASE_POOL_TIMEOUT", default=10, minimum=1)
    return {"min_size": min_size, "max_size": max_size, "timeout": timeout}


def database_config(url: str, *, pool: dict[str, int] | None = None) -> dict[str, Any]:
    """A Django ``DATABASES`` entry from a URL (``postgres://`` or ``sqlite:///``), with
    ``pool`` (PostgreSQL only: pooled connections replace persistent ones)."""
    scheme = urlsplit(url).scheme
    if scheme not in {"postgres", "postgresql", "pgsql", "sqlite"}:
        raise ImproperlyConfigured(
            f"DATABASE_URL scheme {scheme!r} is not supported; use postgres://... or sqlite:///..."
        )
    # No health check (a query) before reusing a connection in every request: a connection that
    # broke fails one request and is then dropped, and devices retry under the same event id.
    config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=False)
    if config["ENGINE"].endswith("sqlite3"):
        Path(config["NAME"]).parent.mkdir(parents=True, exist_ok=True)
        config["CONN_MAX_AGE"] = 0
        # Writers queue instead of failing: a transaction takes the write lock when it begins
        # (a deferred one that read first could not wait for it: "database is locked" at once),
        # waits up to 20 s for it, and readers go on beside the writer (write-ahead log).
        config["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    elif pool:
        config["CONN_MAX_AGE"] = 0
        config.setdefault("OPTIONS", {})["pool"] = pool
    return dict(config)


def redis_url(environ: Mapping[str, str]) -> str | None:
    """``REDIS_URL`` when set (it must be a ``redis://`` or ``rediss://`` URL), else ``None``."""
    raw = environ.get("REDIS_URL", "").strip()
    if not raw:
        return None
    if urlsplit(raw).scheme not in {"redis", "rediss"}:
        raise ImproperlyConfigured(f"REDIS_URL={raw!r} must start with redis:// or rediss://")
    return raw


def secret_key(environ: Mapping[str, str], *, debug: bool) -> str:
    raw = environ.get("SECRET_KEY", "")
    if raw:
        return raw
    if debug:
        return "django-insecure-local-development-only"
    raise ImproperlyConfigured(
        "SECRET_KEY must be set when DEBUG is off (generate one with "
        "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`)"
    )
