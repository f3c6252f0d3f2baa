"""The solver's conformance command: value every legal card of a Memulation position.

    python -m apps.games.engine.solve FILE      (FILE ``-`` reads standard input)

Input and output are described in RULES.md, "Solve files". Prints one JSON document; exit status
``0``, or ``2`` with ``{"ok": false, "error": {"code": "invalid_input", "message": ...}}`` when
the position is unusable.

>>> run_document({"trump": "S", "wild": "7", "hands": {"0": ["AS", "2D"], "1": ["KS", "7D", "3D"]},
...               "leader": 0, "led": "4C"})
(0, {'seat': 1, 'tricks_left': 3, 'values': {'KS': 3, '7D': 2, '3D': 2}, 'best': 3})
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .cards import RANKS, SUITS, parse_card_strict
from .errors import RulesError
from .solver import WILD_TIES, Position, solve


def _bad(message: str) -> RulesError:
    return RulesError("invalid_input", message)


def _card(text: object, where: str) -> int:
    """A card as RULES.md writes it (``QH``, ``TS`` or ``10S``)."""
    try:
        return parse_card_strict(text)
    except RulesError:
        raise _bad(f"{where}: {text!r} is not a card") from None


def _suit(text: object) -> int:
    if isinstance(text, str) and len(text) == 1 and text in SUITS:
        return SUITS.index(text)
    raise _bad(f"trump: {text!r} is not a suit (one of S H D C)")


def _rank(text: object) -> int:
    if text == "10":
        text = "T"
    if isinstance(text, str) and len(text) == 1 and text in RANKS:
        return RANKS.index(text)
    raise _bad(f"wild: {text!r} is not a rank (one of {' '.join(RANKS)})")


def parse_document(doc: object) -> tuple[Position, list[int]]:
    """The position of a solve document, and the mover's cards in the order given.

    Raises ``invalid_input`` for anything unusable.
    """
    if not isinstance(doc, dict):
        raise _bad("the document must be a JSON object")
    for key in ("trump", "wild", "hands", "leader"):
        if key not in doc:
            raise _bad(f"missing {key!r}")
    trump = _suit(doc["trump"])
    wild_rank = _rank(doc["wild"])
    wild_tie = doc.get("wild_tie", "leader")
    if wild_tie is None:
        wild_tie = "leader"
    if wild_tie not in WILD_TIES:
        raise _bad(f"wild_tie must be 'leader' or 'follower', not {wild_tie!r}")
    leader = doc["leader"]
    if isinstance(leader, str) and leader in ("0", "1"):
        leader = int(leader)
    if isinstance(leader, bool) or leader not in (0, 1):
        raise _bad(f"leader must be 0 or 1, not {leader!r}")
    hands_doc = doc["hands"]
    if not isinstance(hands_doc, dict) or set(hands_doc) != {"0", "1"}:
        raise _bad('hands must be an object with the keys "0" and "1"')
    hands = []
    given: dict[int, list[int]] = {}
    seen: set[int] = set()
    for seat in (0, 1):
        cards_doc = hands_doc[str(seat)]
        if not isinstance(cards_doc, list):
            raise _bad(f"hand {seat} must be a list of cards")
        cards = [_card(t, f"hand {seat}") for t in cards_doc]
        for c in cards:
            if c in seen:
                raise _bad(f"a card appears twice: {cards_doc[cards.index(c)]!r}")
            seen.add(c)
        given[seat] = cards
        mask = 0
        for c in cards:
            mask |= 1 << c
        hands.append(mask)
    led_doc = doc.get("led")
    led = None if led_doc is None else _card(led_doc, "led")
    pos = Position((hands[0], hands[1]), leader, trump, wild_rank, led, wild_tie)
    pos.validate()
    return pos, given[pos.seat]


def _error(message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": "invalid_input", "message": message}}


def run_document(doc: object) -> tuple[int, dict[str, Any]]:
    """``(exit status, output document)`` for one input document."""
    try:
        pos, order = parse_document(doc)
    except RulesError as e:
        return 2, _error(e.message)
    return 0, solve(pos).as_dict(order=order)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(
            "usage: python -m apps.games.engine.solve FILE  (or - for standard input)",
            file=sys.stderr,
        )
        return 2
    try:
        if args[0] == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args[0], "rb") as f:
                data = f.read()
        doc = json.loads(data.decode("utf-8"))
    except OSError as e:
        status, out = 2, _error(f"cannot read {args[0]}: {e.strerror or e}")
    except ValueError as e:  # not UTF-8, not JSON
        status, out = 2, _error(f"not a JSON document: {e}")
    else:
        status, out = run_document(doc)
    print(json.dumps(out))
    return status


if __name__ == "__main__":
    sys.exit(main())
