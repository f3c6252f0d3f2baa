"""Django's Redis cache, with a ``clear()`` that removes the cache's own keys only.

Django's clears the whole Redis database (FLUSHDB), and the cache shares its database with
Celery's queues and results: clearing the cache would drop queued jobs (and, in the test suite,
the keys of every other run on the same database).
"""

from __future__ import annotations

import re

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache

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
