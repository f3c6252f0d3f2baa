"""Mendikot opponents: ``random``, ``heuristic`` and ``tracker``.

They read only the seat's view and the public events (see :mod:`apps.games.engine.bots`).

* ``random``: any legal action (an ask included, when allowed).
* ``heuristic``: follow low, win cheaply, protect its own tens and capture the other team's,
  give a ten to a partner who is winning the trick; hides the low card of its longest suit and
  asks for trump when the other team is winning a trick worth taking.
* ``tracker``: the same, plus a memory of every card played and of who has shown a void: it
  leads cards that are the highest still out, gives tens to a partner only when the partner's
  card cannot be beaten by a seat still to play, and under closed trump hides from its
  strongest suit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import SUIT_MASKS, SUITS, TEN, card_str, mask_list, parse_card
from ..contract import MendikotAction, SeenEvent
from .state import Randomness


def _mask(cards: list[str] | None) -> int:
    m = 0
    for c in cards or ():
        m |= 1 << parse_card(c)
    return m


def _is_ten(card: int) -> bool:
    return card % 13 == TEN


class _Base:
    game = "mendikot"
    kind = "base"
    #: The version of how the bot decides (see the Memulation bots).
    VERSION = 1

    def __init__(self, *, seat: int, seed: int):
        self.seat = seat
        self.rng = Randomness(seed)
        self.played = 0
        self.void = [0, 0, 0, 0]  # per seat: suits it has shown it lacks

    #: Bumped whenever what :meth:`remembered` holds changes meaning (see the Memulation bots).
    MEMORY_VERSION = 2

    def remembered(self) -> dict[str, Any]:
        """What the bot knows, as JSON data."""
        return {"rng": self.rng.seed_now, "played": self.played, "void": list(self.void)}

    def recall(self, data: dict[str, Any]) -> None:
        self.rng.restart(data["rng"])
        self.played, self.void = data["played"], list(data["void"])

    def observe(self, view: Mapping[str, Any], events: list[SeenEvent]) -> None:
        for e in events:
            if e["type"] == "round_started":
                self.played = 0
                self.void = [0, 0, 0, 0]
            elif e["type"] == "trick_won" and "deal" not in e:  # Mendikot's: one deal a round
                cards = [(c["seat"], parse_card(c["card"])) for c in e["cards"]]
                led_suit = cards[0][1] // 13
                for seat, card in cards:
                    self.played |= 1 << card
                    if card // 13 != led_suit:
                        self.void[seat] |= 1 << led_suit

    def act(self, view: Mapping[str, Any]) -> MendikotAction:
        seat = self.seat
        if view["phase"] == "hide_trump":
            return {"type": "hide_trump", "seat": seat, "card": card_str(self.hide(view))}
        if view["can_ask"] and self.ask(view):
            return {"type": "ask_trump", "seat": seat}
        return {"type": "play", "seat": seat, "card": card_str(self.play(view))}

    # -- reading the trick ------------------------------------------------------------------

    @staticmethod
    def trick(view: Mapping[str, Any]) -> list[tuple[int, int, bool]]:
        return [(c["seat"], parse_card(c["card"]), c["trump"]) for c in view["trick"]["cards"]]

    @staticmethod
    def winning(trick: list[tuple[int, int, bool]]) -> tuple[int, int, bool] | None:
        """The card winning the trick so far: ``(seat, card, counts as trump)``."""
        if not trick:
            return None
        led_suit = trick[0][1] // 13
        best = trick[0]
        for entry in trick[1:]:
            _, card, trump = entry
            if trump:
                if not best[2] or card > best[1]:
                    best = entry
            elif not best[2] and card // 13 == led_suit and card > best[1]:
                best = entry
        return best

    @staticmethod
    def beats(card: int, best: tuple[int, int, bool], led_suit: int, trump: int | None) -> bool:
        counts = trump is not None and card // 13 == trump
        if counts:
            return not best[2] or card > best[1]
        return not best[2] and card // 13 == led_suit and card > best[1]

    # -- decisions (overridden) ------------------------------------------------------------

    def hide(self, view: Mapping[str, Any]) -> int:
        raise NotImplementedError

    def ask(self, view: Mapping[str, Any]) -> bool:
        raise NotImplementedError

    def play(self, view: Mapping[str, Any]) -> int:
        raise NotImplementedError


class RandomBot(_Base):
    """Any legal action, uniformly (an ask counts as one action when it is allowed)."""

    kind = "random"

    def act(self, view: Mapping[str, Any]) -> MendikotAction:
        seat = self.seat
        if view["phase"] == "hide_trump":
            card = self.rng.choice(sorted(parse_card(c) for c in view["hand"]))
            return {"type": "hide_trump", "seat": seat, "card": card_str(card)}
        options: list[MendikotAction] = [
            {"type": "play", "seat": seat, "card": c} for c in view["legal"]
        ]
        if view["can_ask"]:
            options.append({"type": "ask_trump", "seat": seat})
        return self.rng.choice(options)


class HeuristicBot(_Base):
    """Follow low, win cheaply, protect and capture tens, play to the partner."""

    kind = "heuristic"

    def hide(self, view: Mapping[str, Any]) -> int:
        hand = _mask(view["hand"])
        suit = max(
            range(4), key=lambda s: ((hand & SUIT_MASKS[s]).bit_count(), self._high(hand, s))
        )
        cards = mask_list(hand & SUIT_MASKS[suit])
        plain = [c for c in cards if not _is_ten(c)] or cards
        return min(plain)

    @staticmethod
    def _high(hand: int, suit: int) -> int:
        return sum(c % 13 for c in mask_list(hand & SUIT_MASKS[suit]))

    def ask(self, view: Mapping[str, Any]) -> bool:
        best = self.winning(self.trick(view))
        return best is not None and best[0] % 2 != self.seat % 2

    def partner_safe(self, view: Mapping[str, Any], best: tuple[int, int, bool]) -> bool:
        """Is the partner's card likely to win the trick? (heuristic: it is an ace or a trump)"""
        return best[2] or best[1] % 13 == 12

    def follow_winner(self, view: Mapping[str, Any], winners: list[int], last: bool) -> int:
        """Which card of the led suit to win with: the cheapest."""
        return min(winners, key=lambda c: c % 13)

    def lead(self, view: Mapping[str, Any], legal: list[int]) -> int:
        trump = None if view["trump"] is None else SUITS.index(view["trump"])
        aces = [c for c in legal if c % 13 == 12 and c // 13 != trump]
        if aces:
            return aces[0]
        hand = _mask(view["hand"])
        side = [c for c in legal if c // 13 != trump] or legal
        suit = max({c // 13 for c in side}, key=lambda s: (hand & SUIT_MASKS[s]).bit_count())
        cards = [c for c in side if c // 13 == suit]
        plain = [c for c in cards if not _is_ten(c)] or cards
        return min(plain, key=lambda c: c % 13)

    def play(self, view: Mapping[str, Any]) -> int:
        legal = sorted(parse_card(c) for c in view["legal"])
        trick = self.trick(view)
        if not trick:
            return self.lead(view, legal)
        trump = None if view["trump"] is None else SUITS.index(view["trump"])
        led_suit = trick[0][1] // 13
        best = self.winning(trick)
        assert best is not None  # a card has been led
        tens_on_table = any(_is_ten(card) for _, card, _ in trick)
        last = len(trick) == 3
        hand = _mask(view["hand"])
        void = not hand & SUIT_MASKS[led_suit]

        def low_key(c: int) -> tuple[int, ...]:
            return (_is_ten(c), c // 13 == trump, c % 13)

        if best[0] % 2 == self.seat % 2:
            # The partner is winning: give it a ten if that is safe, else play low.
            if last or self.partner_safe(view, best):
                tens = [c for c in legal if _is_ten(c) and not self.beats(c, best, led_suit, trump)]
                if tens:
                    return tens[0]
            return min(legal, key=low_key)
        if void and trump is None and view["trump_rule"] == "first_void":
            # The first card played off suit fixes trump and wins: take the longest suit.
            suit = max({c // 13 for c in legal}, key=lambda x: (hand & SUIT_MASKS[x]).bit_count())
            return min((c for c in legal if c // 13 == suit), key=low_key)
        winners = [c for c in legal if self.beats(c, best, led_suit, trump)]
        in_suit = [c for c in winners if c // 13 == led_suit]
        if in_suit:
            return self.follow_winner(view, in_suit, last)
        if winners and (tens_on_table or last or len(trick) == 2):
            return min(winners, key=lambda c: (_is_ten(c), c % 13))
        return self.throw(view, legal, trump)

    def throw(self, view: Mapping[str, Any], legal: list[int], trump: int | None) -> int:
        """A card to lose with: the lowest, keeping tens and trumps."""
        return min(legal, key=lambda c: (_is_ten(c), c // 13 == trump, c % 13))


class TrackerBot(HeuristicBot):
    """The heuristic player with a memory of the cards played and of every seat's voids."""

    kind = "tracker"

    def hide(self, view: Mapping[str, Any]) -> int:
        hand = _mask(view["hand"])

        def strength(s: int) -> float:
            cards = mask_list(hand & SUIT_MASKS[s])
            return len(cards) + sum(0.5 for c in cards if c % 13 >= 10)

        suit = max(range(4), key=strength)
        cards = mask_list(hand & SUIT_MASKS[suit])
        plain = [c for c in cards if not _is_ten(c)] or cards
        return min(plain)

    def unseen_above(self, view: Mapping[str, Any], card: int) -> int:
        """Cards of ``card``'s suit above it that are neither played nor in this hand."""
        hand = _mask(view["hand"])
        suit = SUIT_MASKS[card // 13]
        above = suit & ~((1 << (card + 1)) - 1)
        on_table = 0
        for c in view["trick"]["cards"]:
            on_table |= 1 << parse_card(c["card"])
        return above & ~self.played & ~hand & ~on_table

    def partner_safe(self, view: Mapping[str, Any], best: tuple[int, int, bool]) -> bool:
        trump = None if view["trump"] is None else SUITS.index(view["trump"])
        trick = self.trick(view)
        to_play = [(trick[0][0] + i) % 4 for i in range(len(trick) + 1, 4)]
        if best[2]:
            return not self.unseen_above(view, best[1])
        if self.unseen_above(view, best[1]):
            return False
        led_suit = trick[0][1] // 13
        # A seat still to play that lacks the suit might ruff (or, before a first void has
        # fixed trump, fix it and win).
        can_ruff = trump is not None or view["trump_rule"] == "first_void"
        return not can_ruff or not any(self.void[s] >> led_suit & 1 for s in to_play)

    def follow_winner(self, view: Mapping[str, Any], winners: list[int], last: bool) -> int:
        """Win with a card no unseen card can beat, if it has one (unless it plays last);
        never risk a ten that could still be overtaken."""
        if last:
            return min(winners, key=lambda c: c % 13)
        secure = [c for c in winners if not self.unseen_above(view, c)]
        if secure:
            return min(secure, key=lambda c: c % 13)
        plain = [c for c in winners if not _is_ten(c)] or winners
        return min(plain, key=lambda c: c % 13)

    def throw(self, view: Mapping[str, Any], legal: list[int], trump: int | None) -> int:
        """Lose with the lowest card of the shortest side suit (making a void to ruff later),
        keeping tens, trumps and cards that are the highest still out."""
        hand = _mask(view["hand"])

        def key(c: int) -> tuple[int, ...]:
            length = (hand & SUIT_MASKS[c // 13]).bit_count()
            top = not self.unseen_above(view, c)
            return (_is_ten(c), c // 13 == trump, top, length, c % 13)

        return min(legal, key=key)

    def ask(self, view: Mapping[str, Any]) -> bool:
        trick = self.trick(view)
        best = self.winning(trick)
        if best is None or best[0] % 2 == self.seat % 2:
            return False
        return (
            any(_is_ten(c) for _, c, _ in trick)
            or len(trick) == 3
            or bool(self.unseen_above(view, best[1]) == 0)
        )

    def lead(self, view: Mapping[str, Any], legal: list[int]) -> int:
        trump = None if view["trump"] is None else SUITS.index(view["trump"])
        opponents = [(self.seat + 1) % 4, (self.seat + 3) % 4]
        partner = (self.seat + 2) % 4
        sure = []
        for c in legal:
            if self.unseen_above(view, c):
                continue
            suit = c // 13
            if (
                trump is not None
                and suit != trump
                and any(self.void[o] >> suit & 1 for o in opponents)
            ):
                continue
            sure.append(c)
        if sure:
            return max(sure, key=lambda c: (_is_ten(c), c % 13))
        if trump is not None:
            to_partner = [
                c
                for c in legal
                if c // 13 != trump and self.void[partner] >> (c // 13) & 1 and not _is_ten(c)
            ]
            if to_partner:
                return min(to_partner, key=lambda c: c % 13)
        return super().lead(view, legal)


MENDIKOT_BOTS: dict[str, type[_Base]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "tracker": TrackerBot,
}
