"""The computer opponents of one game, as the server runs them between requests.

Each opponent is an engine bot (``apps.games.engine.bots``) that decides only from its seat's
view and the public events it has been shown. Bots remember (a 'memory' bot forgets some cards
on purpose), so they are kept with the game between requests, pickled on the game row; every
bot is seeded from the game's seed and its seat, so a recorded game can be reproduced.
"""

from __future__ import annotations

import pickle
from typing import Any

from apps.games.engine.base import derive_seed
from apps.games.engine.bots import make_bot, public_events

MEMULATION_OPPONENTS = ("random", "greedy", "memory", "perfect")
MENDIKOT_OPPONENTS = ("random", "heuristic", "tracker")


def _bot_for(game_type: str, seat: int, config: dict[str, Any], seed: int):
    params = {}
    if config["bot"] == "memory":
        params["fidelity"] = float(config.get("level", 0.5))
    return make_bot(
        game_type, config["bot"], seat=seat, seed=derive_seed(seed, "bot", seat), **params
    )


class Opponents:
    """The bots of one game, by seat."""

    def __init__(self, bots: dict[int, Any]):
        self.bots = bots

    @classmethod
    def seated(cls, *, game_type: str, seats: list[dict], seed: int, state) -> Opponents:
        """New bots for the game's bot seats, shown the opening state."""
        bots = {
            seat: _bot_for(game_type, seat, config, seed)
            for seat, config in enumerate(seats)
            if config["kind"] == "bot"
        }
        opponents = cls(bots)
        opponents.observe(state, state.events)
        return opponents

    @classmethod
    def loads(cls, data: bytes) -> Opponents:
        return cls(pickle.loads(data))

    def dumps(self) -> bytes:
        return pickle.dumps(self.bots, protocol=pickle.HIGHEST_PROTOCOL)

    def observe(self, state, events: list[dict]) -> None:
        """Show every bot its view and the public events of what just happened."""
        for seat, bot in self.bots.items():
            bot.observe(state.view(seat), public_events(events, seat))

    def act(self, state, seat: int) -> dict:
        return self.bots[seat].act(state.view(seat))
