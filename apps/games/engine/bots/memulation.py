"""Memulation opponents: ``random``, ``greedy``, ``memory`` (with a fidelity) and ``perfect``.

All of them learn the game only from the seat's views and the public events (see
:mod:`apps.games.engine.bots`), kept in a :class:`Memory`:

* both hands as shown in each examination, each card kept with probability ``fidelity``;
* every card played in the current deal (the table is face up while a trick is played) and the
  suits the other seat has shown it lacks;
* the Old Deal's face-down tricks: which card lies at each 'Stragedy position, each position
  kept with probability ``fidelity``.

``perfect`` is ``fidelity`` 1 with exact evaluation everywhere; ``memory`` plays from what it
kept: the other hand is what it remembers of it, completed by a seeded sample of the cards it
cannot place (a single world kept for the deal and repaired as cards appear), and the solver
picks the card for that world. With fidelity 1 it plays exactly like ``perfect``; the less it
keeps, the more its world is wrong. ``greedy`` uses cheap rules (win cheaply, sluff low, save
wilds) and ``random`` any legal action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..cards import FULL_DECK, RANKS, SUIT_MASKS, SUITS, card_str, mask_list, parse_card
from ..contract import MemulationAction, MemulationTrickWon, SeenEvent
from ..solver import Position, Solver
from .state import Randomness


def _mask(cards: list[str] | None) -> int:
    m = 0
    for c in cards or ():
        m |= 1 << parse_card(c)
    return m


def _rank_mask(rank: int) -> int:
    return sum(1 << (s * 13 + rank) for s in range(4))


class Memory:
    """What one seat has seen of the current round, and kept."""

    def __init__(self, seat: int, rng: random.Random, fidelity: float = 1.0):
        self.seat = seat
        self.rng = rng
        self.fidelity = fidelity
        self.wild_tie = "leader"
        self.hand = 0
        self.pritticut: int | None = None
        self.trump: int | None = None
        self.wild_rank: int | None = None
        self.opp_count = 0
        self.new_round(None)

    # -- observing ----------------------------------------------------------------------

    def new_round(self, lucky: int | None) -> None:
        self.round_no = getattr(self, "round_no", -1) + 1
        self.lucky = lucky
        self.exam: list[dict[str, int] | None] = [None, None]  # kept cards of hands A and B
        self.labels: list[str | None] = [None, None]  # this seat's hand in each deal
        self.old_known: dict[tuple[int, int, int], int] = {}  # 'Stragedy position -> card
        self.old_count = [0, 0]
        self.new_deal(0)

    def new_deal(self, deal: int) -> None:
        self.deal = deal
        self.played = 0
        self.void = 0  # suits (bits 0..3) the other seat has shown it lacks (non-wild cards)
        self.guesses: list[int] = []  # the other hand as last guessed, one per world

    def to_json(self) -> dict[str, Any]:
        """What this memory holds, as JSON data (its seat and randomness belong to the bot)."""
        data = {k: v for k, v in vars(self).items() if k not in ("seat", "rng")}
        data["old_known"] = [[*where, card] for where, card in self.old_known.items()]
        return data

    def load(self, data: dict[str, Any]) -> None:
        for key, value in data.items():
            setattr(self, key, value)
        self.old_known = {(p, t, c): card for p, t, c, card in data["old_known"]}

    def keep(self) -> bool:
        f = self.fidelity
        return f >= 1 or (f > 0 and self.rng.random() < f)

    def read(self, view: Mapping[str, Any]) -> None:
        """The facts of the current view: own hand, Pritticut, the other hand's size."""
        self.wild_tie = view["options"]["wild_tie"]
        self.hand = _mask(view["hand"])
        self.pritticut = None if view["pritticut"] is None else parse_card(view["pritticut"])
        self.trump = None if view["trump"] is None else SUITS.index(view["trump"])
        self.wild_rank = None if view["wild"] is None else RANKS.index(view["wild"])
        counts = view["hand_counts"]
        self.opp_count = 0 if counts is None else counts[str(1 - self.seat)]

    def observe(self, view: Mapping[str, Any], events: list[SeenEvent]) -> None:
        for e in events:
            if e["type"] == "round_started":
                self.new_round(e.get("lucky_duck"))
            elif e["type"] == "deal_started":
                self.new_deal(e["deal"] - 1)
            elif e["type"] == "hand_chosen":
                label = e["hand"]
                mine = label if e["seat"] == self.seat else ("B" if label == "A" else "A")
                self.labels[e["deal"] - 1] = mine
            elif e["type"] == "card_played":
                self.played |= 1 << parse_card(e["card"])
            elif e["type"] == "trick_won" and "deal" in e:  # Memulation's tricks name their deal
                self._trick(e)
            elif e["type"] == "stragedy":
                p = e["position"]
                self.old_known.pop((p["pile"], p["trick"], p["card"]), None)
        if self.lucky is None:
            self.lucky = view["lucky_duck"]
        deal = view["deal"] - 1
        if deal != self.deal:
            self.new_deal(deal)
        self.read(view)
        exam = view.get("examination")
        if exam and self.exam[deal] is None:
            self.exam[deal] = {
                label: sum(1 << parse_card(c) for c in sorted(exam[label]) if self.keep())
                for label in "AB"
            }

    def _trick(self, e: MemulationTrickWon) -> None:
        led, followed = (parse_card(c) for c in e["cards"])
        leader, winner = e["leader"], e["winner"]
        if e["deal"] - 1 != self.deal:
            return
        w = self.wild_rank
        shows_void = w is not None and led % 13 != w and followed % 13 != w
        if leader == self.seat and shows_void and followed // 13 != led // 13:
            self.void |= 1 << (led // 13)
        if self.deal == 0:
            trick = self.old_count[winner]
            self.old_count[winner] += 1
            for position, card in enumerate((led, followed)):
                if self.keep():
                    self.old_known[(winner, trick, position)] = card

    # -- beliefs --------------------------------------------------------------------------

    def out_of_play(self) -> int:
        """Cards this seat knows are not in the other hand."""
        out = self.played | self.hand
        if self.pritticut is not None:
            out |= 1 << self.pritticut
        if self.deal == 1:
            kept = self.exam[0]
            if kept:
                out |= kept["A"] | kept["B"]
            for card in self.old_known.values():
                out |= 1 << card
        return out

    def known_other(self) -> int:
        """Cards it remembers in the other seat's hand (still unplayed)."""
        kept = self.exam[self.deal]
        label = self.labels[self.deal]
        if not kept or label is None:
            return 0
        other = "B" if label == "A" else "A"
        return kept[other] & ~self.played & ~self.hand

    def worlds(self, count: int) -> list[int]:
        """``count`` full guesses of the other hand: what it remembers, completed by samples.

        The guesses are kept for the deal and only repaired when cards are played or a void
        shows: cards of a guess still possible stay, and the gaps are filled from the cards it
        cannot place.
        """
        size = self.opp_count
        known = self.known_other()
        pool = FULL_DECK & ~self.out_of_play() & ~known
        allowed = pool
        wilds = 0 if self.wild_rank is None else _rank_mask(self.wild_rank)
        for s in range(4):
            if self.void >> s & 1:
                allowed &= ~(SUIT_MASKS[s] & ~wilds)
        room = size - known.bit_count()
        if allowed.bit_count() >= room:
            pool = allowed
        out = []
        for index in range(count):
            guess = known
            if room > 0:
                previous = self.guesses[index] if index < len(self.guesses) else 0
                kept = mask_list(previous & pool)
                if len(kept) > room:
                    kept = self.rng.sample(kept, room)
                for c in kept:
                    guess |= 1 << c
                missing = size - guess.bit_count()
                if missing > 0:
                    for c in self.rng.sample(mask_list(pool & ~guess), missing):
                        guess |= 1 << c
            out.append(guess)
        self.guesses = out
        return out

    def world(self) -> int:
        """One guess of the other hand (the first of :meth:`worlds`)."""
        return self.worlds(max(1, len(self.guesses)))[0]


class _Base:
    game = "memulation"
    kind = "base"
    #: The version of how the bot decides: bumped whenever a change would make it play a game
    #: differently, so that a study can tell which opponent its participants met (exports).
    VERSION = 1

    def __init__(self, *, seat: int, seed: int, fidelity: float = 1.0):
        self.seat = seat
        self.rng = Randomness(seed)
        self.memory = Memory(seat, self.rng, fidelity)
        self.solvers: dict[str, Solver] = {}

    #: Bumped whenever what :meth:`remembered` holds changes meaning: a game stored with
    #: another version rebuilds its bots from the seed and the public events instead.
    MEMORY_VERSION = 2

    def remembered(self) -> dict[str, Any]:
        """What the bot knows, as JSON data. Its solvers are caches, rebuilt on demand."""
        return {"rng": self.rng.seed_now, "memory": self.memory.to_json()}

    def recall(self, data: dict[str, Any]) -> None:
        """Take back what :meth:`remembered` gave (on a bot made with the same arguments)."""
        self.rng.restart(data["rng"])
        self.memory.load(data["memory"])

    def solver(self) -> Solver:
        tie = self.memory.wild_tie
        if tie not in self.solvers:
            self.solvers[tie] = Solver(tie, max_entries=150_000)
        return self.solvers[tie]

    def observe(self, view: Mapping[str, Any], events: list[SeenEvent]) -> None:
        self.memory.observe(view, events)

    def act(self, view: Mapping[str, Any]) -> MemulationAction:
        self.memory.read(view)
        phase = view["phase"]
        seat = self.seat
        if phase == "examination":
            return {"type": "end_examination", "seat": seat}
        if phase == "choose_hand":
            return {"type": "choose_hand", "seat": seat, "hand": self.choose_hand(view)}
        if phase == "stragedy":
            pile, trick, card = self.stragedy(view)
            return {"type": "stragedy", "seat": seat, "pile": pile, "trick": trick, "card": card}
        return {"type": "play", "seat": seat, "card": card_str(self.play(view))}

    # -- shared helpers ---------------------------------------------------------------------

    @staticmethod
    def positions(view: Mapping[str, Any]) -> list[tuple[int, int, int]]:
        return [
            (int(pile), trick, card)
            for pile, tricks in sorted(view["old_piles"].items())
            for trick, cards in enumerate(tricks)
            for card, face_down in enumerate(cards)
            if face_down
        ]

    def legal(self, view: Mapping[str, Any]) -> list[int]:
        return sorted(parse_card(c) for c in view["legal"])

    def led(self, view: Mapping[str, Any]) -> int | None:
        cards = view["trick"]["cards"]
        return parse_card(cards[0]) if cards else None

    # overridden
    def choose_hand(self, view: Mapping[str, Any]) -> str:
        raise NotImplementedError

    def stragedy(self, view: Mapping[str, Any]) -> tuple[int, int, int]:
        raise NotImplementedError

    def play(self, view: Mapping[str, Any]) -> int:
        raise NotImplementedError


# ------------------------------------------------------------------------------ random


class RandomBot(_Base):
    """Any legal action, uniformly."""

    kind = "random"

    def choose_hand(self, view: Mapping[str, Any]) -> str:
        return self.rng.choice("AB")

    def stragedy(self, view: Mapping[str, Any]) -> tuple[int, int, int]:
        return self.rng.choice(self.positions(view))

    def play(self, view: Mapping[str, Any]) -> int:
        return self.rng.choice(self.legal(view))


# ------------------------------------------------------------------------- hand strength


def strength(hand: int, trump: int | None, wild_rank: int | None) -> float:
    """A rough trick count for a hand: wilds, trumps, high cards (a cheap heuristic)."""
    score = 0.0
    wilds = 0 if wild_rank is None else _rank_mask(wild_rank)
    score += (hand & wilds).bit_count() * 1.0
    for s in range(4):
        cards = [c % 13 for c in mask_list(hand & SUIT_MASKS[s] & ~wilds)]
        if s == trump:
            score += len(cards) * 0.45 + sum(0.3 for r in cards if r >= 9)
        else:
            score += sum({12: 0.85, 11: 0.45, 10: 0.2}.get(r, 0.0) for r in cards)
            score += max(0, len(cards) - 4) * 0.2
    return score


# ------------------------------------------------------------------------------ greedy


class GreedyBot(_Base):
    """Cheap rules and no memory of cards: win cheaply, sluff low, save wilds. It judges the two
    hands by strength while it examines them and keeps only the verdict; it does not remember
    the Old Deal's tricks, so its 'Stragedy is a blind pick."""

    kind = "greedy"

    def __init__(self, *, seat: int, seed: int):
        super().__init__(seat=seat, seed=seed, fidelity=0.0)
        self.verdict: dict[tuple[int, int], str] = {}

    def remembered(self) -> dict[str, Any]:
        verdicts = [[r, d, hand] for (r, d), hand in self.verdict.items()]
        return {**super().remembered(), "verdict": verdicts}

    def recall(self, data: dict[str, Any]) -> None:
        super().recall(data)
        self.verdict = {(r, d): hand for r, d, hand in data["verdict"]}

    def observe(self, view: Mapping[str, Any], events: list[SeenEvent]) -> None:
        super().observe(view, events)
        exam = view.get("examination")
        key = (self.memory.round_no, self.memory.deal)
        if exam and key not in self.verdict:
            m = self.memory
            a = strength(_mask(exam["A"]), m.trump, m.wild_rank)
            b = strength(_mask(exam["B"]), m.trump, m.wild_rank)
            self.verdict[key] = "A" if a >= b else "B"

    def choose_hand(self, view: Mapping[str, Any]) -> str:
        key = (self.memory.round_no, self.memory.deal)
        return self.verdict.get(key) or self.rng.choice("AB")

    def stragedy(self, view: Mapping[str, Any]) -> tuple[int, int, int]:
        return self.rng.choice(self.positions(view))

    def play(self, view: Mapping[str, Any]) -> int:
        m = self.memory
        legal = self.legal(view)
        wild = m.wild_rank
        trump = m.trump
        non_wild = [c for c in legal if c % 13 != wild]
        led = self.led(view)
        if led is not None:
            if led % 13 != wild:
                winners = [c for c in non_wild if c // 13 == led // 13 and c > led]
                if not winners and not any(c // 13 == led // 13 for c in non_wild):
                    winners = [c for c in non_wild if c // 13 == trump and led // 13 != trump]
                if winners:
                    return min(winners, key=lambda c: (c // 13 == trump, c % 13))
            if non_wild:
                return min(non_wild, key=lambda c: (c // 13 == trump, c % 13))
            return legal[0]
        if not non_wild:
            return legal[0]
        # Lead a card no unseen card can beat in its suit, else low from the longest side suit.
        unseen = FULL_DECK & ~m.played & ~m.hand
        for c in sorted(non_wild, key=lambda c: (c // 13 != trump, -(c % 13))):
            above = unseen & SUIT_MASKS[c // 13] & ~((1 << (c + 1)) - 1)
            if wild is not None:
                above &= ~_rank_mask(wild)
            if not above:
                return c
        side = [c for c in non_wild if c // 13 != trump] or non_wild
        longest = max(range(4), key=lambda s: sum(1 for c in side if c // 13 == s))
        return min((c for c in side if c // 13 == longest), key=lambda c: c % 13)


# ------------------------------------------------------------------------------ memory


class MemoryBot(_Base):
    """Plays what the solver finds best in the world it remembers (see the module docstring)."""

    kind = "memory"

    def __init__(self, *, seat: int, seed: int, fidelity: float = 0.5):
        if not 0 <= fidelity <= 1:
            raise ValueError("fidelity must be between 0 and 1")
        super().__init__(seat=seat, seed=seed, fidelity=fidelity)
        self.fidelity = fidelity

    #: How many 'Stragedy candidates (best by hand strength) are solved exactly.
    STRAGEDY_SOLVED = 3

    def worlds(self, cards_left: int) -> int:
        """How many guesses of the other hand it plays over (each votes for its best card):
        one when it remembers everything, more the more it has forgotten; at most two while
        eleven or more cards are left (solving a full hand is the expensive part)."""
        if self.fidelity >= 1:
            return 1
        count = 1 + round(4 * (1 - self.fidelity))
        return min(count, 2) if cards_left >= 11 else count

    def play(self, view: Mapping[str, Any]) -> int:
        m = self.memory
        led = self.led(view)
        leader = view["trick"]["leader"]
        solver = self.solver()
        votes: dict[int, int] = {}
        first = None
        assert m.trump is not None and m.wild_rank is not None  # the Pritticut is face up in play
        for world in m.worlds(self.worlds(m.hand.bit_count())):
            hands = [0, 0]
            hands[self.seat] = m.hand
            hands[1 - self.seat] = world
            pos = Position((hands[0], hands[1]), leader, m.trump, m.wild_rank, led, m.wild_tie)
            _, cards = solver.best_cards(pos)
            if first is None:
                first = min(cards)
            for c in cards:
                votes[c] = votes.get(c, 0) + 1
        top = max(votes.values())
        assert first is not None
        return first if votes[first] == top else min(c for c, v in votes.items() if v == top)

    def _hands_guess(self) -> dict[str, int] | None:
        """Both examination hands of this deal as remembered, completed by a sample."""
        m = self.memory
        kept = m.exam[m.deal]
        if not kept:
            return None
        pool = FULL_DECK & ~kept["A"] & ~kept["B"]
        if m.pritticut is not None:
            pool &= ~(1 << m.pritticut)
        if m.deal == 1:
            old = m.exam[0]
            if old:
                pool &= ~(old["A"] | old["B"])
            for card in m.old_known.values():
                pool &= ~(1 << card)
        rest = mask_list(pool)
        self.rng.shuffle(rest)
        a, b = kept["A"], kept["B"]
        need_a = 13 - a.bit_count()
        need_b = 13 - b.bit_count()
        for c in rest[:need_a]:
            a |= 1 << c
        for c in rest[need_a : need_a + need_b]:
            b |= 1 << c
        return {"A": a, "B": b}

    def _position(self, hands: dict[str, int], label: str, pritticut: int) -> Position:
        """The deal's start with this seat (Lucky Duck) holding ``label``; Lame Duck leads."""
        lucky = self.seat
        other = "B" if label == "A" else "A"
        h = [0, 0]
        h[lucky], h[1 - lucky] = hands[label], hands[other]
        trump, wild_rank = divmod(pritticut, 13)
        return Position((h[0], h[1]), 1 - lucky, trump, wild_rank, None, self.memory.wild_tie)

    def _better_hand(self, hands: dict[str, int], pritticut: int) -> str:
        """A if it is worth at least as much as B to Lucky Duck: one value and one yes/no test
        (Lame Duck's value against B below its value against A)."""
        solver = self.solver()
        lame_a = solver.value(self._position(hands, "A", pritticut))
        return "A" if solver.at_least(self._position(hands, "B", pritticut), lame_a) else "B"

    def _lucky_value(self, hands: dict[str, int], label: str, pritticut: int) -> int:
        """This seat's tricks as Lucky Duck holding ``label`` (Lame Duck leads the other)."""
        lucky = self.seat
        other = "B" if label == "A" else "A"
        h = [0, 0]
        h[lucky], h[1 - lucky] = hands[label], hands[other]
        trump, wild_rank = divmod(pritticut, 13)
        pos = Position((h[0], h[1]), 1 - lucky, trump, wild_rank, None, self.memory.wild_tie)
        return 13 - self.solver().value(pos)

    def choose_hand(self, view: Mapping[str, Any]) -> str:
        m = self.memory
        hands = self._hands_guess()
        if hands is None:
            return self.rng.choice("AB")
        if m.deal == 0:
            pritticut = m.pritticut
            assert pritticut is not None  # the Old Deal's Pritticut is face up
            if self.fidelity >= 1:
                return self._better_hand(hands, pritticut)
            # Two guesses of what it forgot: Lucky Duck's value with A minus with B, summed.
            margin = 0
            for guess in (hands, self._hands_guess()):
                assert guess is not None  # a guess once made can be made again
                margin += self._lucky_value(guess, "A", pritticut)
                margin -= self._lucky_value(guess, "B", pritticut)
            return "A" if margin >= 0 else "B"
        # New Deal: trump unknown. Weigh each hand's strength over the remembered Old Deal cards.
        known = list(m.old_known.values())
        score = {}
        for label in "AB":
            if known:
                score[label] = sum(strength(hands[label], c // 13, c % 13) for c in known)
            else:
                score[label] = sum(strength(hands[label], s, None) for s in range(4))
        return "A" if score["A"] >= score["B"] else "B"

    def stragedy(self, view: Mapping[str, Any]) -> tuple[int, int, int]:
        m = self.memory
        positions = self.positions(view)
        known = [(pos, m.old_known[pos]) for pos in positions if pos in m.old_known]
        if not known:
            return self.rng.choice(positions)
        world = m.world()
        ranked = sorted(known, key=lambda pc: -strength(m.hand, pc[1] // 13, pc[1] % 13))
        best = None
        choice = ranked[0][0]
        seen: dict[tuple[int, int], int] = {}
        for pos, card in ranked[: self.STRAGEDY_SOLVED]:
            key = (card // 13, card % 13)
            if key not in seen:
                seen[key] = self._lame_value(world, card)
            if best is None or seen[key] > best:
                best, choice = seen[key], pos
        # An unremembered position is a gamble: take it only when every kept card is poor.
        unknown = [p for p in positions if p not in m.old_known]
        if unknown and best is not None and best < 5:
            return self.rng.choice(unknown)
        return choice

    def _lame_value(self, world: int, card: int) -> int:
        """This seat's New-Deal tricks as Lame Duck (on lead) if ``card`` is the Pritticut."""
        m = self.memory
        h = [0, 0]
        h[self.seat] = m.hand
        h[1 - self.seat] = world
        pos = Position((h[0], h[1]), self.seat, card // 13, card % 13, None, m.wild_tie)
        return self.solver().value(pos)


# ------------------------------------------------------------------------------ perfect


class PerfectBot(MemoryBot):
    """Remembers everything and solves every decision exactly (fidelity 1)."""

    kind = "perfect"

    def __init__(self, *, seat: int, seed: int):
        super().__init__(seat=seat, seed=seed, fidelity=1.0)

    def choose_hand(self, view: Mapping[str, Any]) -> str:
        m = self.memory
        hands = self._hands_guess()
        if hands is None:
            return self.rng.choice("AB")
        if m.deal == 0:
            return super().choose_hand(view)
        # New Deal: Lame Duck will pick the Pritticut from the Old Deal's tricks. Value each
        # hand under a card of each of the two suits most common among them, weighted by how
        # common (a cheap stand-in for the expected value over every card).
        by_suit: dict[int, list[int]] = {}
        for c in m.old_known.values():
            by_suit.setdefault(c // 13, []).append(c)
        if not by_suit:
            return self.rng.choice("AB")
        common = sorted(by_suit.values(), key=len, reverse=True)[:2]
        value = {
            label: sum(len(cs) * self._lucky_value(hands, label, cs[0]) for cs in common)
            for label in "AB"
        }
        return "A" if value["A"] >= value["B"] else "B"

    def stragedy(self, view: Mapping[str, Any]) -> tuple[int, int, int]:
        m = self.memory
        positions = self.positions(view)
        world = m.world()
        known = [(pos, m.old_known[pos]) for pos in positions if pos in m.old_known]
        if not known:
            return self.rng.choice(positions)
        ranked = sorted(known, key=lambda pc: -strength(m.hand, pc[1] // 13, pc[1] % 13))
        best_pos, best_card = ranked[0]
        best = self._lame_value(world, best_card)
        tried = {(best_card // 13, best_card % 13)}
        h = [0, 0]
        h[self.seat] = m.hand
        h[1 - self.seat] = world
        solver = self.solver()
        for pos, card in ranked[1:]:
            key = (card // 13, card % 13)
            if key in tried or best >= 13:
                continue
            tried.add(key)
            p = Position((h[0], h[1]), self.seat, card // 13, card % 13, None, m.wild_tie)
            if solver.at_least(p, best + 1):
                best, best_pos = solver.value(p), pos
        return best_pos


MEMULATION_BOTS: dict[str, type[_Base]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "memory": MemoryBot,
    "perfect": PerfectBot,
}
