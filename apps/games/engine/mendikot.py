"""Mendikot, the four-player team game, exactly as RULES.md rules it.

Seats ``0 1 2 3`` play in that order; team 0 is seats 0 and 2, team 1 seats 1 and 3. A
:class:`Mendikot` state is a match of one or more rounds under one ``trump_rule``.

>>> from apps.games.engine.cards import new_deck, cards_str
>>> game = Mendikot.create(deck=cards_str(new_deck()), dealer=3,
...                        options={"trump_rule": "hidden_ask"})
>>> game.phase, game.to_act
('hide_trump', [0])
>>> game = game.apply({"type": "hide_trump", "seat": 0, "card": "KH"})
>>> game.view(0)["hidden_trump"], game.view(1)["hidden_trump"]
('KH', None)
>>> game = game.apply({"type": "play", "seat": 0, "card": "2S"})
>>> game.rules_report()["next"]
{'seat': 1, 'phase': 'play', 'legal': ['3S', '7S', 'JS'], 'can_ask': False}
"""

from __future__ import annotations

import random
from typing import Any

from .base import (
    GameState,
    deep,
    derive_seed,
    fresh_seed,
    invalid,
    is_int,
    read_card,
    read_deck,
    read_seat,
    read_type,
    team_dict,
)
from .cards import (
    CARD_NAMES,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    TEN_MASK,
    cards_mask,
    cards_str,
    mask_list,
    mask_strs,
    parse_card,
    parse_card_strict,
    parse_deck,
    random_deck,
)
from .errors import RulesError

GAME = "mendikot"
SEATS = 4

HIDE_TRUMP = "hide_trump"
PLAY = "play"
FINISHED = "finished"
PHASES = (HIDE_TRUMP, PLAY, FINISHED)

ACTION_TYPES = ("hide_trump", "play", "ask_trump")
PHASE_ACTIONS = {HIDE_TRUMP: ("hide_trump",), PLAY: ("play", "ask_trump"), FINISHED: ()}

TURN_UP = "turn_up"
HIDDEN_REVEAL = "hidden_reveal"
HIDDEN_ASK = "hidden_ask"
FIRST_VOID = "first_void"
TRUMP_RULES = (TURN_UP, HIDDEN_REVEAL, HIDDEN_ASK, FIRST_VOID)

RESULTS = ("whitewash", "mendikot", "tens", "tricks")

# Move numbers of the fast interface: a card 0..51 (``hide_trump`` or ``play`` by phase), or ASK.
ASK = 52

_IS_TEN = tuple(bool(TEN_MASK >> c & 1) for c in range(52))


class MendikotOptions:
    """Protocol options of a Mendikot match.

    - ``trump_rule``: ``turn_up`` (default), ``hidden_reveal``, ``hidden_ask`` or ``first_void``.
    - ``rounds`` (int >= 1, default 1).
    """

    __slots__ = ("hidden", "rounds", "trump_rule")

    def __init__(self, options: object = None):
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise invalid("options must be a JSON object")
        unknown = set(options) - {"trump_rule", "rounds"}
        if unknown:
            raise invalid(f"unknown Mendikot option(s): {', '.join(sorted(unknown))}")
        rule = options.get("trump_rule", TURN_UP)
        if rule not in TRUMP_RULES:
            raise invalid(f"trump_rule must be one of {', '.join(TRUMP_RULES)}, not {rule!r}")
        rounds = options.get("rounds", 1)
        if not is_int(rounds) or rounds < 1:
            raise invalid("option rounds must be an integer of at least 1")
        self.trump_rule = rule
        self.hidden = rule in (HIDDEN_REVEAL, HIDDEN_ASK)
        self.rounds = rounds

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.as_dict() == other.as_dict()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def as_dict(self) -> dict[str, Any]:
        return {"trump_rule": self.trump_rule, "rounds": self.rounds}


def deal(deck: tuple[int, ...], dealer: int) -> tuple[int, int, int, int]:
    """The four hands (masks) of a deal: deck position ``i`` goes to seat ``(dealer+1+i) % 4``.

    >>> [len(mask_list(h)) for h in deal(tuple(range(52)), 0)]
    [13, 13, 13, 13]
    >>> mask_list(deal(tuple(range(52)), 3)[0])[:3]
    [0, 4, 8]
    """
    hands = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % 4] |= 1 << card
    return hands[0], hands[1], hands[2], hands[3]


def round_result(
    tens: tuple[int, int], tricks: tuple[int, int], dealer: int
) -> tuple[int, str, int]:
    """(winning team, result kind, next dealer) of a finished round.

    >>> round_result((2, 2), (6, 7), 1)
    (1, 'tricks', 2)
    >>> round_result((4, 0), (13, 0), 1)
    (0, 'whitewash', 1)
    >>> round_result((1, 3), (9, 4), 0)
    (1, 'tens', 0)
    """
    if tens[0] >= 3:
        winner = 0
    elif tens[1] >= 3:
        winner = 1
    else:  # two tens each: the team with more tricks (7 or more)
        winner = 0 if tricks[0] >= 7 else 1
    if tricks[winner] == 13:
        kind = "whitewash"
    elif tens[winner] == 4:
        kind = "mendikot"
    elif tens[winner] == 3:
        kind = "tens"
    else:
        kind = "tricks"
    # The dealer's team lost: the same player deals again; otherwise the deal passes on.
    next_dealer = dealer if dealer % 2 != winner else (dealer + 1) % 4
    return winner, kind, next_dealer


class Mendikot(GameState):
    """The state of a Mendikot match. Create it with :meth:`create` or :meth:`from_json`.

    Public attributes (read-only by convention): ``phase`` (one of :data:`PHASES`),
    ``round_no``, ``dealer``, ``trump`` (suit index, -1 while no trump is in force),
    ``events`` (what the last :meth:`apply` did).
    """

    GAME = GAME
    SEATS = SEATS

    __slots__ = (
        "asked",
        "best_card",
        "best_seat",
        "best_trump",
        "cur",
        "cur_flags",
        "dealer",
        "deck",
        "events",
        "hands",
        "hidden",
        "history",
        "leader",
        "led_suit",
        "match_wins",
        "options",
        "owner",
        "phase",
        "revealed",
        "round_no",
        "round_seed",
        "setup",
        "team_tens",
        "team_tricks",
        "to_move",
        "tricks",
        "trump",
        "turn_up",
    )
    _STATE_SLOTS = tuple(name for name in __slots__ if name != "events")

    options: MendikotOptions
    setup: dict[str, Any]
    round_no: int
    history: tuple[Any, ...]
    match_wins: tuple[int, int]
    round_seed: int
    deck: tuple[int, ...]
    dealer: int
    turn_up: int
    to_move: int
    hands: tuple[int, int, int, int]
    hidden: int
    owner: int
    trump: int
    revealed: tuple[int, int] | None
    tricks: tuple[tuple[int, tuple[int, ...], int, int], ...]
    leader: int
    led_suit: int
    cur: tuple[int, ...]
    cur_flags: int
    best_seat: int
    best_card: int
    best_trump: bool
    asked: bool
    team_tricks: tuple[int, int]
    team_tens: tuple[int, int]

    # ------------------------------------------------------------------ creation

    @classmethod
    def create(
        cls,
        *,
        seed: int | None = None,
        deck: list | None = None,
        dealer: int | None = None,
        turn_up: str | int | None = None,
        options: dict | None = None,
    ) -> Mendikot:
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
                turn_up if is_int(turn_up) and 0 <= turn_up < 52 else parse_card_strict(turn_up)
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
        events: list[dict[str, Any]] = []
        state._start_round(0, first_deck, dealer, turned, events)
        state.events = events
        return state

    @classmethod
    def from_setup(cls, setup: dict) -> Mendikot:
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
        events: list | None,
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

    def move_to_action(self, move: int) -> dict[str, Any]:
        seat = self.to_move
        if move == ASK:
            return {"type": "ask_trump", "seat": seat}
        kind = "hide_trump" if self.phase == HIDE_TRUMP else "play"
        return {"type": kind, "seat": seat, "card": CARD_NAMES[move]}

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Every action dict ``seat`` may take now: cards sorted S H D C, then rank low to
        high, then ``ask_trump`` when it would be accepted."""
        if seat != self.to_move or self.to_move < 0:
            return []
        return [self.move_to_action(m) for m in self.legal_moves()]

    # ------------------------------------------------------------------ checking an action

    def _check(self, action: dict) -> tuple[int, int]:
        kind = read_type(action, ACTION_TYPES, GAME)
        seat = read_seat(action, SEATS)
        card = -1 if kind == "ask_trump" else read_card(action)
        phase = self.phase
        if phase == FINISHED:
            raise RulesError("game_over", "the match is finished")
        if kind not in PHASE_ACTIONS[phase]:
            raise RulesError("wrong_phase", f"a {kind} action is not taken in the {phase} phase")
        if seat != self.to_move:
            raise RulesError(
                "not_your_turn", f"it is seat {self.to_move}'s turn, not seat {seat}'s"
            )
        if kind == "ask_trump":
            self._check_ask(seat)
            return ASK, -1
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

    def _step(self, move: int, events: list | None, extra: int) -> None:
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

    def _hide(self, card: int, events: list | None) -> None:
        owner = self.owner
        self._set_hand(owner, self.hands[owner] & ~(1 << card))
        self.hidden = card
        self.phase = PLAY
        self.to_move = owner
        if events is not None:
            # The card is for the log only: never send this event to other seats.
            events.append({"type": "trump_hidden", "seat": owner, "card": CARD_NAMES[card]})
        self._start_turn(events)

    def _reveal(self, seat: int, cause: str, events: list | None) -> None:
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

    def _start_turn(self, events: list | None) -> None:
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

    def _play(self, card: int, events: list | None) -> None:
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
        tens = _IS_TEN[cur[0]] + _IS_TEN[cur[1]] + _IS_TEN[cur[2]] + _IS_TEN[cur[3]]
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
            events.append(
                {"type": "trick_won", "trick": len(tricks) - 1, **self._trick_dict(trick)}
            )
        if len(tricks) == 13:
            self._end_round(events)
        elif self.hidden >= 0:
            self._start_turn(events)

    def _end_round(self, events: list | None) -> None:
        winner, kind, next_dealer = round_result(self.team_tens, self.team_tricks, self.dealer)
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

    # ------------------------------------------------------------------ reports and views

    @staticmethod
    def _trick_dict(trick: tuple) -> dict[str, Any]:
        leader, cards, winner, _flags = trick
        return {
            "leader": leader,
            "cards": [
                {"seat": (leader + i) % 4, "card": CARD_NAMES[c]} for i, c in enumerate(cards)
            ],
            "winner": winner,
        }

    def _tricks_report(self) -> list[dict[str, Any]]:
        tricks = [self._trick_dict(t) for t in self.tricks]
        if self.cur:
            tricks.append(self._trick_dict((self.leader, self.cur, None, 0)))
        return tricks

    def _revealed_dict(self) -> dict[str, int] | None:
        if self.options.trump_rule == TURN_UP or self.revealed is None:
            return None
        return {"trick": self.revealed[0], "seat": self.revealed[1]}

    def rules_report(self) -> dict[str, Any]:
        """The current round in the replay command's output format (RULES.md, "Mendikot
        output"), with ``"ok": true``."""
        finished = self.phase == FINISHED
        result = None
        if finished:
            winner, kind, next_dealer = round_result(self.team_tens, self.team_tricks, self.dealer)
            result = {"winner": winner, "result": kind, "next_dealer": next_dealer}
        next_: dict[str, Any] | None = None
        if not finished:
            legal = [CARD_NAMES[c] for c in mask_list(self.legal_mask())]
            next_ = {"seat": self.to_move, "phase": self.phase, "legal": legal}
            if self.phase == PLAY:
                next_["can_ask"] = self.can_ask()
        return {
            "ok": True,
            "finished": finished,
            "trump": None if self.trump < 0 else SUITS[self.trump],
            "trump_revealed": self._revealed_dict(),
            "tricks": self._tricks_report(),
            "tens": team_dict(self.team_tens),
            "tricks_won": team_dict(self.team_tricks),
            "winner": result["winner"] if result else None,
            "result": result["result"] if result else None,
            "next_dealer": result["next_dealer"] if result else None,
            "next": next_,
        }

    def _history_record(self) -> dict[str, Any]:
        record = self._round_record()
        winner, kind, next_dealer = round_result(self.team_tens, self.team_tricks, self.dealer)
        record.update({"winner": winner, "result": kind, "next_dealer": next_dealer})
        return record

    def _round_record(self) -> dict[str, Any]:
        tricks = self._tricks_report()
        # Which cards counted as trumps, the trick in play included.
        flags = [raw[3] for raw in self.tricks] + ([self.cur_flags] if self.cur else [])
        for trick, flag in zip(tricks, flags, strict=True):
            for i, entry in enumerate(trick["cards"]):
                entry["trump"] = bool(flag >> i & 1)
        return {
            "round": self.round_no,
            "seed": self.round_seed,
            "deck": cards_str(self.deck),
            "dealer": self.dealer,
            "trump_rule": self.options.trump_rule,
            "turn_up": None if self.turn_up < 0 else CARD_NAMES[self.turn_up],
            "hands": {str(s): mask_strs(h) for s, h in enumerate(deal(self.deck, self.dealer))},
            "trump": None if self.trump < 0 else SUITS[self.trump],
            "trump_revealed": self._revealed_dict(),
            "tricks": tricks,
            "tens": team_dict(self.team_tens),
            "tricks_won": team_dict(self.team_tricks),
        }

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now, as a JSON-ready dict: its own hand, the face-up cards of
        the trick in progress, counts of the tricks taken, and the hidden trump card only if
        ``seat`` is its owner. The turned-up card (``turn_up``) was shown to everyone."""
        if not is_int(seat) or not 0 <= seat < 4:
            raise invalid("a view needs a seat from 0 to 3")
        rule = self.options.trump_rule
        legal = self.legal_actions(seat)
        trick = None
        if self.phase == PLAY:
            trick = {
                "number": len(self.tricks),
                "leader": self.leader,
                "cards": [
                    {
                        "seat": (self.leader + i) % 4,
                        "card": CARD_NAMES[c],
                        "trump": bool(self.cur_flags >> i & 1),
                    }
                    for i, c in enumerate(self.cur)
                ],
            }
        return {
            "game": GAME,
            "seat": seat,
            "team": seat % 2,
            "phase": self.phase,
            "to_act": self.to_act,
            "finished": self.phase == FINISHED,
            "round": self.round_no,
            "rounds": self.options.rounds,
            "dealer": self.dealer,
            "trump_rule": rule,
            "turn_up": None if self.turn_up < 0 else CARD_NAMES[self.turn_up],
            "trump": None if self.trump < 0 else SUITS[self.trump],
            "trump_revealed": self._revealed_dict(),
            "trump_hidden": self.hidden >= 0,
            "hidden_trump": CARD_NAMES[self.hidden]
            if self.hidden >= 0 and seat == self.owner
            else None,
            "hidden_owner": self.owner if self.options.hidden else None,
            "hand": mask_strs(self.hands[seat]),
            "hand_counts": team_dict([h.bit_count() for h in self.hands]),
            "trick": trick,
            "tricks_won": team_dict(self.team_tricks),
            # Every trick was face up when played, so the tens each team holds are public.
            "tens": team_dict(self.team_tens),
            "legal": [a["card"] for a in legal if a["type"] != "ask_trump"],
            "can_ask": seat == self.to_move and self.can_ask(),
            "match_wins": team_dict(self.match_wins),
            "rounds_played": [
                {
                    "round": r["round"],
                    "dealer": r["dealer"],
                    "trump": r["trump"],
                    "tens": dict(r["tens"]),
                    "tricks_won": dict(r["tricks_won"]),
                    "winner": r["winner"],
                    "result": r["result"],
                    "next_dealer": r["next_dealer"],
                }
                for r in self.history_records()
            ],
        }

    def spectator_view(self, *, allow_unfinished: bool = False) -> dict[str, Any]:
        """Everything, for staff: every round's deck, hands, trump and tricks.

        Refused (``wrong_phase``) before the match is finished unless ``allow_unfinished``.
        """
        if self.phase != FINISHED and not allow_unfinished:
            raise RulesError("wrong_phase", "the full record is shown only for finished games")
        rounds = deep(self.history_records())
        if self.phase != FINISHED:
            current = self._round_record()
            current["hands_now"] = {str(s): mask_strs(h) for s, h in enumerate(self.hands)}
            current["hidden_trump"] = None if self.hidden < 0 else CARD_NAMES[self.hidden]
            rounds.append(current)
        return {
            "game": GAME,
            "setup": deep(self.setup),
            "phase": self.phase,
            "finished": self.phase == FINISHED,
            "match_wins": team_dict(self.match_wins),
            "rounds": rounds,
        }

    # ------------------------------------------------------------------ copy and JSON

    def copy(self) -> Mendikot:
        """A shallow copy: every field is immutable, so nothing is shared that could change."""
        new = object.__new__(Mendikot)
        new.options = self.options
        new.setup = self.setup
        new.round_no = self.round_no
        new.history = self.history
        new.match_wins = self.match_wins
        new.round_seed = self.round_seed
        new.deck = self.deck
        new.dealer = self.dealer
        new.turn_up = self.turn_up
        new.phase = self.phase
        new.to_move = self.to_move
        new.hands = self.hands
        new.hidden = self.hidden
        new.owner = self.owner
        new.trump = self.trump
        new.revealed = self.revealed
        new.tricks = self.tricks
        new.leader = self.leader
        new.led_suit = self.led_suit
        new.cur = self.cur
        new.cur_flags = self.cur_flags
        new.best_seat = self.best_seat
        new.best_card = self.best_card
        new.best_trump = self.best_trump
        new.asked = self.asked
        new.team_tricks = self.team_tricks
        new.team_tens = self.team_tens
        new.events = []
        return new

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data; :meth:`from_json` restores it exactly."""

        def card(c: int) -> str | None:
            return None if c < 0 else CARD_NAMES[c]

        return {
            "game": GAME,
            "format": 1,
            "setup": deep(self.setup),
            "state": {
                "round": self.round_no,
                "history": deep(self.history_records()),
                "match_wins": list(self.match_wins),
                "round_seed": self.round_seed,
                "deck": cards_str(self.deck),
                "dealer": self.dealer,
                "turn_up": card(self.turn_up),
                "phase": self.phase,
                "to_move": self.to_move,
                "hands": [mask_strs(h) for h in self.hands],
                "hidden": card(self.hidden),
                "trump": None if self.trump < 0 else SUITS[self.trump],
                "revealed": None if self.revealed is None else list(self.revealed),
                "tricks": [[t[0], cards_str(t[1]), t[2], t[3]] for t in self.tricks],
                "leader": self.leader,
                "current": cards_str(self.cur),
                "current_trumps": self.cur_flags,
                "best": [self.best_seat, card(self.best_card), self.best_trump],
                "asked": self.asked,
            },
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Mendikot:
        """Rebuild a state from :meth:`to_json` output."""
        try:
            if data["game"] != GAME or data["format"] != 1:
                raise invalid("not a serialised Mendikot state")
            setup = deep(data["setup"])
            s = data["state"]
            new = object.__new__(cls)
            new.options = MendikotOptions(setup["options"])
            new.setup = setup
            new.round_no = s["round"]
            new.history = tuple(deep(s["history"]))
            new.match_wins = tuple(s["match_wins"])
            new.round_seed = s["round_seed"]
            new.deck = tuple(parse_deck(s["deck"]))
            new.dealer = s["dealer"]
            new.turn_up = -1 if s["turn_up"] is None else parse_card(s["turn_up"])
            if s["phase"] not in PHASES:
                raise invalid("unknown phase")
            new.phase = PHASES[PHASES.index(s["phase"])]
            new.to_move = s["to_move"]
            h = [cards_mask(parse_card(c) for c in hand) for hand in s["hands"]]
            new.hands = (h[0], h[1], h[2], h[3])
            new.hidden = -1 if s["hidden"] is None else parse_card(s["hidden"])
            new.owner = (new.dealer + 1) % 4
            new.trump = -1 if s["trump"] is None else SUITS.index(s["trump"])
            new.revealed = None if s["revealed"] is None else tuple(s["revealed"])
            new.tricks = tuple(
                (t[0], tuple(parse_card(c) for c in t[1]), t[2], t[3]) for t in s["tricks"]
            )
            new.leader = s["leader"]
            new.cur = tuple(parse_card(c) for c in s["current"])
            new.cur_flags = s["current_trumps"]
            new.led_suit = SUIT_OF[new.cur[0]] if new.cur else -1
            best_seat, best_card, best_trump = s["best"]
            new.best_seat = best_seat
            new.best_card = -1 if best_card is None else parse_card(best_card)
            new.best_trump = best_trump
            new.asked = s["asked"]
            tricks = [0, 0]
            tens = [0, 0]
            for t in new.tricks:
                tricks[t[2] % 2] += 1
                tens[t[2] % 2] += sum(_IS_TEN[c] for c in t[1])
            new.team_tricks = (tricks[0], tricks[1])
            new.team_tens = (tens[0], tens[1])
            new.events = []
            return new
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise invalid(f"not a serialised Mendikot state ({error!r})") from error


__all__ = [
    "ACTION_TYPES",
    "ASK",
    "PHASES",
    "RESULTS",
    "TRUMP_RULES",
    "Mendikot",
    "MendikotOptions",
    "deal",
    "round_result",
]
