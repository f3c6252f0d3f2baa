"""Property-based tests: random legal playouts of both games, checked at every step."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from apps.games.engine import Memulation, Mendikot, game_from_json, replay_game
from apps.games.engine.cards import CARD_NAMES, FULL_DECK, cards_mask, mask_list, parse_card
from apps.games.engine.replay import run

# No shrinking: a playout driven by a random generator shrinks very slowly, and a failure
# report already names the seed and the generator's draws.
SETTINGS = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
RULES = ("turn_up", "hidden_reveal", "hidden_ask", "first_void")


def cards_in(value: object) -> set[str]:
    """Every card string anywhere in a JSON-ready value."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str) and len(item) == 2:
            try:
                parse_card(item)
            except Exception:
                continue
            found.add(item)
    return found


def names(mask: int) -> set[str]:
    return {CARD_NAMES[c] for c in mask_list(mask)}


# ---------------------------------------------------------------------------- Memulation


def memulation_places(state: Memulation) -> list[int]:
    """Masks of every place a card can be; together they must partition the deck."""
    places = list(state.dealt) if state.seat_a < 0 else list(state.hands)
    places.append(cards_mask(c for t in state.tricks for c in t[1:3]))
    if state.led >= 0 and state.phase != "finished":
        places.append(1 << state.led)
    if state.deal_no == 0:
        places.append(1 << state.deck[26])  # the Pritticut
        places.append(cards_mask(state.deck[27:]))  # the Undealt
    else:
        old = [c for t in state.old_tricks for c in t[1:3]]
        places.append(cards_mask(old) & ~(1 << state.pritticut if state.pritticut >= 0 else 0))
        if state.pritticut >= 0:
            places.append(1 << state.pritticut)
    return places


def check_partition(places: list[int]) -> None:
    seen = 0
    for mask in places:
        assert not seen & mask, "a card is in two places"
        seen |= mask
    assert seen == FULL_DECK, "a card is nowhere"


def check_memulation_view(state: Memulation, seat: int) -> None:
    allowed: set[str] = set()
    if state.phase == "examination":
        allowed |= names(state.dealt[0] | state.dealt[1])
    if state.seat_a >= 0:
        allowed |= names(state.hands[seat])
    if state.led >= 0 and state.phase == "play":
        allowed.add(CARD_NAMES[state.led])
    if state.tricks and state.phase == "play":  # the deal's last trick, seen played by both
        allowed |= {CARD_NAMES[c] for c in state.tricks[-1][1:3]}
    if state.pritticut >= 0:
        allowed.add(CARD_NAMES[state.pritticut])
    if state.roles["cut"] and state.deal_no == 0 and state.phase in ("examination", "choose_hand"):
        allowed |= {card for cut in state.roles["cut"] for card in cut}  # cut face up to both
    if state.stragedy and seat == state.lame_duck and state.stragedy["intended"]:
        allowed.add(state.stragedy["intended"])
    shown = cards_in(state.view(seat))
    assert shown <= allowed, (seat, state.phase, shown - allowed)
    if state.seat_a >= 0:
        other = names(state.hands[1 - seat])
        if state.stragedy and state.stragedy["intended"]:
            other.discard(state.stragedy["intended"])  # Lame Duck named it; it may be there
        assert not shown & other


def random_memulation_action(state: Memulation, rng: random.Random) -> dict:
    seat = rng.choice(state.to_act)
    action = rng.choice(state.legal_actions(seat))
    if action["type"] == "end_examination" and rng.random() < 0.2:
        action = {"type": "end_examination", "seat": None}
    if action["type"] == "stragedy" and rng.random() < 0.7:
        action = {**action, "intended": CARD_NAMES[rng.randrange(52)]}
    return action


@SETTINGS
@given(
    seed=st.integers(0, 2**63 - 1),
    rng=st.randoms(use_true_random=False),
    wild_tie=st.sampled_from(["leader", "follower"]),
    examination=st.booleans(),
)
def test_memulation_random_playouts(seed, rng, wild_tie, examination):
    options = {"rounds": 2, "wild_tie": wild_tie, "examination": examination}
    start = Memulation.create(seed=seed, options=options)
    state = start
    actions = []
    while not state.finished:
        check_partition(memulation_places(state))
        for seat in (0, 1):
            check_memulation_view(state, seat)
        if state.deal_no == 1 and state.pritticut >= 0:
            # the wild of the trump suit (the Pritticut) is never in play
            assert not (state.hands[0] | state.hands[1]) >> state.pritticut & 1
        action = random_memulation_action(state, rng)
        actions.append(action)
        state = state.apply(action)
        if rng.random() < 0.1:
            data = json.loads(json.dumps(state.to_json()))
            assert game_from_json(data) == state
            assert game_from_json(data).to_json() == state.to_json()
    records = state.history_records()
    assert len(records) == 2
    for record in records:
        assert [len(d["tricks"]) for d in record["deals"]] == [13, 13]
        assert sum(record["score"].values()) == 26
        for deal in record["deals"]:
            assert sum(deal["tricks_won"].values()) == 13
            winners = [t["winner"] for t in deal["tricks"]]
            assert deal["tricks_won"] == {"0": winners.count(0), "1": winners.count(1)}
    assert sum(state.match_score) == 52
    assert replay_game(start.setup, actions) == state
    assert game_from_json(json.loads(json.dumps(state.to_json()))) == state
    # the staff view of a finished match holds every card of every round
    full = state.spectator_view()
    assert len(cards_in(full["rounds"][0]["deals"])) == 52


@SETTINGS
@given(
    seed=st.integers(0, 2**63 - 1),
    rng=st.randoms(use_true_random=False),
    lucky_duck=st.sampled_from([0, 1]),
    wild_tie=st.sampled_from(["leader", "follower"]),
)
def test_memulation_round_replays_through_the_command(seed, rng, lucky_duck, wild_tie):
    deck = [CARD_NAMES[c] for c in random.Random(seed).sample(range(52), 52)]
    state = Memulation.create(
        deck=deck, lucky_duck=lucky_duck, options={"examination": False, "wild_tie": wild_tie}
    )
    doc = {
        "game": "memulation",
        "deck": deck,
        "lucky_duck": lucky_duck,
        "options": {"wild_tie": wild_tie},
        "actions": [],
    }
    stop = rng.randrange(56)
    while not state.finished and len(doc["actions"]) < stop:
        action = random_memulation_action(state, rng)
        doc["actions"].append(action)
        state = state.apply(action)
    status, out = run(doc)
    assert status == 0
    assert out == state.rules_report()


# ---------------------------------------------------------------------------- Mendikot


def check_mendikot(state: Mendikot) -> None:
    places = list(state.hands)
    if state.hidden >= 0:
        places.append(1 << state.hidden)
    places.append(cards_mask(c for t in state.tricks for c in t[1]))
    if state.phase != "finished":
        places.append(cards_mask(state.cur))
    check_partition(places)
    for seat in range(4):
        allowed = names(state.hands[seat]) | {CARD_NAMES[c] for c in state.cur}
        if state.hidden >= 0 and seat == state.owner:
            allowed.add(CARD_NAMES[state.hidden])
        if state.turn_up >= 0:
            allowed.add(CARD_NAMES[state.turn_up])
        if state.tricks and state.phase == "play":  # the last trick taken, played face up
            allowed |= {CARD_NAMES[c] for c in state.tricks[-1][1]}
        shown = cards_in(state.view(seat))
        assert shown <= allowed, (seat, shown - allowed)


@SETTINGS
@given(
    seed=st.integers(0, 2**63 - 1),
    rng=st.randoms(use_true_random=False),
    rule=st.sampled_from(RULES),
)
def test_mendikot_random_playouts(seed, rng, rule):
    start = Mendikot.create(seed=seed, options={"trump_rule": rule, "rounds": 2})
    state = start
    actions = []
    while not state.finished:
        check_mendikot(state)
        legal = state.legal_actions(state.to_act[0])
        assert all(a["seat"] == state.to_act[0] for a in legal)
        for other in range(4):
            if other != state.to_act[0]:
                assert state.legal_actions(other) == []
        action = rng.choice(legal)
        actions.append(action)
        state = state.apply(action)
        if rule == "turn_up":
            assert state.revealed is None
        if rng.random() < 0.1:
            data = json.loads(json.dumps(state.to_json()))
            assert game_from_json(data) == state
    records = state.history_records()
    assert len(records) == 2
    for record in records:
        assert len(record["tricks"]) == 13
        assert sum(record["tricks_won"].values()) == 13
        assert sum(record["tens"].values()) == 4
        assert record["trump"] is not None or rule == "first_void"
    assert replay_game(start.setup, actions) == state


@SETTINGS
@given(
    seed=st.integers(0, 2**63 - 1),
    rng=st.randoms(use_true_random=False),
    rule=st.sampled_from(RULES),
    dealer=st.integers(0, 3),
)
def test_mendikot_round_replays_through_the_command(seed, rng, rule, dealer):
    deck = [CARD_NAMES[c] for c in random.Random(seed).sample(range(52), 52)]
    turn_up = CARD_NAMES[seed % 52]
    state = Mendikot.create(deck=deck, dealer=dealer, turn_up=turn_up, options={"trump_rule": rule})
    doc = {"game": "mendikot", "trump_rule": rule, "dealer": dealer, "deck": deck, "actions": []}
    if rule == "turn_up":
        doc["turn_up"] = turn_up
    stop = rng.randrange(60)
    while not state.finished and len(doc["actions"]) < stop:
        action = rng.choice(state.legal_actions(state.to_act[0]))
        doc["actions"].append(action)
        state = state.apply(action)
    status, out = run(doc)
    assert status == 0
    assert out == state.rules_report()
    if not state.finished and out["next"]["phase"] == "play":
        assert out["next"]["can_ask"] == any(
            a["type"] == "ask_trump" for a in state.legal_actions(state.to_act[0])
        )


@SETTINGS
@given(seed=st.integers(0, 2**63 - 1), rng=st.randoms(use_true_random=False))
def test_fast_interface_matches_apply(seed, rng):
    """``step`` (no checks, in place) and ``apply`` (checked, on a copy) agree."""
    for game in (
        Memulation.create(seed=seed, options={"examination": False}),
        Mendikot.create(seed=seed, options={"trump_rule": RULES[seed % 4]}),
    ):
        slow = fast = game
        fast = fast.copy()
        while not slow.finished:
            move = rng.choice(fast.legal_moves())
            action = fast.move_to_action(move)
            assert slow.action_to_move(action) == move
            slow = slow.apply(action)
            fast.step(move)
            assert fast == slow
