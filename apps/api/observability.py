"""Request ids on every log line, and Prometheus metrics for the web and the Celery workers.

- :class:`RequestMiddleware` gives each request an id (the proxy's ``X-Request-ID`` when it is a
  plain token, else a new one), answers with it, logs one line per request and counts it. It also
  serves ``/metrics`` (with the bearer token ``METRICS_TOKEN``), ``/healthz`` and ``/readyz``
  itself, before host checks and HTTPS redirects: probes and Prometheus call pods by address
  over the cluster network, with no site host name.
- :class:`RequestIdFilter` puts the current id on every log record (``-`` outside a request).
- Celery signals carry the id from the request that queued a task into the task's log lines
  (a task queued by beat uses its own task id) and time each task: its wait in the queue and
  its run.

With ``PROMETHEUS_MULTIPROC_DIR`` set (several processes in one pod: web workers, a Celery
worker's pool), every process writes its samples there and a scrape adds them up.
"""

from __future__ import annotations

import hmac
import logging
import os
import re
import time
import uuid
from contextvars import ContextVar

from celery import signals
from django.conf import settings
from django.core.signals import request_finished
from django.dispatch import receiver
from django.http import HttpResponse, JsonResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily

from apps.api import health

request_id: ContextVar[str] = ContextVar("request_id", default="-")

# A proxy's id is kept only when it cannot smuggle anything into a log line.
_GOOD_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")
_HEADER = "x_request_id"  # the Celery message header that carries it

log = logging.getLogger("apps.requests")
_PROBES = {"/healthz": health.healthz, "/readyz": health.readyz}

REQUESTS = Counter(
    "memulation_http_requests_total",
    "HTTP requests answered, by method, URL pattern and status.",
    ["method", "route", "status"],
)
LATENCY = Histogram(
    "memulation_http_request_duration_seconds",
    "Time to answer an HTTP request, by method and URL pattern.",
    ["method", "route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
TASK_WAIT = Histogram(
    "memulation_task_queue_wait_seconds",
    "Time a Celery task waited in its queue before a worker started it.",
    ["task", "queue"],
    buckets=(0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900),
)
TASK_RUN = Histogram(
    "memulation_task_duration_seconds",
    "Time a Celery task ran, by task and outcome.",
    ["task", "state"],
    buckets=(0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 15, 60, 300, 900),
)


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to every record (for the formatters' ``%(request_id)s``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


def _route(request) -> str:
    """The URL pattern, never the path: paths carry participants' link tokens."""
    match = getattr(request, "resolver_match", None)
    return match.route if match is not None else "unmatched"


class RequestMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path == "/metrics":
            return metrics_view(request)
        if request.path in _PROBES:  # load balancers and kubelets call by address, not name
            return _PROBES[request.path](request)
        offered = request.headers.get("X-Request-ID", "")
        current = offered if _GOOD_ID.match(offered) else uuid.uuid4().hex
        # Not reset on the way out: Django logs a refused request after the middleware has
        # returned; request_finished clears it.
        request_id.set(current)
        started, cpu = time.perf_counter(), time.thread_time()
        response = self.get_response(request)
        elapsed = time.perf_counter() - started
        # This thread's CPU for the request (its waits for the database, Redis and the GIL
        # left out): what each kind of request costs the web role, for capacity planning.
        cpu = time.thread_time() - cpu
        route = _route(request)
        REQUESTS.labels(request.method, route, str(response.status_code)).inc()
        LATENCY.labels(request.method, route).observe(elapsed)
        log.info(
            "%s %s %s",
            request.method,
            route,
            response.status_code,
            extra={
                "method": request.method,
                "route": route,
                "status": response.status_code,
                "duration_ms": round(elapsed * 1000, 1),
                "cpu_ms": round(cpu * 1000, 2),
            },
        )
        response["X-Request-ID"] = current
        return response


@receiver(request_finished)
def _request_done(**_):
    request_id.set("-")


# --- /metrics -----------------------------------------------------------------------------------


class QueueDepthCollector:
    """The number of messages waiting in each Celery queue, read from Redis at scrape time."""

    def collect(self):
        family = GaugeMetricFamily(
            "memulation_celery_queue_length",
            "Messages waiting in a Celery queue.",
            labels=["queue"],
        )
        if settings.REDIS_URL:
            import redis

            client = redis.Redis.from_url(
                settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=2
            )
            try:
                for queue in settings.CELERY_QUEUE_NAMES:
                    family.add_metric([queue], client.llen(queue))
            except redis.RedisError:
                log.warning("queue depth unavailable: the broker does not answer")
            finally:
                client.close()
        yield family


def registry() -> CollectorRegistry:
    """This process's metrics, or every process's when they share a multiprocess folder."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        combined = CollectorRegistry()
        multiprocess.MultiProcessCollector(combined)
        return combined
    return REGISTRY


def _refusal(status: int, code: str, message: str) -> JsonResponse:
    return JsonResponse(
        {"error": {"code": code, "message": message, "details": None}}, status=status
    )


def metrics_view(request) -> HttpResponse:
    """Prometheus text format, for a scraper holding ``METRICS_TOKEN`` (off when it is unset)."""
    expected = settings.METRICS_TOKEN
    if not expected:
        return _refusal(404, "not_found", "Not found.")
    if request.method != "GET":
        return _refusal(405, "method_not_allowed", f'Method "{request.method}" not allowed.')
    offered = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(offered.encode(), expected.encode()):
        return _refusal(401, "not_authenticated", "A valid metrics token is required.")
    body = generate_latest(registry())
    queues = CollectorRegistry()
    queues.register(QueueDepthCollector())
    body += generate_latest(queues)
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)


# --- Celery: request ids into tasks, task timings, the worker's own metrics endpoint --------------


@signals.before_task_publish.connect
def _stamp_message(headers=None, **_):
    if headers is not None:
        headers[_HEADER] = request_id.get()
        headers["x_published_at"] = time.time()


@signals.task_prerun.connect
def _task_started(task_id=None, task=None, **_):
    # The queuing request's id; else (a task run in-process) the current one; else its own.
    given = task.request.get(_HEADER) or request_id.get()
    task.request.observability_token = request_id.set(given if given != "-" else f"task-{task_id}")
    task.request.observability_started = time.perf_counter()
    published = task.request.get("x_published_at")
    if published:
        queue = (task.request.delivery_info or {}).get("routing_key") or "-"
        TASK_WAIT.labels(task.name, queue).observe(max(0.0, time.time() - float(published)))


@signals.task_postrun.connect
def _task_finished(task=None, state=None, **_):
    started = getattr(task.request, "observability_started", None)
    if started is not None:
        TASK_RUN.labels(task.name, state or "UNKNOWN").observe(time.perf_counter() - started)
    token = getattr(task.request, "observability_token", None)
    if token is not None:
        request_id.reset(token)


@signals.worker_ready.connect
def _serve_worker_metrics(**_):
    """A worker with ``WORKER_METRICS_PORT`` serves its pool's metrics there (no token: the port
    is reachable only inside the pod's network policy)."""
    port = os.environ.get("WORKER_METRICS_PORT")
    if port:
        from prometheus_client import start_http_server

        start_http_server(int(port), registry=registry())
