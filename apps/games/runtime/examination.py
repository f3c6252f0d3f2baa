"""Each person's examination clock, kept by the server.

In each Memulation deal every person at the table studies hand A for their own
``examination_seconds``, then hand B for as long. A hand's clock does not run until that person's
device says it shows the hand (a ``start`` examination event; the device sends it itself for
every hand but the game's first): a link opened late, a device handed over after a while or a
connection lost between hands costs no study time, and one person's Start never runs another's
clock. A person may end a hand early ("I'm ready"); otherwise it ends when their time is up.
The table moves on (the engine's examination ends) once every person is done with hand B.

:class:`Examination` is the deal's clocks, one :class:`Clock` a person seat; ``Game.examination``
keeps it as JSON (:meth:`Examination.to_json`), advanced lazily: whenever a request for the game
comes in, :meth:`Examination.next_expiry` says whose hand has run out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

# A hand stays in the view this long after its time is up: the network and the browser's
# rendering get a moment, the participant does not get extra study time. The next hand is shown
# once the grace is over, so it loses none of its own time.
GRACE = timedelta(seconds=2)
# A new deal's first hand is shown this long after the last trick of the deal before it, so
# that trick can be seen being taken before the examination clock starts.
PAUSE = timedelta(seconds=2)


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _text(when: datetime | None) -> str | None:
    return None if when is None else when.isoformat()


@dataclass
class Clock:
    """One person's clock for one hand: waiting for their device (``shown_at`` None), running,
    or ``done`` (both hands studied, or skipped)."""

    hand: str
    planned: float
    not_before: datetime
    shown_at: datetime | None = None
    sorts: int = 0
    page_hidden_seconds: float = 0.0
    page_hidden_at: datetime | None = None
    done: bool = False

    @property
    def waiting(self) -> bool:
        """The hand is ready but the device has not said it shows it yet: no time runs."""
        return not self.done and self.shown_at is None

    @property
    def running(self) -> bool:
        return not self.done and self.shown_at is not None

    def start_at(self, now: datetime) -> datetime:
        """When the waiting hand is shown if the device asks at ``now`` (not before its pause
        ends)."""
        return max(now, self.not_before)

    @property
    def deadline(self) -> datetime:
        """When the hand's planned time is up."""
        assert self.shown_at is not None
        return self.shown_at + timedelta(seconds=self.planned)

    def visible(self, now: datetime) -> str | None:
        """The hand the person may see now ("A" or "B"), or None (not yet, or no longer)."""
        shown = self.shown_at
        if self.done or shown is None or now < shown or now > self.deadline + GRACE:
            return None
        return self.hand

    def seconds_left(self, now: datetime) -> float:
        if not self.running:
            return 0.0 if self.done else self.planned
        return max(0.0, min(self.planned, (self.deadline - now).total_seconds()))

    def starts_in(self, now: datetime) -> float | None:
        """Seconds until the hand is shown (None: waiting for the device, or done)."""
        shown = self.shown_at
        if self.done or shown is None:
            return None
        return round(max(0.0, (shown - now).total_seconds()), 3)

    def page_hidden_total(self, now: datetime) -> float:
        """Seconds the page was hidden while this hand was on show (an open spell counts to
        now)."""
        total = self.page_hidden_seconds
        if self.page_hidden_at:
            total += (now - self.page_hidden_at).total_seconds()
        return round(total, 3)

    def shift(self, by: timedelta) -> None:
        self.not_before += by
        if self.shown_at:
            self.shown_at += by
        if self.page_hidden_at:
            self.page_hidden_at += by

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "planned": self.planned,
            "shown_at": _text(self.shown_at),
            "not_before": _text(self.not_before),
            "sorts": self.sorts,
            "page_hidden_seconds": self.page_hidden_seconds,
            "page_hidden_at": _text(self.page_hidden_at),
            "done": self.done,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clock:
        not_before = _time(data.get("not_before") or data.get("shown_at"))
        assert not_before is not None
        return cls(
            hand=data["hand"],
            planned=data["planned"],
            not_before=not_before,
            shown_at=_time(data.get("shown_at")),
            sorts=data.get("sorts", 0),
            page_hidden_seconds=data.get("page_hidden_seconds", 0.0),
            page_hidden_at=_time(data.get("page_hidden_at")),
            done=data.get("done", False),
        )


@dataclass
class Examination:
    """The clocks of one deal's examination, by person seat."""

    round: int
    deal: int
    seats: dict[int, Clock] = field(default_factory=dict)

    @classmethod
    def new(
        cls, *, round_no: int, deal: int, seconds: dict[int, float], not_before: datetime
    ) -> Examination:
        """A new deal's examination: hand A waiting for each person seat."""
        return cls(
            round=round_no,
            deal=deal,
            seats={
                seat: Clock(hand="A", planned=s, not_before=not_before)
                for seat, s in seconds.items()
            },
        )

    def clock(self, seat: int) -> Clock | None:
        return self.seats.get(seat)

    def next_expiry(self) -> tuple[datetime, int] | None:
        """The first hand on show to run out (the time it is written, and whose), if any."""
        ends = [(c.deadline + GRACE, seat) for seat, c in self.seats.items() if c.running]
        return min(ends, default=None)

    @property
    def all_done(self) -> bool:
        return all(clock.done for clock in self.seats.values())

    def shift(self, by: timedelta) -> None:
        """Every time moved on by ``by`` (a pause of the table: no time ran)."""
        for clock in self.seats.values():
            clock.shift(by)

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "deal": self.deal,
            "seats": {str(seat): clock.to_json() for seat, clock in self.seats.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Examination | None:
        if data is None:
            return None
        seats = {int(seat): Clock.from_json(clock) for seat, clock in data["seats"].items()}
        return cls(round=data["round"], deal=data["deal"], seats=seats)
