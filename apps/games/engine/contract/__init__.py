"""The engine's contract with everything outside it, as types (standard library only):

- :mod:`.actions`: what a seat sends. A JSON object from outside (a request, the log, a replay
  file) becomes one through the game's ``read_action``, which checks its type, seat and fields;
  past that point code reads the typed fields, never an unchecked dict.
"""

from .actions import (
    Action,
    AskTrump,
    ChooseHand,
    EndExamination,
    HideTrump,
    MemulationAction,
    MendikotAction,
    Play,
    Stragedy,
)

__all__ = [
    "Action",
    "AskTrump",
    "ChooseHand",
    "EndExamination",
    "HideTrump",
    "MemulationAction",
    "MendikotAction",
    "Play",
    "Stragedy",
]
