"""Memulation, the two-player memory game, exactly as RULES.md rules it.

A :class:`Memulation` state is a match of one or more rounds; each round is the Old Deal and the
New Deal with the 'Stragedy between them. Seats are ``0`` and ``1``.

>>> from apps.games.engine.cards import new_deck, cards_str
>>> game = Memulation.create(deck=cards_str(new_deck()), lucky_duck=0,
...                          options={"examination": False})
>>> game.phase, game.to_act, game.pritticut_str
('choose_hand', [0], '2D')
>>> game = game.apply({"type": "choose_hand", "seat": 0, "hand": "B"})
>>> game.view(1)["hand"][:3]
['2S', '4S', '6S']
>>> game.view(1)["legal"][:3]
['2S', '4S', '6S']
>>> game = game.apply({"type": "play", "seat": 1, "card": "4S"})
>>> game = game.apply({"type": "play", "seat": 0, "card": "5S"})
>>> [e["type"] for e in game.events]
['card_played', 'trick_won']
>>> game.events[-1]["winner"], game.to_act
(0, [0])
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
    read_int,
    read_optional_card,
    read_seat,
    read_type,
    team_dict,
)
from .cards import (
    CARD_NAMES,
    DECK_SIZE,
    RANK_MASKS,
    RANK_OF,
    RANKS,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    cards_mask,
    cards_str,
    mask_list,
    mask_strs,
    parse_card,
    parse_deck,
    random_deck,
)
from .errors import RulesError

GAME = "memulation"
SEATS = 2

EXAMINATION = "examination"
CHOOSE_HAND = "choose_hand"
STRAGEDY = "stragedy"
PLAY = "play"
FINISHED = "finished"
PHASES = (EXAMINATION, CHOOSE_HAND, STRAGEDY, PLAY, FINISHED)

ACTION_TYPES = ("end_examination", "choose_hand", "stragedy", "play")
PHASE_ACTIONS = {
    EXAMINATION: "end_examination",
    CHOOSE_HAND: "choose_hand",
    STRAGEDY: "stragedy",
    PLAY: "play",
    FINISHED: "",
}

# Move numbers of the fast interface (:meth:`Memulation.step`, :meth:`Memulation.legal_moves`).
HAND_A = 52
HAND_B = 53
END_EXAMINATION = 54  # + seat; END_EXAMINATION_ALL ends it for both seats (the caller's timer)
END_EXAMINATION_ALL = 56
STRAGEDY_BASE = 64  # + (pile * 13 + trick) * 2 + card


def stragedy_move(pile: int, trick: int, card: int) -> int:
    """The move number of a 'Stragedy position.

    >>> stragedy_position(stragedy_move(1, 12, 1))
    (1, 12, 1)
    """
    return STRAGEDY_BASE + (pile * 13 + trick) * 2 + card


def stragedy_position(move: int) -> tuple[int, int, int]:
    index = move - STRAGEDY_BASE
    return index // 26, index % 26 // 2, index % 2


ROLE_METHODS = ("cut", "alternate")
WILD_TIES = ("leader", "follower")


class MemulationOptions:
    """Protocol options of a Memulation match (all JSON values).

    - ``rounds`` (int >= 1, default 1): rounds in the match.
    - ``wild_tie`` (``"leader"`` default, or ``"follower"``): who wins when both cards are wild.
    - ``stragedy_intent`` (bool, default true): the intended-card probe of the 'Stragedy.
    - ``examination`` (bool, default true): whether the deals have an examination phase (the
      replay command has none: the round goes straight from the deal to the choice).
    - ``examination_seconds`` (number > 0, default 30): kept for the caller, who times it.
    - ``roles`` (default ``"cut"``): how Lucky Duck is decided each round: ``"cut"``,
      ``"alternate"`` (seat 0 in round 0, then alternating), a seat ``0``/``1`` (always that
      seat), or a list of seats, one per round (repeated when shorter than the match).
    """

    __slots__ = (
        "examination",
        "examination_seconds",
        "roles",
        "rounds",
        "stragedy_intent",
        "tie_follower",
        "wild_tie",
    )

    def __init__(self, options: object = None):
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise invalid("options must be a JSON object")
        unknown = set(options) - {
            "rounds",
            "wild_tie",
            "stragedy_intent",
            "examination",
            "examination_seconds",
            "roles",
        }
        if unknown:
            raise invalid(f"unknown Memulation option(s): {', '.join(sorted(unknown))}")
        rounds = options.get("rounds", 1)
        if not is_int(rounds) or rounds < 1:
            raise invalid("option rounds must be an integer of at least 1")
        wild_tie = options.get("wild_tie", "leader")
        if wild_tie not in WILD_TIES:
            raise invalid("option wild_tie must be 'leader' or 'follower'")
        intent = options.get("stragedy_intent", True)
        examination = options.get("examination", True)
        if type(intent) is not bool or type(examination) is not bool:
            raise invalid("options stragedy_intent and examination must be true or false")
        seconds = options.get("examination_seconds", 30)
        if type(seconds) not in (int, float) or not seconds > 0:
            raise invalid("option examination_seconds must be a positive number")
        roles = options.get("roles", "cut")
        ok = roles in ROLE_METHODS if isinstance(roles, str) else roles in (0, 1)
        if isinstance(roles, list):
            ok = bool(roles) and all(is_int(s) and s in (0, 1) for s in roles)
        if type(roles) is bool or not ok:
            raise invalid("option roles must be 'cut', 'alternate', a seat or a list of seats")
        self.rounds = rounds
        self.wild_tie = wild_tie
        self.tie_follower = wild_tie == "follower"
        self.stragedy_intent = intent
        self.examination = examination
        self.examination_seconds = seconds
        self.roles = tuple(roles) if isinstance(roles, list) else roles

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.as_dict() == other.as_dict()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def as_dict(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "wild_tie": self.wild_tie,
            "stragedy_intent": self.stragedy_intent,
            "examination": self.examination,
            "examination_seconds": self.examination_seconds,
            "roles": list(self.roles) if isinstance(self.roles, tuple) else self.roles,
        }


def read_deck(deck: object) -> tuple[int, ...]:
    """A deck given as 52 card strings (or 52 card numbers), top first."""
    if isinstance(deck, list | tuple) and deck and all(is_int(c) for c in deck):
        if len(deck) != DECK_SIZE or sorted(deck) != list(range(DECK_SIZE)):
            raise invalid("the deck must hold 52 distinct cards")
        return tuple(deck)
    return tuple(parse_deck(list(deck) if isinstance(deck, tuple) else deck, strict=True))


def dealt_hands(deck: tuple[int, ...], deal: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Hands A and B of a deal (0 = Old Deal, 1 = New Deal), in dealing order.

    The New Deal is dealt from the 25 Undealt cards, top first, with the old Pritticut buried
    at the bottom.

    >>> a, b = dealt_hands(tuple(range(52)), 1)
    >>> a[:3], b[:3], b[-1]
    ((27, 29, 31), (28, 30, 32), 26)
    """
    pack = deck if deal == 0 else (*deck[27:], deck[26])
    return pack[0:26:2], pack[1:26:2]


def cut_for_lucky_duck(deck: tuple[int, ...], rng: random.Random) -> tuple[int, list[list[str]]]:
    """Both seats draw a card from the Undealt; the higher rank is Lucky Duck, ties cut again.

    Returns Lucky Duck's seat and every cut as ``[seat 0's card, seat 1's card]``.

    >>> deck = tuple(range(52))
    >>> cut_for_lucky_duck(deck, random.Random(5)) == cut_for_lucky_duck(deck, random.Random(5))
    True
    """
    undealt = deck[27:]
    cuts = []
    while True:
        i, j = rng.sample(range(len(undealt)), 2)
        first, second = undealt[i], undealt[j]
        cuts.append([CARD_NAMES[first], CARD_NAMES[second]])
        if RANK_OF[first] != RANK_OF[second]:
            return (0 if RANK_OF[first] > RANK_OF[second] else 1), cuts


def _trick_dict(trick: tuple[int, int, int, int]) -> dict[str, Any]:
    leader, led, followed, winner = trick
    return {"leader": leader, "cards": [CARD_NAMES[led], CARD_NAMES[followed]], "winner": winner}


def _position(pile: int, trick: int, card: int) -> dict[str, int]:
    return {"pile": pile, "trick": trick, "card": card}


class Memulation(GameState):
    """The state of a Memulation match. Create it with :meth:`create` or :meth:`from_json`.

    Public attributes (read-only by convention): ``phase`` (one of :data:`PHASES`),
    ``round_no`` (0-based), ``deal_no`` (0 Old Deal, 1 New Deal), ``lucky_duck``,
    ``lame_duck``, ``events`` (what the last :meth:`apply` did).
    """

    GAME = GAME
    SEATS = SEATS

    __slots__ = (
        "deal_no",
        "deal_scores",
        "dealt",
        "deck",
        "events",
        "exam_pending",
        "hands",
        "history",
        "hole",
        "lame_duck",
        "leader",
        "led",
        "lucky_duck",
        "match_score",
        "old_piles",
        "old_seat_a",
        "old_tricks",
        "options",
        "phase",
        "pritticut",
        "roles",
        "round_no",
        "round_seed",
        "seat_a",
        "setup",
        "stragedy",
        "to_move",
        "tricks",
        "trump",
        "wild",
        "wilds",
        "won",
    )
    _STATE_SLOTS = tuple(name for name in __slots__ if name != "events")

    options: MemulationOptions
    setup: dict[str, Any]
    round_no: int
    history: tuple[Any, ...]
    match_score: tuple[int, int]
    round_seed: int
    deck: tuple[int, ...]
    roles: dict[str, Any]
    lucky_duck: int
    lame_duck: int
    deal_no: int
    to_move: int
    exam_pending: int
    dealt: tuple[int, int]
    seat_a: int
    hands: tuple[int, int]
    pritticut: int
    trump: int
    wild: int
    wilds: int
    tricks: tuple[tuple[int, int, int, int], ...]
    won: tuple[int, int]
    deal_scores: tuple[tuple[int, int], ...]
    leader: int
    led: int
    old_tricks: tuple[tuple[int, int, int, int], ...]
    old_piles: tuple[tuple[int, ...], tuple[int, ...]]
    old_seat_a: int
    hole: tuple[int, int, int] | None
    stragedy: dict[str, Any] | None

    # ------------------------------------------------------------------ creation

    @classmethod
    def create(
        cls,
        *,
        seed: int | None = None,
        deck: list | None = None,
        lucky_duck: int | None = None,
        options: dict | None = None,
    ) -> Memulation:
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
        events: list[dict[str, Any]] = []
        state._start_round(0, first_deck, lucky_duck, events)
        state.events = events
        return state

    @classmethod
    def from_setup(cls, setup: dict) -> Memulation:
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
        events: list | None,
    ) -> None:
        seed = derive_seed(self.setup["seed"], GAME, "round", round_no)
        # One generator per round: the shuffle first, then the cut (both recorded).
        rng = random.Random(seed)
        if deck is None:
            deck = tuple(random_deck(rng))
        roles = self.options.roles
        cuts = None
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

    def _start_deal(self, deal_no: int, events: list | None) -> None:
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

    def move_to_action(self, move: int) -> dict[str, Any]:
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

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
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

    def _check(self, action: dict) -> tuple[int, int]:
        kind = read_type(action, ACTION_TYPES, GAME)
        if kind == "end_examination" and action.get("seat") is None:
            seat = -1
        else:
            seat = read_seat(action, SEATS)
        card = intended = -1
        pile = trick = position = 0
        if kind == "play":
            card = read_card(action)
        elif kind == "choose_hand":
            if "hand" not in action:
                raise invalid("a choose_hand action needs a 'hand' field")
        elif kind == "stragedy":
            pile = read_int(action, "pile")
            trick = read_int(action, "trick")
            position = read_int(action, "card")
            intended = read_optional_card(action, "intended")
            if not self.options.stragedy_intent:
                intended = -1  # the probe is off: the named card is not recorded
        phase = self.phase
        if phase == FINISHED:
            raise RulesError("game_over", "the match is finished")
        if PHASE_ACTIONS[phase] != kind:
            raise RulesError("wrong_phase", f"a {kind} action is not taken in the {phase} phase")
        if kind == "end_examination":
            if seat < 0:
                return END_EXAMINATION_ALL, -1
            if not self.exam_pending >> seat & 1:
                raise RulesError("not_your_turn", f"seat {seat} has already ended the examination")
            return END_EXAMINATION + seat, -1
        if seat != self.to_move:
            raise RulesError(
                "not_your_turn", f"it is seat {self.to_move}'s turn, not seat {seat}'s"
            )
        if kind == "choose_hand":
            hand = action["hand"]
            if hand == "A":
                return HAND_A, -1
            if hand == "B":
                return HAND_B, -1
            raise RulesError(
                "invalid_choice", f"Lucky Duck must choose hand 'A' or 'B', not {hand!r}"
            )
        if kind == "stragedy":
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
            return stragedy_move(pile, trick, position), intended
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

    def _step(self, move: int, events: list | None, extra: int) -> None:
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

    def _end_examination(self, move: int, events: list | None) -> None:
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

    def _choose(self, move: int, events: list | None) -> None:
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

    def _stragedy(self, move: int, events: list | None, intended: int) -> None:
        pile, trick, position = stragedy_position(move)
        card = self.old_tricks[self.old_piles[pile][trick]][1 + position]
        # where the intended card really was (looked up before the chosen card is taken out)
        where = None if intended < 0 else self._old_position(intended)
        self.hole = (pile, trick, position)
        self._set_pritticut(card)
        self.stragedy = {
            "seat": self.lame_duck,
            "intended": None if intended < 0 else CARD_NAMES[intended],
            "position": _position(pile, trick, position),
            "revealed": CARD_NAMES[card],
            "intended_position": where,
            "hit": None if intended < 0 else intended == card,
        }
        self.phase = PLAY
        self.to_move = self.leader = self.lame_duck
        if events is not None:
            events.append({"type": "stragedy", **deep(self.stragedy)})

    def _old_position(self, card: int) -> dict[str, int] | None:
        """Where a card lies in the Old Deal's face-down tricks (None if it is not there)."""
        for pile in (0, 1):
            for trick, index in enumerate(self.old_piles[pile]):
                cards = self.old_tricks[index]
                for position in (0, 1):
                    if cards[1 + position] == card and (pile, trick, position) != self.hole:
                        return _position(pile, trick, position)
        return None

    def _play(self, card: int, events: list | None) -> None:
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
                {"type": "trick_won", "deal": deal, "trick": len(tricks) - 1, **_trick_dict(trick)}
            )
        if len(tricks) == 13:
            self._end_deal(events)

    def _end_deal(self, events: list | None) -> None:
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
            self.old_piles = (
                tuple(i for i, t in enumerate(tricks) if t[3] == 0),
                tuple(i for i, t in enumerate(tricks) if t[3] == 1),
            )
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

    # ------------------------------------------------------------------ reports and views

    def _round_score(self) -> tuple[int, int]:
        scores = [*self.deal_scores]
        if len(scores) == self.deal_no:  # the current deal is not finished yet
            scores.append(self.won)
        return sum(s[0] for s in scores), sum(s[1] for s in scores)

    def _deal_parts(self, deal_no: int) -> tuple:
        """(pritticut, seat_a, tricks, won, in_progress) of a deal of the current round."""
        if deal_no == 0 and self.deal_no == 1:
            return self.deck[26], self.old_seat_a, self.old_tricks, self.deal_scores[0], None
        in_progress = None
        if self.led >= 0:
            in_progress = {
                "leader": self.leader,
                "cards": [CARD_NAMES[self.led]],
                "winner": None,
            }
        return self.pritticut, self.seat_a, self.tricks, self.won, in_progress

    def _deal_report(self, deal_no: int) -> dict[str, Any]:
        pritticut, seat_a, tricks, won, in_progress = self._deal_parts(deal_no)
        hands = None
        if seat_a >= 0:
            hand_a, hand_b = dealt_hands(self.deck, deal_no)
            by_seat = (hand_a, hand_b) if seat_a == 0 else (hand_b, hand_a)
            hands = {"0": cards_str(by_seat[0]), "1": cards_str(by_seat[1])}
        report: dict[str, Any] = {
            "pritticut": None if pritticut < 0 else CARD_NAMES[pritticut],
            "trump": None if pritticut < 0 else SUITS[SUIT_OF[pritticut]],
            "wild": None if pritticut < 0 else RANKS[RANK_OF[pritticut]],
            "hands": hands,
            "tricks": [_trick_dict(t) for t in tricks] + ([in_progress] if in_progress else []),
            "tricks_won": team_dict(won),
        }
        if deal_no == 1:
            report["stragedy"] = deep(self.stragedy["position"]) if self.stragedy else None
        return report

    def rules_report(self) -> dict[str, Any]:
        """The current round in the replay command's output format (RULES.md, "Memulation
        output"), with ``"ok": true``.
        """
        finished = self.phase == FINISHED
        next_: dict[str, Any] | None = None
        if not finished:
            legal = None
            if self.phase == PLAY:
                legal = [CARD_NAMES[c] for c in mask_list(self.legal_mask())]
            seat = self.to_move if self.to_move >= 0 else None
            next_ = {"seat": seat, "phase": self.phase, "legal": legal}
        return {
            "ok": True,
            "finished": finished,
            "deals": [self._deal_report(d) for d in range(self.deal_no + 1)],
            "score": team_dict(self._round_score()),
            "next": next_,
        }

    def _history_record(self) -> dict[str, Any]:
        return self._round_record()

    def _round_record(self) -> dict[str, Any]:
        """Everything about the current round (for the history and the staff view)."""
        deals = []
        for d in range(self.deal_no + 1):
            report = self._deal_report(d)
            seat_a = self.old_seat_a if d == 0 and self.deal_no == 1 else self.seat_a
            hand_a, hand_b = dealt_hands(self.deck, d)
            report["dealt"] = {"A": cards_str(hand_a), "B": cards_str(hand_b)}
            report["hand_a_seat"] = None if seat_a < 0 else seat_a
            if d == 1:
                report["stragedy"] = self.stragedy
            deals.append(report)
        return {
            "round": self.round_no,
            "seed": self.round_seed,
            "deck": cards_str(self.deck),
            "lucky_duck": self.lucky_duck,
            "roles": self.roles,
            "deals": deals,
            "score": team_dict(self._round_score()),
        }

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now, as a JSON-ready dict.

        During an examination both hands (A and B, in dealing order); afterwards only the
        seat's own hand. Trick piles are counts (and, for the Old Deal during the New Deal,
        which positions still hold a face-down card), never card identities. The Pritticut in
        force is face up; the Undealt, the cut cards and the other hand are never shown.
        """
        if not is_int(seat) or seat not in (0, 1):
            raise invalid("a view needs seat 0 or 1")
        examining = self.phase == EXAMINATION
        own = None
        label = None
        if self.seat_a >= 0:
            own = mask_strs(self.hands[seat])
            label = "A" if self.seat_a == seat else "B"
        examination = None
        if examining:
            hand_a, hand_b = dealt_hands(self.deck, self.deal_no)
            examination = {
                "A": cards_str(hand_a),
                "B": cards_str(hand_b),
                "done": bool(not self.exam_pending >> seat & 1),
            }
        old_piles = None
        if self.deal_no == 1:
            hole = self.hole
            old_piles = {
                str(p): [[(p, t, c) != hole for c in (0, 1)] for t in range(len(self.old_piles[p]))]
                for p in (0, 1)
            }
        stragedy = None
        if self.stragedy is not None:
            stragedy = {**deep(self.stragedy["position"]), "revealed": self.stragedy["revealed"]}
            if seat == self.lame_duck:
                stragedy["intended"] = self.stragedy["intended"]
        finished = self.phase == FINISHED
        return {
            "game": GAME,
            "seat": seat,
            "phase": self.phase,
            "to_act": self.to_act,
            "finished": finished,
            "round": self.round_no,
            "rounds": self.options.rounds,
            "deal": self.deal_no + 1,
            "lucky_duck": self.lucky_duck,
            "lame_duck": self.lame_duck,
            "roles_method": self.roles["method"],
            # The cards cut for the roles (face up to both), while the Old Deal has not begun.
            "roles_cut": deep(self.roles["cut"])
            if self.roles["cut"] and self.deal_no == 0 and self.phase in (EXAMINATION, CHOOSE_HAND)
            else None,
            "options": self.options.as_dict(),
            "examination": examination,
            "hand": own,
            "hand_label": label,
            "hand_counts": team_dict([h.bit_count() for h in self.hands])
            if self.seat_a >= 0
            else None,
            "pritticut": self.pritticut_str,
            "trump": None if self.trump < 0 else SUITS[self.trump],
            "wild": None if self.wild < 0 else RANKS[self.wild],
            "trick": {
                "number": len(self.tricks),
                "leader": self.leader,
                "cards": [] if self.led < 0 else [CARD_NAMES[self.led]],
            }
            if self.phase == PLAY
            else None,
            # The deal's last trick taken: both saw it played, so a reload may show it again.
            "last_trick": {"number": len(self.tricks) - 1, **_trick_dict(self.tricks[-1])}
            if self.phase == PLAY and self.tricks
            else None,
            "piles": team_dict(self.won),
            "old_piles": old_piles,
            "stragedy": stragedy,
            "legal": [a["card"] for a in self.legal_actions(seat) if a["type"] == "play"],
            "deal_scores": [team_dict(s) for s in self.deal_scores],
            "round_score": team_dict(self._round_score()),
            "match_score": team_dict(self.match_score),
            "rounds_played": [
                {
                    "round": r["round"],
                    "lucky_duck": r["lucky_duck"],
                    "score": dict(r["score"]),
                    "deal_scores": [dict(d["tricks_won"]) for d in r["deals"]],
                }
                for r in self.history_records()
            ],
        }

    def spectator_view(self, *, allow_unfinished: bool = False) -> dict[str, Any]:
        """Everything, for staff: every round's deck, cut, hands, tricks and 'Stragedy record.

        Refused (``wrong_phase``) before the match is finished unless ``allow_unfinished``.
        """
        if self.phase != FINISHED and not allow_unfinished:
            raise RulesError("wrong_phase", "the full record is shown only for finished games")
        rounds = deep(self.history_records())
        if self.phase != FINISHED:
            current = self._round_record()
            current["hands_now"] = {"0": mask_strs(self.hands[0]), "1": mask_strs(self.hands[1])}
            rounds.append(current)
        return {
            "game": GAME,
            "setup": deep(self.setup),
            "phase": self.phase,
            "finished": self.phase == FINISHED,
            "match_score": team_dict(self.match_score),
            "rounds": rounds,
        }

    # ------------------------------------------------------------------ copy and JSON

    def copy(self) -> Memulation:
        """A shallow copy: every field is immutable, so nothing is shared that could change."""
        new = object.__new__(Memulation)
        new.options = self.options
        new.setup = self.setup
        new.round_no = self.round_no
        new.history = self.history
        new.match_score = self.match_score
        new.round_seed = self.round_seed
        new.deck = self.deck
        new.roles = self.roles
        new.lucky_duck = self.lucky_duck
        new.lame_duck = self.lame_duck
        new.deal_no = self.deal_no
        new.phase = self.phase
        new.to_move = self.to_move
        new.exam_pending = self.exam_pending
        new.dealt = self.dealt
        new.seat_a = self.seat_a
        new.hands = self.hands
        new.pritticut = self.pritticut
        new.trump = self.trump
        new.wild = self.wild
        new.wilds = self.wilds
        new.tricks = self.tricks
        new.won = self.won
        new.deal_scores = self.deal_scores
        new.leader = self.leader
        new.led = self.led
        new.old_tricks = self.old_tricks
        new.old_piles = self.old_piles
        new.old_seat_a = self.old_seat_a
        new.hole = self.hole
        new.stragedy = self.stragedy
        new.events = []
        return new

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data; :meth:`from_json` restores it exactly."""

        def card(c: int) -> str | None:
            return None if c < 0 else CARD_NAMES[c]

        def tricks(ts: tuple) -> list:
            return [[t[0], CARD_NAMES[t[1]], CARD_NAMES[t[2]], t[3]] for t in ts]

        return {
            "game": GAME,
            "format": 1,
            "setup": deep(self.setup),
            "state": {
                "round": self.round_no,
                "history": deep(self.history_records()),
                "match_score": list(self.match_score),
                "round_seed": self.round_seed,
                "deck": cards_str(self.deck),
                "roles": deep(self.roles),
                "lucky_duck": self.lucky_duck,
                "deal": self.deal_no,
                "phase": self.phase,
                "to_move": self.to_move,
                "exam_pending": self.exam_pending,
                "seat_a": self.seat_a,
                "hands": [mask_strs(h) for h in self.hands],
                "pritticut": card(self.pritticut),
                "tricks": tricks(self.tricks),
                "deal_scores": [list(s) for s in self.deal_scores],
                "leader": self.leader,
                "led": card(self.led),
                "old_tricks": tricks(self.old_tricks),
                "old_seat_a": self.old_seat_a,
                "hole": None if self.hole is None else list(self.hole),
                "stragedy": deep(self.stragedy),
            },
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Memulation:
        """Rebuild a state from :meth:`to_json` output."""
        try:
            if data["game"] != GAME or data["format"] != 1:
                raise invalid("not a serialised Memulation state")
            setup = deep(data["setup"])
            s = data["state"]
            new = object.__new__(cls)
            new.options = MemulationOptions(setup["options"])
            new.setup = setup
            new.round_no = s["round"]
            new.history = tuple(deep(s["history"]))
            new.match_score = tuple(s["match_score"])
            new.round_seed = s["round_seed"]
            new.deck = tuple(parse_deck(s["deck"]))
            new.roles = deep(s["roles"])
            new.lucky_duck = s["lucky_duck"]
            new.lame_duck = 1 - new.lucky_duck
            new.deal_no = s["deal"]
            if s["phase"] not in PHASES:
                raise invalid("unknown phase")
            new.phase = PHASES[PHASES.index(s["phase"])]
            new.to_move = s["to_move"]
            new.exam_pending = s["exam_pending"]
            hand_a, hand_b = dealt_hands(new.deck, new.deal_no)
            new.dealt = (cards_mask(hand_a), cards_mask(hand_b))
            new.seat_a = s["seat_a"]
            h0, h1 = (cards_mask(parse_card(c) for c in h) for h in s["hands"])
            new.hands = (h0, h1)
            if s["pritticut"] is None:
                new.pritticut = new.trump = new.wild = -1
                new.wilds = 0
            else:
                new._set_pritticut(parse_card(s["pritticut"]))

            def tricks(ts: list) -> tuple:
                return tuple((t[0], parse_card(t[1]), parse_card(t[2]), t[3]) for t in ts)

            new.tricks = tricks(s["tricks"])
            won = [0, 0]
            for t in new.tricks:
                won[t[3]] += 1
            new.won = (won[0], won[1])
            new.deal_scores = tuple((a, b) for a, b in s["deal_scores"])
            new.leader = s["leader"]
            new.led = -1 if s["led"] is None else parse_card(s["led"])
            new.old_tricks = tricks(s["old_tricks"])
            new.old_piles = (
                tuple(i for i, t in enumerate(new.old_tricks) if t[3] == 0),
                tuple(i for i, t in enumerate(new.old_tricks) if t[3] == 1),
            )
            new.old_seat_a = s["old_seat_a"]
            new.hole = None if s["hole"] is None else tuple(s["hole"])
            new.stragedy = deep(s["stragedy"])
            new.events = []
            return new
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise invalid(f"not a serialised Memulation state ({error!r})") from error


__all__ = [
    "ACTION_TYPES",
    "PHASES",
    "Memulation",
    "MemulationOptions",
    "cut_for_lucky_duck",
    "dealt_hands",
    "stragedy_move",
    "stragedy_position",
]
