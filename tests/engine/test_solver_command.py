"""The ``solve`` command exactly as RULES.md ("Solve files") describes it, run as a process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

EXAMPLE = {
    "trump": "S",
    "wild": "7",
    "wild_tie": "leader",
    "hands": {"0": ["AS", "2D"], "1": ["KS", "7D", "3D"]},
    "leader": 0,
    "led": "4C",
}
EXAMPLE_OUT = {"seat": 1, "tricks_left": 3, "values": {"KS": 3, "7D": 2, "3D": 2}, "best": 3}


def run(args: list[str], stdin: str | None = None) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "apps.games.engine.solve", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    return done.returncode, done.stdout


def solve_doc(doc: object) -> tuple[int, dict]:
    status, out = run(["-"], json.dumps(doc))
    return status, json.loads(out)


def test_rules_example_from_a_file(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(EXAMPLE))
    status, out = run([str(path)])
    assert status == 0
    assert json.loads(out) == EXAMPLE_OUT
    # Exactly one JSON document, values in the order of the hand given.
    assert out.strip() == json.dumps(EXAMPLE_OUT)


def test_rules_example_from_stdin_with_defaults():
    doc = {k: v for k, v in EXAMPLE.items() if k != "wild_tie"}
    assert solve_doc(doc) == (0, EXAMPLE_OUT)


def test_start_of_a_trick_values_the_leaders_cards():
    doc = {
        "trump": "H",
        "wild": "10",
        "hands": {"0": ["TS", "2H", "AC"], "1": ["KC", "3H", "4D"]},
        "leader": 1,
        "led": None,
    }
    status, out = solve_doc(doc)
    assert status == 0
    assert out["seat"] == 1 and out["tricks_left"] == 3
    assert list(out["values"]) == ["KC", "3H", "4D"]
    assert out["best"] == max(out["values"].values())


def test_wild_lead_and_wild_tie():
    # Seat 1 has led the Wild Card 7C and keeps 2H; seat 0 may answer with anything.
    doc = {
        "trump": "S",
        "wild": "7",
        "wild_tie": "follower",
        "hands": {"0": ["7D", "AH"], "1": ["2H"]},
        "leader": 1,
        "led": "7C",
    }
    # Under "follower" the answering wild takes the trick, then AH the last one.
    assert solve_doc(doc) == (
        0,
        {"seat": 0, "tricks_left": 2, "values": {"7D": 2, "AH": 1}, "best": 2},
    )
    doc["wild_tie"] = "leader"
    assert solve_doc(doc)[1]["values"] == {"7D": 1, "AH": 1}
    # Leading: a wild lead loses to the other seat's wild when the follower wins ties.
    doc = {**doc, "wild_tie": "follower", "led": None, "leader": 0}
    doc["hands"] = {"0": ["2D", "7D"], "1": ["7H", "AD"]}
    assert solve_doc(doc)[1]["values"] == {"2D": 1, "7D": 0}


def with_(**changes) -> dict:
    doc = json.loads(json.dumps(EXAMPLE))
    doc.update(changes)
    return doc


UNUSABLE = {
    "card twice in a hand": with_(hands={"0": ["AS", "AS"], "1": ["KS", "7D", "3D"]}),
    "card in both hands": with_(hands={"0": ["AS", "2D"], "1": ["AS", "7D", "3D"]}),
    "led card in a hand": with_(led="AS"),
    "led card in the other hand": with_(
        led="3D", hands={"0": ["AS", "2D"], "1": ["KS", "7D", "3D"]}
    ),
    "hand sizes after a lead": with_(hands={"0": ["AS", "2D"], "1": ["KS", "7D"]}),
    "hand sizes at a trick start": with_(led=None),
    "empty hands": with_(led=None, hands={"0": [], "1": []}),
    "fourteen cards": with_(
        led=None,
        hands={
            "0": [
                "2S",
                "3S",
                "4S",
                "5S",
                "6S",
                "8S",
                "9S",
                "TS",
                "JS",
                "QS",
                "KS",
                "AS",
                "2H",
                "3H",
            ],
            "1": [
                "2D",
                "3D",
                "4D",
                "5D",
                "6D",
                "8D",
                "9D",
                "TD",
                "JD",
                "QD",
                "KD",
                "AD",
                "2C",
                "3C",
            ],
        },
    ),
    "bad trump": with_(trump="X"),
    "trump not a suit letter": with_(trump="spades"),
    "bad wild": with_(wild="1"),
    "wild given as a card": with_(wild="7S"),
    "unparseable card": with_(hands={"0": ["AS", "ZZ"], "1": ["KS", "7D", "3D"]}),
    "lower-case card": with_(hands={"0": ["as", "2D"], "1": ["KS", "7D", "3D"]}),
    "unparseable led card": with_(led="1C"),
    "the Pritticut in a hand": with_(hands={"0": ["7S", "2D"], "1": ["KS", "7D", "3D"]}),
    "bad wild_tie": with_(wild_tie="random"),
    "bad leader": with_(leader=2),
    "hands not an object": with_(hands=[["AS"], ["KS"]]),
    "missing hands": {k: v for k, v in EXAMPLE.items() if k != "hands"},
    "not an object": ["trump", "S"],
}


@pytest.mark.parametrize("doc", UNUSABLE.values(), ids=UNUSABLE.keys())
def test_unusable_positions_exit_2(doc):
    status, out = solve_doc(doc)
    assert status == 2
    assert out["ok"] is False
    assert out["error"]["code"] == "invalid_input"
    assert isinstance(out["error"]["message"], str) and out["error"]["message"]


def test_not_json_and_missing_file_exit_2(tmp_path):
    status, out = run(["-"], "{not json")
    assert status == 2 and json.loads(out)["error"]["code"] == "invalid_input"
    status, out = run([str(tmp_path / "missing.json")])
    assert status == 2 and json.loads(out)["error"]["code"] == "invalid_input"
