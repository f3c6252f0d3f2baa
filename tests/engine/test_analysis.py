"""Play analysis of Memulation rounds: every decision valued against the solver."""

from __future__ import annotations

import random

import pytest

from apps.games.engine import create_game
from apps.games.engine.analysis import analyse_game, analyse_round
from apps.games.engine.cards import card_str, cards_mask, parse_card, parse_cards
from apps.games.engine.solver import Position, Solver

from .test_solver import brute_values


def random_round(seed: int, *, stop_after: int | None = None, wild_tie: str = "leader"):
    """A round played with random legal actions (``stop_after``: that many actions only)."""
    state = create_game(
        "memulation", seed=seed, options={"examination": False, "wild_tie": wild_tie}
    )
    rng = random.Random(seed)
    done = 0
    while not state.finished and (stop_after is None or done < stop_after):
        state = state.apply(rng.choice(state.legal_actions(state.to_act[0])))
        done += 1
    return state


@pytest.fixture(scope="module")
def finished():
    state = random_round(11)
    return state, analyse_game(state)


def test_shape_of_a_finished_round(finished):
    state, result = finished
    assert result["game"] == "memulation" and result["wild_tie"] == "leader"
    (rnd,) = result["rounds"]
    record = state.spectator_view()["rounds"][0]
    assert rnd["lucky_duck"] == record["lucky_duck"]
    assert [d["deal"] for d in rnd["deals"]] == [1, 2]
    for deal, dealt in zip(rnd["deals"], record["deals"], strict=True):
        assert len(deal["plays"]) == 26
        assert deal["pritticut"] == dealt["pritticut"]
        played = [c for t in dealt["tricks"] for c in t["cards"]]
        assert [p["card"] for p in deal["plays"]] == played
        for play in deal["plays"]:
            assert play["card"] in play["values"]
            assert play["value"] == play["values"][play["card"]]
            assert play["best"] == max(play["values"].values())
            assert play["lost"] == play["best"] - play["value"] >= 0
        lost = {"0": 0, "1": 0}
        for play in deal["plays"]:
            lost[str(play["seat"])] += play["lost"]
        assert deal["lost"] == lost
        assert sum(deal["solved"].values()) == 13


def test_play_values_match_the_brute_force_late_in_the_deal(finished):
    """The last plays of the Old Deal, re-valued by the test brute force."""
    state, result = finished
    record = state.spectator_view()["rounds"][0]["deals"][0]
    deal = result["rounds"][0]["deals"][0]
    trump, wild = parse_card(record["pritticut"]) // 13, parse_card(record["pritticut"]) % 13
    hands = [cards_mask(parse_cards(record["hands"][s])) for s in "01"]
    plays = deal["plays"]
    index = 0
    for trick in record["tricks"]:
        led = None
        for position, text in enumerate(trick["cards"]):
            seat = trick["leader"] if position == 0 else 1 - trick["leader"]
            if hands[seat].bit_count() <= 5:
                expected = brute_values(hands, trick["leader"], led, trump, wild)
                assert plays[index]["values"] == {card_str(c): v for c, v in expected.items()}
            card = parse_card(text)
            hands[seat] &= ~(1 << card)
            led = card
            index += 1


def test_hand_choice_values(finished):
    state, result = finished
    record = state.spectator_view()["rounds"][0]
    rnd = result["rounds"][0]
    lucky = record["lucky_duck"]
    deal = record["deals"][0]
    choice = rnd["deals"][0]["choice"]
    p = parse_card(deal["pritticut"])
    solver = Solver()
    for label in "AB":
        other = "B" if label == "A" else "A"
        hands = [0, 0]
        hands[lucky] = cards_mask(parse_cards(deal["dealt"][label]))
        hands[1 - lucky] = cards_mask(parse_cards(deal["dealt"][other]))
        pos = Position((hands[0], hands[1]), 1 - lucky, p // 13, p % 13)
        assert choice["values"][label] == 13 - solver.value(pos)
    chosen = "A" if deal["hand_a_seat"] == lucky else "B"
    assert choice["chosen"] == chosen
    assert choice["lost"] == choice["best"] - choice["values"][chosen]


def test_stragedy_table(finished):
    state, result = finished
    record = state.spectator_view()["rounds"][0]
    strag = result["rounds"][0]["deals"][1]["stragedy"]
    old = record["deals"][0]["tricks"]
    assert strag["of"] == 26 == len(strag["candidates"])
    assert {c["revealed"] for c in strag["candidates"]} == {c for t in old for c in t["cards"]}
    chosen = record["deals"][1]["stragedy"]["position"]
    assert strag["chosen"] == chosen
    row = next(
        c
        for c in strag["candidates"]
        if (c["pile"], c["trick"], c["card"]) == tuple(chosen.values())
    )
    assert row["revealed"] == record["deals"][1]["pritticut"]
    assert strag["value"] == row["value"]
    values = [c["value"] for c in strag["candidates"]]
    assert strag["best"] == max(values) and strag["worst"] == min(values)
    assert strag["rank"] == 1 + sum(v > strag["value"] for v in values)
    # The New Deal's solved value for Lame Duck is the chosen candidate's value.
    lame = result["rounds"][0]["lame_duck"]
    assert result["rounds"][0]["deals"][1]["solved"][str(lame)] == strag["value"]


def test_new_deal_choice_basis(finished):
    _, result = finished
    choice = result["rounds"][0]["deals"][1]["choice"]
    assert choice["basis"] == "expected"
    for label in "AB":
        v = choice["values"][label]
        assert v["worst"] <= v["expected"] <= 13
    cheap = analyse_game(finished[0], choice_candidates=False)
    c2 = cheap["rounds"][0]["deals"][1]["choice"]
    assert c2["basis"] == "actual" and c2["values"]["A"]["expected"] is None
    assert c2["values"]["A"]["actual"] == choice["values"]["A"]["actual"]


def test_running_round_is_analysed_up_to_now():
    state = random_round(5, stop_after=12)  # the choice and 11 plays: trick 5 in progress
    result = analyse_game(state)
    deal = result["rounds"][0]["deals"][0]
    assert len(deal["plays"]) == 11
    assert deal["plays"][-1]["lead"] is True
    before_choice = random_round(5, stop_after=0)
    deal = analyse_game(before_choice)["rounds"][0]["deals"][0]
    assert deal["plays"] == [] and deal["choice"]["chosen"] is None


def test_follower_wild_tie_rule_is_used():
    state = random_round(8, wild_tie="follower")
    result = analyse_game(state, choice_candidates=False)
    assert result["wild_tie"] == "follower"
    record = state.spectator_view()["rounds"][0]
    again = analyse_round(record, wild_tie="follower", choice_candidates=False)
    assert again == result["rounds"][0]
