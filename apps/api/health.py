"""Liveness and readiness for load balancers and process supervisors."""

from django.conf import settings
from django.db import connections
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@require_GET
@never_cache
def healthz(request):
    """The process is alive and serving requests."""
    return JsonResponse({"status": "ok"})


def _database() -> str | None:
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
        return None
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}".strip()[:300]


def _broker() -> str | None:
    if settings.REDIS_URL is None:
        return None  # tasks run in-process: there is no broker to reach
    import redis

    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=2
        )
        client.ping()
        client.close()
        return None
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}".strip()[:300]


@require_GET
@never_cache
def readyz(request):
    """The database and the broker answer. ``503`` names each one that does not."""
    failures = {
        name: err for name, err in (("database", _database()), ("broker", _broker())) if err
    }
    checks = {name: ("failed" if name in failures else "ok") for name in ("database", "broker")}
    if failures:
        body = {
            "status": "unavailable",
            "checks": checks,
            "error": {
                "code": "not_ready",
                "message": "Not ready: " + ", ".join(failures) + " unreachable.",
                "details": failures,
            },
        }
        return JsonResponse(body, status=503)
    return JsonResponse({"status": "ok", "checks": checks})
