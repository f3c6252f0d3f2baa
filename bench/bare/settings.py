"""The product's settings plus the benchmark-only app and URLs (``bench/api.py`` selects them)."""

from config.settings import *  # noqa: F403

INSTALLED_APPS = [*INSTALLED_APPS, "bench.bare"]  # noqa: F405
ROOT_URLCONF = "bench.bare.urls"
