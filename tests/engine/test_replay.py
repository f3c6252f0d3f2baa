"""The replay command (RULES.md, "Replay files"): the real command on real files, and the
whole-document checks that make a document unusable (exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from apps.games.engine.cards import cards_str, new_deck
from apps.games.engine.replay import run
from tests.engine.decks import mendikot_deck

ROOT = Path(__file__).resolve().parents[2]
DECK = cards_str(new_deck())
MENDIKOT_DECK = mendikot_deck(
    {
        0: "AS 2H KS QS 2D 3D 4D 5D 6D 2C 3C 4C 5C",
        1: "KH QH 7D 8D 9D TD JD 6C 7C 8C 9C TC JC",
        2: "3H 4H 5H QD KD AD QC KC AC 6H 7H 8H 9H",
        3: "JS TS 9S 8S 7S 6S 5S 4S 3S 2S TH JH AH",
    },
    dealer=2,
)


def command(path: str, stdin: str | None = None) -> tuple[int, dict]:
    result = subprocess.run(
        [sys.executable, "-m", "apps.games.engine.replay", path],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return result.returncode, json.loads(result.stdout)


def write(tmp_path: Path, doc: object) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return str(path)


def memulation_round() -> list[dict]:
    """A whole round, first legal action each time, from the engine itself."""
    from apps.games.engine import Memulation

    state = Memulation.create(deck=DECK, lucky_duck=0, options={"examination": False})
    actions = []
    while not state.finished:
        action = state.legal_actions(state.to_act[0])[-1]
        actions.append(action)
        state = state.apply(action)
    return actions


def test_memulation_file_exit_0(tmp_path):
    actions = memulation_round()
    doc = {"game": "memulation", "deck": DECK, "lucky_duck": 0, "actions": actions}
    status, out = command(write(tmp_path, doc))
    assert status == 0
    assert list(out) == ["ok", "finished", "deals", "score", "next"]
    assert out["ok"] is True and out["finished"] is True and out["next"] is None
    assert [list(d) for d in out["deals"]] == [
        ["pritticut", "trump", "wild", "hands", "tricks", "tricks_won"],
        ["pritticut", "trump", "wild", "hands", "tricks", "tricks_won", "stragedy"],
    ]
    assert sum(out["score"].values()) == 26
    assert out == run(doc)[1]


def test_memulation_file_exit_1(tmp_path):
    doc = {
        "game": "memulation",
        "deck": DECK,
        "lucky_duck": 0,
        "options": {"wild_tie": "follower"},
        "actions": [
            {"seat": 0, "type": "choose_hand", "hand": "A"},
            {"seat": 1, "type": "play", "card": "3S"},
            {"seat": 1, "type": "play", "card": "5S"},
        ],
    }
    status, out = command(write(tmp_path, doc))
    assert status == 1
    assert out["ok"] is False
    assert out["error"]["index"] == 2 and out["error"]["code"] == "not_your_turn"
    assert out["deals"][0]["tricks"] == [{"leader": 1, "cards": ["3S"], "winner": None}]
    assert out["next"]["seat"] == 0


def test_mendikot_file_and_stdin():
    doc = {
        "game": "mendikot",
        "trump_rule": "hidden_ask",
        "dealer": 2,
        "turn_up": "9D",  # given, but it plays no part with hidden_ask
        "deck": mendikot_deck(
            {
                3: "AS 2H KS QS 2D 3D 4D 5D 6D 2C 3C 4C 5C",
                0: "KH QH 7D 8D 9D TD JD 6C 7C 8C 9C TC JC",
                1: "3H 4H 5H QD KD AD QC KC AC 6H 7H 8H 9H",
                2: "JS TS 9S 8S 7S 6S 5S 4S 3S 2S TH JH AH",
            },
            dealer=2,
        ),
        "actions": [
            {"seat": 3, "type": "hide_trump", "card": "5C"},
            {"seat": 3, "type": "play", "card": "AS"},
            {"seat": 0, "type": "ask_trump"},
        ],
    }
    status, out = command("-", stdin=json.dumps(doc))
    assert status == 0
    assert list(out) == [
        "ok",
        "finished",
        "trump",
        "trump_revealed",
        "tricks",
        "tens",
        "tricks_won",
        "winner",
        "result",
        "next_dealer",
        "next",
    ]
    assert out["trump"] == "C" and out["trump_revealed"] == {"trick": 0, "seat": 0}
    assert out["tricks"] == [{"leader": 3, "cards": [{"seat": 3, "card": "AS"}], "winner": None}]
    assert out["next"] == {
        "seat": 0,
        "phase": "play",
        "legal": ["6C", "7C", "8C", "9C", "TC", "JC"],
        "can_ask": False,
    }
    assert (out["winner"], out["result"], out["next_dealer"]) == (None, None, None)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (json.dumps({"game": "chess", "deck": DECK, "actions": []}), "invalid_input"),
        (
            json.dumps({"game": "memulation", "deck": DECK[:51], "lucky_duck": 0, "actions": []}),
            "invalid_input",
        ),
        (
            json.dumps(
                {"game": "memulation", "deck": [*DECK[:51], "1S"], "lucky_duck": 0, "actions": []}
            ),
            "invalid_card",
        ),
        ("{not json", "invalid_input"),
    ],
)
def test_unusable_files_exit_2(tmp_path, text, code):
    status, out = command(write(tmp_path, text))
    assert status == 2
    assert out == {
        "ok": False,
        "error": {"index": None, "code": code, "message": out["error"]["message"]},
    }


def test_missing_file_exit_2(tmp_path):
    status, out = command(str(tmp_path / "nope.json"))
    assert status == 2 and out["error"]["code"] == "invalid_input"


# ---------------------------------------------------------------------------- exit 2, in process

MEM = {"game": "memulation", "deck": DECK, "lucky_duck": 0, "actions": []}
MEN = {
    "game": "mendikot",
    "trump_rule": "first_void",
    "dealer": 2,
    "deck": MENDIKOT_DECK,
    "actions": [],
}


def with_(doc: dict, **changes) -> dict:
    new = {**doc, **changes}
    return {k: v for k, v in new.items() if v is not ...}


@pytest.mark.parametrize(
    ("doc", "code"),
    [
        ([], "invalid_input"),
        ("memulation", "invalid_input"),
        (with_(MEM, game="Memulation"), "invalid_input"),
        (with_(MEM, game=...), "invalid_input"),
        (with_(MEM, deck=...), "invalid_input"),
        (with_(MEM, deck=DECK[:51]), "invalid_input"),
        (with_(MEM, deck=[*DECK, "AS"]), "invalid_input"),
        (with_(MEM, deck=[*DECK[:51], DECK[0]]), "invalid_input"),
        (with_(MEM, deck=[*DECK[:51], "ZZ"]), "invalid_card"),
        (with_(MEM, deck=[*DECK[:51], 5]), "invalid_card"),
        (with_(MEM, deck=[*DECK[:51], DECK[51].lower()]), "invalid_card"),  # capitals only
        (with_(MEM, deck=[*DECK[:51], " " + DECK[51]]), "invalid_card"),
        (with_(MEM, lucky_duck=...), "invalid_input"),
        (with_(MEM, lucky_duck=2), "invalid_input"),
        (with_(MEM, lucky_duck=-1), "invalid_input"),
        (with_(MEM, lucky_duck="0"), "invalid_input"),
        (with_(MEM, lucky_duck=True), "invalid_input"),
        (with_(MEM, options={"wild_tie": "middle"}), "invalid_input"),
        (with_(MEM, options=[]), "invalid_input"),
        (with_(MEM, options={"stragedy_intent": "yes"}), "invalid_input"),
        (with_(MEM, actions=...), "invalid_input"),
        (with_(MEM, actions={}), "invalid_input"),
        (with_(MEM, actions=["play"]), "invalid_input"),
        (with_(MEM, actions=[{"seat": 0}]), "invalid_input"),
        (with_(MEM, actions=[{"seat": 0, "type": "ask_trump"}]), "invalid_input"),
        (with_(MEM, actions=[{"seat": 0, "type": "end_examination"}]), "invalid_input"),
        (with_(MEM, actions=[{"seat": 0, "type": "dance"}]), "invalid_input"),
        (with_(MEM, actions=[{"type": "choose_hand", "hand": "A"}]), "invalid_input"),
        (with_(MEM, actions=[{"seat": 2, "type": "choose_hand", "hand": "A"}]), "invalid_input"),
        (with_(MEM, actions=[{"seat": "0", "type": "choose_hand", "hand": "A"}]), "invalid_input"),
        (with_(MEM, actions=[{"seat": 0, "type": "choose_hand"}]), "invalid_input"),
        (with_(MEM, actions=[{"seat": 1, "type": "play"}]), "invalid_input"),
        (with_(MEM, actions=[{"seat": 1, "type": "play", "card": "ZZ"}]), "invalid_card"),
        (with_(MEM, actions=[{"seat": 1, "type": "play", "card": "1S"}]), "invalid_card"),
        (with_(MEM, actions=[{"seat": 1, "type": "play", "card": "qh"}]), "invalid_card"),
        (with_(MEM, actions=[{"seat": 1, "type": "play", "card": "T"}]), "invalid_card"),
        (with_(MEM, actions=[{"seat": 1, "type": "play", "card": "QHS"}]), "invalid_card"),
        (
            with_(MEM, actions=[{"seat": 1, "type": "stragedy", "pile": 0, "trick": 0}]),
            "invalid_input",
        ),
        (
            with_(
                MEM, actions=[{"seat": 1, "type": "stragedy", "pile": "0", "trick": 0, "card": 0}]
            ),
            "invalid_input",
        ),
        (
            with_(
                MEM,
                actions=[
                    {
                        "seat": 1,
                        "type": "stragedy",
                        "pile": 0,
                        "trick": 0,
                        "card": 0,
                        "intended": "XX",
                    }
                ],
            ),
            "invalid_card",
        ),
        # the whole document is checked before any action: a bad last action wins over a
        # refusal that would come first
        (
            with_(
                MEM,
                actions=[
                    {"seat": 1, "type": "play", "card": "2S"},
                    {"seat": 1, "type": "play", "card": "??"},
                ],
            ),
            "invalid_card",
        ),
        (with_(MEN, trump_rule="no_trump"), "invalid_input"),
        (with_(MEN, trump_rule=...), "invalid_input"),
        (with_(MEN, dealer=4), "invalid_input"),
        (with_(MEN, dealer=...), "invalid_input"),
        (with_(MEN, trump_rule="turn_up"), "invalid_input"),  # turn_up card missing
        (with_(MEN, trump_rule="turn_up", turn_up="1D"), "invalid_card"),
        (with_(MEN, turn_up="XX"), "invalid_card"),  # not a card, anywhere
        (with_(MEN, options=5), "invalid_input"),
        (with_(MEN, actions=[{"seat": 4, "type": "play", "card": "AS"}]), "invalid_input"),
        (with_(MEN, actions=[{"seat": 0, "type": "choose_hand", "hand": "A"}]), "invalid_input"),
        (with_(MEN, actions=[{"seat": 0, "type": "hide_trump"}]), "invalid_input"),
        (with_(MEN, actions=[{"seat": 0, "type": "play", "card": None}]), "invalid_input"),
        (with_(MEN, actions=[{"seat": 0, "type": "hide_trump", "card": "AX"}]), "invalid_card"),
    ],
)
def test_unusable_documents(doc, code):
    status, out = run(doc)
    assert status == 2
    assert list(out) == ["ok", "error"] and out["ok"] is False
    assert list(out["error"]) == ["index", "code", "message"]
    assert out["error"]["index"] is None and out["error"]["code"] == code


@pytest.mark.parametrize(
    "doc",
    [
        with_(MEM, options=None),
        with_(MEM, options={}),
        with_(MEM, options={"wild_tie": "leader", "stragedy_intent": False}),
        with_(MEN, turn_up=None),
        with_(MEN, trump_rule="turn_up", turn_up="10H"),
        with_(MEN, trump_rule="hidden_reveal", turn_up="9D"),
    ],
)
def test_usable_documents(doc):
    assert run(doc)[0] == 0


def test_turn_up_card_gives_the_trump_suit():
    status, out = run(with_(MEN, trump_rule="turn_up", turn_up="9D"))
    assert status == 0 and out["trump"] == "D" and out["trump_revealed"] is None
