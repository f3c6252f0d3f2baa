"""The rules of Memulation and Mendikot as a pure, replayable state machine.

Standard library only: nothing here knows about Django, HTTP, Celery or the database. The
binding rules are RULES.md; every name below is the game's own word for it.

One API for both games
======================

Create a game (:func:`create_game`, or ``Memulation.create`` / ``Mendikot.create``)::

    state = create_game("memulation", seed=1234, options={"rounds": 3, "wild_tie": "leader"})
    state = create_game("mendikot", seed=99, options={"trump_rule": "hidden_ask", "rounds": 4})
    state = create_game("memulation", deck=[...52 cards...], lucky_duck=0)      # explicit deck
    state = create_game("mendikot", deck=[...], dealer=2, turn_up="9D",
                        options={"trump_rule": "turn_up"})

``state.setup`` is the creation record (game, seed, deck, lucky_duck/dealer/turn_up, the
normalised options): store it, and ``replay_game(setup, actions)`` rebuilds any later state
from it and the actions, checking each (``state.replay(actions)`` continues from a state; the
name ``replay`` alone is the replay command's module). A state is immutable from the outside:

- ``state.phase``: Memulation ``examination``, ``choose_hand``, ``stragedy``, ``play``,
  ``finished``; Mendikot ``hide_trump``, ``play``, ``finished``.
- ``state.to_act``: the seats that may act now (a list; both Memulation seats during an
  examination, empty when finished). ``state.finished``: the match is over.
- ``state.legal_actions(seat)``: every action dict the seat may send now (plays sorted
  S H D C, then rank low to high).
- ``state.apply(action)``: returns the new state, or raises :class:`RulesError`
  (``error.code`` is the RULES.md code, ``error.message`` plain language). A refused action
  changes nothing. ``new_state.events`` lists what happened, for the event log.
- ``state.view(seat)``: a JSON-ready dict of exactly what that seat may see now.
- ``state.spectator_view()``: everything, for staff, once the match is finished.
- ``state.rules_report()``: the current round in the replay command's output format.
- ``state.to_json()`` / :func:`game_from_json`: exact round trip through JSON.

Actions, events and views are typed in :mod:`apps.games.engine.contract` (TypedDicts tagged
on ``type``, the views on ``game``). ``Memulation.read_action(data)`` (or Mendikot's) checks a
JSON object from outside into an action (``invalid_input``, ``invalid_card``); ``apply`` checks
what it is given again.

Action dicts (``seat`` is always required, except an ``end_examination`` sent by the caller's
timer with ``"seat": null``, which ends the examination for both seats)::

    {"type": "end_examination", "seat": 0}                       # Memulation
    {"type": "choose_hand", "seat": 0, "hand": "A"}              # Memulation, Lucky Duck
    {"type": "stragedy", "seat": 1, "pile": 0, "trick": 3, "card": 1, "intended": "QH"}
    {"type": "play", "seat": 1, "card": "7H"}                    # both games
    {"type": "hide_trump", "seat": 3, "card": "5C"}              # Mendikot, hidden rules
    {"type": "ask_trump", "seat": 0}                             # Mendikot, hidden_ask

``intended`` is optional (the ``stragedy_intent`` probe; recorded when the option is on).

Events (``state.events`` after ``apply``; the state returned by ``create`` carries the opening
ones): ``round_started``, ``deal_started``, ``examination_ended``, ``examination_over``,
``hand_chosen``, ``stragedy`` (intended card, chosen position, revealed card, where the
intended card really was), ``card_played``, ``trick_won`` (leader, cards, winner),
``deal_ended``, ``round_ended``, ``match_ended`` (Memulation); ``round_started``,
``trump_hidden``, ``trump_revealed`` (cause ``ask``, ``void`` or ``empty_hand``),
``trump_fixed`` (``first_void``), ``card_played`` (with ``trump``: whether it counts as one),
``trick_won``, ``round_ended`` (winner, result, tens, tricks, next dealer), ``match_ended``
(Mendikot). Events are for the server's log: some name cards that only one seat may see
(``deal_started`` hands, ``trump_hidden``, the intended card's true position). Send players
their ``view(seat)`` only.

Views (``view(seat)``; every card is a string like ``"QH"``, per-seat and per-team numbers
are keyed ``"0"``, ``"1"``, ...):

- Memulation: ``game seat phase to_act finished round rounds deal lucky_duck lame_duck
  roles_method roles_cut`` (the cut, ``[[seat 0's card, seat 1's card], ...]``, until the Old
  Deal's play begins; null when the roles were not cut) ``options examination`` (``{"A": [...],
  "B": [...], "done": bool}`` during an examination, else null) ``hand`` (own cards, sorted;
  null before the choice) ``hand_label hand_counts pritticut trump wild trick`` (``{"number",
  "leader", "cards"}`` in play) ``last_trick`` (the deal's last trick taken, ``{"number",
  "leader", "cards", "winner"}``, during play; else null) ``piles`` (tricks taken this deal,
  counts) ``old_piles`` (deal 2: per pile, per trick, which of the two positions still hold a
  face-down card) ``stragedy``
  (position and revealed card; the intended card only for Lame Duck) ``legal deal_scores
  round_score match_score rounds_played``.
- Mendikot: ``game seat team phase to_act finished round rounds dealer trump_rule turn_up
  trump trump_revealed trump_hidden hidden_trump`` (the card, for its owner only)
  ``hidden_owner hand hand_counts trick`` (``{"number", "leader", "cards": [{"seat", "card",
  "trump"}]}``) ``last_trick`` (``{"number", "leader", "cards": [{"seat", "card"}], "winner"}``,
  the round's last trick taken, during play; else null) ``tricks_won legal can_ask match_wins
  rounds_played``.

The fast interface (bots, solvers, benchmarks)
==============================================

``state.legal_moves()`` gives move numbers (a card ``0..51`` is ``suit * 13 + rank``; other
moves are constants of each game module), ``state.legal_mask()`` the playable cards as a
52-bit mask, ``state.copy()`` a cheap copy, and ``state.step(move)`` applies a legal move in
place without any checking. ``state.move_to_action(move)`` / ``state.action_to_move(action)``
convert.

>>> from apps.games.engine.cards import new_deck, cards_str
>>> state = create_game("memulation", deck=cards_str(new_deck()), lucky_duck=1,
...                     options={"examination": False})
>>> state.legal_actions(1)
[{'type': 'choose_hand', 'seat': 1, 'hand': 'A'}, {'type': 'choose_hand', 'seat': 1, 'hand': 'B'}]
>>> try:
...     state.apply({"type": "play", "seat": 0, "card": "2S"})
... except RulesError as error:
...     print(error.code, "-", error.message)
wrong_phase - a play action is not taken in the choose_hand phase
>>> game_from_json(state.to_json()) == state
True
>>> replay_game(state.setup, [{"type": "choose_hand", "seat": 1, "hand": "A"}]).phase
'play'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .base import GameState
from .contract import Action
from .errors import CODES, RulesError
from .memulation import Memulation
from .mendikot import Mendikot

GAMES: dict[str, type[Memulation] | type[Mendikot]] = {
    "memulation": Memulation,
    "mendikot": Mendikot,
}


def _game_class(game: object) -> type[Memulation] | type[Mendikot]:
    if not isinstance(game, str) or game not in GAMES:
        raise RulesError("invalid_input", f"unknown game {game!r}")
    return GAMES[game]


def create_game(game: str, **kwargs: Any) -> Memulation | Mendikot:
    """A new game: ``create_game("memulation", seed=..., options=...)`` (see the ``create``
    class methods for every keyword)."""
    return _game_class(game).create(**kwargs)


def game_from_setup(setup: dict[str, Any]) -> Memulation | Mendikot:
    """The initial state of a creation record (``state.setup``)."""
    if not isinstance(setup, dict):
        raise RulesError("invalid_input", "a setup must be a JSON object")
    return _game_class(setup.get("game")).from_setup(setup)


def game_from_json(data: dict[str, Any]) -> Memulation | Mendikot:
    """Rebuild a state from ``state.to_json()``."""
    if not isinstance(data, dict):
        raise RulesError("invalid_input", "a serialised game must be a JSON object")
    return _game_class(data.get("game")).from_json(data)


def replay_game(setup: dict[str, Any], actions: Iterable[Action]) -> Memulation | Mendikot:
    """Rebuild a game from its creation record and its actions, checking every action.

    The first refused action raises its :class:`RulesError` with ``error.index`` set.
    """
    return game_from_setup(setup).replay(actions)


__all__ = [
    "CODES",
    "GAMES",
    "GameState",
    "Memulation",
    "Mendikot",
    "RulesError",
    "create_game",
    "game_from_json",
    "game_from_setup",
    "replay_game",
]
