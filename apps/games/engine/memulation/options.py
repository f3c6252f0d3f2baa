"""Memulation's vocabulary: phases, action types, move numbers and the protocol options."""

from __future__ import annotations

from typing import Final

from ..base import invalid, is_int
from ..contract import MemulationOptionsShown

GAME: Final = "memulation"
SEATS = 2

EXAMINATION = "examination"
CHOOSE_HAND = "choose_hand"
STRAGEDY = "stragedy"
PLAY = "play"
FINISHED = "finished"
PHASES = (EXAMINATION, CHOOSE_HAND, STRAGEDY, PLAY, FINISHED)

ACTION_TYPES = ("end_examination", "choose_hand", "stragedy", "play")
PHASE_ACTIONS = {
    EXAMINATION: "end_examination",
    CHOOSE_HAND: "choose_hand",
    STRAGEDY: "stragedy",
    PLAY: "play",
    FINISHED: "",
}

# Move numbers of the fast interface (:meth:`Memulation.step`, :meth:`Memulation.legal_moves`).
HAND_A = 52
HAND_B = 53
END_EXAMINATION = 54  # + seat; END_EXAMINATION_ALL ends it for both seats (the caller's timer)
END_EXAMINATION_ALL = 56
STRAGEDY_BASE = 64  # + (pile * 13 + trick) * 2 + card


def stragedy_move(pile: int, trick: int, card: int) -> int:
    """The move number of a 'Stragedy position.

    >>> stragedy_position(stragedy_move(1, 12, 1))
    (1, 12, 1)
    """
    return STRAGEDY_BASE + (pile * 13 + trick) * 2 + card


def stragedy_position(move: int) -> tuple[int, int, int]:
    index = move - STRAGEDY_BASE
    return index // 26, index % 26 // 2, index % 2


ROLE_METHODS = ("cut", "alternate")
WILD_TIES = ("leader", "follower")


class MemulationOptions:
    """Protocol options of a Memulation match (all JSON values).

    - ``rounds`` (int >= 1, default 1): rounds in the match.
    - ``wild_tie`` (``"leader"`` default, or ``"follower"``): who wins when both cards are wild.
    - ``stragedy_intent`` (bool, default true): the intended-card probe of the 'Stragedy.
    - ``examination`` (bool, default true): whether the deals have an examination phase (the
      replay command has none: the round goes straight from the deal to the choice).
    - ``examination_seconds`` (number > 0, default 30): kept for the caller, who times it.
    - ``roles`` (default ``"cut"``): how Lucky Duck is decided each round: ``"cut"``,
      ``"alternate"`` (seat 0 in round 0, then alternating), a seat ``0``/``1`` (always that
      seat), or a list of seats, one per round (repeated when shorter than the match).
    - ``tricks`` (int 1..13, default 13): tricks played in each deal. Fewer make a short game
      (the practice round): the deal ends after that many tricks and the cards still in the
      hands are laid aside unplayed. The 'Stragedy then chooses among the tricks played.
    """

    __slots__ = (
        "examination",
        "examination_seconds",
        "roles",
        "rounds",
        "stragedy_intent",
        "tie_follower",
        "tricks",
        "wild_tie",
    )
    examination: bool
    examination_seconds: float
    roles: str | int | tuple[int, ...]
    rounds: int
    stragedy_intent: bool
    tie_follower: bool
    tricks: int
    wild_tie: str

    def __init__(self, options: object = None):
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise invalid("options must be a JSON object")
        unknown = set(options) - {
            "rounds",
            "wild_tie",
            "stragedy_intent",
            "examination",
            "examination_seconds",
            "roles",
            "tricks",
        }
        if unknown:
            raise invalid(f"unknown Memulation option(s): {', '.join(sorted(unknown))}")
        rounds = options.get("rounds", 1)
        if not is_int(rounds) or rounds < 1:
            raise invalid("option rounds must be an integer of at least 1")
        wild_tie = options.get("wild_tie", "leader")
        if wild_tie not in WILD_TIES:
            raise invalid("option wild_tie must be 'leader' or 'follower'")
        intent = options.get("stragedy_intent", True)
        examination = options.get("examination", True)
        if type(intent) is not bool or type(examination) is not bool:
            raise invalid("options stragedy_intent and examination must be true or false")
        seconds = options.get("examination_seconds", 30)
        if type(seconds) not in (int, float) or not seconds > 0:
            raise invalid("option examination_seconds must be a positive number")
        roles = options.get("roles", "cut")
        ok = roles in ROLE_METHODS if isinstance(roles, str) else roles in (0, 1)
        if isinstance(roles, list):
            ok = bool(roles) and all(is_int(s) and s in (0, 1) for s in roles)
        if type(roles) is bool or not ok:
            raise invalid("option roles must be 'cut', 'alternate', a seat or a list of seats")
        tricks = options.get("tricks", 13)
        if not is_int(tricks) or not 1 <= tricks <= 13:
            raise invalid("option tricks must be an integer from 1 to 13")
        self.tricks = tricks
        self.rounds = rounds
        self.wild_tie = wild_tie
        self.tie_follower = wild_tie == "follower"
        self.stragedy_intent = intent
        self.examination = examination
        self.examination_seconds = seconds
        self.roles = tuple(roles) if isinstance(roles, list) else roles

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.as_dict() == other.as_dict()

    __hash__ = None  # type: ignore[assignment]

    def as_dict(self) -> MemulationOptionsShown:
        shown: MemulationOptionsShown = {
            "rounds": self.rounds,
            "wild_tie": self.wild_tie,
            "stragedy_intent": self.stragedy_intent,
            "examination": self.examination,
            "examination_seconds": self.examination_seconds,
            "roles": list(self.roles) if isinstance(self.roles, tuple) else self.roles,
        }
        if self.tricks != 13:  # only when set: a full game's stored options stay as they were
            shown["tricks"] = self.tricks
        return shown
