"""The time the services act at, injectable so that tests move time instead of sleeping.

Services call :func:`now`, and :func:`today` for the date. Production runs on the system clock;
a test installs a :class:`ManualClock` (``with clock.installed(ManualClock(start)) as c: ...
c.advance(31)``), or runs on a :class:`RunningClock` (the suite's default) and moves it past a
pause instead of sleeping the pause out.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime, timedelta
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


class RunningClock:
    """The system clock, which a test may also move forward: time passes as usual, and
    ``advance(seconds)`` skips a pause the way waiting it out would."""

    def __init__(self) -> None:
        self._ahead = timedelta()

    def now(self) -> datetime:
        return timezone.now() + self._ahead

    def advance(self, seconds: float) -> datetime:
        self._ahead += timedelta(seconds=seconds)
        return self.now()


_installed: Clock = SystemClock()


def now() -> datetime:
    return _installed.now()


def today() -> date:
    """The date in the current time zone at the installed clock's time."""
    return timezone.localdate(now())


def current() -> Clock:
    """The clock installed now (a test moves it when it can be moved)."""
    return _installed


@contextmanager
def installed(clock: Clock) -> Iterator[Clock]:
    """Run with ``clock`` as the services' clock, then restore the one before."""
    global _installed
    saved, _installed = _installed, clock
    try:
        yield clock
    finally:
        _installed = saved
