"""What a seat sees: ``state.view(seat)`` of each game (docs/rules.md, "What a seat sees").

A view is a JSON object tagged on ``game``. It shows the seat its own hand and nothing of the
other hands, the Undealt or the face-down tricks; cards are strings like ``"QH"``, per-seat and
per-team numbers are keyed ``"0"``, ``"1"``, ... Someone watching is shown the same shape with
the seat's own fields blanked (``seat`` null, no hand, no legal moves;
:func:`~apps.games.engine.visibility.spectator_view`). ``apps/games/shapes/seat.py`` describes
the same shapes for the API's schema.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, final

from .events import PerSeat, RoleMethod, SeatCard

Hand = Literal["A", "B"]


class MemulationOptionsShown(TypedDict):
    rounds: int
    wild_tie: str  # "leader" or "follower"
    stragedy_intent: bool
    examination: bool
    examination_seconds: float
    roles: str | int | list[int]  # "cut", "alternate", a seat, or a seat per round
    tricks: NotRequired[int]  # a short game (practice)


class MendikotOptionsShown(TypedDict):
    trump_rule: str
    rounds: int
    tricks: NotRequired[int]  # a short game (practice)


@final
class ExaminationHands(TypedDict):
    """Both hands of the deal being examined, in dealing order (the engine's view)."""

    A: list[str]
    B: list[str]
    done: bool  # this seat has ended its examination


@final
class HandOnShow(TypedDict):
    """The examination as a seat's device is sent it: only the hand its clock shows now
    (:func:`~apps.games.engine.visibility.examination_cut`)."""

    done: bool
    hand: str | None  # "A" or "B"; None between the two
    cards: list[str] | None


class MemulationTrickInPlay(TypedDict):
    number: int
    leader: int
    cards: list[str]  # led (so far)


class MemulationLastTrick(TypedDict):
    number: int
    leader: int
    cards: list[str]  # led, then followed
    winner: int


class StragedyShown(TypedDict):
    """The 'Stragedy made this round: where and what it turned up (what Lame Duck meant to find,
    to Lame Duck only)."""

    pile: int
    trick: int
    card: int
    revealed: str
    intended: NotRequired[str | None]


class MemulationRoundPlayed(TypedDict):
    round: int
    lucky_duck: int
    score: PerSeat
    deal_scores: list[PerSeat]


@final
class MemulationView(TypedDict):
    game: Literal["memulation"]
    seat: int | None  # None: someone watching
    phase: str
    to_act: list[int]
    finished: bool
    round: int  # 0-based
    rounds: int
    deal: int  # 1 the Old Deal, 2 the New Deal
    lucky_duck: int
    lame_duck: int
    roles_method: RoleMethod
    roles_cut: list[list[str]] | None  # each draw's two cards, until the Old Deal's play
    options: MemulationOptionsShown
    examination: ExaminationHands | HandOnShow | None
    hand: list[str] | None  # the seat's own, once chosen
    hand_label: Hand | None
    hand_counts: PerSeat | None
    pritticut: str | None
    trump: str | None
    wild: str | None
    trick: MemulationTrickInPlay | None
    last_trick: MemulationLastTrick | None  # the deal's last trick taken, while in play
    piles: PerSeat  # tricks each seat has taken this deal
    old_piles: dict[str, list[list[bool]]] | None  # New Deal: which cards are still face down
    stragedy: StragedyShown | None
    legal: list[str]
    deal_scores: list[PerSeat]
    round_score: PerSeat
    match_score: PerSeat
    rounds_played: list[MemulationRoundPlayed]


class TrickCard(SeatCard):
    trump: bool  # it counts as a trump


class MendikotTrickInPlay(TypedDict):
    number: int
    leader: int
    cards: list[TrickCard]


class MendikotLastTrick(TypedDict):
    number: int
    leader: int
    cards: list[SeatCard]
    winner: int | None


class TrumpRevealedAt(TypedDict):
    trick: int
    seat: int


class MendikotRoundPlayed(TypedDict):
    round: int
    dealer: int
    trump: str | None
    tens: PerSeat
    tricks_won: PerSeat
    winner: int
    result: str
    next_dealer: int


@final
class MendikotView(TypedDict):
    game: Literal["mendikot"]
    seat: int | None  # None: someone watching
    team: int | None
    phase: str
    to_act: list[int]
    finished: bool
    round: int
    rounds: int
    dealer: int
    trump_rule: str
    turn_up: str | None
    trump: str | None
    trump_revealed: TrumpRevealedAt | None
    trump_hidden: bool
    hidden_trump: str | None  # its owner's only
    hidden_owner: int | None
    hand: list[str] | None
    hand_counts: PerSeat
    trick: MendikotTrickInPlay | None
    last_trick: MendikotLastTrick | None
    tricks_won: PerSeat
    tens: PerSeat
    legal: list[str]
    can_ask: bool
    match_wins: PerSeat
    rounds_played: list[MendikotRoundPlayed]


View = MemulationView | MendikotView
