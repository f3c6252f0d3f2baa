"""The actions a seat sends the engine, one shape per ``type`` (RULES.md, "Replay files").

Each is a plain JSON object; the TypedDicts say which fields it has and of what type once it has
been read (:func:`~apps.games.engine.base.read_action`). Whether it is a legal move is the rules'
question, asked by ``state.apply``: a ``choose_hand`` may name any hand (anything but ``A`` or
``B`` is refused as ``invalid_choice`` after the turn is checked), a ``stragedy`` any position.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, final


@final
class EndExamination(TypedDict):
    """Memulation: the seat has examined its hands; ``seat`` null ends the examination for both
    (the examination's timer, not a person)."""

    type: Literal["end_examination"]
    seat: int | None


@final
class ChooseHand(TypedDict):
    """Memulation: Lucky Duck takes hand ``A`` or ``B``."""

    type: Literal["choose_hand"]
    seat: int
    hand: object  # as sent: the rules refuse anything but "A" or "B" (invalid_choice)


@final
class Stragedy(TypedDict):
    """Memulation: Lame Duck turns up a face-down card of the Old Deal (``card`` is its position
    in the trick, 0 or 1), optionally naming the card it meant to find (``intended``)."""

    type: Literal["stragedy"]
    seat: int
    pile: int
    trick: int
    card: int
    intended: NotRequired[str | None]


@final
class Play(TypedDict):
    """Both games: a card (``"7H"``) played to the trick."""

    type: Literal["play"]
    seat: int
    card: str


@final
class HideTrump(TypedDict):
    """Mendikot, hidden trump rules: the hider's card, face down."""

    type: Literal["hide_trump"]
    seat: int
    card: str


@final
class AskTrump(TypedDict):
    """Mendikot, ``hidden_ask``: a seat void in the led suit asks for trump to be revealed."""

    type: Literal["ask_trump"]
    seat: int


MemulationAction = EndExamination | ChooseHand | Stragedy | Play
MendikotAction = Play | HideTrump | AskTrump
Action = EndExamination | ChooseHand | Stragedy | Play | HideTrump | AskTrump
