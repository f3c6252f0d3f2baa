"""The examination clock, kept by the server.

In each Memulation deal hand A is shown for ``examination_seconds``, then hand B for as long.
Neither hand's clock runs until the participant's device says it is showing the hand (a
``start`` examination event; the device sends it itself for every hand but the game's first):
a link opened late, a device handed over after a while or a connection lost between hands
costs no study time. Until then the clock is *waiting* and no
cards are in the view. A person may end a hand early ("I'm ready"); otherwise it ends when its
time is up. The clock lives in ``Game.examination`` and is advanced lazily: whenever a request
for the game comes in, :func:`examination_due` says whether the current hand's time has run out.
"""

from __future__ import annotations

from datetime import datetime, timedelta

# A hand stays in the view this long after its time is up: the network and the browser's
# rendering get a moment, the participant does not get extra study time. The next hand is shown
# once the grace is over, so it loses none of its own time.
GRACE = timedelta(seconds=2)
# A new deal's first hand is shown this long after the last trick of the deal before it, so
# that trick can be seen being taken before the examination clock starts.
PAUSE = timedelta(seconds=2)


def examination_start(
    *, round_no: int, deal: int, hand: str, seconds: float, now: datetime | None, not_before=None
):
    """A clock for one hand: shown at ``now``, or waiting for the device when ``now`` is None
    (and then shown no earlier than ``not_before``)."""
    return {
        "round": round_no,
        "deal": deal,
        "hand": hand,
        "planned": seconds,
        "shown_at": now.isoformat() if now else None,
        "not_before": not_before.isoformat() if not_before else None,
        "sorts": 0,
        "page_hidden_seconds": 0.0,
        "page_hidden_at": None,
    }


def waiting(clock: dict | None) -> bool:
    """The hand is ready but the device has not said it shows it yet: no time is running."""
    return clock is not None and not clock["shown_at"]


def start_at(clock: dict, now: datetime) -> datetime:
    """When a waiting hand is shown if the device asks at ``now`` (not before its pause ends)."""
    earliest = clock.get("not_before")
    return max(now, datetime.fromisoformat(earliest)) if earliest else now


def shown_at(clock: dict) -> datetime:
    return datetime.fromisoformat(clock["shown_at"])


def deadline(clock: dict) -> datetime:
    """When the hand's planned time is up."""
    return shown_at(clock) + timedelta(seconds=clock["planned"])


def examination_due(clock: dict | None, now: datetime) -> bool:
    """The hand on show has passed its window (planned time plus grace)."""
    return clock is not None and not waiting(clock) and now > deadline(clock) + GRACE


def examination_visible(clock: dict | None, now: datetime) -> str | None:
    """The hand a participant may see now ("A" or "B"), or None (not yet, or no longer)."""
    if clock is None or waiting(clock) or now < shown_at(clock) or now > deadline(clock) + GRACE:
        return None
    return clock["hand"]


def seconds_left(clock: dict, now: datetime) -> float:
    if waiting(clock):
        return clock["planned"]
    return max(0.0, min(clock["planned"], (deadline(clock) - now).total_seconds()))


def starts_in(clock: dict, now: datetime) -> float | None:
    """Seconds until the hand is shown (None: waiting for the device)."""
    if waiting(clock):
        return None
    return round(max(0.0, (shown_at(clock) - now).total_seconds()), 3)


def page_hidden_total(clock: dict, now: datetime) -> float:
    """Seconds the page was hidden while this hand was on show (an open spell counts to now)."""
    total = clock["page_hidden_seconds"]
    if clock["page_hidden_at"]:
        total += (now - datetime.fromisoformat(clock["page_hidden_at"])).total_seconds()
    return round(total, 3)
