"""What each seat may see of a Mendikot match, the replay command's report, and the staff's
full record."""

from __future__ import annotations

from typing import Any

from ..base import deep, invalid, is_int, team_dict
from ..cards import CARD_NAMES, SUITS, cards_str, mask_list, mask_strs
from ..contract import MendikotTrickInPlay, MendikotView, TrumpRevealedAt
from ..errors import RulesError
from .deal import deal, round_result
from .options import FINISHED, GAME, PLAY, TURN_UP
from .rules import MendikotRules
from .serial import TrickReport, trick_dict


class MendikotViews(MendikotRules):
    """The reports and views of a Mendikot match."""

    __slots__ = ()

    # ------------------------------------------------------------------ reports and views

    def _tricks_report(self) -> list[TrickReport]:
        tricks = [trick_dict(t) for t in self.tricks]
        if self.cur:
            tricks.append(trick_dict((self.leader, self.cur, None, 0)))
        return tricks

    def _revealed_dict(self) -> TrumpRevealedAt | None:
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
        # Which cards counted as trumps, the trick in play included.
        flags = [raw[3] for raw in self.tricks] + ([self.cur_flags] if self.cur else [])
        tricks = []
        for trick, flag in zip(self._tricks_report(), flags, strict=True):
            cards = [{**c, "trump": bool(flag >> i & 1)} for i, c in enumerate(trick["cards"])]
            tricks.append({**trick, "cards": cards})
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

    def view(self, seat: int) -> MendikotView:
        """What ``seat`` may see now, as a JSON-ready dict: its own hand, the face-up cards of
        the trick in progress, counts of the tricks taken, and the hidden trump card only if
        ``seat`` is its owner. The turned-up card (``turn_up``) was shown to everyone."""
        if not is_int(seat) or not 0 <= seat < 4:
            raise invalid("a view needs a seat from 0 to 3")
        rule = self.options.trump_rule
        legal = self.legal_actions(seat)
        trick: MendikotTrickInPlay | None = None
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
            "last_trick": {"number": len(self.tricks) - 1, **trick_dict(self.tricks[-1])}
            if self.phase == PLAY and self.tricks
            else None,
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
