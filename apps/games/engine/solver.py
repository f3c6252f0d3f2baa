"""Double-dummy solver for Memulation: exact trick values when both hands are known.

After the examination both players have seen both hands, so every Memulation position is a
perfect-information problem. :func:`solve` values every legal card of the seat to move: the number
of the remaining tricks (the current one included) that seat takes when it plays that card and
both seats play perfectly afterwards.

>>> from .cards import parse_card as c, parse_cards, cards_mask
>>> pos = Position(
...     hands=(cards_mask(parse_cards(["AS", "2D"])), cards_mask(parse_cards(["KS", "7D", "3D"]))),
...     leader=0, led=c("4C"), trump=0, wild_rank=5)
>>> sol = solve(pos)
>>> sol.seat, sol.tricks_left, sol.best
(1, 3, 3)
>>> sol.as_dict(order=parse_cards(["KS", "7D", "3D"]))
{'seat': 1, 'tricks_left': 3, 'values': {'KS': 3, '7D': 2, '3D': 2}, 'best': 3}

A :class:`Solver` keeps its transposition table between calls; analysis and bots that solve many
positions of one deal should share one (per ``wild_tie`` rule). How the search works is described
in :mod:`apps.games.engine.solver_core`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import DECK_SIZE, SUIT_MASKS, card_str, mask_list
from .core_choice import make_search
from .errors import RulesError
from .search_state import FIELD, FMASK, LBIT, LEADER, WILD, make_state, no_gc

#: Bumped whenever a change to the solver (or its compiled core) could change a value it gives;
#: the exports name it beside the analyses it produced.
SOLVER_VERSION = 1

WILD_TIES = ("leader", "follower")


def wild_mask(trump: int, wild_rank: int) -> int:
    """The Wild Cards: every card of the wild rank except the Pritticut (of the trump suit)."""
    return sum(1 << (s * 13 + wild_rank) for s in range(4) if s != trump)


def is_wild(card: int, wild_rank: int) -> bool:
    return card % 13 == wild_rank


def legal_cards(hand: int, led: int | None, wild_rank: int) -> list[int]:
    """Cards of ``hand`` (a mask) that may be played after ``led`` (``None``: leading).

    A wild may always be played; after a non-wild lead a seat holding a non-wild card of the led
    suit must play one of those or a wild; otherwise anything goes.
    """
    if led is not None and led % 13 != wild_rank:
        wilds = hand & (0x8004002001 << wild_rank)
        follow = hand & SUIT_MASKS[led // 13] & ~wilds
        if follow:
            hand = follow | wilds
    return mask_list(hand)


def leader_wins(led: int, card: int, trump: int, wild_rank: int, wild_tie: str = "leader") -> bool:
    """Does the card led beat ``card``, the card that followed?"""
    lw = led % 13 == wild_rank
    fw = card % 13 == wild_rank
    if lw or fw:
        return lw and (not fw or wild_tie == "leader")
    if led // 13 == card // 13:
        return led > card
    return card // 13 != trump


@dataclass(frozen=True)
class Position:
    """A Memulation position with both hands known.

    ``hands`` are the card masks still held by seats 0 and 1; ``led`` is ``None`` at the start of
    a trick (``leader`` to move) or the card the leader has already played to it (the other seat
    to move).
    """

    hands: tuple[int, int]
    leader: int
    trump: int
    wild_rank: int
    led: int | None = None
    wild_tie: str = "leader"

    @property
    def seat(self) -> int:
        """The seat to move."""
        return self.leader if self.led is None else 1 - self.leader

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the current one included."""
        return self.hands[self.seat].bit_count()

    def legal(self) -> list[int]:
        return legal_cards(self.hands[self.seat], self.led, self.wild_rank)

    def validate(self) -> None:
        """Raise ``invalid_input`` unless this is a position that can arise in Memulation."""

        def bad(message: str) -> RulesError:
            return RulesError("invalid_input", message)

        if self.wild_tie not in WILD_TIES:
            raise bad(f"wild_tie must be 'leader' or 'follower', not {self.wild_tie!r}")
        if not (isinstance(self.trump, int) and 0 <= self.trump < 4):
            raise bad(f"bad trump suit {self.trump!r}")
        if not (isinstance(self.wild_rank, int) and 0 <= self.wild_rank < 13):
            raise bad(f"bad wild rank {self.wild_rank!r}")
        if self.leader not in (0, 1) or isinstance(self.leader, bool):
            raise bad(f"leader must be 0 or 1, not {self.leader!r}")
        h0, h1 = self.hands
        if h0 & h1:
            raise bad("a card is in both hands")
        pritticut = 1 << (self.trump * 13 + self.wild_rank)
        if (h0 | h1) & pritticut:
            raise bad(f"{card_str(self.trump * 13 + self.wild_rank)} is the Pritticut, not in play")
        lead_n = self.hands[self.leader].bit_count()
        foll_n = self.hands[1 - self.leader].bit_count()
        if self.led is None:
            if lead_n != foll_n or not 1 <= lead_n <= 13:
                raise bad(
                    "at the start of a trick both hands hold the same number of cards, 1 to 13"
                )
        else:
            if not (isinstance(self.led, int) and 0 <= self.led < DECK_SIZE):
                raise bad(f"bad led card {self.led!r}")
            if (h0 | h1) >> self.led & 1:
                raise bad(f"the led card {card_str(self.led)} is also in a hand")
            if 1 << self.led == pritticut:
                raise bad(f"{card_str(self.led)} is the Pritticut, not in play")
            if lead_n + 1 != foll_n or foll_n > 13:
                raise bad("after a lead the leader holds one card fewer than the other seat")


@dataclass(frozen=True)
class Solution:
    """Values of the legal cards of ``seat`` (the seat to move): tricks it takes from here."""

    seat: int
    tricks_left: int
    values: dict[int, int]
    best: int

    def lost(self, card: int) -> int:
        """Tricks that playing ``card`` gives away against the best card."""
        return self.best - self.values[card]

    def best_cards(self) -> list[int]:
        return [c for c, v in self.values.items() if v == self.best]

    def as_dict(self, order: list[int] | None = None) -> dict[str, Any]:
        """The JSON shape of the ``solve`` command; ``values`` in ``order`` (default: by card)."""
        cards = [c for c in order if c in self.values] if order is not None else self.values
        return {
            "seat": self.seat,
            "tricks_left": self.tricks_left,
            "values": {card_str(c): self.values[c] for c in cards},
            "best": self.best,
        }


def _encode(
    hands: tuple[int, int], leader: int, trump: int, wild_rank: int
) -> tuple[int, dict[int, tuple[int, int]]]:
    """The search state of a trick start, and each held non-wild card's ``(field, position)``."""
    wilds = wild_mask(trump, wild_rank)
    where: dict[int, tuple[int, int]] = {}
    patterns = []
    h0 = hands[0]
    both = hands[0] | hands[1]
    for j, suit in enumerate([trump] + [x for x in range(4) if x != trump]):
        p = 0
        n = 0
        held = both & SUIT_MASKS[suit] & ~wilds
        for card in range(suit * 13, suit * 13 + 13):
            if held >> card & 1:
                if h0 >> card & 1:
                    p |= 1 << n
                where[card] = (j, n)
                n += 1
        patterns.append(p | (1 << n))
    w0 = (hands[0] & wilds).bit_count()
    w1 = (hands[1] & wilds).bit_count()
    return make_state(patterns, w0, w1, leader), where


def _class_low(s: int, j: int, i: int) -> int:
    """The lowest position of the class (run of one seat's cards) holding position ``i``."""
    p = (s >> (FIELD * j)) & FMASK
    own = p >> i & 1
    while i and (p >> (i - 1) & 1) == own:
        i -= 1
    return i


class Solver:
    """Solves positions under one ``wild_tie`` rule, keeping its table between calls.

    The table is emptied when it holds more than ``max_entries`` positions (about 700 bytes
    each in the pure-Python core, 64 in the compiled one) at the start of a call. ``core``
    (``"compiled"`` or ``"python"``) picks the search; the default is the process's
    :data:`~apps.games.engine.core_choice.CORE`.
    """

    def __init__(
        self, wild_tie: str = "leader", max_entries: int = 250_000, core: str | None = None
    ):
        if wild_tie not in WILD_TIES:
            raise RulesError(
                "invalid_input", f"wild_tie must be 'leader' or 'follower': {wild_tie!r}"
            )
        self.wild_tie = wild_tie
        self.search = make_search(wild_tie == "leader", core)
        self.core = "python" if type(self.search).__module__.endswith("solver_core") else "compiled"
        self.max_entries = max_entries

    def clear(self) -> None:
        self.search.clear()

    def _room(self) -> None:
        if len(self.search) > self.max_entries:
            self.search.clear()

    def _check(self, pos: Position) -> None:
        if pos.wild_tie != self.wild_tie:
            raise ValueError(f"this solver is for wild_tie={self.wild_tie!r}")
        pos.validate()

    def value(self, pos: Position) -> int:
        """The best value for the seat to move (cheaper than :meth:`solve`)."""
        self._check(pos)
        self._room()
        if pos.led is None:
            s, _ = _encode(pos.hands, pos.leader, pos.trump, pos.wild_rank)
            value: int = self.search.value(s, pos.tricks_left)
            return value
        return max(self._follow_values(pos).values())

    def solve(self, pos: Position) -> Solution:
        """Value every legal card of the seat to move."""
        self._check(pos)
        self._room()
        values = self._lead_values(pos) if pos.led is None else self._follow_values(pos)
        return Solution(pos.seat, pos.tricks_left, values, max(values.values()))

    def best_cards(self, pos: Position) -> tuple[int, list[int]]:
        """``(best value, cards)``: one class of interchangeable best cards for the seat to move.

        Cheaper than :meth:`solve` when only a best move is wanted (bots): the other cards are
        not valued, and other best classes, if any, are not listed.
        """
        self._check(pos)
        self._room()
        if pos.led is not None:
            values = self._follow_values(pos)
            best = max(values.values())
            cards = [c for c, v in values.items() if v == best]
            return best, cards
        search = self.search
        n = pos.tricks_left
        s, where = _encode(pos.hands, pos.leader, pos.trump, pos.wild_rank)
        best = search.value(s, n)
        classes: dict[tuple[int, int], list[int]] = {}
        for card in pos.legal():
            if card in where:
                j, i = where[card]
                key = (j, _class_low(s, j, i))
            else:
                key = (WILD, 0)
            classes.setdefault(key, []).append(card)
        keys = search.lead_order(s) or []
        order = [((key >> 4) & 15, key & 15) for key in keys] or list(classes)
        with no_gc():
            for key in order:
                if key in classes and search.lead_at_least(s, n, search.children(s, *key), best):
                    return best, classes[key]
        raise AssertionError("no lead reaches the solved value")  # pragma: no cover

    def at_least(self, pos: Position, k: int) -> bool:
        """Can the seat on lead (``pos.led`` is ``None``) take at least ``k`` tricks?"""
        self._check(pos)
        if pos.led is not None:
            raise ValueError("at_least needs the start of a trick")
        self._room()
        n = pos.tricks_left
        if k <= 0:
            return True
        if k > n:
            return False
        s, _ = _encode(pos.hands, pos.leader, pos.trump, pos.wild_rank)
        with no_gc():
            at_least: bool = self.search.ge(s, n, k)
            return at_least

    # -- the seat on lead -------------------------------------------------------------------

    def _lead_values(self, pos: Position) -> dict[int, int]:
        search = self.search
        n = pos.tricks_left
        s, where = _encode(pos.hands, pos.leader, pos.trump, pos.wild_rank)
        best = search.value(s, n)
        by_class: dict[tuple[int, int], int] = {}
        values = {}
        with no_gc():
            for card in pos.legal():
                if card in where:
                    j, i = where[card]
                    key = (j, _class_low(s, j, i))
                else:
                    key = (WILD, 0)
                v = by_class.get(key)
                if v is None:
                    v = by_class[key] = search.lead_value(s, n, *key, best)
                values[card] = v
        return values

    # -- the seat following ---------------------------------------------------------------

    def _follow_values(self, pos: Position) -> dict[int, int]:
        search = self.search
        n = pos.tricks_left
        assert pos.led is not None  # a card has been led
        hands = list(pos.hands)
        hands[pos.leader] |= 1 << pos.led
        s, where = _encode((hands[0], hands[1]), pos.leader, pos.trump, pos.wild_rank)
        lead = where.get(pos.led, (WILD, 0))
        child_of = {(j, r): c for j, r, c in search.responses(s, *lead)}
        follower_bit = (1 - pos.leader) << LEADER
        by_class: dict[tuple[int, int], int] = {}
        values = {}
        for card in pos.legal():
            if card in where:
                j, i = where[card]
                key = (j, _class_low(s, j, i))
            else:
                key = (WILD, 0)
            v = by_class.get(key)
            if v is None:
                c = child_of[key]
                if c & LBIT == follower_bit:
                    v = 1 + search.value(c, n - 1)
                else:
                    v = n - 1 - search.value(c, n - 1)
                by_class[key] = v
            values[card] = v
        return values


_SOLVERS: dict[str, Solver] = {}


def solver_for(wild_tie: str = "leader") -> Solver:
    """A shared :class:`Solver` for the rule (its table persists between calls)."""
    solver = _SOLVERS.get(wild_tie)
    if solver is None:
        solver = _SOLVERS[wild_tie] = Solver(wild_tie)
    return solver


def solve(pos: Position, solver: Solver | None = None) -> Solution:
    """Value every legal card of the seat to move in ``pos``."""
    return (solver or solver_for(pos.wild_tie)).solve(pos)


def best_value(pos: Position, solver: Solver | None = None) -> int:
    """The tricks the seat to move takes from here with perfect play by both seats."""
    return (solver or solver_for(pos.wild_tie)).value(pos)
