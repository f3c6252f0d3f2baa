"""Mendikot's vocabulary: phases, action types, trump rules, results, and the options."""

from __future__ import annotations

from typing import Final

from ..base import invalid, is_int
from ..contract import MendikotOptionsShown

GAME: Final = "mendikot"
SEATS = 4

HIDE_TRUMP = "hide_trump"
PLAY = "play"
FINISHED = "finished"
PHASES = (HIDE_TRUMP, PLAY, FINISHED)

ACTION_TYPES = ("hide_trump", "play", "ask_trump")
PHASE_ACTIONS = {HIDE_TRUMP: ("hide_trump",), PLAY: ("play", "ask_trump"), FINISHED: ()}

TURN_UP = "turn_up"
HIDDEN_REVEAL = "hidden_reveal"
HIDDEN_ASK = "hidden_ask"
FIRST_VOID = "first_void"
TRUMP_RULES = (TURN_UP, HIDDEN_REVEAL, HIDDEN_ASK, FIRST_VOID)

RESULTS = ("whitewash", "mendikot", "tens", "tricks")

FULL_ROUND = 13  # tricks in a round of the full deck

# Move numbers of the fast interface: a card 0..51 (``hide_trump`` or ``play`` by phase), or ASK.
ASK = 52


class MendikotOptions:
    """Protocol options of a Mendikot match.

    - ``trump_rule``: ``turn_up`` (default), ``hidden_reveal``, ``hidden_ask`` or ``first_void``.
    - ``rounds`` (int >= 1, default 1).
    - ``tricks`` (an odd number from 1 to 13, default 13): tricks played in each round. Fewer
      make a short game (the practice round): the round ends after that many tricks, the cards
      still in the hands laid aside unplayed, and is won by the team with more tens taken, or
      with as many, more tricks (an odd number, so there is always a winner).
    """

    __slots__ = ("hidden", "rounds", "tricks", "trump_rule")
    hidden: bool
    rounds: int
    tricks: int
    trump_rule: str

    def __init__(self, options: object = None):
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise invalid("options must be a JSON object")
        unknown = set(options) - {"trump_rule", "rounds", "tricks"}
        if unknown:
            raise invalid(f"unknown Mendikot option(s): {', '.join(sorted(unknown))}")
        rule = options.get("trump_rule", TURN_UP)
        if rule not in TRUMP_RULES:
            raise invalid(f"trump_rule must be one of {', '.join(TRUMP_RULES)}, not {rule!r}")
        rounds = options.get("rounds", 1)
        if not is_int(rounds) or rounds < 1:
            raise invalid("option rounds must be an integer of at least 1")
        tricks = options.get("tricks", FULL_ROUND)
        if not is_int(tricks) or not 1 <= tricks <= FULL_ROUND or tricks % 2 == 0:
            raise invalid("option tricks must be an odd number from 1 to 13")
        self.tricks = tricks
        self.trump_rule = rule
        self.hidden = rule in (HIDDEN_REVEAL, HIDDEN_ASK)
        self.rounds = rounds

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.as_dict() == other.as_dict()

    __hash__ = None  # type: ignore[assignment]

    def as_dict(self) -> MendikotOptionsShown:
        shown: MendikotOptionsShown = {"trump_rule": self.trump_rule, "rounds": self.rounds}
        if self.tricks != FULL_ROUND:  # only when set: a full game's stored options stay so
            shown["tricks"] = self.tricks
        return shown
