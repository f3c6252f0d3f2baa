"""What request ids, request metrics and the per-request JSON log line cost each request.

Drives Django's WSGI handler in-process (no network, no database) with a request that runs the
whole middleware chain and a DRF view (an anonymous ``GET /api/me``, refused with 403), once with
``apps.api.observability.RequestMiddleware`` and once without, alternating in several rounds.
Log lines are formatted as in production (JSON, level INFO) and written to /dev/null. Prints the
median process CPU time per request of each, their difference and ratio.

    .venv/bin/python bench/observability.py [--requests 3000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import secrets
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.update(
    DJANGO_SETTINGS_MODULE="config.settings",
    DEBUG="0",
    SECRET_KEY=secrets.token_urlsafe(50),
    SECURE_SSL_REDIRECT="0",
    LOG_LEVEL="INFO",
    LOG_FORMAT="json",
    VAR_DIR=str(Path(os.environ.get("TMPDIR", "/tmp")) / "memulation-bench-observability"),
)
os.environ.pop("DATABASE_URL", None)
os.environ.pop("REDIS_URL", None)

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.test import override_settings  # noqa: E402

OURS = "apps.api.observability.RequestMiddleware"


def environ() -> dict:
    return {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": "/api/me",
        "QUERY_STRING": "",
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "443",
        "HTTP_HOST": "localhost",
        "HTTP_X_FORWARDED_PROTO": "https",
        "wsgi.url_scheme": "https",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": io.StringIO(),
    }


def handler(with_ours: bool) -> WSGIHandler:
    chain = [m for m in settings.MIDDLEWARE if with_ours or m != OURS]
    with override_settings(MIDDLEWARE=chain):
        return WSGIHandler()


def per_request(app: WSGIHandler, count: int) -> float:
    statuses = []

    def start_response(status, headers, exc_info=None):
        statuses.append(status)

    started = time.process_time()
    for _ in range(count):
        for _chunk in app(environ(), start_response):
            pass
    elapsed = time.process_time() - started
    assert all(s.startswith("403") for s in statuses), statuses[:3]
    return elapsed / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    sink = open(os.devnull, "w")  # noqa: SIM115 (open for the whole run)
    for h in logging.getLogger().handlers:
        h.setStream(sink)

    apps = {"with": handler(True), "without": handler(False)}
    for app in apps.values():
        per_request(app, 200)  # warm up
    times: dict[str, list[float]] = {"with": [], "without": []}
    for round_ in range(args.rounds):
        order = list(apps.items())
        for name, app in order if round_ % 2 == 0 else reversed(order):  # no order bias
            times[name].append(per_request(app, args.requests))
    med = {name: statistics.median(values) * 1e6 for name, values in times.items()}
    print(
        f"GET /api/me (403, DRF), {args.requests} requests x {args.rounds} rounds, CPU per "
        f"request (median of rounds): with request ids, metrics and the JSON line "
        f"{med['with']:.0f} us, without {med['without']:.0f} us; the difference "
        f"{med['with'] - med['without']:.0f} us, ratio {med['with'] / med['without']:.2f}"
    )


if __name__ == "__main__":
    main()
