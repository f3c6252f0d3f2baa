"""The computer opponents of one game, as the server runs them between requests.

Each opponent is an engine bot (``apps.games.engine.bots``) that decides only from its seat's
view and the public events it has been shown. Bots remember (a 'memory' bot forgets some cards
on purpose), so what they remember is kept with the game between requests as versioned JSON
(``Game.opponents``): each bot is made afresh from its seat's configuration and the game's seed,
then given back its memory. Each bot's randomness is turned after each of its steps, so it is
stored as one seed (``apps.games.engine.bots.state.Randomness``). A bot whose class now keeps a
different memory version is rebuilt instead, from the seed and the game's logged actions, so a
game in progress survives a deploy that changes a bot class.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from apps.games.engine import game_from_setup
from apps.games.engine.base import derive_seed
from apps.games.engine.bots import make_bot
from apps.games.engine.contract import Action, Event
from apps.games.engine.visibility import public_events
from apps.games.runtime.log import setup_and_actions

MEMULATION_OPPONENTS = ("random", "greedy", "memory", "perfect")
MENDIKOT_OPPONENTS = ("random", "heuristic", "tracker")
FORMAT = 1


def _bot_for(game_type: str, seat: int, config: dict[str, Any], seed: int):
    params = {}
    if config["bot"] == "memory":
        params["fidelity"] = float(config.get("level", 0.5))
    return make_bot(
        game_type, config["bot"], seat=seat, seed=derive_seed(seed, "bot", seat), **params
    )


def _fresh(game_type: str, seats: list[dict], seed: int) -> dict[int, Any]:
    return {
        seat: _bot_for(game_type, seat, config, seed)
        for seat, config in enumerate(seats)
        if config["kind"] == "bot"
    }


class Opponents:
    """The bots of one game, by seat."""

    def __init__(self, bots: dict[int, Any]):
        self.bots = bots

    @classmethod
    def seated(cls, *, game_type: str, seats: list[dict], seed: int, state) -> Opponents:
        """New bots for the game's bot seats, shown the opening state."""
        opponents = cls(_fresh(game_type, seats, seed))
        opponents.observe(state, state.events)
        return opponents

    @classmethod
    def rebuilt(
        cls, *, game_type: str, seats: list[dict], seed: int, setup: dict, actions: Iterable[Action]
    ) -> Opponents:
        """The bots as they are after ``actions`` (the game's applied actions, in order), made
        afresh and shown the game again: each bot decides again where it decided, so its
        randomness is drawn as it was, but the logged action is what is applied."""
        state = game_from_setup(setup)
        opponents = cls.seated(game_type=game_type, seats=seats, seed=seed, state=state)
        for action in actions:
            if (seat := action["seat"]) is not None and seat in opponents.bots:
                opponents.act(state, seat)
            state = state.apply(action)
            opponents.observe(state, state.events)
        return opponents

    @classmethod
    def loads(
        cls,
        data: dict[str, Any],
        *,
        game_type: str,
        seats: list[dict],
        seed: int,
        rebuild: Callable[[], Opponents],
    ) -> Opponents:
        """The bots stored as ``data`` (see :meth:`dumps`); ``rebuild()`` if any bot's class
        keeps a different memory version now, or the data is of another format."""
        bots = _fresh(game_type, seats, seed)
        stored = data.get("bots", {}) if data.get("format") == FORMAT else {}
        for seat, bot in bots.items():
            kept = stored.get(str(seat))
            if kept is None or (kept["kind"], kept["version"]) != (bot.kind, bot.MEMORY_VERSION):
                return rebuild()
            bot.recall(kept["memory"])
        return cls(bots)

    def dumps(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "bots": {
                str(seat): {
                    "kind": bot.kind,
                    "version": bot.MEMORY_VERSION,
                    "memory": bot.remembered(),
                }
                for seat, bot in self.bots.items()
            },
        }

    def observe(self, state, events: list[Event]) -> None:
        """Show every bot its view and the public events of what just happened."""
        for seat, bot in self.bots.items():
            bot.observe(state.view(seat), public_events(events, seat))
            bot.rng.turn()

    def act(self, state, seat: int) -> Action:
        bot = self.bots[seat]
        action = bot.act(state.view(seat))
        bot.rng.turn()
        return action


def opponents_from_log(game) -> Opponents:
    """A game's bots rebuilt from its seed and its logged actions (refused moves left out)."""
    setup, actions = setup_and_actions(game)
    return Opponents.rebuilt(
        game_type=game.game_type, seats=game.seats, seed=game.seed, setup=setup, actions=actions
    )
