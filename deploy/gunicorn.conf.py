"""gunicorn's settings for the `web` role (deploy/entrypoint): plain HTTP through WSGI.

The views are synchronous, so threads serve them with no hop between an event loop and a
thread pool (under an ASGI server each request costs about twice the CPU; bench/api.py
measures both). The sockets of the live tables are the `live` role's (uvicorn).
"""

import json
import os
from pathlib import Path

from gunicorn import glogging

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("WEB_THREADS", "4"))
worker_class = "gthread"
# A request that takes longer is stuck (exports stream from files, not from the request).
timeout = 60
graceful_timeout = 20
keepalive = 5
# One JSON line a request comes from the application (apps.requests), not gunicorn's access log.
accesslog = None


class Logger(glogging.Logger):
    """gunicorn's logger without access lines: with a logging dict set, gunicorn would still
    build every request's access fields (about 1% of a card play's CPU) for a logger that
    writes nothing."""

    def access(self, resp, req, environ, request_time):
        return None


logger_class = Logger
# Containers are managed by their orchestrator, not through gunicorn's control socket.
control_socket_disable = True
# How many new container objects start a collection of the youngest generation (Python's
# default is 2,000 since 3.13 and 700 before).
GC_YOUNG = int(os.environ.get("WEB_GC_THRESHOLD", "10000"))
logconfig_dict = json.loads((Path(__file__).with_name("log.json")).read_text())


def child_exit(server, worker):
    """A worker that is gone leaves its Prometheus samples to the live ones (gauges)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


def post_worker_init(worker):
    """Once the application is loaded, its objects (modules, settings, URL patterns: most of
    what a process holds) are left out of the garbage collector's passes, and young objects are
    collected less often: a request makes thousands of short-lived ones, and each pass otherwise
    walks them all (bench/README.md, "Garbage collection")."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, 10, 10)
