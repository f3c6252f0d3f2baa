"""Memulation rules, table by table (RULES.md, "Memulation")."""

from __future__ import annotations

import pytest

from apps.games.engine import Memulation, RulesError, create_game
from apps.games.engine.cards import cards_str, new_deck, parse_card
from apps.games.engine.replay import run
from tests.engine.decks import memulation_deck

# Pritticut 7S: trump spades, wild rank 7; the Wild Cards in play are 7H and 7D (7C is undealt).
HAND_A = "7D 3H 4H AS 2S 3S 4S 5S 6S 8S 9S TS JS"
HAND_B = "7H 2H AH 4C 5C 6C 8C 9C TC JC QC KC AC"
DECK = memulation_deck(HAND_A, HAND_B, "7S")
CHOOSE_A = {"seat": 0, "type": "choose_hand", "hand": "A"}  # seat 0 Lucky Duck takes hand A


def play(seat: int, card: str) -> dict:
    return {"seat": seat, "type": "play", "card": card}


def replay_doc(actions: list, deck: list | None = None, **extra) -> dict:
    return {
        "game": "memulation",
        "deck": deck or DECK,
        "lucky_duck": 0,
        "actions": actions,
        **extra,
    }


def replayed(actions: list, **extra) -> tuple[int, dict]:
    return run(replay_doc(actions, **extra))


def first_legal_round(deck: list[str], lucky_duck: int = 0, stop_at_deal_2: bool = True):
    """Play deal 1 with the lowest legal card every turn; return (state, actions)."""
    state = Memulation.create(deck=deck, lucky_duck=lucky_duck, options={"examination": False})
    actions = [{"seat": lucky_duck, "type": "choose_hand", "hand": "A"}]
    state = state.apply(actions[0])
    while state.deal_no == 0:
        action = state.legal_actions(state.to_act[0])[0]
        actions.append(action)
        state = state.apply(action)
    return state, actions


# ---------------------------------------------------------------------------- the deal


def test_deal_one_positions_and_pritticut():
    deck = cards_str(new_deck())
    status, out = run({"game": "memulation", "deck": deck, "lucky_duck": 1, "actions": []})
    assert status == 0
    assert out == {
        "ok": True,
        "finished": False,
        "deals": [
            {
                "pritticut": "2D",
                "trump": "D",
                "wild": "2",
                "hands": None,
                "tricks": [],
                "tricks_won": {"0": 0, "1": 0},
            }
        ],
        "score": {"0": 0, "1": 0},
        "next": {"seat": 1, "phase": "choose_hand", "legal": None},
    }


@pytest.mark.parametrize(("hand", "seat0", "seat1"), [("A", "A", "B"), ("B", "B", "A")])
def test_hands_in_dealing_order_by_choice(hand, seat0, seat1):
    deck = cards_str(new_deck())
    status, out = run(
        {
            "game": "memulation",
            "deck": deck,
            "lucky_duck": 0,
            "actions": [{"seat": 0, "type": "choose_hand", "hand": hand}],
        }
    )
    hands = {"A": deck[0:26:2], "B": deck[1:26:2]}
    assert status == 0
    assert out["deals"][0]["hands"] == {"0": hands[seat0], "1": hands[seat1]}
    # Lame Duck leads the first trick.
    assert out["next"]["seat"] == 1 and out["next"]["phase"] == "play"


def test_ten_may_be_written_10():
    deck = [c.replace("T", "10") for c in DECK]
    status, out = replayed([CHOOSE_A, play(1, "10C")], deck=deck)
    assert status == 0
    assert out["deals"][0]["tricks"] == [{"leader": 1, "cards": ["TC"], "winner": None}]


# ---------------------------------------------------------------------------- legal cards


@pytest.mark.parametrize(
    ("lead", "legal"),
    [
        # the first lead: any card, sorted S H D C then rank
        (None, ["2H", "7H", "AH", "4C", "5C", "6C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]),
        # a follower holding non-wild cards of the led suit: those or a Wild Card
        ("2H", ["3H", "4H", "7D"]),
        # void in the led suit: any card
        ("4C", ["2S", "3S", "4S", "5S", "6S", "8S", "9S", "TS", "JS", "AS", "3H", "4H", "7D"]),
        # a wild lead has no led suit: any card, even with hearts in hand
        ("7H", ["2S", "3S", "4S", "5S", "6S", "8S", "9S", "TS", "JS", "AS", "3H", "4H", "7D"]),
    ],
)
def test_legal_cards(lead, legal):
    actions = [CHOOSE_A] + ([play(1, lead)] if lead else [])
    status, out = replayed(actions)
    assert status == 0
    assert out["next"] == {"seat": 0 if lead else 1, "phase": "play", "legal": legal}


def test_wild_card_may_be_played_by_a_player_who_can_follow():
    status, out = replayed([CHOOSE_A, play(1, "2H"), play(0, "7D")])
    assert status == 0
    assert out["deals"][0]["tricks"][0] == {"leader": 1, "cards": ["2H", "7D"], "winner": 0}


def test_must_follow_with_a_non_wild_card_of_the_led_suit():
    status, out = replayed([CHOOSE_A, play(1, "2H"), play(0, "2S")])
    assert status == 1
    assert out["error"]["code"] == "must_follow_suit" and out["error"]["index"] == 2
    assert out["next"]["legal"] == ["3H", "4H", "7D"]


def test_pritticut_is_not_in_play():
    _status, out = replayed([CHOOSE_A])
    assert "7S" not in out["deals"][0]["hands"]["0"] + out["deals"][0]["hands"]["1"]


# ---------------------------------------------------------------------------- who wins


@pytest.mark.parametrize(
    ("lead", "follow", "wild_tie", "winner"),
    [
        ("2H", "4H", "leader", 0),  # same suit: higher rank
        ("AH", "3H", "leader", 1),  # same suit: higher rank (the leader's)
        ("2H", "7D", "leader", 0),  # exactly one wild: it wins
        ("7H", "AS", "leader", 1),  # a wild lead beats a trump
        ("7H", "3H", "leader", 1),  # a wild lead beats a card of its own suit
        ("7H", "7D", "leader", 1),  # both wild: the card led wins
        ("7H", "7D", "follower", 0),  # both wild, wild_tie follower
        ("2H", "7D", "follower", 0),  # wild_tie changes nothing with one wild
        ("4C", "2S", "leader", 0),  # void follower trumps
        ("4C", "3H", "leader", 1),  # void follower sluffs: the leader wins
        ("AC", "2S", "leader", 0),  # the lowest trump beats the ace of another suit
    ],
)
def test_trick_winner(lead, follow, wild_tie, winner):
    status, out = replayed(
        [CHOOSE_A, play(1, lead), play(0, follow)], options={"wild_tie": wild_tie}
    )
    assert status == 0
    deal = out["deals"][0]
    assert deal["tricks"] == [{"leader": 1, "cards": [lead, follow], "winner": winner}]
    assert deal["tricks_won"] == {"0": int(winner == 0), "1": int(winner == 1)}
    assert out["next"]["seat"] == winner  # the winner leads the next trick


def test_leader_trump_against_a_sluff_wins():
    # seat 0 wins trick 1 with a trump, then leads a trump; seat 1 (no spades) sluffs.
    status, out = replayed([CHOOSE_A, play(1, "4C"), play(0, "2S"), play(0, "3S"), play(1, "5C")])
    assert status == 0
    assert out["deals"][0]["tricks"][1]["winner"] == 0


def test_scores_count_completed_tricks_only():
    _status, out = replayed([CHOOSE_A, play(1, "4C"), play(0, "2S"), play(0, "3S")])
    deal = out["deals"][0]
    assert deal["tricks"][-1] == {"leader": 0, "cards": ["3S"], "winner": None}
    assert deal["tricks_won"] == {"0": 1, "1": 0}
    assert out["score"] == {"0": 1, "1": 0}


# ---------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("actions", "code"),
    [
        ([play(1, "2H")], "wrong_phase"),  # a play before the hand is chosen
        (
            [CHOOSE_A, {"seat": 1, "type": "stragedy", "pile": 0, "trick": 0, "card": 0}],
            "wrong_phase",
        ),  # a 'Stragedy in deal 1
        ([CHOOSE_A, CHOOSE_A], "wrong_phase"),
        ([{"seat": 1, "type": "choose_hand", "hand": "A"}], "not_your_turn"),  # Lame Duck
        ([CHOOSE_A, play(0, "AS")], "not_your_turn"),  # Lame Duck leads
        ([{"seat": 0, "type": "choose_hand", "hand": "C"}], "invalid_choice"),
        ([{"seat": 0, "type": "choose_hand", "hand": "a"}], "invalid_choice"),
        ([{"seat": 0, "type": "choose_hand", "hand": None}], "invalid_choice"),
        ([{"seat": 0, "type": "choose_hand", "hand": 1}], "invalid_choice"),
        ([CHOOSE_A, play(1, "AS")], "card_not_in_hand"),
        ([CHOOSE_A, play(1, "7S")], "card_not_in_hand"),  # the Pritticut
        ([CHOOSE_A, play(1, "2H"), play(0, "AS")], "must_follow_suit"),
        # the order of checks
        ([{"seat": 1, "type": "play", "card": "AS"}], "wrong_phase"),  # before not_your_turn
        ([{"seat": 1, "type": "choose_hand", "hand": "Z"}], "not_your_turn"),  # before choice
        ([CHOOSE_A, play(0, "AC")], "not_your_turn"),  # before card_not_in_hand
        ([CHOOSE_A, play(1, "2H"), play(0, "AC")], "card_not_in_hand"),  # before follow suit
    ],
)
def test_refusals(actions, code):
    status, out = replayed(actions)
    assert status == 1
    assert out["ok"] is False
    assert out["error"]["code"] == code
    assert out["error"]["index"] == len(actions) - 1
    assert isinstance(out["error"]["message"], str) and out["error"]["message"]
    # the refused action changed nothing: the output is the state after the others
    _, before = replayed(actions[:-1])
    assert {k: v for k, v in out.items() if k not in ("ok", "error")} == {
        k: v for k, v in before.items() if k != "ok"
    }


def test_apply_leaves_the_old_state_unchanged():
    state = Memulation.create(deck=DECK, lucky_duck=0, options={"examination": False})
    before = state.to_json()
    with pytest.raises(RulesError) as error:
        state.apply(play(1, "2H"))
    assert error.value.code == "wrong_phase"
    new = state.apply(CHOOSE_A)
    assert state.to_json() == before and new.phase == "play"


# ---------------------------------------------------------------------------- deal 2


def test_deal_two_before_the_choice_and_the_stragedy():
    _state, actions = first_legal_round(DECK)
    status, out = replayed(actions)
    assert status == 0 and len(out["deals"]) == 2
    assert out["deals"][1] == {
        "pritticut": None,
        "trump": None,
        "wild": None,
        "hands": None,
        "tricks": [],
        "tricks_won": {"0": 0, "1": 0},
        "stragedy": None,
    }
    assert "stragedy" not in out["deals"][0]
    assert out["next"] == {"seat": 0, "phase": "choose_hand", "legal": None}
    # the choice comes before the 'Stragedy, which Lame Duck makes
    status, out = replayed([*actions, {"seat": 0, "type": "choose_hand", "hand": "B"}])
    assert status == 0
    assert out["next"] == {"seat": 1, "phase": "stragedy", "legal": None}
    deal = out["deals"][1]
    assert deal["pritticut"] is None and deal["stragedy"] is None
    pack = [*DECK[27:], DECK[26]]  # the old Pritticut buried at the bottom
    assert deal["hands"] == {"0": pack[1::2], "1": pack[0::2]}
    assert deal["hands"]["0"][-1] == "7S"


def old_piles(out: dict) -> dict[int, list[list[str]]]:
    tricks = out["deals"][0]["tricks"]
    return {p: [t["cards"] for t in tricks if t["winner"] == p] for p in (0, 1)}


@pytest.mark.parametrize(
    ("pile", "trick", "card", "code"),
    [
        (2, 0, 0, "invalid_position"),
        (-1, 0, 0, "invalid_position"),
        (0, 0, 2, "invalid_position"),
        (0, -1, 0, "invalid_position"),
        (0, 99, 0, "invalid_position"),
    ],
)
def test_stragedy_positions_that_name_no_card(pile, trick, card, code):
    _, actions = first_legal_round(DECK)
    choose = {"seat": 0, "type": "choose_hand", "hand": "A"}
    stragedy = {"seat": 1, "type": "stragedy", "pile": pile, "trick": trick, "card": card}
    status, out = replayed([*actions, choose, stragedy])
    assert status == 1 and out["error"]["code"] == code


def test_stragedy_beyond_a_pile():
    _, actions = first_legal_round(DECK)
    choose = {"seat": 0, "type": "choose_hand", "hand": "A"}
    _, out = replayed([*actions, choose])
    piles = old_piles(out)
    for pile in (0, 1):
        n = len(piles[pile])
        bad = {"seat": 1, "type": "stragedy", "pile": pile, "trick": n, "card": 0}
        status, result = replayed([*actions, choose, bad])
        assert status == 1 and result["error"]["code"] == "invalid_position"
        if n:
            good = {"seat": 1, "type": "stragedy", "pile": pile, "trick": n - 1, "card": 1}
            status, result = replayed([*actions, choose, good])
            assert status == 0
            assert result["deals"][1]["pritticut"] == piles[pile][n - 1][1]


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"seat": 0, "type": "stragedy", "pile": 0, "trick": 0, "card": 0}, "not_your_turn"),
        ({"seat": 1, "type": "play", "card": "AS"}, "wrong_phase"),
        ({"seat": 1, "type": "choose_hand", "hand": "A"}, "wrong_phase"),
    ],
)
def test_stragedy_phase_refusals(action, code):
    _, actions = first_legal_round(DECK)
    choose = {"seat": 0, "type": "choose_hand", "hand": "A"}
    status, out = replayed([*actions, choose, action])
    assert status == 1 and out["error"]["code"] == code


def test_stragedy_makes_the_new_pritticut_and_lame_duck_leads():
    _state, actions = first_legal_round(DECK)
    choose = {"seat": 0, "type": "choose_hand", "hand": "A"}
    _, out = replayed([*actions, choose])
    piles = old_piles(out)
    pile = 0 if piles[0] else 1
    card = piles[pile][0][1]
    stragedy = {"seat": 1, "type": "stragedy", "pile": pile, "trick": 0, "card": 1}
    status, out = replayed([*actions, choose, stragedy])
    assert status == 0
    deal = out["deals"][1]
    assert deal["stragedy"] == {"pile": pile, "trick": 0, "card": 1}
    assert (deal["pritticut"], deal["trump"], deal["wild"]) == (card, card[1], card[0])
    assert out["next"]["seat"] == 1 and out["next"]["phase"] == "play"
    # the new Pritticut is not in play, so the wild of the trump suit never is
    assert card not in deal["hands"]["0"] + deal["hands"]["1"]
    # the old deal's record is unchanged (the card is taken out of the piles, not the log)
    assert out["deals"][0]["tricks"] == replayed(actions)[1]["deals"][0]["tricks"]


def test_stragedy_intent_is_recorded_with_where_the_card_really_was():
    state, _actions = first_legal_round(DECK)
    state = state.apply({"seat": 0, "type": "choose_hand", "hand": "A"})
    first_pile = 0 if state.old_piles[0] else 1
    trick = state.old_tricks[state.old_piles[first_pile][0]]
    target = cards_str([trick[2]])[0]  # the card that followed in that trick
    # intended card: the one that was led in that trick; chosen: the one that followed
    intended = cards_str([trick[1]])[0]
    new = state.apply(
        {
            "seat": 1,
            "type": "stragedy",
            "pile": first_pile,
            "trick": 0,
            "card": 1,
            "intended": intended,
        }
    )
    record = new.stragedy
    assert record == {
        "seat": 1,
        "intended": intended,
        "position": {"pile": first_pile, "trick": 0, "card": 1},
        "revealed": target,
        "intended_position": {"pile": first_pile, "trick": 0, "card": 0},
        "hit": False,
    }
    assert new.events[0]["type"] == "stragedy" and new.events[0]["revealed"] == target
    # the old Pritticut is in a hand now, not among the old tricks
    missing = state.apply(
        {"seat": 1, "type": "stragedy", "pile": first_pile, "trick": 0, "card": 1, "intended": "7S"}
    )
    assert missing.stragedy["intended_position"] is None
    assert missing.stragedy["hit"] is False
    hit = state.apply(
        {
            "seat": 1,
            "type": "stragedy",
            "pile": first_pile,
            "trick": 0,
            "card": 1,
            "intended": target,
        }
    )
    assert hit.stragedy["hit"] is True
    assert hit.stragedy["intended_position"] == {"pile": first_pile, "trick": 0, "card": 1}
    # Lucky Duck's view shows the revealed card, not the intended one
    assert "intended" not in new.view(0)["stragedy"]
    assert new.view(1)["stragedy"]["intended"] == intended
    # the hole: that position no longer holds a face-down card
    assert new.view(0)["old_piles"][str(first_pile)][0] == [True, False]


def test_stragedy_intent_option_off_records_nothing():
    state = Memulation.create(
        deck=DECK, lucky_duck=0, options={"examination": False, "stragedy_intent": False}
    )
    state = state.apply(CHOOSE_A)
    while state.phase != "stragedy":
        action = state.legal_actions(state.to_act[0])[0]
        state = state.apply(action)
    action = state.legal_actions(1)[0]
    new = state.apply({**action, "intended": "AS"})
    assert new.stragedy["intended"] is None


def test_full_round_and_game_over():
    state, actions = first_legal_round(DECK)
    state = state.apply({"seat": 0, "type": "choose_hand", "hand": "A"})
    actions.append({"seat": 0, "type": "choose_hand", "hand": "A"})
    while not state.finished:
        action = state.legal_actions(state.to_act[0])[0]
        actions.append(action)
        state = state.apply(action)
    status, out = replayed(actions)
    assert status == 0 and out["finished"] is True and out["next"] is None
    assert [len(d["tricks"]) for d in out["deals"]] == [13, 13]
    assert out["score"]["0"] + out["score"]["1"] == 26
    for deal in out["deals"]:
        assert sum(deal["tricks_won"].values()) == 13
    # anything after the end is game_over, checked before phase and turn
    for extra in (
        play(0, "AS"),
        CHOOSE_A,
        {"seat": 1, "type": "stragedy", "pile": 0, "trick": 0, "card": 0},
    ):
        status, after = replayed([*actions, extra])
        assert status == 1 and after["error"] == {
            "index": len(actions),
            "code": "game_over",
            "message": after["error"]["message"],
        }


# ---------------------------------------------------------------------------- roles and match


def test_a_short_game_plays_the_tricks_option_in_each_deal():
    options = {"examination": False, "tricks": 3}
    state = Memulation.create(deck=DECK, lucky_duck=0, options=options)
    state = state.apply(CHOOSE_A)
    for _ in range(6):
        state = state.apply(state.legal_actions(state.to_act[0])[0])
    # Three tricks and the Old Deal is over: ten cards each are laid aside unplayed.
    assert state.deal_no == 1 and len(state.old_tricks) == 3
    assert sum(len(pile) for pile in state.view(1)["old_piles"].values()) == 3
    assert sum(state.deal_scores[0]) == 3
    state = state.apply(CHOOSE_A)
    # The 'Stragedy chooses among the three tricks played, and nowhere else.
    positions = state.legal_actions(1)
    assert len(positions) == 6
    state = state.apply(positions[0])
    for _ in range(6):
        state = state.apply(state.legal_actions(state.to_act[0])[0])
    assert state.finished
    assert [sum(s) for s in state.deal_scores] == [3, 3]
    assert sum(state.match_score) == 6
    # The option is kept with the state; a full game's options are stored as they always were.
    again = Memulation.from_json(state.to_json())
    assert again.options.tricks == 3 and again.finished
    assert "tricks" not in Memulation.create(deck=DECK, lucky_duck=0).options.as_dict()


@pytest.mark.parametrize("tricks", [0, 14, "3", 2.5, True])
def test_the_tricks_option_is_a_whole_number_from_1_to_13(tricks):
    with pytest.raises(RulesError) as refused:
        Memulation.create(deck=DECK, lucky_duck=0, options={"tricks": tricks})
    assert refused.value.code == "invalid_input"


def test_cut_for_lucky_duck_is_recorded_and_drawn_from_the_undealt():
    for seed in range(30):
        state = create_game("memulation", seed=seed)
        roles = state.roles
        assert roles["method"] == "cut"
        undealt = set(cards_str(state.deck[27:]))
        ranks = "23456789TJQKA"
        for first, second in roles["cut"][:-1]:
            assert first in undealt and second in undealt and first[0] == second[0]
        first, second = roles["cut"][-1]
        assert first in undealt and second in undealt and first != second
        assert state.lucky_duck == (0 if ranks.index(first[0]) > ranks.index(second[0]) else 1)
        assert state.events[0]["type"] == "round_started"
        assert state.events[0]["roles"] == roles


def test_the_cut_is_in_both_views_until_the_old_deal_is_played():
    state = create_game("memulation", seed=5)
    assert state.view(0)["roles_cut"] == state.view(1)["roles_cut"] == state.roles["cut"]
    state = state.apply({"type": "end_examination", "seat": None})
    assert state.phase == "choose_hand" and state.view(0)["roles_cut"] == state.roles["cut"]
    state = state.apply({"type": "choose_hand", "seat": state.lucky_duck, "hand": "A"})
    assert state.phase == "play" and state.view(0)["roles_cut"] is None
    fixed = create_game("memulation", seed=5, options={"roles": "alternate"})
    assert fixed.view(0)["roles_cut"] is None


def test_cut_again_on_equal_ranks():
    assert any(len(create_game("memulation", seed=s).roles["cut"]) > 1 for s in range(100))


@pytest.mark.parametrize(
    ("roles", "expected", "method"),
    [
        ("alternate", [0, 1, 0, 1], "alternate"),
        (1, [1, 1, 1, 1], "fixed"),
        ([1, 1, 0], [1, 1, 0, 1], "fixed"),
    ],
)
def test_fixed_roles(roles, expected, method):
    state = create_game(
        "memulation", seed=3, options={"rounds": 4, "roles": roles, "examination": False}
    )
    seen = []
    while not state.finished:
        if not seen or seen[-1][0] != state.round_no:
            seen.append((state.round_no, state.lucky_duck, state.roles["method"]))
        moves = state.legal_moves()
        state.step(moves[0])
    assert [s[1] for s in seen] == expected
    assert {s[2] for s in seen} == {method}


def test_match_of_rounds_from_fresh_shuffles():
    state = create_game("memulation", seed=11, options={"rounds": 3, "examination": False})
    while not state.finished:
        state = state.apply(state.legal_actions(state.to_act[0])[-1])
    records = state.history_records()
    assert [r["round"] for r in records] == [0, 1, 2]
    assert len({tuple(r["deck"]) for r in records}) == 3
    assert len({r["seed"] for r in records}) == 3
    assert sum(r["score"]["0"] for r in records) == state.match_score[0]
    assert sum(state.match_score) == 78
    assert state.events[-1]["type"] == "match_ended"
    # the same seed gives the same match
    again = create_game("memulation", seed=11, options={"rounds": 3, "examination": False})
    assert again.deck == state.history[0].deck


# ---------------------------------------------------------------------------- examination


def test_examination_phase():
    state = Memulation.create(deck=DECK, lucky_duck=0)
    assert state.phase == "examination" and state.to_act == [0, 1]
    for seat in (0, 1):
        view = state.view(seat)
        assert view["examination"]["A"] == DECK[0:26:2]
        assert view["examination"]["B"] == DECK[1:26:2]
        assert view["hand"] is None
    with pytest.raises(RulesError) as error:
        state.apply(CHOOSE_A)
    assert error.value.code == "wrong_phase"
    state = state.apply({"type": "end_examination", "seat": 0})
    assert state.to_act == [1] and state.view(0)["examination"]["done"] is True
    with pytest.raises(RulesError) as error:
        state.apply({"type": "end_examination", "seat": 0})
    assert error.value.code == "not_your_turn"
    state = state.apply({"type": "end_examination", "seat": 1})
    assert state.phase == "choose_hand" and state.to_act == [0]
    assert [e["type"] for e in state.events] == ["examination_ended", "examination_over"]
    # after the examination nobody sees the hands until the choice, then only their own
    assert state.view(0)["examination"] is None and state.view(0)["hand"] is None
    state = state.apply(CHOOSE_A)
    assert state.view(0)["hand"] == sorted_cards(HAND_A)
    assert state.view(1)["hand"] == sorted_cards(HAND_B)


def test_examination_ended_by_the_caller_and_again_in_deal_two():
    state = Memulation.create(deck=DECK, lucky_duck=0)
    state = state.apply({"type": "end_examination", "seat": None})
    assert state.phase == "choose_hand"
    state = state.apply(CHOOSE_A)
    while state.deal_no == 0:
        state = state.apply(state.legal_actions(state.to_act[0])[0])
    assert state.phase == "examination"
    pack = [*DECK[27:], DECK[26]]
    assert state.view(1)["examination"]["B"] == pack[1::2]
    assert state.view(1)["pritticut"] is None  # the old Pritticut is buried


def sorted_cards(text: str) -> list[str]:
    return cards_str(sorted(parse_card(c) for c in text.split()))


def test_legal_actions_and_moves_agree():
    state = Memulation.create(deck=DECK, lucky_duck=0)
    assert state.legal_actions(0) == [{"type": "end_examination", "seat": 0}]
    state = state.apply({"type": "end_examination", "seat": None})
    assert state.legal_actions(1) == []
    assert [a["hand"] for a in state.legal_actions(0)] == ["A", "B"]
    for move in state.legal_moves():
        assert state.action_to_move(state.move_to_action(move)) == move


def test_view_keys():
    state = create_game("memulation", seed=4)
    assert list(state.view(0)) == [
        "game", "seat", "phase", "to_act", "finished", "round", "rounds", "deal",
        "lucky_duck", "lame_duck", "roles_method", "roles_cut", "options", "examination", "hand",
        "hand_label", "hand_counts", "pritticut", "trump", "wild", "trick", "last_trick", "piles",
        "old_piles", "stragedy", "legal", "deal_scores", "round_score", "match_score",
        "rounds_played",
    ]  # fmt: skip
    with pytest.raises(RulesError) as error:
        state.view(2)
    assert error.value.code == "invalid_input"


def test_the_view_shows_the_deal_s_last_trick_taken_during_play_only():
    state = create_game("memulation", seed=4)
    seen = []
    while not state.finished:
        seat = state.to_act[0]
        before = state.view(seat)
        action = state.legal_actions(seat)[0]
        state = state.apply(action)
        won = [e for e in state.events if e["type"] == "trick_won"]
        view = state.view(1 - seat)
        if won and state.phase == "play":
            last = view["last_trick"]
            assert last == {
                "number": won[-1]["trick"],
                "leader": won[-1]["leader"],
                "cards": won[-1]["cards"],
                "winner": won[-1]["winner"],
            }
            assert view["last_trick"] == state.view(seat)["last_trick"]  # public to both
            seen.append(last["number"])
        if state.phase != "play" or (before["phase"] != "play" and not won):
            assert view["last_trick"] is None or state.phase == "play"
        if state.phase in ("choose_hand", "stragedy", "examination"):
            assert view["last_trick"] is None  # never the Old Deal's tricks at the 'Stragedy
    assert seen.count(0) == 2 and max(seen) == 11  # each deal's; the 13th ends the deal
