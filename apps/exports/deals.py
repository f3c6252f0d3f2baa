"""The deals table, read from the event log: the few events that start, shape or end a deal.

A deal opens with the engine's ``deal_started`` effect (Memulation) or ``round_started``
(Mendikot: one deal per round), learns Lucky Duck's hand choice, the New Deal's Pritticut (the
card the 'Stragedy turns up) and the trump on the way, and
closes with the ``deal_result`` (Memulation) or ``round_result`` (Mendikot) event. Only those
events are read, in order, one game at a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Exists, OuterRef, Q, QuerySet

from apps.exports.scope import ExportScope, GameRef
from apps.games.models import EventKind, GameEvent

RESULT_KINDS = (EventKind.DEAL_RESULT, EventKind.ROUND_RESULT)


def deal_events(scope: ExportScope) -> QuerySet:
    """The events that open, shape or close a deal, in order of game and event.

    A deal (or round) after the first is dealt in the effects of the move that ended the one
    before, and that move is logged just before the result event it caused: so of the plays only
    those are read, not all of them (Mendikot's plays are all read: any may reveal the trump).
    """
    ends_a_deal = GameEvent.objects.filter(
        game_id=OuterRef("game_id"), seq=OuterRef("seq") + 1, kind__in=RESULT_KINDS
    )
    kinds = (EventKind.GAME_CREATED, EventKind.HAND_CHOICE, EventKind.STRAGEDY, EventKind.ASK_TRUMP)
    wanted = (
        Q(kind__in=(*kinds, *RESULT_KINDS))
        | Q(Exists(ends_a_deal))
        | Q(kind=EventKind.PLAY, game__game_type="mendikot")
    )
    return (
        GameEvent.objects.filter(game__in=scope.game_rows().values("pk"))
        .filter(wanted)
        .order_by("game_id", "seq")
        .values_list("game_id", "kind", "payload", "server_time")
    )


def deal_count(scope: ExportScope) -> int:
    """Deals played out (the results that close them): the size of the deals table, near
    enough for progress (a deal left unfinished in an abandoned game is not counted)."""
    return GameEvent.objects.filter(
        Q(kind=EventKind.DEAL_RESULT, game__game_type="memulation")
        | Q(kind=EventKind.ROUND_RESULT, game__game_type="mendikot"),
        game__in=scope.game_rows().values("pk"),
    ).count()


@dataclass
class _Deal:
    round: int
    deal: int
    started_at: datetime
    role: str | None = None
    hand: str | None = None
    pritticut: str | None = None
    trump: str | None = None
    tricks: tuple[int, int] | None = None
    ended_at: datetime | None = None

    def row(self, ref: GameRef) -> tuple:
        tricks = self.tricks or (None, None)
        trump = self.trump or (self.pritticut[1] if self.pritticut else None)
        return (
            *ref.key,
            self.round,
            self.deal,
            self.role,
            self.hand,
            self.pritticut,
            trump,
            *tricks,
            self.started_at + ref.shift,
            None if self.ended_at is None else self.ended_at + ref.shift,
        )


@dataclass
class _GameDeals:
    """The deals of one game as its events go by."""

    ref: GameRef
    lucky_duck: int | None = None
    trump: str | None = None
    open: dict[tuple[int, int], _Deal] = field(default_factory=dict)

    def _role(self) -> str | None:
        if self.ref.game_type != "memulation" or self.lucky_duck is None:
            return None
        return "lucky_duck" if self.lucky_duck == self.ref.participant_seat else "lame_duck"

    def _latest(self) -> _Deal | None:
        return next(reversed(self.open.values()), None)

    def apply(self, effect: dict, at: datetime) -> _Deal | None:
        """Take one effect in; return the deal it closed, if any."""
        kind = effect.get("type")
        seat = self.ref.participant_seat
        if kind == "round_started":
            self.lucky_duck = effect.get("lucky_duck")
            self.trump = effect.get("trump")
            if self.ref.game_type == "mendikot":
                key = (effect["round"], 1)
                self.open[key] = _Deal(*key, started_at=at, trump=self.trump)
        elif kind == "deal_started":
            key = (effect["round"], effect["deal"])
            self.open[key] = _Deal(
                *key, started_at=at, role=self._role(), pritticut=effect.get("pritticut")
            )
        elif kind == "stragedy":  # the card turned up is the New Deal's Pritticut
            if (deal := self._latest()) is not None:
                deal.pritticut = effect.get("revealed")
        elif kind == "hand_chosen":
            deal = next((d for d in self.open.values() if d.deal == effect.get("deal")), None)
            if deal is not None:
                deal.hand = effect.get("hand")
        elif kind == "trump_revealed":
            self.trump = effect.get("trump")
            if (deal := self._latest()) is not None:
                deal.trump = self.trump
        elif kind == "deal_ended" and self.ref.game_type == "memulation":
            return self._close((effect["round"], effect["deal"]), effect, str(seat), at)
        elif kind == "round_ended" and self.ref.game_type == "mendikot":
            return self._close((effect["round"], 1), effect, str(seat % 2), at)
        return None

    def _close(self, key, effect: dict, side: str, at: datetime) -> _Deal | None:
        deal = self.open.pop(key, None)
        if deal is None:
            return None
        won = {str(k): v for k, v in effect.get("tricks_won", {}).items()}
        if side in won:
            deal.tricks = (won[side], sum(v for k, v in won.items() if k != side))
        deal.ended_at = at
        return deal


def deal_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    games: list[_GameDeals] = []  # the current game, once for each session in the export
    current = None
    for game_id, kind, payload, at in deal_events(scope).iterator(chunk_size=5000):
        if game_id != current:
            for game in games:
                yield from (deal.row(game.ref) for deal in game.open.values())
            current = game_id
            games = [_GameDeals(ref) for ref in scope.refs(game_id)]
        effects = [payload] if kind in RESULT_KINDS else payload.get("effects", [])
        for game in games:
            for effect in effects:
                closed = game.apply(effect, at)
                if closed is not None:
                    yield closed.row(game.ref)
    for game in games:
        yield from (deal.row(game.ref) for deal in game.open.values())
