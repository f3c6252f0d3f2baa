"""What each seat may see of a Memulation match, the replay command's report, and the staff's
full record."""

from __future__ import annotations

from typing import Any

from ..base import deep, invalid, is_int, team_dict
from ..cards import CARD_NAMES, RANK_OF, RANKS, SUIT_OF, SUITS, cards_str, mask_list, mask_strs
from ..contract import ExaminationHands, Hand, MemulationView, StragedyShown
from ..errors import RulesError
from .deal import dealt_hands
from .options import CHOOSE_HAND, EXAMINATION, FINISHED, GAME, PLAY
from .rules import MemulationRules
from .serial import Trick, trick_dict


class MemulationViews(MemulationRules):
    """The reports and views of a Memulation match."""

    __slots__ = ()

    def _deal_parts(
        self, deal_no: int
    ) -> tuple[int, int, tuple[Trick, ...], tuple[int, int], dict[str, Any] | None]:
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
            "tricks": [trick_dict(t) for t in tricks] + ([in_progress] if in_progress else []),
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

    def view(self, seat: int) -> MemulationView:
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
        label: Hand | None = None
        if self.seat_a >= 0:
            own = mask_strs(self.hands[seat])
            label = "A" if self.seat_a == seat else "B"
        examination: ExaminationHands | None = None
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
        stragedy: StragedyShown | None = None
        if self.stragedy is not None:
            where = self.stragedy["position"]
            stragedy = {
                "pile": where["pile"],
                "trick": where["trick"],
                "card": where["card"],
                "revealed": self.stragedy["revealed"],
            }
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
            "last_trick": {"number": len(self.tricks) - 1, **trick_dict(self.tricks[-1])}
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
