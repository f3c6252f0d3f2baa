"""The time the services act at, injectable so that tests move time instead of sleeping.

Services call :func:`now`. Production runs on the system clock; a test installs a
:class:`ManualClock` (``with clock.installed(ManualClock(start)) as c: ... c.advance(31)``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Protocol

from django.utils import timezone


class Clock(Protocol):
    def now(self) -> datetime: ...


class SystemClock:
    def now(self) -> datetime:
        return timezone.now()


class ManualClock:
    """A clock that stands still until told to move."""

    def __init__(self, start: datetime | None = None):
        self._now = start or timezone.now()

    def now(self) -> datetime:
        return self._now

    def advance(self, seconds: float) -> datetime:
        self._now += timedelta(seconds=seconds)
        return self._now


_installed: Clock = SystemClock()


def now() -> datetime:
    return _installed.now()


@contextmanager
def installed(clock: Clock) -> Iterator[Clock]:
    """Run with ``clock`` as the services' clock, then restore the one before."""
    global _installed
    saved, _installed = _installed, clock
    try:
        yield clock
    finally:
        _installed = saved
