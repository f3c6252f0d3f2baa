"""Memulation's rules: creating a match, the legal moves, checking an action (every refusal in
the RULES.md order) and the transitions, with the fast in-place path for bots and solvers."""

from __future__ import annotations

import random
from typing import Any, Self

from ..base import (
    Events,
    action_fields,
    deep,
    derive_seed,
    fresh_seed,
    invalid,
    is_int,
    read_card,
    read_deck,
    read_int,
    read_optional_card,
    read_seat,
    team_dict,
)
from ..cards import (
    CARD_NAMES,
    RANK_MASKS,
    RANK_OF,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    cards_mask,
    cards_str,
    mask_list,
    parse_card_strict,
    random_deck,
)
from ..contract import Action, MemulationAction, Position, RoleMethod, Stragedy
from ..errors import RulesError
from .deal import cut_for_lucky_duck, dealt_hands
from .options import (
    ACTION_TYPES,
    CHOOSE_HAND,
    END_EXAMINATION,
    END_EXAMINATION_ALL,
    EXAMINATION,
    FINISHED,
    GAME,
    HAND_A,
    HAND_B,
    PHASE_ACTIONS,
    PLAY,
    SEATS,
    STRAGEDY,
    MemulationOptions,
    stragedy_move,
    stragedy_position,
)
from .serial import piles, position_dict, trick_dict
from .state import MemulationState


def read_memulation_action(
    data: object, kinds: tuple[str, ...] = ACTION_TYPES, game: str = GAME
) -> MemulationAction:
    """``data`` as a Memulation action of one of ``kinds``: its type, seat and the fields its
    type needs checked, in that order (``invalid_input``, ``invalid_card``)."""
    fields, kind = action_fields(data, kinds, game)
    if kind == "end_examination" and fields.get("seat") is None:
        return {"type": "end_examination", "seat": None}  # the examination's timer, not a seat
    seat = read_seat(fields, SEATS)
    if kind == "end_examination":
        return {"type": "end_examination", "seat": seat}
    if kind == "choose_hand":
        if "hand" not in fields:
            raise invalid("a choose_hand action needs a 'hand' field")
        return {"type": "choose_hand", "seat": seat, "hand": fields["hand"]}
    if kind == "stragedy":
        stragedy: Stragedy = {
            "type": "stragedy",
            "seat": seat,
            "pile": read_int(fields, kind, "pile"),
            "trick": read_int(fields, kind, "trick"),
            "card": read_int(fields, kind, "card"),
        }
        intended = read_optional_card(fields, "intended")
        if "intended" in fields:
            stragedy["intended"] = intended
        return stragedy
    return {"type": "play", "seat": seat, "card": read_card(fields, kind)}


class MemulationRules(MemulationState):
    """Creation, reading and the transitions of a Memulation match (views come on top)."""

    __slots__ = ()

    # ------------------------------------------------------------------ creation

    @classmethod
    def create(
        cls,
        *,
        seed: int | None = None,
        deck: list[Any] | None = None,
        lucky_duck: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> Self:
        """A new match from a seed (and protocol options), or from an explicit deck.

        ``deck`` (52 card strings, top first) is the first round's deck; later rounds are
        shuffled from the seed. ``lucky_duck`` fixes the first round's Lucky Duck (replays).
        Without a seed or a deck a fresh seed is drawn; the setup records it.
        """
        opts = MemulationOptions(options)
        if seed is not None and not is_int(seed):
            raise invalid("the seed must be an integer")
        if lucky_duck is not None and (not is_int(lucky_duck) or lucky_duck not in (0, 1)):
            raise invalid("lucky_duck must be seat 0 or 1")
        first_deck = None if deck is None else read_deck(deck)
        if seed is None and deck is None:
            seed = fresh_seed()
        state = object.__new__(cls)
        state.options = opts
        state.setup = {
            "game": GAME,
            "seed": seed,
            "deck": None if first_deck is None else cards_str(first_deck),
            "lucky_duck": lucky_duck,
            "options": opts.as_dict(),
        }
        state.round_no = 0
        state.history = ()
        state.match_score = (0, 0)
        events: Events = []
        state._start_round(0, first_deck, lucky_duck, events)
        state.events = events
        return state

    @classmethod
    def from_setup(cls, setup: dict[str, Any]) -> Self:
        """The initial state of a creation record (``state.setup``)."""
        if not isinstance(setup, dict) or setup.get("game", GAME) != GAME:
            raise invalid("not a Memulation setup")
        return cls.create(
            seed=setup.get("seed"),
            deck=setup.get("deck"),
            lucky_duck=setup.get("lucky_duck"),
            options=setup.get("options"),
        )

    def _start_round(
        self,
        round_no: int,
        deck: tuple[int, ...] | None,
        lucky_duck: int | None,
        events: Events | None,
    ) -> None:
        seed = derive_seed(self.setup["seed"], GAME, "round", round_no)
        # One generator per round: the shuffle first, then the cut (both recorded).
        rng = random.Random(seed)
        if deck is None:
            deck = tuple(random_deck(rng))
        roles = self.options.roles
        cuts = None
        method: RoleMethod
        if lucky_duck is not None:
            method = "given"
        elif roles == "cut":
            method = "cut"
            lucky_duck, cuts = cut_for_lucky_duck(deck, rng)
        elif roles == "alternate":
            method, lucky_duck = "alternate", round_no % 2
        elif isinstance(roles, tuple):
            method, lucky_duck = "fixed", roles[round_no % len(roles)]
        else:
            assert isinstance(roles, int)  # a seat, checked by the options
            method, lucky_duck = "fixed", roles
        assert lucky_duck is not None
        self.round_no = round_no
        self.round_seed = seed
        self.deck = deck
        self.roles = {"method": method, "lucky_duck": lucky_duck, "cut": cuts}
        self.lucky_duck = lucky_duck
        self.lame_duck = 1 - lucky_duck
        self.deal_scores = ()
        self.old_tricks = ()
        self.old_piles = ((), ())
        self.old_seat_a = -1
        self.hole = None
        self.stragedy = None
        if events is not None:
            events.append(
                {
                    "type": "round_started",
                    "round": round_no,
                    "seed": seed,
                    "deck": cards_str(deck),
                    "lucky_duck": lucky_duck,
                    "roles": deep(self.roles),
                }
            )
        self._start_deal(0, events)

    def _start_deal(self, deal_no: int, events: Events | None) -> None:
        deck = self.deck
        hand_a, hand_b = dealt_hands(deck, deal_no)
        self.deal_no = deal_no
        self.dealt = (cards_mask(hand_a), cards_mask(hand_b))
        self.seat_a = -1
        self.hands = (0, 0)
        if deal_no == 0:
            self._set_pritticut(deck[26])
        else:
            self.pritticut = self.trump = self.wild = -1
            self.wilds = 0
        self.tricks = ()
        self.won = (0, 0)
        self.leader = self.lame_duck
        self.led = -1
        if self.options.examination:
            self.phase = EXAMINATION
            self.exam_pending = 3
            self.to_move = -1
        else:
            self.phase = CHOOSE_HAND
            self.exam_pending = 0
            self.to_move = self.lucky_duck
        if events is not None:
            events.append(
                {
                    "type": "deal_started",
                    "round": self.round_no,
                    "deal": deal_no + 1,
                    "hands": {"A": cards_str(hand_a), "B": cards_str(hand_b)},
                    "pritticut": self.pritticut_str,
                }
            )

    def _set_pritticut(self, card: int) -> None:
        self.pritticut = card
        self.trump = SUIT_OF[card]
        self.wild = RANK_OF[card]
        # Every other card of the wild rank is a Wild Card; the Pritticut itself is not in play.
        self.wilds = RANK_MASKS[self.wild] & ~(1 << card)

    # ------------------------------------------------------------------ reading the state

    @property
    def to_act(self) -> list[int]:
        """The seats that may act now (both during an examination, none when finished)."""
        if self.phase == EXAMINATION:
            return [s for s in (0, 1) if self.exam_pending >> s & 1]
        return [] if self.to_move < 0 else [self.to_move]

    @property
    def pritticut_str(self) -> str | None:
        return None if self.pritticut < 0 else CARD_NAMES[self.pritticut]

    def is_wild(self, card: int) -> bool:
        return bool(self.wilds >> card & 1)

    def legal_mask(self) -> int:
        """The cards the seat to move may play, as a mask (0 outside the play phase).

        >>> from apps.games.engine import Memulation
        >>> game = Memulation.create(seed=1, options={"examination": False, "roles": 0})
        >>> game.legal_mask()
        0
        """
        if self.phase != PLAY:
            return 0
        hand = self.hands[self.to_move]
        led = self.led
        wilds = self.wilds
        if led < 0 or wilds >> led & 1:
            return hand
        follow = hand & SUIT_MASKS[SUIT_OF[led]] & ~wilds
        if follow:
            return follow | (hand & wilds)
        return hand

    def legal_moves(self) -> list[int]:
        """Every legal move number now (examination: one per seat still examining)."""
        phase = self.phase
        if phase == PLAY:
            return mask_list(self.legal_mask())
        if phase == CHOOSE_HAND:
            return [HAND_A, HAND_B]
        if phase == STRAGEDY:
            return [stragedy_move(p, t, c) for p, t, c in self._positions()]
        if phase == EXAMINATION:
            return [END_EXAMINATION + s for s in (0, 1) if self.exam_pending >> s & 1]
        return []

    def _positions(self) -> list[tuple[int, int, int]]:
        hole = self.hole
        return [
            (pile, trick, card)
            for pile in (0, 1)
            for trick in range(len(self.old_piles[pile]))
            for card in (0, 1)
            if (pile, trick, card) != hole
        ]

    def move_to_action(self, move: int) -> MemulationAction:
        """The action dict of a move number (for the seat that would make it)."""
        phase = self.phase
        if phase == EXAMINATION:
            seat = None if move == END_EXAMINATION_ALL else move - END_EXAMINATION
            return {"type": "end_examination", "seat": seat}
        if phase == CHOOSE_HAND:
            hand = "A" if move == HAND_A else "B"
            return {"type": "choose_hand", "seat": self.to_move, "hand": hand}
        if phase == STRAGEDY:
            pile, trick, card = stragedy_position(move)
            seat = self.to_move
            return {"type": "stragedy", "seat": seat, "pile": pile, "trick": trick, "card": card}
        return {"type": "play", "seat": self.to_move, "card": CARD_NAMES[move]}

    def legal_actions(self, seat: int) -> list[MemulationAction]:
        """Every action dict ``seat`` may take now (empty when it is not to act).

        Plays are sorted S H D C, then rank low to high. A 'Stragedy may also carry the
        optional ``"intended"`` card (not enumerated here).
        """
        if seat not in self.to_act:
            return []
        if self.phase == EXAMINATION:
            return [{"type": "end_examination", "seat": seat}]
        if self.phase == PLAY:
            return [
                {"type": "play", "seat": seat, "card": CARD_NAMES[c]}
                for c in mask_list(self.legal_mask())
            ]
        return [self.move_to_action(m) for m in self.legal_moves()]

    # ------------------------------------------------------------------ checking an action

    @classmethod
    def read_action(cls, data: object) -> MemulationAction:
        return read_memulation_action(data)

    def _check(self, data: Action) -> tuple[int, int]:
        action = read_memulation_action(data)  # the engine trusts no caller with its shape
        kind = action["type"]
        phase = self.phase
        if phase == FINISHED:
            raise RulesError("game_over", "the match is finished")
        if PHASE_ACTIONS[phase] != kind:
            raise RulesError("wrong_phase", f"a {kind} action is not taken in the {phase} phase")
        if action["type"] == "end_examination":
            if action["seat"] is None:
                return END_EXAMINATION_ALL, -1
            seat = action["seat"]
            if not self.exam_pending >> seat & 1:
                raise RulesError("not_your_turn", f"seat {seat} has already ended the examination")
            return END_EXAMINATION + seat, -1
        seat = action["seat"]
        if seat != self.to_move:
            raise RulesError(
                "not_your_turn", f"it is seat {self.to_move}'s turn, not seat {seat}'s"
            )
        if action["type"] == "choose_hand":
            hand = action["hand"]
            if hand == "A":
                return HAND_A, -1
            if hand == "B":
                return HAND_B, -1
            raise RulesError(
                "invalid_choice", f"Lucky Duck must choose hand 'A' or 'B', not {hand!r}"
            )
        if action["type"] == "stragedy":
            pile, trick, position = action["pile"], action["trick"], action["card"]
            if (
                pile not in (0, 1)
                or not 0 <= trick < len(self.old_piles[pile])
                or position not in (0, 1)
                or (pile, trick, position) == self.hole
            ):
                raise RulesError(
                    "invalid_position",
                    f"pile {pile}, trick {trick}, card {position} names no face-down card "
                    "of the Old Deal",
                )
            named = action.get("intended")
            if named is None or not self.options.stragedy_intent:
                return stragedy_move(pile, trick, position), -1  # the probe is off: not recorded
            return stragedy_move(pile, trick, position), parse_card_strict(named)
        card = parse_card_strict(action["card"])
        bit = 1 << card
        if not self.hands[seat] & bit:
            raise RulesError("card_not_in_hand", f"seat {seat} does not hold {CARD_NAMES[card]}")
        if not self.legal_mask() & bit:
            suit = SUITS[SUIT_OF[self.led]]
            raise RulesError(
                "must_follow_suit",
                f"seat {seat} holds a card of the led suit {suit} and must play one "
                "(or a Wild Card)",
            )
        return card, -1

    # ------------------------------------------------------------------ transitions

    def step(self, move: int) -> None:
        """Apply a move number from :meth:`legal_moves` in place, without any check (the hot
        path for bots and solvers; use :meth:`apply` for anything from outside)."""
        if self.phase == PLAY:
            self._play(move, None)
        else:
            self._step(move, None, -1)

    def _step(self, move: int, events: Events | None, extra: int) -> None:
        phase = self.phase
        if phase == PLAY:
            self._play(move, events)
        elif phase == CHOOSE_HAND:
            self._choose(move, events)
        elif phase == STRAGEDY:
            self._stragedy(move, events, extra)
        elif phase == EXAMINATION:
            self._end_examination(move, events)
        else:
            raise RulesError("game_over", "the match is finished")

    def _end_examination(self, move: int, events: Events | None) -> None:
        if move == END_EXAMINATION_ALL:
            self.exam_pending = 0
        else:
            self.exam_pending &= ~(1 << (move - END_EXAMINATION))
        if events is not None:
            seat = None if move == END_EXAMINATION_ALL else move - END_EXAMINATION
            events.append({"type": "examination_ended", "seat": seat})
        if not self.exam_pending:
            self.phase = CHOOSE_HAND
            self.to_move = self.lucky_duck
            if events is not None:
                events.append({"type": "examination_over", "deal": self.deal_no + 1})

    def _choose(self, move: int, events: Events | None) -> None:
        lucky, lame = self.lucky_duck, self.lame_duck
        seat_a = lucky if move == HAND_A else lame
        self.seat_a = seat_a
        a, b = self.dealt
        self.hands = (a, b) if seat_a == 0 else (b, a)
        if self.deal_no == 0:
            self.phase = PLAY
        else:
            self.phase = STRAGEDY
        self.to_move = lame
        if events is not None:
            events.append(
                {
                    "type": "hand_chosen",
                    "seat": lucky,
                    "hand": "A" if move == HAND_A else "B",
                    "deal": self.deal_no + 1,
                }
            )

    def _stragedy(self, move: int, events: Events | None, intended: int) -> None:
        pile, trick, position = stragedy_position(move)
        card = self.old_tricks[self.old_piles[pile][trick]][1 + position]
        # where the intended card really was (looked up before the chosen card is taken out)
        where = None if intended < 0 else self._old_position(intended)
        self.hole = (pile, trick, position)
        self._set_pritticut(card)
        self.stragedy = {
            "seat": self.lame_duck,
            "intended": None if intended < 0 else CARD_NAMES[intended],
            "position": position_dict(pile, trick, position),
            "revealed": CARD_NAMES[card],
            "intended_position": where,
            "hit": None if intended < 0 else intended == card,
        }
        self.phase = PLAY
        self.to_move = self.leader = self.lame_duck
        if events is not None:
            events.append({"type": "stragedy", **deep(self.stragedy)})

    def _old_position(self, card: int) -> Position | None:
        """Where a card lies in the Old Deal's face-down tricks (None if it is not there)."""
        for pile in (0, 1):
            for trick, index in enumerate(self.old_piles[pile]):
                cards = self.old_tricks[index]
                for position in (0, 1):
                    if cards[1 + position] == card and (pile, trick, position) != self.hole:
                        return position_dict(pile, trick, position)
        return None

    def _play(self, card: int, events: Events | None) -> None:
        seat = self.to_move
        h0, h1 = self.hands
        if seat:
            self.hands = (h0, h1 ^ (1 << card))
        else:
            self.hands = (h0 ^ (1 << card), h1)
        led = self.led
        if led < 0:
            self.led = card
            self.to_move = 1 - seat
            if events is not None:
                events.append(
                    {
                        "type": "card_played",
                        "seat": seat,
                        "card": CARD_NAMES[card],
                        "deal": self.deal_no + 1,
                        "trick": len(self.tricks),
                    }
                )
            return
        leader = self.leader
        wilds = self.wilds
        if wilds >> led & 1:
            winner = seat if wilds >> card & 1 and self.options.tie_follower else leader
        elif wilds >> card & 1:
            winner = seat
        elif SUIT_OF[led] == SUIT_OF[card]:
            winner = leader if led > card else seat
        elif SUIT_OF[card] == self.trump:
            winner = seat
        else:
            winner = leader
        trick = (leader, led, card, winner)
        self.tricks = tricks = (*self.tricks, trick)
        w0, w1 = self.won
        self.won = (w0, w1 + 1) if winner else (w0 + 1, w1)
        self.led = -1
        self.leader = self.to_move = winner
        if events is not None:
            deal = self.deal_no + 1
            events.append(
                {
                    "type": "card_played",
                    "seat": seat,
                    "card": CARD_NAMES[card],
                    "deal": deal,
                    "trick": len(tricks) - 1,
                }
            )
            events.append(
                {"type": "trick_won", "deal": deal, "trick": len(tricks) - 1, **trick_dict(trick)}
            )
        if len(tricks) == self.options.tricks:
            self._end_deal(events)

    def _end_deal(self, events: Events | None) -> None:
        self.deal_scores = (*self.deal_scores, self.won)
        if events is not None:
            events.append(
                {
                    "type": "deal_ended",
                    "round": self.round_no,
                    "deal": self.deal_no + 1,
                    "tricks_won": team_dict(self.won),
                }
            )
        if self.deal_no == 0:
            tricks = self.tricks
            self.old_tricks = tricks
            self.old_piles = piles(tricks)
            self.old_seat_a = self.seat_a
            self._start_deal(1, events)
            return
        # the round is over
        self.history = (*self.history, self.copy())
        score = self._round_score()
        m0, m1 = self.match_score
        self.match_score = (m0 + score[0], m1 + score[1])
        if events is not None:
            events.append(
                {
                    "type": "round_ended",
                    "round": self.round_no,
                    "score": team_dict(score),
                    "deal_scores": [team_dict(s) for s in self.deal_scores],
                    "match_score": team_dict(self.match_score),
                }
            )
        if self.round_no + 1 < self.options.rounds:
            self._start_round(self.round_no + 1, None, None, events)
            return
        self.phase = FINISHED
        self.to_move = -1
        if events is not None:
            events.append({"type": "match_ended", "score": team_dict(self.match_score)})

    def _round_score(self) -> tuple[int, int]:
        scores = [*self.deal_scores]
        if len(scores) == self.deal_no:  # the current deal is not finished yet
            scores.append(self.won)
        return sum(s[0] for s in scores), sum(s[1] for s in scores)
