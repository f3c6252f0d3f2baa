"""States stored by an earlier version of the engine (games in the database hold them) load, give
back exactly the JSON they were read from, and play on to the end."""

import json
import random
from pathlib import Path

import pytest

from apps.games.engine import game_from_json

STORED = json.loads((Path(__file__).parent / "data" / "stored_states.json").read_text())


@pytest.mark.parametrize("game", ["memulation", "mendikot"])
def test_a_stored_state_loads_and_is_written_back_byte_for_byte(game):
    stored = STORED[game]
    state = game_from_json(stored)
    assert json.dumps(state.to_json()) == json.dumps(stored)  # the same keys, in the same order
    assert game_from_json(state.to_json()) == state


@pytest.mark.parametrize("game", ["memulation", "mendikot"])
def test_a_stored_state_plays_on_to_the_end(game):
    state = game_from_json(STORED[game])
    rng = random.Random(7)
    while not state.finished:
        for seat in range(state.SEATS):
            state.view(seat)
        seat = state.to_act[0]
        state = state.apply(rng.choice(state.legal_actions(seat)))
    assert state.spectator_view()["finished"]


def test_a_state_written_out_shares_nothing_with_the_state():
    state = game_from_json(STORED["memulation"])
    written = state.to_json()
    assert written == state.to_json()
    written["setup"]["options"]["rounds"] = 99
    for record in written["state"]["history"]:
        record.clear()
    assert state.to_json() == STORED["memulation"]


def test_deep_copies_every_level_and_keeps_every_value():
    from apps.games.engine.base import deep

    value = {"a": [1, 2.5, None, True, {"b": ["c"]}], "t": (1, [2]), "s": "x"}
    copied = deep(value)
    assert copied == value and type(copied["t"]) is tuple
    assert copied["a"] is not value["a"] and copied["a"][4]["b"] is not value["a"][4]["b"]
    assert copied["t"][1] is not value["t"][1]
