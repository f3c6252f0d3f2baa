"""Python's cycle collector, tuned for a test process as the web role's workers tune theirs
(``deploy/gunicorn.conf.py``); the hooks are ``tests/conftest.py``'s.

A worker holds a large, long-lived heap (Django, the apps, every collected test, Hypothesis's
tables) and makes many short-lived objects a test. With the default thresholds the collector
runs about every 700 allocations and walks the whole heap in each full collection: a tenth of
the schema fuzz's CPU (measured with ``gc.callbacks``). Collected tests are moved out of the
collector's sight once collection ends (``gc.freeze``) and the young generation is collected
less often; cycles are still collected, so memory stays bounded.
"""

from __future__ import annotations

import gc

import pytest

YOUNG_THRESHOLD = 10_000  # Python's default is 700; the web role's is this (WEB_GC_THRESHOLD)


def pytest_configure(config: pytest.Config) -> None:
    gc.set_threshold(YOUNG_THRESHOLD, 10, 10)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    gc.freeze()
