"""The product's settings, with the channel layer's names kept apart (``bench/live.py``).

Redis's pub/sub channels are one namespace for every database number, so a live server under
the bench would otherwise hear (and be heard by) other servers and tests on the same Redis
whose games have the same ids. Nothing else differs from ``config.settings``."""

import os

from config.settings import *  # noqa: F403

CHANNEL_LAYERS["default"].setdefault("CONFIG", {})["prefix"] = os.environ.get(  # noqa: F405
    "BENCH_CHANNEL_PREFIX", "bench-live"
)
