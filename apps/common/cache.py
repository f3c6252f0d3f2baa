"""Django's Redis cache, with a ``clear()`` that removes the cache's own keys only.

Django's clears the whole Redis database (FLUSHDB), and the cache shares its database with
Celery's queues and results: clearing the cache would drop queued jobs (and, in the test suite,
the keys of every other run on the same database).
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterable
from typing import Any

from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

BATCH = 500


class RedisCache(DjangoRedisCache):
    def clear(self) -> None:
        client = self._cache.get_client(None, write=True)
        # Every key is "<prefix>:<version>:<key>" (Django's default key function).
        pattern = re.sub(r"([*?\[\]\\])", r"\\\1", self.key_prefix) + ":*"
        keys: list[bytes] = []
        for key in client.scan_iter(match=pattern, count=BATCH):
            keys.append(key)
            if len(keys) == BATCH:
                client.unlink(*keys)
                keys.clear()
        if keys:
            client.unlink(*keys)


# A value kept only to save a query: while Redis is unreachable the answer comes from the
# database, and play goes on (the broker's outage must not stop a game).


def get_kept(key: str) -> Any:
    """The cached value, or None when there is none or Redis cannot be reached."""
    try:
        return cache.get(key)
    except RedisError:
        log.warning("cache unreachable: reading %s from the database", key.split(":")[0])
        return None


def keep(key: str, value: Any, timeout: int) -> None:
    with contextlib.suppress(RedisError):
        cache.set(key, value, timeout)


def forget(keys: Iterable[str]) -> None:
    try:
        cache.delete_many(list(keys))
    except RedisError:
        log.warning("cache unreachable: kept values not forgotten")
