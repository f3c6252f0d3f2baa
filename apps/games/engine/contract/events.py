"""What an action did: the events ``state.apply`` returns (``new_state.events``), one shape per
``type`` and game, for the server's log.

Some name cards that only one seat may see (``deal_started``'s hands, ``trump_hidden``, where a
'Stragedy's intended card really lay): a seat is sent them only through
:func:`~apps.games.engine.visibility.public_events`, as the :mod:`.seen` shapes.

Per-seat and per-team numbers are keyed ``"0"``, ``"1"``, ... (``PerSeat``).
"""

from __future__ import annotations

from typing import Literal, TypedDict, final

PerSeat = dict[str, int]


class Position(TypedDict):
    """A card of the Old Deal's face-down tricks: the pile (the seat that took it), the trick in
    that pile, and the card in the trick (0 led, 1 followed)."""

    pile: int
    trick: int
    card: int


RoleMethod = Literal["given", "cut", "alternate", "fixed"]
RevealCause = Literal["ask", "void", "empty_hand"]


class Roles(TypedDict):
    """How a round's Lucky Duck was found: ``cut`` holds each draw's two cards when cut for."""

    method: RoleMethod
    lucky_duck: int
    cut: list[list[str]] | None


class Hands(TypedDict):
    A: list[str]
    B: list[str]


class SeatCard(TypedDict):
    seat: int
    card: str


# -- Memulation -----------------------------------------------------------------------------


@final
class MemulationRoundStarted(TypedDict):
    type: Literal["round_started"]
    round: int
    seed: int
    deck: list[str]
    lucky_duck: int
    roles: Roles


@final
class DealStarted(TypedDict):
    type: Literal["deal_started"]
    round: int
    deal: int
    hands: Hands  # in dealing order: hidden from the seats
    pritticut: str | None


@final
class ExaminationEnded(TypedDict):
    type: Literal["examination_ended"]
    seat: int | None  # None: the examination's timer ended it for both


@final
class ExaminationOver(TypedDict):
    type: Literal["examination_over"]
    deal: int


@final
class HandChosen(TypedDict):
    type: Literal["hand_chosen"]
    seat: int
    hand: Literal["A", "B"]
    deal: int


class StragedyRecord(TypedDict):
    """A 'Stragedy as the state keeps it: who chose, what they meant to find and where it lay,
    the position chosen and the card it revealed (``hit``: the two are the same card)."""

    seat: int
    intended: str | None
    position: Position
    revealed: str
    intended_position: Position | None
    hit: bool | None


@final
class StragedyMade(StragedyRecord):
    type: Literal["stragedy"]


@final
class MemulationCardPlayed(TypedDict):
    type: Literal["card_played"]
    seat: int
    card: str
    deal: int
    trick: int


@final
class MemulationTrickWon(TypedDict):
    type: Literal["trick_won"]
    deal: int
    trick: int
    leader: int
    cards: list[str]  # led, then followed
    winner: int


@final
class DealEnded(TypedDict):
    type: Literal["deal_ended"]
    round: int
    deal: int
    tricks_won: PerSeat


@final
class MemulationRoundEnded(TypedDict):
    type: Literal["round_ended"]
    round: int
    score: PerSeat
    deal_scores: list[PerSeat]
    match_score: PerSeat


@final
class MemulationMatchEnded(TypedDict):
    type: Literal["match_ended"]
    score: PerSeat


# -- Mendikot -------------------------------------------------------------------------------


@final
class MendikotRoundStarted(TypedDict):
    type: Literal["round_started"]
    round: int
    seed: int
    deck: list[str]
    dealer: int
    turn_up: str | None
    trump: str | None


@final
class TrumpHidden(TypedDict):
    type: Literal["trump_hidden"]
    seat: int
    card: str  # its owner's only


@final
class TrumpRevealed(TypedDict):
    type: Literal["trump_revealed"]
    cause: RevealCause
    seat: int
    owner: int
    card: str
    trump: str
    trick: int


@final
class TrumpFixed(TypedDict):
    type: Literal["trump_fixed"]
    seat: int
    card: str
    trump: str
    trick: int


@final
class MendikotCardPlayed(TypedDict):
    type: Literal["card_played"]
    seat: int
    card: str
    trick: int
    trump: bool  # it counts as a trump


@final
class MendikotTrickWon(TypedDict):
    type: Literal["trick_won"]
    trick: int
    leader: int
    cards: list[SeatCard]
    winner: int


@final
class MendikotRoundEnded(TypedDict):
    type: Literal["round_ended"]
    round: int
    winner: int  # a team
    result: str
    tens: PerSeat
    tricks_won: PerSeat
    next_dealer: int
    match_wins: PerSeat


@final
class MendikotMatchEnded(TypedDict):
    type: Literal["match_ended"]
    match_wins: PerSeat


MemulationEvent = (
    MemulationRoundStarted
    | DealStarted
    | ExaminationEnded
    | ExaminationOver
    | HandChosen
    | StragedyMade
    | MemulationCardPlayed
    | MemulationTrickWon
    | DealEnded
    | MemulationRoundEnded
    | MemulationMatchEnded
)
MendikotEvent = (
    MendikotRoundStarted
    | TrumpHidden
    | TrumpRevealed
    | TrumpFixed
    | MendikotCardPlayed
    | MendikotTrickWon
    | MendikotRoundEnded
    | MendikotMatchEnded
)
Event = MemulationEvent | MendikotEvent
