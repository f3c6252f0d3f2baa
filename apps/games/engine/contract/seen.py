"""The events as a seat (or someone watching) is shown them: what
:func:`~apps.games.engine.visibility.public_events` keeps of the engine's :mod:`.events`.

These shapes are the allowlist: ``public_events`` copies an event's keys named here and nothing
else, so a key an engine event gains later stays in the log until it is added to its shape.
Fields that only one game has, or that are taken out later (the cards cut for the roles once
they went back into the deck), are not required; an event read again once its trick lies face
down is a :class:`FaceDownCardPlayed` or :class:`FaceDownTrickWon`.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, final

from .events import (
    DealEnded,
    ExaminationOver,
    HandChosen,
    MemulationCardPlayed,
    MemulationMatchEnded,
    MemulationRoundEnded,
    MemulationTrickWon,
    MendikotCardPlayed,
    MendikotMatchEnded,
    MendikotRoundEnded,
    MendikotTrickWon,
    Position,
    RoleMethod,
    TrumpFixed,
    TrumpRevealed,
)


class SeenRoles(TypedDict):
    method: RoleMethod
    lucky_duck: int
    cut: NotRequired[list[list[str]] | None]  # cut face up; left out once back in the deck


@final
class SeenRoundStarted(TypedDict):
    type: Literal["round_started"]
    round: int
    lucky_duck: NotRequired[int]  # Memulation
    roles: NotRequired[SeenRoles]  # Memulation
    dealer: NotRequired[int]  # Mendikot
    turn_up: NotRequired[str | None]  # Mendikot
    trump: NotRequired[str | None]  # Mendikot


@final
class SeenDealStarted(TypedDict):
    type: Literal["deal_started"]
    round: int
    deal: int
    pritticut: str | None


@final
class SeenStragedy(TypedDict):
    """The revealed card is turned up for both; what Lame Duck meant to find (and whether it
    was there) is theirs alone, and where it really lay names a face-down card: never shown."""

    type: Literal["stragedy"]
    seat: int
    position: Position
    revealed: str
    intended: NotRequired[str | None]  # the chooser's own
    hit: NotRequired[bool | None]  # the chooser's own


@final
class SeenTrumpHidden(TypedDict):
    type: Literal["trump_hidden"]
    seat: int
    card: NotRequired[str]  # its owner's own


@final
class FaceDownCardPlayed(TypedDict):
    """A card played to a trick that lies face down by now, read again (its card left out)."""

    type: Literal["card_played"]
    seat: int
    deal: NotRequired[int]  # Memulation
    trick: int
    trump: NotRequired[bool]  # Mendikot


@final
class FaceDownTrickWon(TypedDict):
    """A trick taken that lies face down by now, read again (its cards left out)."""

    type: Literal["trick_won"]
    deal: NotRequired[int]  # Memulation
    trick: int
    leader: int
    winner: int


SeenEvent = (
    SeenRoundStarted
    | SeenDealStarted
    | ExaminationOver
    | HandChosen
    | SeenStragedy
    | SeenTrumpHidden
    | MemulationCardPlayed
    | MendikotCardPlayed
    | MemulationTrickWon
    | MendikotTrickWon
    | TrumpRevealed
    | TrumpFixed
    | DealEnded
    | MemulationRoundEnded
    | MendikotRoundEnded
    | MemulationMatchEnded
    | MendikotMatchEnded
)
# An event read again later (a device catching up): the cards of tricks face down by now are out.
CaughtUpEvent = SeenEvent | FaceDownCardPlayed | FaceDownTrickWon
