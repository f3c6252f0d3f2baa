"""The live process's database work: on a pool of a bounded number of threads.

A socket reads the database only when it connects, catches up after a gap, or answers a move;
everything else it forwards from the channel layer. That work runs off the event loop on this
pool (each thread keeps at most one connection), so the process holds at most
``LIVE_DATABASE_THREADS`` connections however many sockets it serves, and a burst waits for a
free thread instead of opening connections until PostgreSQL refuses ("too many clients").
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache

from channels.db import DatabaseSyncToAsync
from django.conf import settings


@cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(
        max_workers=settings.LIVE_DATABASE_THREADS, thread_name_prefix="live-database"
    )


def on_database[**P, R](func: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``func`` run on the live process's database threads, awaited."""
    return DatabaseSyncToAsync(func, thread_sensitive=False, executor=_pool())
