"""The study's declared assessment points as one participant reached them (pure)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Assessment:
    """A declared assessment point as the participant reached it (``session`` None: not yet)."""

    id: int
    kind: str  # baseline, post_training, follow_up
    label: str
    when: str
    session: int | None = None  # the session number that stands for it


@dataclass(frozen=True)
class PointSpec:
    """A declared assessment point: a session number, or a window of days after enrolment."""

    id: int
    kind: str
    label: str
    when: str
    session: int | None = None
    window: tuple[int, int] | None = None


@dataclass(frozen=True)
class Sitting:
    """A completed session as the assessment points see it."""

    number: int
    day: int  # days after enrolment the session started


def resolve(specs: list[PointSpec], sittings: list[Sitting]) -> tuple[Assessment, ...]:
    """Which session stands for each point: for a session number, the completed session of that
    number or, if it was not completed, the next completed one; for a window, the first
    completed session that started inside it. Each point's session comes after the one before.

    >>> specs = [PointSpec(1, "baseline", "", "session 1", session=1),
    ...          PointSpec(2, "post_training", "", "session 4", session=4),
    ...          PointSpec(3, "follow_up", "", "days 30-40", window=(30, 40))]
    >>> [a.session for a in resolve(specs, [Sitting(1, 0), Sitting(2, 3), Sitting(5, 9),
    ...                                      Sitting(6, 29), Sitting(7, 33)])]
    [1, 5, 7]
    """
    out = []
    after = 0
    for spec in specs:
        match = None
        for sitting in sorted(sittings, key=lambda s: s.number):
            if sitting.number <= after:
                continue
            at_number = spec.session is not None and sitting.number >= spec.session
            in_window = spec.window is not None and spec.window[0] <= sitting.day <= spec.window[1]
            if at_number or in_window:
                match = sitting
                break
        out.append(
            Assessment(spec.id, spec.kind, spec.label, spec.when, match.number if match else None)
        )
        after = match.number if match else after
    return tuple(out)
