"""Mendikot's rules: creating a match, the legal moves, checking an action (every refusal in the
RULES.md order) and the transitions, with the fast in-place path for bots and solvers."""

from __future__ import annotations

import random
from typing import Any, Self

from ..base import (
    Events,
    action_fields,
    derive_seed,
    fresh_seed,
    invalid,
    is_int,
    read_card,
    read_deck,
    read_seat,
    team_dict,
)
from ..cards import (
    CARD_NAMES,
    DECK_SIZE,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    cards_str,
    mask_list,
    parse_card_strict,
    random_deck,
)
from ..contract import Action, MendikotAction, RevealCause
from ..errors import RulesError
from .deal import deal, round_result
from .options import (
    ACTION_TYPES,
    ASK,
    FINISHED,
    FIRST_VOID,
    GAME,
    HIDDEN_ASK,
    HIDDEN_REVEAL,
    HIDE_TRUMP,
    PHASE_ACTIONS,
    PLAY,
    SEATS,
    TURN_UP,
    MendikotOptions,
)
from .serial import IS_TEN, trick_dict
from .state import MendikotState


def read_mendikot_action(
    data: object, kinds: tuple[str, ...] = ACTION_TYPES, game: str = GAME
) -> MendikotAction:
    """``data`` as a Mendikot action of one of ``kinds``: its type, seat and card checked, in
    that order (``invalid_input``, ``invalid_card``)."""
    fields, kind = action_fields(data, kinds, game)
    seat = read_seat(fields, SEATS)
    if kind == "ask_trump":
        return {"type": "ask_trump", "seat": seat}
    card = read_card(fields, kind)
    if kind == "hide_trump":
        return {"type": "hide_trump", "seat": seat, "card": card}
    return {"type": "play", "seat": seat, "card": card}


class MendikotRules(MendikotState):
    """Creation, reading and the transitions of a Mendikot match (views come on top)."""

    __slots__ = ()

    # ------------------------------------------------------------------ creation

    @classmethod
    def create(
        cls,
        *,
        seed: int | None = None,
        deck: list[Any] | None = None,
        dealer: int | None = None,
        turn_up: str | int | None = None,
        options: dict[str, Any] | None = None,
    ) -> Self:
        """A new match from a seed and options, or from an explicit first deck.

        ``deck`` (52 cards, dealt from the first) is the first round's deck, ``dealer`` its
        dealer (otherwise drawn at random from the seed, and recorded) and, with ``turn_up``,
        ``turn_up`` the card turned before the second shuffle (required with an explicit deck).
        Later rounds are shuffled from the seed; the dealer rotates by the rules.
        """
        opts = MendikotOptions(options)
        if seed is not None and not is_int(seed):
            raise invalid("the seed must be an integer")
        if dealer is not None and (not is_int(dealer) or not 0 <= dealer < 4):
            raise invalid("the dealer must be a seat from 0 to 3")
        first_deck = None if deck is None else read_deck(deck)
        turned = -1
        if opts.trump_rule == TURN_UP and turn_up is not None:
            turned = (
                turn_up
                if is_int(turn_up) and 0 <= turn_up < DECK_SIZE
                else parse_card_strict(turn_up)
            )
        if first_deck is not None and opts.trump_rule == TURN_UP and turned < 0:
            raise invalid("with trump_rule turn_up an explicit deck needs its turn_up card")
        if seed is None and deck is None:
            seed = fresh_seed()
        if dealer is None:
            dealer = random.Random(derive_seed(seed, GAME, "first dealer")).randrange(4)
        state = object.__new__(cls)
        state.options = opts
        state.setup = {
            "game": GAME,
            "seed": seed,
            "deck": None if first_deck is None else cards_str(first_deck),
            "dealer": dealer,
            "turn_up": None if turned < 0 or first_deck is None else CARD_NAMES[turned],
            "options": opts.as_dict(),
        }
        state.round_no = 0
        state.history = ()
        state.match_wins = (0, 0)
        events: Events = []
        state._start_round(0, first_deck, dealer, turned, events)
        state.events = events
        return state

    @classmethod
    def from_setup(cls, setup: dict[str, Any]) -> Self:
        """The initial state of a creation record (``state.setup``)."""
        if not isinstance(setup, dict) or setup.get("game", GAME) != GAME:
            raise invalid("not a Mendikot setup")
        return cls.create(
            seed=setup.get("seed"),
            deck=setup.get("deck"),
            dealer=setup.get("dealer"),
            turn_up=setup.get("turn_up"),
            options=setup.get("options"),
        )

    def _start_round(
        self,
        round_no: int,
        deck: tuple[int, ...] | None,
        dealer: int,
        turn_up: int,
        events: Events | None,
    ) -> None:
        rule = self.options.trump_rule
        seed = derive_seed(self.setup["seed"], GAME, "round", round_no)
        if deck is None:
            rng = random.Random(seed)
            cards = random_deck(rng)
            if rule == TURN_UP:
                # The dealer turns up the top card, then shuffles again and deals.
                turn_up = cards[0]
                cards = random_deck(rng)
            deck = tuple(cards)
        self.round_no = round_no
        self.round_seed = seed
        self.deck = deck
        self.dealer = dealer
        self.turn_up = turn_up if rule == TURN_UP else -1
        self.hands = deal(deck, dealer)
        self.hidden = -1
        self.owner = (dealer + 1) % 4
        self.trump = SUIT_OF[turn_up] if rule == TURN_UP else -1
        self.revealed = None
        self.tricks = ()
        self.leader = self.owner
        self.led_suit = -1
        self.cur = ()
        self.cur_flags = 0
        self.best_seat = self.best_card = -1
        self.best_trump = False
        self.asked = False
        self.team_tricks = (0, 0)
        self.team_tens = (0, 0)
        self.phase = HIDE_TRUMP if self.options.hidden else PLAY
        self.to_move = self.owner
        if events is not None:
            events.append(
                {
                    "type": "round_started",
                    "round": round_no,
                    "seed": seed,
                    "deck": cards_str(deck),
                    "dealer": dealer,
                    "turn_up": None if self.turn_up < 0 else CARD_NAMES[self.turn_up],
                    "trump": None if self.trump < 0 else SUITS[self.trump],
                }
            )

    # ------------------------------------------------------------------ reading the state

    @property
    def to_act(self) -> list[int]:
        return [] if self.to_move < 0 else [self.to_move]

    @property
    def trump_rule(self) -> str:
        return self.options.trump_rule

    def legal_mask(self) -> int:
        """The cards the seat to move may play (or hide), as a mask."""
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[self.to_move]
            if not self.cur:
                return hand
            follow = hand & SUIT_MASKS[self.led_suit]
            if follow:
                return follow
            if self.asked:
                trumps = hand & SUIT_MASKS[self.trump]
                if trumps:
                    return trumps
            return hand
        if phase == HIDE_TRUMP:
            return self.hands[self.to_move]
        return 0

    def can_ask(self) -> bool:
        """Whether an ``ask_trump`` by the seat to move would be accepted now."""
        return (
            self.phase == PLAY
            and self.options.trump_rule == HIDDEN_ASK
            and self.hidden >= 0
            and bool(self.cur)
            and not self.hands[self.to_move] & SUIT_MASKS[self.led_suit]
        )

    def legal_moves(self) -> list[int]:
        moves = mask_list(self.legal_mask())
        if self.can_ask():
            moves.append(ASK)
        return moves

    def move_to_action(self, move: int) -> MendikotAction:
        seat = self.to_move
        if move == ASK:
            return {"type": "ask_trump", "seat": seat}
        if self.phase == HIDE_TRUMP:
            return {"type": "hide_trump", "seat": seat, "card": CARD_NAMES[move]}
        return {"type": "play", "seat": seat, "card": CARD_NAMES[move]}

    def legal_actions(self, seat: int) -> list[MendikotAction]:
        """Every action dict ``seat`` may take now: cards sorted S H D C, then rank low to
        high, then ``ask_trump`` when it would be accepted."""
        if seat != self.to_move or self.to_move < 0:
            return []
        return [self.move_to_action(m) for m in self.legal_moves()]

    # ------------------------------------------------------------------ checking an action

    @classmethod
    def read_action(cls, data: object) -> MendikotAction:
        return read_mendikot_action(data)

    def _check(self, data: Action) -> tuple[int, int]:
        action = read_mendikot_action(data)  # the engine trusts no caller with its shape
        kind, seat = action["type"], action["seat"]
        phase = self.phase
        if phase == FINISHED:
            raise RulesError("game_over", "the match is finished")
        if kind not in PHASE_ACTIONS[phase]:
            raise RulesError("wrong_phase", f"a {kind} action is not taken in the {phase} phase")
        if seat != self.to_move:
            raise RulesError(
                "not_your_turn", f"it is seat {self.to_move}'s turn, not seat {seat}'s"
            )
        if action["type"] == "ask_trump":
            self._check_ask(seat)
            return ASK, -1
        card = parse_card_strict(action["card"])
        bit = 1 << card
        hand = self.hands[seat]
        if not hand & bit:
            # Only the owner may be told which card is hidden: to anyone else the hidden card
            # is refused in the very words of any other card they do not hold.
            if card == self.hidden and seat == self.owner:
                raise RulesError(
                    "card_not_in_hand",
                    f"{CARD_NAMES[card]} is the hidden trump card and is not in the hand "
                    "until it is revealed",
                )
            raise RulesError("card_not_in_hand", f"seat {seat} does not hold {CARD_NAMES[card]}")
        if kind == "hide_trump":
            return card, -1
        if self.cur:
            follow = hand & SUIT_MASKS[self.led_suit]
            if follow and not follow & bit:
                suit = SUITS[self.led_suit]
                raise RulesError(
                    "must_follow_suit", f"seat {seat} holds a card of the led suit {suit}"
                )
            if self.asked and not follow:
                trumps = hand & SUIT_MASKS[self.trump]
                if trumps and not trumps & bit:
                    raise RulesError(
                        "must_play_trump",
                        f"seat {seat} asked for trump and holds a trump ({SUITS[self.trump]})",
                    )
        return card, -1

    def _check_ask(self, seat: int) -> None:
        reason = None
        if self.options.trump_rule != HIDDEN_ASK:
            reason = f"asking for trump is not part of the {self.options.trump_rule} rule"
        elif self.hidden < 0:
            reason = "trump has already been revealed"
        elif not self.cur:
            reason = "the leader has no led suit to be void in"
        elif self.hands[seat] & SUIT_MASKS[self.led_suit]:
            reason = f"seat {seat} holds a card of the led suit {SUITS[self.led_suit]}"
        if reason:
            raise RulesError("cannot_ask", reason)

    # ------------------------------------------------------------------ transitions

    def step(self, move: int) -> None:
        """Apply a move number from :meth:`legal_moves` in place, without any check (the hot
        path for bots and solvers; use :meth:`apply` for anything from outside)."""
        if self.phase == PLAY and move != ASK:
            self._play(move, None)
        else:
            self._step(move, None, -1)

    def _step(self, move: int, events: Events | None, extra: int) -> None:
        phase = self.phase
        if phase == PLAY:
            if move == ASK:
                self._reveal(self.to_move, "ask", events)
                self.asked = True
            else:
                self._play(move, events)
        elif phase == HIDE_TRUMP:
            self._hide(move, events)
        else:
            raise RulesError("game_over", "the match is finished")

    def _set_hand(self, seat: int, hand: int) -> None:
        hands = list(self.hands)
        hands[seat] = hand
        self.hands = (hands[0], hands[1], hands[2], hands[3])

    def _hide(self, card: int, events: Events | None) -> None:
        owner = self.owner
        self._set_hand(owner, self.hands[owner] & ~(1 << card))
        self.hidden = card
        self.phase = PLAY
        self.to_move = owner
        if events is not None:
            # The card is for the log only: never send this event to other seats.
            events.append({"type": "trump_hidden", "seat": owner, "card": CARD_NAMES[card]})
        self._start_turn(events)

    def _reveal(self, seat: int, cause: RevealCause, events: Events | None) -> None:
        card = self.hidden
        owner = self.owner
        self._set_hand(owner, self.hands[owner] | 1 << card)
        self.hidden = -1
        self.trump = SUIT_OF[card]
        self.revealed = (len(self.tricks), seat)
        if events is not None:
            events.append(
                {
                    "type": "trump_revealed",
                    "cause": cause,
                    "seat": seat,
                    "owner": owner,
                    "card": CARD_NAMES[card],
                    "trump": SUITS[self.trump],
                    "trick": len(self.tricks),
                }
            )

    def _start_turn(self, events: Events | None) -> None:
        """Automatic reveals happen at the start of the turn they belong to."""
        if self.hidden < 0:
            return
        seat = self.to_move
        if seat == self.owner and not self.hands[seat]:
            # The owner must play and holds only the hidden card.
            self._reveal(seat, "empty_hand", events)
        elif (
            self.options.trump_rule == HIDDEN_REVEAL
            and self.cur
            and not self.hands[seat] & SUIT_MASKS[self.led_suit]
        ):
            self._reveal(seat, "void", events)

    def _play(self, card: int, events: Events | None) -> None:
        seat = self.to_move
        hands = self.hands
        bit = 1 << card
        if seat == 0:
            self.hands = (hands[0] ^ bit, hands[1], hands[2], hands[3])
        elif seat == 1:
            self.hands = (hands[0], hands[1] ^ bit, hands[2], hands[3])
        elif seat == 2:
            self.hands = (hands[0], hands[1], hands[2] ^ bit, hands[3])
        else:
            self.hands = (hands[0], hands[1], hands[2], hands[3] ^ bit)
        suit = SUIT_OF[card]
        trump = self.trump
        cur = self.cur
        if not cur:
            self.led_suit = suit
            counts = suit == trump
            self.best_seat = seat
            self.best_card = card
            self.best_trump = counts
        else:
            if trump < 0 and suit != self.led_suit and self.options.trump_rule == FIRST_VOID:
                # The first player who cannot follow fixes trump; the card counts already.
                self.trump = trump = suit
                self.revealed = (len(self.tricks), seat)
                if events is not None:
                    events.append(
                        {
                            "type": "trump_fixed",
                            "seat": seat,
                            "card": CARD_NAMES[card],
                            "trump": SUITS[suit],
                            "trick": len(self.tricks),
                        }
                    )
            # ``trump`` is -1 while no trump is in force, so no card counts then.
            counts = suit == trump
            if counts:
                if not self.best_trump or card > self.best_card:
                    self.best_seat = seat
                    self.best_card = card
                    self.best_trump = True
            elif not self.best_trump and suit == self.led_suit and card > self.best_card:
                self.best_seat = seat
                self.best_card = card
        self.asked = False
        if counts:
            self.cur_flags |= 1 << len(cur)
        self.cur = cur = (*cur, card)
        if events is not None:
            events.append(
                {
                    "type": "card_played",
                    "seat": seat,
                    "card": CARD_NAMES[card],
                    "trick": len(self.tricks),
                    "trump": counts,
                }
            )
        if len(cur) < 4:
            self.to_move = (seat + 1) % 4
            if self.hidden >= 0:
                self._start_turn(events)
            return
        winner = self.best_seat
        trick = (self.leader, cur, winner, self.cur_flags)
        self.tricks = tricks = (*self.tricks, trick)
        tens = IS_TEN[cur[0]] + IS_TEN[cur[1]] + IS_TEN[cur[2]] + IS_TEN[cur[3]]
        t0, t1 = self.team_tricks
        n0, n1 = self.team_tens
        if winner & 1:
            self.team_tricks = (t0, t1 + 1)
            self.team_tens = (n0, n1 + tens)
        else:
            self.team_tricks = (t0 + 1, t1)
            self.team_tens = (n0 + tens, n1)
        self.cur = ()
        self.cur_flags = 0
        self.led_suit = -1
        self.leader = self.to_move = winner
        if events is not None:
            cards = trick_dict(trick)["cards"]
            events.append(
                {
                    "type": "trick_won",
                    "trick": len(tricks) - 1,
                    "leader": trick[0],
                    "cards": cards,
                    "winner": winner,
                }
            )
        if len(tricks) == self.options.tricks:
            self._end_round(events)
        elif self.hidden >= 0:
            self._start_turn(events)

    def _end_round(self, events: Events | None) -> None:
        winner, kind, next_dealer = round_result(
            self.team_tens, self.team_tricks, self.dealer, self.options.tricks
        )
        self.history = (*self.history, self.copy())
        w0, w1 = self.match_wins
        self.match_wins = (w0, w1 + 1) if winner else (w0 + 1, w1)
        if events is not None:
            events.append(
                {
                    "type": "round_ended",
                    "round": self.round_no,
                    "winner": winner,
                    "result": kind,
                    "tens": team_dict(self.team_tens),
                    "tricks_won": team_dict(self.team_tricks),
                    "next_dealer": next_dealer,
                    "match_wins": team_dict(self.match_wins),
                }
            )
        if self.round_no + 1 < self.options.rounds:
            self._start_round(self.round_no + 1, None, next_dealer, -1, events)
            return
        self.phase = FINISHED
        self.to_move = -1
        if events is not None:
            events.append({"type": "match_ended", "match_wins": team_dict(self.match_wins)})
