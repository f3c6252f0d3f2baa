"""Computer opponents as the server runs them: one decision for one seat, reproducible.

Each decision is seeded from the game's seed, the seat and the number of the move, so a recorded
game can be reproduced decision by decision.
"""

from __future__ import annotations

import random
from typing import Any

from apps.games.engine.base import derive_seed

MEMULATION_OPPONENTS = ("random", "greedy", "memory", "perfect")
MENDIKOT_OPPONENTS = ("random", "heuristic", "tracker")


def opponent_action(*, state, seat: int, config: dict[str, Any], seed: int, turn: int) -> dict:
    """The action the opponent in ``seat`` takes now (``config``: the seat's entry)."""
    rng = random.Random(derive_seed(seed, "opponent", seat, turn))
    return rng.choice(state.legal_actions(seat))
