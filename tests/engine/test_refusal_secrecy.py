"""Refusals tell a seat nothing it may not see.

Random games of both engines; at many moments every seat tries every card (and the other
action types). A refusal's message may name only cards the acting seat has seen (its views so
far) or named itself, and only suits that are public; and every card the seat has never seen
must be refused in the same words (so a refusal cannot single out a card in another hand, the
Undealt, a face-down trick or a hidden trump).
"""

from __future__ import annotations

import random
import re

import pytest

from apps.games.engine import Memulation, Mendikot, RulesError
from apps.games.engine.cards import CARD_NAMES
from tests.engine.test_properties import cards_in

GAMES = 30
RULES = ("turn_up", "hidden_reveal", "hidden_ask", "first_void")
CARD_WORD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
SUIT_WORD = re.compile(r"\b(?:suit|trump) \(?([SHDC])\b")


def refusal(state, action: dict) -> RulesError | None:
    try:
        state.apply(action)
    except RulesError as error:
        return error
    return None


def attempts(state, seat: int) -> list[dict]:
    """Actions of every type from ``seat``, most of them refused now."""
    if isinstance(state, Mendikot):
        tries = [{"type": "ask_trump", "seat": seat}]
        kinds = ("play", "hide_trump")
    else:
        tries = [{"type": "choose_hand", "seat": seat, "hand": hand} for hand in ("A", "B", "C")]
        tries += [{"type": "end_examination", "seat": seat}]
        tries += [
            {"type": "stragedy", "seat": seat, "pile": p, "trick": t, "card": c}
            for p in (0, 1, 2)
            for t in (0, 5, 12, 13)
            for c in (0, 1)
        ]
        kinds = ("play",)
    return tries + [{"type": k, "seat": seat, "card": name} for k in kinds for name in CARD_NAMES]


def public_suits(state) -> set[str]:
    view = state.view(0)
    suits = {view["trump"]} - {None}
    cards = (view.get("trick") or {}).get("cards") or []
    if cards:
        first = cards[0]["card"] if isinstance(cards[0], dict) else cards[0]
        suits.add(first[-1])
    return suits


def check_refusals(state, seat: int, seen: set[str]) -> int:
    """Check every refusal ``seat`` can provoke now; return how many were checked."""
    unseen_words: dict[str, set[tuple[str, str]]] = {}
    count = 0
    for action in attempts(state, seat):
        error = refusal(state, action)
        if error is None:
            continue
        count += 1
        named = action.get("card") if isinstance(action.get("card"), str) else None
        for card in CARD_WORD.findall(error.message):
            assert card == named or card in seen, (action, error.message)
        for suit in SUIT_WORD.findall(error.message):
            own = {c[-1] for c in state.view(seat)["hand"] or []}
            assert suit in public_suits(state) or suit in own, (action, error.message)
        assert set(error.as_dict()) == {"code", "message"}
        if named and named not in seen:
            words = (error.code, error.message.replace(named, "<card>"))
            unseen_words.setdefault(action["type"], set()).add(words)
    for kind, words in unseen_words.items():
        assert len(words) == 1, f"{kind}: unseen cards refused in different words: {words}"
    return count


def play_and_probe(state, seats: int, rng: random.Random) -> int:
    seen: list[set[str]] = [set() for _ in range(seats)]
    checked = step = 0
    while not state.finished:
        for seat in range(seats):
            seen[seat] |= cards_in(state.view(seat))
        if step % 3 == 0:
            for seat in range(seats):
                checked += check_refusals(state, seat, seen[seat])
        move = rng.choice(state.legal_moves())
        played = state.move_to_action(move)
        state = state.apply(played)
        if played.get("type") == "play":  # a played card is face up for everyone
            for cards in seen:
                cards.add(played["card"])
        step += 1
    return checked


@pytest.mark.parametrize("rule", RULES)
def test_mendikot_refusals_name_nothing_hidden(rule):
    checked = 0
    for seed in range(GAMES // 3):
        rng = random.Random(seed)
        checked += play_and_probe(Mendikot.create(seed=seed, options={"trump_rule": rule}), 4, rng)
    assert checked > 1000


def test_memulation_refusals_name_nothing_hidden():
    checked = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = Memulation.create(seed=seed, options={"examination": seed % 2 == 0})
        checked += play_and_probe(state, 2, rng)
    assert checked > 1000


@pytest.mark.parametrize("rule", ("hidden_reveal", "hidden_ask"))
def test_hidden_trump_is_refused_to_others_like_any_card_they_lack(rule):
    state = Mendikot.create(seed=1, options={"trump_rule": rule})
    owner = state.to_act[0]
    state = state.apply(state.move_to_action(state.legal_moves()[0]))  # hide a card
    hidden = CARD_NAMES[state.hidden]
    # The owner is told why it cannot play the card it hid.
    told = refusal(state, {"type": "play", "seat": owner, "card": hidden})
    assert told.code == "card_not_in_hand" and "hidden trump" in told.message
    state = state.apply(state.move_to_action(state.legal_moves()[0]))  # the owner leads
    seat = state.to_move
    assert seat != owner and state.hidden >= 0
    hand = state.view(seat)["hand"]
    for other in (c for c in CARD_NAMES if c not in hand and c != hidden):
        named_hidden = refusal(state, {"type": "play", "seat": seat, "card": hidden})
        named_other = refusal(state, {"type": "play", "seat": seat, "card": other})
        assert named_hidden.code == named_other.code == "card_not_in_hand"
        assert "hidden" not in named_hidden.message
        assert named_hidden.message.replace(hidden, "X") == named_other.message.replace(other, "X")
