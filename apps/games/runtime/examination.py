"""Each person's examination clock, kept by the server.

In each Memulation deal every person at the table studies hand A for their own
``examination_seconds``, then hand B for as long. A hand's clock does not run until that person's
device says it shows the hand (a ``start`` examination event; the device sends it itself for
every hand but the game's first): a link opened late, a device handed over after a while or a
connection lost between hands costs no study time, and one person's Start never runs another's
clock. A person may end a hand early ("I'm ready"); otherwise it ends when their time is up.
The table moves on (the engine's examination ends) once every person is done with hand B.

``Game.examination`` holds the deal's clocks, one a person seat::

    {"round": 1, "deal": 1, "seats": {"0": {clock}, "1": {clock}}}

and each clock is a plain dict (see :func:`waiting_clock`), advanced lazily: whenever a request
for the game comes in, :func:`due` says whose hand has run out.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

# A hand stays in the view this long after its time is up: the network and the browser's
# rendering get a moment, the participant does not get extra study time. The next hand is shown
# once the grace is over, so it loses none of its own time.
GRACE = timedelta(seconds=2)
# A new deal's first hand is shown this long after the last trick of the deal before it, so
# that trick can be seen being taken before the examination clock starts.
PAUSE = timedelta(seconds=2)

Clock = dict[str, Any]


def waiting_clock(*, hand: str, seconds: float, not_before: datetime) -> Clock:
    """A clock for one hand, waiting for the device to show it (no earlier than ``not_before``)."""
    return {
        "hand": hand,
        "planned": seconds,
        "shown_at": None,
        "not_before": not_before.isoformat(),
        "sorts": 0,
        "page_hidden_seconds": 0.0,
        "page_hidden_at": None,
        "done": False,
    }


def deal_clocks(
    *, round_no: int, deal: int, seconds: dict[int, float], not_before: datetime
) -> dict[str, Any]:
    """The clocks of a new deal's examination: hand A waiting for each person seat."""
    return {
        "round": round_no,
        "deal": deal,
        "seats": {
            str(seat): waiting_clock(hand="A", seconds=s, not_before=not_before)
            for seat, s in seconds.items()
        },
    }


def clock_of(examination: dict[str, Any] | None, seat: int) -> Clock | None:
    if examination is None:
        return None
    return examination["seats"].get(str(seat))


def waiting(clock: Clock | None) -> bool:
    """The hand is ready but the device has not said it shows it yet: no time is running."""
    return clock is not None and not clock["done"] and not clock["shown_at"]


def running(clock: Clock | None) -> bool:
    return clock is not None and not clock["done"] and bool(clock["shown_at"])


def start_at(clock: Clock, now: datetime) -> datetime:
    """When a waiting hand is shown if the device asks at ``now`` (not before its pause ends)."""
    return max(now, datetime.fromisoformat(clock["not_before"]))


def not_before(clock: Clock) -> datetime:
    return datetime.fromisoformat(clock["not_before"])


def shown_at(clock: Clock) -> datetime:
    return datetime.fromisoformat(clock["shown_at"])


def deadline(clock: Clock) -> datetime:
    """When the hand's planned time is up."""
    return shown_at(clock) + timedelta(seconds=clock["planned"])


def expired(clock: Clock | None, now: datetime) -> bool:
    """The hand on show has passed its window (planned time plus grace)."""
    return running(clock) and now > deadline(clock) + GRACE  # type: ignore[arg-type]


def visible(clock: Clock | None, now: datetime) -> str | None:
    """The hand the person may see now ("A" or "B"), or None (not yet, or no longer)."""
    if not running(clock):
        return None
    assert clock is not None
    if now < shown_at(clock) or now > deadline(clock) + GRACE:
        return None
    return clock["hand"]


def seconds_left(clock: Clock, now: datetime) -> float:
    if not running(clock):
        return 0.0 if clock["done"] else clock["planned"]
    return max(0.0, min(clock["planned"], (deadline(clock) - now).total_seconds()))


def starts_in(clock: Clock, now: datetime) -> float | None:
    """Seconds until the hand is shown (None: waiting for the device, or done)."""
    if not running(clock):
        return None
    return round(max(0.0, (shown_at(clock) - now).total_seconds()), 3)


def page_hidden_total(clock: Clock, now: datetime) -> float:
    """Seconds the page was hidden while this hand was on show (an open spell counts to now)."""
    total = clock["page_hidden_seconds"]
    if clock["page_hidden_at"]:
        total += (now - datetime.fromisoformat(clock["page_hidden_at"])).total_seconds()
    return round(total, 3)


def next_expiry(examination: dict[str, Any] | None) -> tuple[datetime, int] | None:
    """The first hand on show to run out (the time it is written, and whose), if any."""
    ends = [
        (deadline(clock) + GRACE, int(seat))
        for seat, clock in (examination or {}).get("seats", {}).items()
        if running(clock)
    ]
    return min(ends, default=None)


def all_done(examination: dict[str, Any]) -> bool:
    return all(clock["done"] for clock in examination["seats"].values())


def shifted(examination: dict[str, Any] | None, by: timedelta) -> dict[str, Any] | None:
    """The clocks with every time moved on by ``by`` (a pause of the table: no time ran)."""
    if examination is None:
        return None
    for clock in examination["seats"].values():
        for key in ("shown_at", "not_before", "page_hidden_at"):
            if clock[key]:
                clock[key] = (datetime.fromisoformat(clock[key]) + by).isoformat()
    return examination
