"""Mendikot rules, table by table (RULES.md, "Mendikot")."""

from __future__ import annotations

import itertools

import pytest

from apps.games.engine import Mendikot, RulesError, create_game
from apps.games.engine.cards import cards_str, new_deck
from apps.games.engine.mendikot import round_result
from apps.games.engine.replay import run
from tests.engine.decks import mendikot_deck, split

# Dealer 3: seat 0 receives first, holds (and with the hidden rules hides) and leads.
VOIDS = mendikot_deck(
    {
        0: "AS 2H KS QS 2D 3D 4D 5D 6D 2C 3C 4C 5C",
        1: "KH QH 7D 8D 9D TD JD 6C 7C 8C 9C TC JC",  # no spades
        2: "3H 4H 5H QD KD AD QC KC AC 6H 7H 8H 9H",  # no spades
        3: "JS TS 9S 8S 7S 6S 5S 4S 3S 2S TH JH AH",
    },
    dealer=3,
)
# Seat 0's only heart is 2H; seat 2 wins the first (diamond) trick and leads hearts.
RETURNED = mendikot_deck(
    {
        0: "2H 2D AS KS QS JS TS 9S 8S 7S 6S 5S 4S",
        1: "3D 3S 2S 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        2: "AD 3H 4H 5H 6H 7H 8H QC KC AC 4D 5D 6D",
        3: "7D 8D 9D TD JD QD KD 9H TH JH QH KH AH",
    },
    dealer=3,
)
# Nobody is ever void: seat 0 holds the three top cards of every suit and wins every trick.
NO_VOIDS = mendikot_deck(
    {
        0: "2S AS KS QS AH KH QH AD KD QD AC KC QC",
        1: "JS TS 9S JH TH 9H 8H JD TD 9D JC TC 9C",
        2: "8S 7S 6S 7H 6H 5H 8D 7D 6D 5D 8C 7C 6C",
        3: "5S 4S 3S 4H 3H 2H 4D 3D 2D 5C 4C 3C 2C",
    },
    dealer=3,
)


def play(seat: int, card: str) -> dict:
    return {"seat": seat, "type": "play", "card": card}


def hide(card: str, seat: int = 0) -> dict:
    return {"seat": seat, "type": "hide_trump", "card": card}


def ask(seat: int) -> dict:
    return {"seat": seat, "type": "ask_trump"}


def replayed(rule: str, actions: list, deck: list | None = None, dealer: int = 3, **extra):
    doc = {
        "game": "mendikot",
        "trump_rule": rule,
        "dealer": dealer,
        "deck": deck or VOIDS,
        "actions": actions,
        **extra,
    }
    return run(doc)


# ---------------------------------------------------------------------------- the deal


def test_deal_and_first_lead():
    deck = cards_str(new_deck())
    status, out = run(
        {"game": "mendikot", "trump_rule": "first_void", "dealer": 1, "deck": deck, "actions": []}
    )
    assert status == 0
    assert out == {
        "ok": True,
        "finished": False,
        "trump": None,
        "trump_revealed": None,
        "tricks": [],
        "tens": {"0": 0, "1": 0},
        "tricks_won": {"0": 0, "1": 0},
        "winner": None,
        "result": None,
        "next_dealer": None,
        # dealer 1: position i goes to seat (2 + i) % 4; seat 2 leads
        "next": {"seat": 2, "phase": "play", "legal": deck[0::4], "can_ask": False},
    }


@pytest.mark.parametrize("rule", ["hidden_reveal", "hidden_ask"])
def test_hide_trump_comes_first(rule):
    _status, out = replayed(rule, [])
    assert out["next"] == {
        "seat": 0,
        "phase": "hide_trump",
        "legal": ["QS", "KS", "AS", "2H", "2D", "3D", "4D", "5D", "6D", "2C", "3C", "4C", "5C"],
    }
    assert out["trump"] is None and out["trump_revealed"] is None


# ---------------------------------------------------------------------------- turn_up


def test_turn_up_trump_is_in_force_from_the_start():
    # The turned card is dealt normally (here seat 3 holds TH); only its suit matters.
    status, out = replayed(
        "turn_up", [play(0, "AS"), play(1, "QH"), play(2, "QC"), play(3, "2S")], turn_up="TH"
    )
    assert status == 0
    assert out["trump"] == "H" and out["trump_revealed"] is None
    assert out["tricks"][0]["winner"] == 1  # QH is a trump
    assert out["next"]["seat"] == 1


def test_turn_up_no_obligation_to_trump():
    _status, out = replayed("turn_up", [play(0, "AS")], turn_up="5H")
    assert out["next"]["legal"] == split("QH KH 7D 8D 9D TD JD 6C 7C 8C 9C TC JC")


# ---------------------------------------------------------------------------- hidden_ask


def test_ask_reveals_and_the_asker_must_trump():
    status, out = replayed("hidden_ask", [hide("2H"), play(0, "AS"), ask(1)])
    assert status == 0
    assert out["trump"] == "H"
    assert out["trump_revealed"] == {"trick": 0, "seat": 1}
    # after an ask the same seat is still to play, and legal reflects the duty to trump
    assert out["next"] == {"seat": 1, "phase": "play", "legal": ["QH", "KH"], "can_ask": False}
    status, out = replayed("hidden_ask", [hide("2H"), play(0, "AS"), ask(1), play(1, "7D")])
    assert status == 1 and out["error"]["code"] == "must_play_trump"


def test_trumps_played_before_the_ask_do_not_count():
    actions = [hide("2H"), play(0, "AS"), play(1, "KH"), ask(2), play(2, "3H"), play(3, "2S")]
    status, out = replayed("hidden_ask", actions)
    assert status == 0
    assert out["trump_revealed"] == {"trick": 0, "seat": 2}
    # KH was played before the ask; 3H after it, so 3H is the only counting trump
    assert out["tricks"][0]["winner"] == 2
    assert out["tricks_won"] == {"0": 1, "1": 0}


def test_a_player_who_does_not_ask_cannot_trump():
    actions = [hide("2H"), play(0, "AS"), play(1, "KH"), play(2, "QC"), play(3, "2S")]
    status, out = replayed("hidden_ask", actions)
    assert status == 0
    assert out["trump"] is None and out["tricks"][0]["winner"] == 0


def test_can_ask_flag():
    _, out = replayed("hidden_ask", [hide("2H"), play(0, "AS")])
    assert out["next"]["can_ask"] is True  # seat 1 is void in spades
    _, out = replayed("hidden_ask", [hide("2H"), play(0, "AS"), play(1, "KH"), play(2, "QC")])
    assert out["next"]["can_ask"] is False  # seat 3 holds spades
    _, out = replayed("hidden_ask", [hide("2H")])
    assert out["next"]["can_ask"] is False  # the leader has no led suit


def test_hidden_card_is_not_in_the_hand():
    status, out = replayed("hidden_ask", [hide("2H"), play(0, "2H")])
    assert status == 1 and out["error"]["code"] == "card_not_in_hand"
    assert "2H" not in out["next"]["legal"]


def test_returned_card_of_the_led_suit_after_an_ask():
    # Seat 0 is void in hearts in hand, asks, gets 2H back: it must follow suit with it.
    lead = [
        hide("2H"),
        play(0, "2D"),
        play(1, "3D"),
        play(2, "AD"),
        play(3, "7D"),
        play(2, "3H"),
        play(3, "9H"),
    ]
    _, out = replayed("hidden_ask", lead, deck=RETURNED)
    assert out["next"]["can_ask"] is True and out["trump"] is None
    _, out = replayed("hidden_ask", [*lead, ask(0)], deck=RETURNED)
    assert out["next"]["legal"] == ["2H"]
    status, out = replayed("hidden_ask", [*lead, ask(0), play(0, "AS")], deck=RETURNED)
    # following suit is checked before the duty to trump
    assert status == 1 and out["error"]["code"] == "must_follow_suit"


@pytest.mark.parametrize(
    ("rule", "actions", "code"),
    [
        (
            "hidden_ask",
            [hide("2H"), play(0, "AS"), play(1, "KH"), play(2, "QC"), ask(3)],
            "cannot_ask",
        ),  # not void in the led suit
        ("hidden_ask", [hide("2H"), ask(0)], "cannot_ask"),  # leading: no led suit
        ("hidden_ask", [hide("2H"), play(0, "AS"), ask(1), ask(1)], "cannot_ask"),  # revealed
        (
            "hidden_ask",
            [
                hide("2H"),
                play(0, "AS"),
                play(1, "KH"),
                ask(2),
                play(2, "3H"),
                play(3, "2S"),
                play(2, "AD"),
                ask(3),
            ],
            "cannot_ask",
        ),
        ("hidden_reveal", [hide("2H"), play(0, "AS"), ask(1)], "cannot_ask"),  # wrong rule
        ("turn_up", [play(0, "AS"), ask(1)], "cannot_ask"),
        ("first_void", [play(0, "AS"), ask(1)], "cannot_ask"),
        ("hidden_ask", [ask(0)], "wrong_phase"),  # the hide_trump phase takes no ask
        ("hidden_ask", [hide("2H"), play(0, "AS"), ask(2)], "not_your_turn"),
        ("hidden_ask", [play(0, "AS")], "wrong_phase"),
        ("hidden_ask", [hide("KH")], "card_not_in_hand"),
        ("hidden_ask", [hide("KH", seat=1)], "not_your_turn"),
        ("hidden_ask", [hide("2H"), hide("AS")], "wrong_phase"),
        ("turn_up", [hide("AS")], "wrong_phase"),
        ("turn_up", [play(1, "KH")], "not_your_turn"),
        ("turn_up", [play(1, "AS")], "not_your_turn"),  # before card_not_in_hand
        ("turn_up", [play(0, "KH")], "card_not_in_hand"),
        ("turn_up", [play(0, "AS"), play(1, "AS")], "card_not_in_hand"),
        (
            "turn_up",
            [play(0, "AS"), play(1, "KH"), play(2, "QC"), play(3, "TH")],
            "must_follow_suit",
        ),
        (
            "turn_up",
            [play(0, "AS"), play(1, "KH"), play(2, "QC"), play(3, "KH")],
            "card_not_in_hand",
        ),  # before must_follow_suit
        ("hidden_ask", [hide("2H"), play(1, "KH")], "not_your_turn"),
    ],
)
def test_refusals(rule, actions, code):
    extra = {"turn_up": "5H"} if rule == "turn_up" else {}
    status, out = replayed(rule, actions, **extra)
    assert status == 1
    assert out["error"]["code"] == code and out["error"]["index"] == len(actions) - 1
    _, before = replayed(rule, actions[:-1], **extra)
    assert {k: v for k, v in out.items() if k not in ("ok", "error")} == {
        k: v for k, v in before.items() if k != "ok"
    }


# ---------------------------------------------------------------------------- hidden_reveal


def test_reveal_happens_at_the_start_of_the_void_players_turn():
    status, out = replayed("hidden_reveal", [hide("2H"), play(0, "AS")])
    assert status == 0
    # the replay stops at seat 1's turn: trump is already shown
    assert out["trump"] == "H" and out["trump_revealed"] == {"trick": 0, "seat": 1}
    # no obligation to trump: any card
    assert out["next"]["legal"] == split("QH KH 7D 8D 9D TD JD 6C 7C 8C 9C TC JC")
    assert out["next"]["can_ask"] is False
    status, out = replayed(
        "hidden_reveal", [hide("2H"), play(0, "AS"), play(1, "7D"), play(2, "3H"), play(3, "2S")]
    )
    assert status == 0 and out["tricks"][0]["winner"] == 2  # 3H counts; 7D is a sluff


def test_reveal_returned_card_must_follow_suit():
    lead = [
        hide("2H"),
        play(0, "2D"),
        play(1, "3D"),
        play(2, "AD"),
        play(3, "7D"),
        play(2, "3H"),
        play(3, "9H"),
    ]
    status, out = replayed("hidden_reveal", lead, deck=RETURNED)
    assert status == 0
    assert out["trump"] == "H" and out["trump_revealed"] == {"trick": 1, "seat": 0}
    assert out["next"] == {"seat": 0, "phase": "play", "legal": ["2H"], "can_ask": False}
    status, out = replayed("hidden_reveal", [*lead, play(0, "AS")], deck=RETURNED)
    assert status == 1 and out["error"]["code"] == "must_follow_suit"
    # 2H is played after trump came into force: it counts as a trump and wins; the hearts
    # played before the reveal do not count
    status, out = replayed("hidden_reveal", [*lead, play(0, "2H"), play(1, "2C")], deck=RETURNED)
    assert status == 0 and out["tricks"][1]["winner"] == 0


def no_voids_actions(rule: str) -> list[dict]:
    """Twelve tricks in which everybody follows suit (seat 0 leads and wins them all)."""
    state = Mendikot.create(deck=NO_VOIDS, dealer=3, options={"trump_rule": rule})
    actions = [hide("2S")]
    state = state.apply(actions[0])
    while len(state.tricks) < 12:
        action = state.legal_actions(state.to_act[0])[0]
        assert action["type"] == "play"
        actions.append(action)
        state = state.apply(action)
    return actions


@pytest.mark.parametrize("rule", ["hidden_reveal", "hidden_ask"])
def test_empty_hand_reveal(rule):
    actions = no_voids_actions(rule)
    assert len(actions) == 49
    status, out = replayed(rule, actions, deck=NO_VOIDS)
    assert status == 0
    assert out["trump"] == "S" and out["trump_revealed"] == {"trick": 12, "seat": 0}
    assert out["next"] == {"seat": 0, "phase": "play", "legal": ["2S"], "can_ask": False}
    rest = [play(0, "2S"), play(1, "JH"), play(2, "8D"), play(3, "5C")]
    status, out = replayed(rule, actions + rest, deck=NO_VOIDS)
    assert status == 0 and out["finished"] is True
    assert out["tricks_won"] == {"0": 13, "1": 0} and out["tens"] == {"0": 4, "1": 0}
    assert (out["winner"], out["result"], out["next_dealer"]) == (0, "whitewash", 3)
    assert out["next"] is None


def test_empty_hand_reveal_of_a_follower():
    """The owner's last turn as a follower: the reveal happens at the start of it."""
    # hidden_ask, nobody asks; seat 0 hides its only club and plays its spades on other leads.
    state = Mendikot.create(deck=VOIDS, dealer=3, options={"trump_rule": "hidden_ask"})
    state = state.apply(hide("2C"))
    while state.hidden >= 0:
        moves = [m for m in state.legal_moves() if m != 52]
        state.step(moves[0])
    event_state = state
    assert event_state.revealed[1] == event_state.owner == 0
    assert event_state.hands[0] == 1 << 39  # the 2C back in the hand, nothing else


# ---------------------------------------------------------------------------- first_void


def test_first_void_fixing_card_counts_in_its_own_trick():
    status, out = replayed("first_void", [play(0, "AS"), play(1, "7D")])
    assert status == 0
    assert out["trump"] == "D" and out["trump_revealed"] == {"trick": 0, "seat": 1}
    _, out = replayed("first_void", [play(0, "AS"), play(1, "7D"), play(2, "QC"), play(3, "2S")])
    assert out["tricks"][0]["winner"] == 1  # the fixing card won its own trick
    _, out = replayed("first_void", [play(0, "AS"), play(1, "7D"), play(2, "QD"), play(3, "2S")])
    assert out["tricks"][0]["winner"] == 2  # a higher trump after it


def test_first_void_no_trump_before():
    _status, out = replayed("first_void", [play(0, "AS")])
    assert out["trump"] is None and out["trump_revealed"] is None
    # following suit never fixes anything
    _, out = replayed("first_void", [play(0, "2D"), play(1, "7D"), play(2, "QD"), play(3, "2S")])
    assert out["trump"] == "S" and out["trump_revealed"] == {"trick": 0, "seat": 3}
    assert out["tricks"][0]["winner"] == 3


# ---------------------------------------------------------------------------- results


@pytest.mark.parametrize(
    ("tens", "tricks", "dealer", "expected"),
    [
        ((4, 0), (13, 0), 0, (0, "whitewash", 1)),
        ((0, 4), (0, 13), 0, (1, "whitewash", 0)),
        ((4, 0), (12, 1), 1, (0, "mendikot", 1)),
        ((0, 4), (5, 8), 2, (1, "mendikot", 2)),
        ((3, 1), (2, 11), 3, (0, "tens", 3)),
        ((1, 3), (12, 1), 0, (1, "tens", 0)),
        ((2, 2), (7, 6), 1, (0, "tricks", 1)),
        ((2, 2), (6, 7), 1, (1, "tricks", 2)),
        ((2, 2), (6, 7), 2, (1, "tricks", 2)),
    ],
)
def test_round_result(tens, tricks, dealer, expected):
    assert round_result(tens, tricks, dealer) == expected


@pytest.mark.parametrize(
    ("tens", "tricks", "expected"),
    [
        ((1, 0), (1, 4), (0, "tens", 1)),  # more tens wins, however few tricks
        ((0, 2), (4, 1), (1, "tens", 0)),
        ((0, 0), (3, 2), (0, "tricks", 1)),  # as many tens: more tricks
        ((1, 1), (2, 3), (1, "tricks", 0)),
        ((2, 0), (5, 0), (0, "whitewash", 1)),  # every trick played
    ],
)
def test_round_result_of_a_short_round(tens, tricks, expected):
    assert round_result(tens, tricks, 0, played=5) == expected


def test_a_short_round_ends_after_its_tricks_with_one_winner():
    state = create_game("mendikot", seed=11, options={"tricks": 5, "rounds": 2})
    assert state.setup["options"] == {"trump_rule": "turn_up", "rounds": 2, "tricks": 5}
    while not state.finished:
        state = state.apply(state.legal_actions(state.to_act[0])[0])
    records = state.history_records()
    assert [sum(r["tricks_won"].values()) for r in records] == [5, 5]
    assert sum(state.match_wins) == 2
    # A full round's stored options are as they always were.
    assert create_game("mendikot", seed=11).setup["options"] == {
        "trump_rule": "turn_up",
        "rounds": 1,
    }


@pytest.mark.parametrize("tricks", [0, 2, 12, 14, "5", True])
def test_a_short_round_takes_an_odd_number_of_tricks(tricks):
    with pytest.raises(RulesError) as refused:
        create_game("mendikot", seed=1, options={"tricks": tricks})
    assert refused.value.code == "invalid_input"


def test_match_rotation_and_records():
    state = create_game("mendikot", seed=5, options={"trump_rule": "hidden_ask", "rounds": 6})
    first_dealer = state.dealer
    assert state.setup["dealer"] == first_dealer
    while not state.finished:
        state = state.apply(state.legal_actions(state.to_act[0])[0])
    records = state.history_records()
    assert len(records) == 6
    assert records[0]["dealer"] == first_dealer
    for before, after in itertools.pairwise(records):
        assert after["dealer"] == before["next_dealer"]
        assert before["next_dealer"] == (
            before["dealer"]
            if before["dealer"] % 2 != before["winner"]
            else (before["dealer"] + 1) % 4
        )
    for record in records:
        assert sum(record["tricks_won"].values()) == 13
        assert sum(record["tens"].values()) == 4
        assert record["result"] in ("whitewash", "mendikot", "tens", "tricks")
    assert sum(state.match_wins) == 6


def test_first_dealer_is_random_and_recorded():
    dealers = {create_game("mendikot", seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_turn_up_match_records_the_turned_card():
    state = create_game("mendikot", seed=8, options={"trump_rule": "turn_up"})
    assert state.turn_up >= 0
    assert state.trump == state.turn_up // 13
    assert state.view(2)["turn_up"] == cards_str([state.turn_up])[0]


def test_views_hide_the_hidden_trump():
    state = Mendikot.create(deck=VOIDS, dealer=3, options={"trump_rule": "hidden_ask"})
    state = state.apply(hide("2H"))
    assert state.events[0] == {"type": "trump_hidden", "seat": 0, "card": "2H"}
    assert state.view(0)["hidden_trump"] == "2H"
    for seat in (1, 2, 3):
        view = state.view(seat)
        assert view["hidden_trump"] is None and view["trump_hidden"] is True
        assert "2H" not in str(view)
    with pytest.raises(RulesError):
        state.spectator_view()
    assert state.spectator_view(allow_unfinished=True)["rounds"][0]["hidden_trump"] == "2H"
    state = state.apply(play(0, "AS")).apply(ask(1))
    assert [e["type"] for e in state.events] == ["trump_revealed"]
    assert state.events[0]["cause"] == "ask" and state.events[0]["card"] == "2H"
    assert state.view(2)["trump"] == "H" and "2H" in state.view(0)["hand"]


def test_the_record_marks_the_trumps_of_the_trick_in_play():
    state = Mendikot.create(deck=VOIDS, dealer=3, options={"trump_rule": "hidden_ask"})
    state = state.replay([hide("2H"), play(0, "AS"), ask(1), play(1, "KH")])
    in_play = state.spectator_view(allow_unfinished=True)["rounds"][0]["tricks"][-1]
    assert in_play["winner"] is None
    assert [(c["card"], c["trump"]) for c in in_play["cards"]] == [("AS", False), ("KH", True)]
    assert in_play["cards"] == state.view(2)["trick"]["cards"]


def test_view_keys():
    state = create_game("mendikot", seed=4)
    assert list(state.view(3)) == [
        "game", "seat", "team", "phase", "to_act", "finished", "round", "rounds", "dealer",
        "trump_rule", "turn_up", "trump", "trump_revealed", "trump_hidden", "hidden_trump",
        "hidden_owner", "hand", "hand_counts", "trick", "last_trick", "tricks_won", "tens", "legal",
        "can_ask", "match_wins", "rounds_played",
    ]  # fmt: skip


def test_the_view_shows_the_round_s_last_trick_taken_to_every_seat():
    state = create_game("mendikot", seed=4)
    while not state.finished:
        seat = state.to_act[0]
        state = state.apply(state.legal_actions(seat)[0])
        won = [e for e in state.events if e["type"] == "trick_won"]
        if won and state.phase == "play":
            expected = {key: won[-1][key] for key in ("leader", "cards", "winner")}
            for viewer in range(4):
                last = state.view(viewer)["last_trick"]
                assert {key: last[key] for key in expected} == expected
                assert last["number"] == won[-1]["trick"]
