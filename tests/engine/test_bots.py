"""Computer opponents: legal moves only, decisions from what the seat may see, reproducible."""

from __future__ import annotations

import pytest

from apps.games.engine import create_game
from apps.games.engine.bots import make_bot, play_game, public_events

MEMULATION = [("random", {}), ("greedy", {}), ("memory", {"fidelity": 0.5}), ("perfect", {})]
MENDIKOT = ["random", "heuristic", "tracker"]
TRUMP_RULES = ["turn_up", "hidden_reveal", "hidden_ask", "first_void"]

# The keys of a view a bot may read: everything the engine shows the seat. The test views below
# keep only these and record every key a bot reads.
MEMULATION_KEYS = {
    "phase", "deal", "lucky_duck", "options", "examination", "hand", "hand_counts",
    "pritticut", "trump", "wild", "trick", "old_piles", "legal",
}  # fmt: skip
MENDIKOT_KEYS = {
    "phase", "trump_rule", "trump", "hand", "trick", "legal", "can_ask",
}  # fmt: skip


class WatchedView(dict):
    """A view that keeps only ``allowed`` keys and records the keys read."""

    def __init__(self, view: dict, allowed: set[str], reads: set[str]):
        super().__init__({k: v for k, v in view.items() if k in allowed})
        self.reads = reads

    def __getitem__(self, key):
        self.reads.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.reads.add(key)
        return super().get(key, default)


def run(state, bots, allowed: set[str] | None = None):
    """Play to the end; every action must be among the seat's legal actions."""
    reads: set[str] = set()
    actions = []

    def view_of(s, seat):
        view = s.view(seat)
        return WatchedView(view, allowed, reads) if allowed is not None else view

    for seat, bot in enumerate(bots):
        bot.observe(view_of(state, seat), public_events(state.events, seat))
    while not state.finished:
        seat = state.to_act[0]
        action = bots[seat].act(view_of(state, seat))
        assert action in state.legal_actions(seat), action
        actions.append(action)
        state = state.apply(action)
        for s, bot in enumerate(bots):
            bot.observe(view_of(state, s), public_events(state.events, s))
    return state, actions, reads


@pytest.mark.parametrize(("kind", "params"), MEMULATION, ids=[k for k, _ in MEMULATION])
def test_memulation_bots_play_legally_from_public_information(kind, params):
    for seed in (1, 2):
        state = create_game("memulation", seed=seed, options={"wild_tie": "leader"})
        bots = [
            make_bot("memulation", kind, seat=0, seed=seed, **params),
            make_bot("memulation", "greedy", seat=1, seed=seed),
        ]
        final, actions, reads = run(state, bots, MEMULATION_KEYS)
        assert final.finished and sum(final.match_score) == 26
        assert reads <= MEMULATION_KEYS
        # The same decisions from the full views: nothing else in a view matters.
        bots = [
            make_bot("memulation", kind, seat=0, seed=seed, **params),
            make_bot("memulation", "greedy", seat=1, seed=seed),
        ]
        _, again, _ = run(create_game("memulation", seed=seed), bots)
        assert again == actions


@pytest.mark.parametrize("kind", MENDIKOT)
@pytest.mark.parametrize("rule", TRUMP_RULES)
def test_mendikot_bots_play_legally_from_public_information(kind, rule):
    state = create_game("mendikot", seed=4, options={"trump_rule": rule})
    bots = [
        make_bot("mendikot", kind if s % 2 == 0 else "heuristic", seat=s, seed=s) for s in range(4)
    ]
    final, actions, reads = run(state, bots, MENDIKOT_KEYS)
    assert final.finished
    assert reads <= MENDIKOT_KEYS
    bots = [
        make_bot("mendikot", kind if s % 2 == 0 else "heuristic", seat=s, seed=s) for s in range(4)
    ]
    _, again, _ = run(create_game("mendikot", seed=4, options={"trump_rule": rule}), bots)
    assert again == actions


def test_bots_are_reproducible_and_seeded():
    def actions(seed):
        state = create_game("memulation", seed=9, options={"examination": False})
        bots = [make_bot("memulation", "random", seat=s, seed=seed + s) for s in (0, 1)]
        return run(state, bots)[1]

    assert actions(1) == actions(1)
    assert actions(1) != actions(2)


def test_events_hide_cards_the_seat_may_not_see():
    state = create_game("mendikot", seed=2, options={"trump_rule": "hidden_ask"})
    owner = state.to_act[0]
    state = state.apply({"type": "hide_trump", "seat": owner, "card": state.view(owner)["hand"][0]})
    mine = public_events(state.events, owner)
    theirs = public_events(state.events, (owner + 1) % 4)
    assert "card" in mine[0] and "card" not in theirs[0]
    memulation = create_game("memulation", seed=2)
    for event in public_events(memulation.events, 0):
        assert "hands" not in event and "deck" not in event and "seed" not in event


def test_perfect_and_full_memory_play_the_same_cards():
    """With fidelity 1 the memory bot's world is the true hand: it plays like ``perfect``."""
    state = create_game("memulation", seed=21, options={"roles": 1})
    perfect = [
        make_bot("memulation", "perfect", seat=0, seed=3),
        make_bot("memulation", "greedy", seat=1, seed=4),
    ]
    memory = [
        make_bot("memulation", "memory", seat=0, seed=3, fidelity=1.0),
        make_bot("memulation", "greedy", seat=1, seed=4),
    ]
    _, a, _ = run(state, perfect)
    _, b, _ = run(state, memory)
    plays_a = [x for x in a if x["type"] == "play" and x["seat"] == 0][:13]
    plays_b = [x for x in b if x["type"] == "play" and x["seat"] == 0][:13]
    assert plays_a == plays_b


def test_play_game_helper_and_unknown_kinds():
    state = create_game("mendikot", seed=1, options={"trump_rule": "turn_up"})
    bots = [make_bot("mendikot", "tracker", seat=s, seed=s) for s in range(4)]
    times = []
    final = play_game(state, bots, on_decision=lambda seat, t, action: times.append(t))
    assert final.finished and len(times) == 52
    with pytest.raises(ValueError):
        make_bot("memulation", "tracker", seat=0, seed=0)
    with pytest.raises(ValueError):
        make_bot("chess", "random", seat=0, seed=0)
    with pytest.raises(ValueError):
        make_bot("memulation", "memory", seat=0, seed=0, fidelity=1.5)
