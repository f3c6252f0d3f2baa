"""One locked game during one request: the engine state, the clock and the events to append.

A :class:`LockedGame` is opened by a service on a game row it has locked (``select_for_update``).
Everything that happens (a person's move, the opponents' replies, the examination clock moving
on) goes through :meth:`LockedGame.apply` or :meth:`LockedGame.record`; :meth:`LockedGame.close`
then writes the events, their typed research rows and the new state in a few bulk statements.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from apps.games import examination as clock
from apps.games import rows, turns
from apps.games.engine import game_from_json
from apps.games.models import (
    PERSON_KINDS,
    EventKind,
    ExaminationPeriod,
    Game,
    GameEvent,
    IllegalAttempt,
    Play,
    RecallAttempt,
)
from apps.games.opponents import Opponents, opponents_from_log
from apps.games.probes import probes_due
from apps.games.seats import seated_sessions
from apps.games.signals import game_finished
from apps.training.services import session_complete

ACTION_KINDS = {
    "play": EventKind.PLAY,
    "choose_hand": EventKind.HAND_CHOICE,
    "stragedy": EventKind.STRAGEDY,
    "hide_trump": EventKind.HIDE_TRUMP,
    "ask_trump": EventKind.ASK_TRUMP,
    "end_examination": EventKind.EXAMINATION_OVER,
}
RESULT_KINDS = {
    "deal_ended": EventKind.DEAL_RESULT,
    "round_ended": EventKind.ROUND_RESULT,
    "match_ended": EventKind.MATCH_RESULT,
}
# What a request may change on the game row besides the state and the opponents (the rest is
# fixed when the game is created); only the columns that did change are written.
PLAIN_FIELDS = (
    "examination",
    "turns",
    "probes",
    "next_seq",
    "turn_started_at",
    "status",
    "finished_at",
)
# Changed in place (the examination clock, the seats' turn clocks, the probes waiting):
# compared as text.
JSON_FIELDS = ("examination", "turns", "probes")


def _text(value: Any) -> str:
    """A JSON value as comparable text (cheaper than writing it again unchanged)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class LockedGame:
    def __init__(self, game: Game, now: datetime):
        self.game = game
        self.now = now
        self.state = game_from_json(game.state)
        self.effects: list[dict[str, Any]] = []
        self._events: list[GameEvent] = []
        self._rows: list[tuple[type, GameEvent, dict[str, Any]]] = []
        self.finished_now = False
        self._opponents: Opponents | None = None
        # What the game row holds, to write only what a request changes.
        self._stored_state = self.state
        self._stored_opponents: str | None = None
        self._stored = self._plain()
        # Set by a request that keeps its answer: the game's UPDATE then waits in
        # ``_held_update`` and goes with the answer's INSERT, one round trip fewer. A game that
        # ends is written at once (what its end does next reads it back).
        self.game_update_held = False
        # The first row of the statement sent with the lock (``game_locked(also=...)``).
        self.also_row: tuple | None = None
        self._held_update: tuple[list[str], dict[str, str]] | None = None

    def _plain(self) -> dict[str, Any]:
        game = self.game
        values = {name: getattr(game, name) for name in PLAIN_FIELDS}
        for name in JSON_FIELDS:
            values[name] = _text(values[name])
        return values

    def seat_opponents(self, opening_state) -> None:
        """New bots for a new game, shown its opening state (with the deal's events)."""
        game = self.game
        self._opponents = Opponents.seated(
            game_type=game.game_type, seats=game.seats, seed=game.seed, state=opening_state
        )

    @property
    def opponents(self) -> Opponents:
        """The game's bots with what they remember, loaded on first use."""
        if self._opponents is None:
            game = self.game
            # Read before the bots are given their memory (they may keep and change it).
            self._stored_opponents = _text(game.opponents)
            self._opponents = Opponents.loads(
                game.opponents or {},
                game_type=game.game_type,
                seats=game.seats,
                seed=game.seed,
                rebuild=lambda: opponents_from_log(game),
            )
        return self._opponents

    # -- who sits where ----------------------------------------------------------------------

    def is_person(self, seat: int) -> bool:
        return self.game.seats[seat]["kind"] in PERSON_KINDS

    @property
    def person_seats(self) -> list[int]:
        return [s for s in range(len(self.game.seats)) if self.is_person(s)]

    def actor(self, seat: int) -> str:
        return self.game.seats[seat]["kind"]

    # -- writing -----------------------------------------------------------------------------

    def record(self, kind: str, *, seat: int | None = None, payload: dict, **fields) -> GameEvent:
        event = GameEvent(
            game=self.game,
            seq=self.game.next_seq,
            kind=kind,
            seat=seat,
            payload=payload,
            server_time=self.now,
            **fields,
        )
        self.game.next_seq += 1
        self._events.append(event)
        return event

    def row(self, model: type, event: GameEvent, **fields) -> None:
        self._rows.append((model, event, fields))

    @property
    def pending_events(self) -> list[GameEvent]:
        """The events of this request, not written yet."""
        return list(self._events)

    @contextmanager
    def at(self, when: datetime) -> Iterator[None]:
        """Act at ``when`` (a time that was due before the request came): what is written
        then carries that time, and so does a turn it starts."""
        now, self.now = self.now, when
        try:
            yield
        finally:
            self.now = now

    def apply(
        self,
        action: dict,
        *,
        decision_ms: int | None = None,
        actor: str | None = None,
        takeover: str | None = None,
        **fields,
    ) -> GameEvent:
        """Apply one engine action (raising the engine's ``RulesError`` if refused) and log it.
        ``actor="takeover"``: the takeover opponent moved for a person's seat (``takeover``
        says why: its turn timer ran out, or the seat is taken over)."""
        before = self.state
        seat = action.get("seat")
        new = before.apply(action)
        actor = actor or ("clock" if seat is None else self.actor(seat))
        server_ms = None
        if actor in PERSON_KINDS and self.game.turn_started_at:
            server_ms = max(0, int((self.now - self.game.turn_started_at).total_seconds() * 1000))
        payload = {"action": action, "actor": actor, "server_ms": server_ms, "effects": new.events}
        if takeover:
            payload["takeover"] = takeover
        event = self.record(
            ACTION_KINDS[action["type"]],
            seat=seat,
            payload=payload,
            decision_ms=decision_ms,
            **fields,
        )
        self._typed_rows(before, new, action, event, actor, decision_ms, server_ms)
        for effect in new.events:
            if effect["type"] in RESULT_KINDS:
                self.record(RESULT_KINDS[effect["type"]], payload=effect)
        self.state = new
        if actor in PERSON_KINDS:
            turns.acted(self, seat)
        self.effects.extend(new.events)
        self.opponents.observe(new, new.events)
        self._after_change(new.events)
        return event

    def refuse(self, action: dict, code: str, *, decision_ms: int | None, **fields) -> None:
        """Log a person's refused move: illegal attempts are data."""
        seat = action["seat"]
        view = self.state.view(seat)
        event = self.record(
            EventKind.ILLEGAL_ATTEMPT,
            seat=seat,
            payload={"action": action, "code": code},
            decision_ms=decision_ms,
            **fields,
        )
        card = action.get("card")
        self.row(
            IllegalAttempt,
            event,
            round=view["round"],
            seat=seat,
            deal=view.get("deal"),
            action_type=str(action.get("type", ""))[:30],
            card=card if isinstance(card, str) and action.get("type") == "play" else "",
            code=code,
            decision_ms=decision_ms,
        )

    def _typed_rows(self, before, new, action, event, actor, decision_ms, server_ms) -> None:
        kind = action["type"]
        if kind == "play":
            view = before.view(action["seat"])
            played = next(e for e in new.events if e["type"] == "card_played")
            self.row(
                Play,
                event,
                round=view["round"],
                seat=action["seat"],
                deal=played.get("deal", 1),
                trick=played["trick"],
                position=len(view["trick"]["cards"]),
                card=played["card"],
                actor=actor,
                decision_ms=decision_ms,
                server_ms=server_ms,
                legal_count=len(view["legal"]),
            )
        elif kind == "stragedy":
            recall = next(e for e in new.events if e["type"] == "stragedy")
            # On a hit the intended card lay exactly where Lame Duck looked.
            where = recall["intended_position"] or (recall["position"] if recall["hit"] else {})
            self.row(
                RecallAttempt,
                event,
                round=before.view(action["seat"])["round"],
                seat=action["seat"],
                intended_card=recall["intended"] or "",
                pile=recall["position"]["pile"],
                trick=recall["position"]["trick"],
                card_index=recall["position"]["card"],
                revealed_card=recall["revealed"],
                intended_pile=where.get("pile"),
                intended_trick=where.get("trick"),
                intended_card_index=where.get("card"),
                actor=actor,
                decision_ms=decision_ms,
            )

    def _after_change(self, effects: list[dict], *, opening: bool = False) -> None:
        """A new deal with an examination readies hand A, whose clock waits for the device
        (and, unless the game is just opening, for a pause to see the last trick taken); a
        seat to act starts a turn (a person's decision time, an opponent's pace)."""
        for effect in effects:
            if effect["type"] == "deal_started" and self.state.phase == "examination":
                not_before = self.now if opening else self.now + clock.PAUSE
                self._ready_hand(effect["round"], effect["deal"], "A", not_before)
        probes_due(self, effects)
        if self.state.to_act:
            self.game.turn_started_at = self.now
            turns.turn_started(self)

    # -- the examination clock ---------------------------------------------------------------

    def _ready_hand(self, round_no: int, deal: int, hand: str, not_before: datetime) -> None:
        seconds = self.game.options.get("examination_seconds", 30)
        waiting = clock.examination_start(
            round_no=round_no,
            deal=deal,
            hand=hand,
            seconds=seconds,
            now=None,
            not_before=not_before,
        )
        waiting["ready"] = []
        self.game.examination = waiting

    def examination_start_hand(self, *, seat: int | None = None, **fields) -> None:
        """The device shows the waiting hand: its clock starts now (or when the pause before it
        ends) and the log says when, by the server's and the device's time."""
        waiting = self.game.examination
        at = clock.start_at(waiting, self.now)
        self._show(waiting["round"], waiting["deal"], waiting["hand"], at, seat=seat, **fields)

    def _show(self, round_no: int, deal: int, hand: str, at: datetime, **fields) -> None:
        seconds = self.game.options.get("examination_seconds", 30)
        started = clock.examination_start(
            round_no=round_no, deal=deal, hand=hand, seconds=seconds, now=at
        )
        started["ready"] = []
        self.game.examination = started
        self.record(
            EventKind.EXAMINATION_SHOWN,
            payload={
                "round": round_no,
                "deal": deal,
                "hand": hand,
                "planned_seconds": seconds,
                "shown_at": started["shown_at"],
            },
            **fields,
        )

    def examination_end_hand(self, *, early: bool, **fields) -> None:
        """Hide the hand on show (early: everyone said ready; else its time ran out)."""
        shown = self.game.examination
        hidden_at = self.now if early else clock.deadline(shown)
        actual = round((hidden_at - clock.shown_at(shown)).total_seconds(), 3)
        payload = {
            "round": shown["round"],
            "deal": shown["deal"],
            "hand": shown["hand"],
            "planned_seconds": shown["planned"],
            "actual_seconds": actual,
            "ended_early": early,
            "sorts": shown["sorts"],
            "page_hidden_seconds": clock.page_hidden_total(shown, hidden_at),
        }
        event = self.record(EventKind.EXAMINATION_HIDDEN, payload=payload, **fields)
        for seat in self.person_seats:
            self.row(
                ExaminationPeriod,
                event,
                round=shown["round"],
                seat=seat,
                deal=shown["deal"],
                hand=shown["hand"],
                planned_seconds=shown["planned"],
                actual_seconds=actual,
                ended_early=early,
                sorts=shown["sorts"],
                page_hidden_seconds=payload["page_hidden_seconds"],
                shown_at=clock.shown_at(shown),
                hidden_at=hidden_at,
            )
        if shown["hand"] == "A":
            # Hand B's clock, like hand A's, starts when the device shows it (its own `start`).
            self._ready_hand(
                shown["round"], shown["deal"], "B", hidden_at if early else hidden_at + clock.GRACE
            )
        else:
            self.game.examination = None
            self.apply({"type": "end_examination", "seat": None})

    def catch_up(self) -> None:
        """Let time and the opponents do what is due before a person's request is handled,
        each thing at the time it was due."""
        while True:
            shown = self.game.examination
            if clock.examination_due(shown, self.now):
                with self.at(clock.deadline(shown) + clock.GRACE):
                    self.examination_end_hand(early=False)
            elif not turns.step(self):
                return

    def opponents_move(self) -> None:
        """Opponents (and takeover opponents) make the moves due by now: at once at a pace of
        0, else their turns wait for their time (see ``apps.games.turns``)."""
        while turns.step(self):
            pass

    # -- closing -----------------------------------------------------------------------------

    def close(self) -> list[GameEvent]:
        """Write the events, their typed rows and what changed of the game (nothing if nothing
        happened): one statement for the events with their typed rows, one for the game."""
        game = self.game
        if not self._events:
            return []
        by_model: dict[type, list] = {}
        for model, event, fields in self._rows:
            by_model.setdefault(model, []).append(model(game=game, event=event, **fields))
        events = rows.insert_with(self._events, list(by_model.values()), link="event")
        if self.state.finished and game.status == Game.Status.ACTIVE:
            game.status = Game.Status.FINISHED
            game.finished_at = self.now
            self.finished_now = True
        names, texts = self._changed_fields()
        self._hold_update(names, texts)
        if not self.game_update_held or self.finished_now:
            self.write_game()
        self._events, self._rows = [], []
        if self.finished_now and not game.practice:
            for session in seated_sessions(game):
                session_complete(session=session, actor=None)
            game_finished.send(sender=Game, game=game)
        return events

    def _hold_update(self, names: list[str], texts: dict[str, str]) -> None:
        held_names, held_texts = self._held_update or ([], {})
        self._held_update = (
            [*held_names, *(name for name in names if name not in held_names)],
            {**held_texts, **texts},
        )

    def write_game(self) -> None:
        """Write the game's changed columns now, if any wait (see ``game_update_held``)."""
        if self._held_update is not None:
            names, texts = self._held_update
            self._held_update = None
            rows.update(self.game, names, texts)

    def held_update(self) -> tuple[str, list[Any]] | None:
        """The statement of the game's changed columns, taken to be sent with another statement
        of the request (the caller sends it, in this transaction), or None if nothing waits."""
        if self._held_update is None:
            return None
        names, texts = self._held_update
        self._held_update = None
        return rows.update_statement(self.game, names, texts)

    def _changed_fields(self) -> tuple[list[str], dict[str, str]]:
        """The game's columns this request changed (set on ``game``), and ``updated_at``; with
        the JSON text each changed JSON column was compared as (written as it is)."""
        game, plain = self.game, self._plain()
        changed = [name for name in PLAIN_FIELDS if plain[name] != self._stored[name]]
        texts = {name: plain[name] for name in JSON_FIELDS if name in changed}
        self._stored = plain
        if self.state is not self._stored_state:  # engine states are never changed in place
            game.state = self.state.to_json()
            self._stored_state = self.state
            changed.append("state")
        if self._opponents is not None:
            dumped = self._opponents.dumps()
            text = _text(dumped)
            if text != self._stored_opponents:
                game.opponents = dumped
                self._stored_opponents = text
                changed.append("opponents")
                texts["opponents"] = text
        return [*changed, "updated_at"], texts
