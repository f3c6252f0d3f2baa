"""Recall probes: questions put to the participant at set points of a Memulation round.

With a protocol's ``recall_probes`` = k (0: off), the participant is asked

* **where** k named cards lie among the Old Deal's face-down tricks, after the Old Deal and
  before the New Deal's examination (answered with the 'Stragedy's position: pile, trick within
  the pile, card); the cards are drawn, seeded, from the cards really there, so every where-probe
  has a right answer;
* **which hand**: after every hand choice, whether each of k named cards was in the other hand
  (yes or no). About half the cards (k // 2, and one more on a seeded coin when k is odd) are
  drawn from the other hand, the rest from the cards the participant cannot see then (the
  Undealt in the Old Deal, the face-down tricks in the New Deal; never the participant's own hand
  or a face-up Pritticut), so the answers give a signal-detection d' and criterion.

At a table every participant is asked about their own seat (a clinician's seat is asked
nothing). The probes sit in front of the engine, which knows nothing of them: while any waits,
the table waits (the opponents do not move and every other action of a person is
``wrong_phase``). The questions waiting, with their true answers, are kept on the game row
(:class:`Probes`, kept as ``Game.probes``); a seat's view shows only its
own question's card and kind, and no answer's correctness is shown during the game. Each answer
is logged as a ``recall_probe`` event with its typed row.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import gettext

from apps.common.errors import ValidationFailed
from apps.games.engine import RulesError
from apps.games.engine.cards import CARD_NAMES
from apps.games.engine.contract import Event
from apps.games.models import EventKind, RecallProbe

WHERE, WHICH_HAND = RecallProbe.Kind.WHERE.value, RecallProbe.Kind.WHICH_HAND.value
OLD_DEAL, NEW_DEAL = 1, 2


def probes_initial(snapshot: dict[str, Any]) -> dict[str, Any] | None:
    """What a new game keeps about its probes (None: the protocol asks none)."""
    k = snapshot.get("recall_probes") or 0
    if snapshot.get("game") != "memulation" or k <= 0:
        return None
    return Probes(k=int(k)).to_json()


@dataclass
class Probe:
    """One question: its kind, the card it names, the deal it is about, its place among those
    asked together, when it was put (None: not yet), and its true answer (never shown)."""

    kind: str
    round: int
    deal: int
    card: str
    truth: dict[str, Any]
    number: int = 0
    of: int = 0
    asked_at: datetime | None = None

    SHOWN = ("kind", "card", "round", "deal", "number", "of")

    def shown(self) -> dict[str, Any]:
        """The question as the seat may see it."""
        return {key: getattr(self, key) for key in self.SHOWN}

    def to_json(self) -> dict[str, Any]:
        data = {key: getattr(self, key) for key in (*self.SHOWN, "truth")}
        data["asked_at"] = self.asked_at.isoformat() if self.asked_at else None
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Probe:
        asked = data.get("asked_at")
        return cls(
            **{key: data[key] for key in (*cls.SHOWN, "truth")},
            asked_at=datetime.fromisoformat(asked) if asked else None,
        )


@dataclass
class Probes:
    """A game's probes: how many at each probe point, and the questions waiting by seat."""

    k: int
    pending: dict[int, list[Probe]] = field(default_factory=dict)

    @property
    def waiting(self) -> bool:
        """Any seat has a question waiting: the table waits."""
        return any(self.pending.values())

    def seats_asked(self) -> list[int]:
        return sorted(seat for seat, asked in self.pending.items() if asked)

    def to_json(self) -> dict[str, Any]:
        return {
            "k": self.k,
            "pending": {str(s): [p.to_json() for p in asked] for s, asked in self.pending.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Probes | None:
        if data is None:
            return None
        pending = {
            int(seat): [Probe.from_json(p) for p in asked]
            for seat, asked in data.get("pending", {}).items()
        }
        return cls(k=data["k"], pending=pending)


def refuse_while_waiting(probes: Probes | None, seat: int) -> None:
    if probes is None:
        return
    if probes.pending.get(seat):
        raise RulesError("wrong_phase", "answer the recall probe first")
    if probes.waiting:
        raise RulesError("wrong_phase", "the table waits for a recall probe to be answered")


def probe_view(probes: Probes | None, seat: int) -> dict[str, Any] | None:
    """The probe waiting for ``seat``, as they may see it: the card and the question."""
    pending = probes.pending.get(seat) if probes else None
    return pending[0].shown() if pending else None


# -- asking --------------------------------------------------------------------------------------


def _rng(game, round_no: int, deal: int, kind: str, seat: int) -> random.Random:
    # The participant seat of a one-person game keeps the stream it always had.
    own = "" if seat == game.participant_seat else f":{seat}"
    return random.Random(f"recall-probes:{game.seed}:{round_no}:{deal}:{kind}{own}")


def _round_record(state, round_no: int) -> dict[str, Any]:
    rounds = state.spectator_view(allow_unfinished=True)["rounds"]
    return next(r for r in rounds if r["round"] == round_no)


def old_positions(round_record: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Every card of the Old Deal's tricks -> where it lies: the pile (the seat that won the
    trick), the trick's place in that pile and the card's place in the trick (0: led)."""
    counts = [0, 0]
    where: dict[str, dict[str, int]] = {}
    for trick in round_record["deals"][0]["tricks"]:
        pile = trick["winner"]
        for index, card in enumerate(trick["cards"]):
            where[card] = {"pile": pile, "pile_trick": counts[pile], "card_index": index}
        counts[pile] += 1
    return where


def _where_probes(game, k: int, state, round_no: int, seat: int) -> list[Probe]:
    positions = old_positions(_round_record(state, round_no))
    rng = _rng(game, round_no, OLD_DEAL, WHERE, seat)
    cards = rng.sample(sorted(positions), min(k, len(positions)))
    return [Probe(WHERE, round_no, OLD_DEAL, card, positions[card]) for card in cards]


def _which_hand_probes(game, k: int, state, round_no: int, deal: int, seat: int) -> list[Probe]:
    report = _round_record(state, round_no)["deals"][deal - 1]
    own, other = set(report["hands"][str(seat)]), sorted(report["hands"][str(1 - seat)])
    unseen = sorted(set(CARD_NAMES) - own - set(other) - {report["pritticut"]})
    rng = _rng(game, round_no, deal, WHICH_HAND, seat)
    signal = k // 2 + (rng.random() < 0.5 if k % 2 else 0)
    named = [(c, True) for c in rng.sample(other, signal)]
    named += [(c, False) for c in rng.sample(unseen, k - signal)]
    rng.shuffle(named)
    return [
        Probe(WHICH_HAND, round_no, deal, card, {"in_other_hand": truth}) for card, truth in named
    ]


def probes_due(run, effects: list[Event], seats: list[int]) -> None:
    """Queue, for each participant seat of ``seats``, the probes that the engine's latest
    events make due (called by the game's run)."""
    game, probes = run.game, run.probes
    if probes is None:
        return
    state, k = run.state, probes.k
    for seat in seats:
        asked: list[Probe] = []
        for effect in effects:
            if effect["type"] == "deal_started" and effect["deal"] == NEW_DEAL:
                asked += _where_probes(game, k, state, effect["round"], seat)
            elif effect["type"] == "hand_chosen":
                asked += _which_hand_probes(game, k, state, state.round_no, effect["deal"], seat)
        if not asked:
            continue
        pending = probes.pending.setdefault(seat, [])
        for number, probe in enumerate(asked, start=1):
            probe.number, probe.of = number, len(asked)
        if not pending:
            asked[0].asked_at = run.now
        pending.extend(asked)


# -- answering -----------------------------------------------------------------------------------


def _position(state, seat: int, answer: dict[str, Any]) -> dict[str, int]:
    fields = ("pile", "trick", "card")
    if any(answer.get(f) is None for f in fields) or answer.get("in_other_hand") is not None:
        raise ValidationFailed(
            gettext("This probe asks where the card lies: send pile, trick and card."),
            code="invalid_input",
        )
    pile, trick, card = (answer[f] for f in fields)
    piles = state.view(seat)["old_piles"] or {}
    spots = piles.get(str(pile)) if pile in (0, 1) else None
    if not spots or not 0 <= trick < len(spots) or card not in (0, 1) or not spots[trick][card]:
        raise RulesError("invalid_position", "that position names no face-down card")
    return {"pile": pile, "pile_trick": trick, "card_index": card}


def _yes_no(answer: dict[str, Any]) -> bool:
    yes = answer.get("in_other_hand")
    if not isinstance(yes, bool) or any(
        answer.get(f) is not None for f in ("pile", "trick", "card")
    ):
        raise ValidationFailed(
            gettext(
                "This probe asks whether the card was in the other hand: send in_other_hand, "
                "true or false."
            ),
            code="invalid_input",
        )
    return yes


def probe_answer(
    run, *, seat: int, answer: dict[str, Any], decision_ms: int | None = None, **fields
) -> None:
    """Log ``seat``'s answer to its probe waiting; its next one (if any) is asked now. Nothing
    of the game changes; once no seat has a question waiting, the table goes on."""
    probes = run.probes
    pending = probes.pending.get(seat) if probes else None
    if not probes or not pending:
        raise RulesError("wrong_phase", "no recall probe is waiting for an answer")
    probe = pending[0]
    truth = probe.truth
    row: dict[str, Any] = {}
    if probe.kind == WHERE:
        chosen = _position(run.state, seat, answer)
        correct = chosen == truth
        given: dict[str, Any] = chosen
        row.update(chosen)
        row.update({f"true_{k}": v for k, v in truth.items()})
    else:
        yes = _yes_no(answer)
        correct = yes == truth["in_other_hand"]
        given = {"in_other_hand": yes}
        row.update(in_other_hand=yes, truly_in_other_hand=truth["in_other_hand"])
    asked = {**probe.shown(), "asked_at": probe.asked_at.isoformat() if probe.asked_at else None}
    event = run.record(
        EventKind.RECALL_PROBE,
        seat=seat,
        payload={"probe": asked, "answer": given, "correct": correct, "truth": truth},
        decision_ms=decision_ms,
        **fields,
    )
    run.row(
        RecallProbe,
        event,
        round=probe.round,
        seat=seat,
        deal=probe.deal,
        kind=probe.kind,
        number=probe.number,
        card=probe.card,
        asked_at=probe.asked_at or run.now,
        correct=correct,
        decision_ms=decision_ms,
        **row,
    )
    pending.pop(0)
    if pending:
        pending[0].asked_at = run.now
        return
    del probes.pending[seat]
    if not probes.waiting:
        run.probes_answered()
