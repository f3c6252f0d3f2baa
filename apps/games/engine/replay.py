"""The replay command: apply a recorded round to the rules and print the outcome (RULES.md,
"Replay files").

    python -m apps.games.engine.replay FILE      (or ``-`` for standard input)

Exit status ``0`` every action was applied, ``1`` an action was refused (the output is the
state before it, with ``"ok": false`` and the error), ``2`` the document is unusable (checked
whole, before any action is applied).

>>> from apps.games.engine.cards import new_deck, cards_str
>>> doc = {"game": "memulation", "deck": cards_str(new_deck()), "lucky_duck": 0,
...        "actions": [{"seat": 0, "type": "choose_hand", "hand": "A"},
...                    {"seat": 0, "type": "play", "card": "2S"}]}
>>> status, out = run(doc)
>>> status, out["ok"], out["error"]["code"], out["error"]["index"], out["next"]["seat"]
(1, False, 'not_your_turn', 1, 1)
>>> run({"game": "chess"})[1]["error"]
{'index': None, 'code': 'invalid_input', 'message': "unknown game 'chess'"}
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .base import invalid, is_int
from .cards import parse_card_strict, parse_deck
from .contract import Action
from .errors import RulesError
from .memulation import WILD_TIES, Memulation
from .memulation.rules import read_memulation_action
from .mendikot import TRUMP_RULES, TURN_UP, Mendikot
from .mendikot.rules import read_mendikot_action

MEMULATION_ACTIONS = ("choose_hand", "play", "stragedy")
MENDIKOT_ACTIONS = ("hide_trump", "play", "ask_trump")


def _actions(doc: dict[str, object]) -> list[object]:
    actions = doc.get("actions")
    if not isinstance(actions, list):
        raise invalid("'actions' must be a list of actions")
    return actions


def load(doc: object) -> tuple[Memulation | Mendikot, list[Action]]:
    """Check a whole replay document and return the initial state and its actions.

    Raises :class:`RulesError` (``invalid_input`` or ``invalid_card``) for an unusable one.
    """
    if not isinstance(doc, dict):
        raise invalid("the replay document must be a JSON object")
    game = doc.get("game")
    if game == "memulation":
        deck = parse_deck(doc.get("deck"), strict=True)
        lucky_duck = doc.get("lucky_duck")
        if not is_int(lucky_duck) or lucky_duck not in (0, 1):
            raise invalid(f"lucky_duck must be seat 0 or 1, not {lucky_duck!r}")
        options = doc.get("options")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise invalid("options must be a JSON object")
        engine_options: dict[str, Any] = {"examination": False, "rounds": 1}
        if "wild_tie" in options:
            if options["wild_tie"] not in WILD_TIES:
                raise invalid("option wild_tie must be 'leader' or 'follower'")
            engine_options["wild_tie"] = options["wild_tie"]
        if "stragedy_intent" in options:
            engine_options["stragedy_intent"] = options["stragedy_intent"]
        if "examination_seconds" in options:
            engine_options["examination_seconds"] = options["examination_seconds"]
        actions: list[Action] = [
            read_memulation_action(action, MEMULATION_ACTIONS, "a memulation replay")
            for action in _actions(doc)
        ]
        state: Memulation | Mendikot = Memulation.create(
            deck=deck, lucky_duck=lucky_duck, options=engine_options
        )
        return state, actions
    if game == "mendikot":
        rule = doc.get("trump_rule")
        if rule not in TRUMP_RULES:
            raise invalid(f"trump_rule must be one of {', '.join(TRUMP_RULES)}, not {rule!r}")
        dealer = doc.get("dealer")
        if not is_int(dealer) or not 0 <= dealer < 4:
            raise invalid(f"dealer must be a seat from 0 to 3, not {dealer!r}")
        deck = parse_deck(doc.get("deck"), strict=True)
        turn_up = doc.get("turn_up")
        if rule == TURN_UP and turn_up is None:
            raise invalid("with trump_rule turn_up the document needs the turn_up card")
        if turn_up is not None:
            # Given only with turn_up; elsewhere it plays no part but must still be a card.
            turn_up = parse_card_strict(turn_up)
        options = doc.get("options")
        if options is not None and not isinstance(options, dict):
            raise invalid("options must be a JSON object")
        actions = [
            read_mendikot_action(action, MENDIKOT_ACTIONS, "a mendikot replay")
            for action in _actions(doc)
        ]
        state = Mendikot.create(
            deck=deck,
            dealer=dealer,
            turn_up=turn_up if rule == TURN_UP else None,
            options={"trump_rule": rule, "rounds": 1},
        )
        return state, actions
    raise invalid(f"unknown game {game!r}")


def run(doc: object) -> tuple[int, dict[str, Any]]:
    """Replay a parsed document: ``(exit status, output document)``."""
    try:
        state, actions = load(doc)
    except RulesError as error:
        return 2, {"ok": False, "error": {"index": None, **error.as_dict()}}
    for index, action in enumerate(actions):
        try:
            state = state.apply(action)
        except RulesError as error:
            out = state.rules_report()
            out["ok"] = False
            out["error"] = {"index": index, **error.as_dict()}
            return 1, out
    return 0, state.rules_report()


def run_text(text: str) -> tuple[int, dict[str, Any]]:
    """Replay a JSON text (not JSON at all is an unusable document)."""
    try:
        doc = json.loads(text)
    except ValueError as error:
        return 2, {
            "ok": False,
            "error": {"index": None, "code": "invalid_input", "message": f"not JSON: {error}"},
        }
    return run(doc)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(
            "usage: python -m apps.games.engine.replay FILE (or - for standard input)",
            file=sys.stderr,
        )
        return 2
    try:
        if args[0] == "-":
            text = sys.stdin.read()
        else:
            with open(args[0], encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        status, out = (
            2,
            {
                "ok": False,
                "error": {
                    "index": None,
                    "code": "invalid_input",
                    "message": f"cannot read: {error}",
                },
            },
        )
    else:
        status, out = run_text(text)
    sys.stdout.write(json.dumps(out, indent=2) + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
