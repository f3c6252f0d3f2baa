"""One game at one moment: the engine state, the clocks, and the events to append.

A :class:`GameRun` is opened on a game row, locked for a request that writes (by
``apps.games.runtime.transaction``, the one owner of the transaction) or as it was read for a
view that writes nothing. Everything that happens (a person's move, the opponents' replies, the
examination clocks, the turn clocks, the recall probes) goes through :meth:`GameRun.apply` or
:meth:`GameRun.record`; :meth:`GameRun.write` then writes the events, their typed research rows
and the game's changed columns in a few statements (``apps.games.runtime.store``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from apps.games.engine import game_from_json
from apps.games.engine.contract import Action, Event
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
from apps.games.runtime import probes as recall
from apps.games.runtime import store, turns
from apps.games.runtime.examination import GRACE, PAUSE, Clock, Examination
from apps.games.runtime.opponents import Opponents, opponents_from_log
from apps.games.runtime.probes import Probes
from apps.games.runtime.seats import seated_sessions
from apps.games.runtime.turns import SeatClocks
from apps.games.signals import game_finished
from apps.training.models import TrainingSession
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
# Changed in place (the examination clocks, the seats' turn clocks, the probes waiting):
# compared as text.
JSON_FIELDS = ("examination", "turns", "probes")
DEFAULT_EXAMINATION_SECONDS = 30


def _text(value: Any) -> str:
    """A JSON value as comparable text (cheaper than writing it again unchanged)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class GameRun:
    def __init__(self, game: Game, now: datetime):
        self.game = game
        self.now = now
        self.state = game_from_json(game.state)
        # The game's clocks and questions, typed (kept on the row as JSON: see ``_sync``).
        self.examination = Examination.from_json(game.examination)
        self.seat_clocks = SeatClocks.from_json(game.turns)
        self.probes = Probes.from_json(game.probes)
        self.effects: list[Event] = []
        self._events: list[GameEvent] = []
        self._rows: list[tuple[type, GameEvent, dict[str, Any]]] = []
        self.finished_now = False
        self.written: list[GameEvent] = []  # every event this run has written, in order
        self._opponents: Opponents | None = None
        # What the game row holds, to write only what a request changes.
        self._stored_state = self.state
        self._stored_opponents: str | None = None
        self._stored = self._plain()
        # Set by a request that keeps its answer: the game's UPDATE then waits in
        # ``_held_update`` and goes with the answer's INSERT, one round trip fewer. A game that
        # ends is written at once (what its end does next reads it back).
        self.game_update_held = False
        # The first row of the statement sent with the lock (``transaction.locked(also=...)``).
        self.also_row: tuple | None = None
        self._held_update: tuple[list[str], dict[str, str]] | None = None

    def _sync(self) -> None:
        """The typed clocks and questions back on the game row, as its JSON columns."""
        game = self.game
        game.examination = None if self.examination is None else self.examination.to_json()
        clocks = self.seat_clocks
        empty = not (clocks.silent_since or clocks.taken_over or clocks.paused_at)
        game.turns = None if empty and game.turns is None else clocks.to_json()
        game.probes = None if self.probes is None else self.probes.to_json()

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

    @property
    def participant_seats(self) -> list[int]:
        """The seats whose moves are a participant's data (a clinician's are not)."""
        return [s for s, entry in enumerate(self.game.seats) if entry["kind"] == "participant"]

    def actor(self, seat: int) -> str:
        return self.game.seats[seat]["kind"]

    def examination_seconds(self, seat: int) -> float:
        """The seat's own examination time (a participant's adaptive one, set when the game was
        made); the engine's option for a game made before seats had their own."""
        seconds = self.game.seats[seat].get("examination_seconds")
        if seconds is None:
            seconds = self.game.options.get("examination_seconds", DEFAULT_EXAMINATION_SECONDS)
        return seconds

    # -- writing -----------------------------------------------------------------------------

    def record(
        self, kind: str, *, seat: int | None = None, payload: Mapping[str, object], **fields
    ) -> GameEvent:
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
        action: Action,
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
        if actor in PERSON_KINDS and seat is not None:
            turns.acted(self, seat)
        self.effects.extend(new.events)
        self.opponents.observe(new, new.events)
        self.after_change(new.events)
        return event

    def refuse(self, action: Action, code: str, *, decision_ms: int | None, **fields) -> None:
        """Log a person's refused move: illegal attempts are data."""
        seat = action["seat"]
        assert seat is not None, "a person's move is made for their seat"
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

    def after_change(self, effects: list[Event], *, opening: bool = False) -> None:
        """A new deal with an examination readies hand A for every person, whose clocks wait for
        their devices (and, unless the game is just opening, for a pause to see the last trick
        taken); the recall probes due are asked; a seat to act starts a turn (a person's decision
        time, an opponent's pace)."""
        for effect in effects:
            if effect["type"] == "deal_started" and self.state.phase == "examination":
                not_before = self.now if opening else self.now + PAUSE
                self.examination = Examination.new(
                    round_no=effect["round"],
                    deal=effect["deal"],
                    seconds={s: self.examination_seconds(s) for s in self.person_seats},
                    not_before=not_before,
                )
                for seat in self.person_seats:
                    if seat in self.seat_clocks.taken_over:
                        self.examination_skip(seat)
        recall.probes_due(self, effects, self.participant_seats)
        if self.state.phase == "examination":
            turns.silence_starts(self)
        elif self.state.to_act and not self.probes_waiting:
            self._turn_starts()

    def _turn_starts(self) -> None:
        self.game.turn_started_at = self.now
        turns.silence_starts(self)

    # -- recall probes -----------------------------------------------------------------------

    @property
    def probes_waiting(self) -> bool:
        return self.probes is not None and self.probes.waiting

    def probes_answered(self) -> None:
        """The last question waiting is answered: the table goes on, and the turn (and an
        opponent's pace) starts now."""
        if self.state.to_act:
            self._turn_starts()

    # -- the examination clocks --------------------------------------------------------------

    def _exam(self) -> Examination:
        exam = self.examination
        assert exam is not None, "a deal's examination is under way"
        return exam

    @property
    def examination_deal(self) -> int:
        return self._exam().deal

    def clock(self, seat: int) -> Clock | None:
        return None if self.examination is None else self.examination.clock(seat)

    def examination_start(self, seat: int, **fields) -> None:
        """The seat's device shows its waiting hand: that person's clock starts now (or when
        the pause before it ends), and the log says when, by the server's and the device's
        time."""
        clock = self.clock(seat)
        assert clock is not None and clock.waiting
        exam = self._exam()
        clock.shown_at = clock.start_at(self.now)
        self.record(
            EventKind.EXAMINATION_SHOWN,
            seat=seat,
            payload={
                "round": exam.round,
                "deal": exam.deal,
                "hand": clock.hand,
                "planned_seconds": clock.planned,
                "shown_at": clock.shown_at.isoformat(),
            },
            **fields,
        )

    def examination_end(self, seat: int, *, early: bool, **fields) -> None:
        """Hide the hand the seat has on show (early: the person is ready; else their time ran
        out); their next hand waits for their device, or, after hand B, they are done."""
        clock = self.clock(seat)
        assert clock is not None and clock.running and clock.shown_at is not None
        exam = self._exam()
        hidden_at = self.now if early else clock.deadline
        actual = round((hidden_at - clock.shown_at).total_seconds(), 3)
        hidden_seconds = clock.page_hidden_total(hidden_at)
        payload = {
            "round": exam.round,
            "deal": exam.deal,
            "hand": clock.hand,
            "planned_seconds": clock.planned,
            "actual_seconds": actual,
            "ended_early": early,
            "sorts": clock.sorts,
            "page_hidden_seconds": hidden_seconds,
        }
        event = self.record(EventKind.EXAMINATION_HIDDEN, seat=seat, payload=payload, **fields)
        self.row(
            ExaminationPeriod,
            event,
            round=exam.round,
            seat=seat,
            deal=exam.deal,
            hand=clock.hand,
            planned_seconds=clock.planned,
            actual_seconds=actual,
            ended_early=early,
            sorts=clock.sorts,
            page_hidden_seconds=hidden_seconds,
            shown_at=clock.shown_at,
            hidden_at=hidden_at,
        )
        if clock.hand == "A":
            # Hand B's clock, like hand A's, starts when the device shows it (its own `start`).
            after = hidden_at if early else hidden_at + GRACE
            exam.seats[seat] = Clock(hand="B", planned=clock.planned, not_before=after)
            turns.silence_starts(self)
        else:
            clock.done = True
            self._examination_over()

    def examination_skip(self, seat: int) -> None:
        """A seat the computer plays studies nothing: its examination of this deal is over."""
        clock = self.clock(seat)
        if clock is None or clock.done:
            return
        exam = self._exam()
        self.record(
            EventKind.EXAMINATION_HIDDEN,
            seat=seat,
            payload={"round": exam.round, "deal": exam.deal, "hand": clock.hand,
                     "skipped": "taken_over"},
        )  # fmt: skip
        clock.done = True
        self._examination_over()

    def _examination_over(self) -> None:
        """Every person is done with both hands: the table moves on to the hand choice."""
        if self.examination is not None and self.examination.all_done:
            self.examination = None
            self.apply({"type": "end_examination", "seat": None})

    # -- a pause -----------------------------------------------------------------------------

    def pause(self) -> None:
        """The table stops: no clock runs, nobody may act (the game's status says so)."""
        turns.pause_started(self.seat_clocks, self.now)
        self.game.status = Game.Status.PAUSED

    def resume(self) -> float:
        """The table goes on: every clock is moved on by the time it stood still (seconds)."""
        stood = turns.pause_ended(self.seat_clocks, self.now)
        if self.examination is not None:
            self.examination.shift(stood)
        if self.game.turn_started_at:
            self.game.turn_started_at += stood
        self.game.status = Game.Status.ACTIVE
        return round(stood.total_seconds(), 3)

    # -- the clock moving on -----------------------------------------------------------------

    def next_change(self) -> datetime | None:
        """When the game next changes with no one acting (None: it waits for a person)."""
        if self.game.status != Game.Status.ACTIVE:
            return None
        expiry = self.examination.next_expiry() if self.examination else None
        due = turns.next_due(self)
        times = [t for t in (expiry[0] if expiry else None, due.at if due else None) if t]
        return min(times, default=None)

    def catch_up(self) -> None:
        """Let time and the opponents do what is due by now, each thing at the time it was
        due: hands whose time is up, opponents' moves at their pace, turn timers, takeovers."""
        if self.game.status != Game.Status.ACTIVE:
            return
        while True:
            expiry = self.examination.next_expiry() if self.examination else None
            due = turns.next_due(self)
            first = expiry is not None and (due is None or expiry[0] <= due.at)
            if first and expiry[0] <= self.now:  # type: ignore[index]
                with self.at(expiry[0]):  # type: ignore[index]
                    self.examination_end(expiry[1], early=False)  # type: ignore[index]
            elif not first and due is not None and due.at <= self.now:
                turns.step(self, due)
            else:
                return

    # -- closing -----------------------------------------------------------------------------

    def write(self) -> list[GameEvent]:
        """Write the events, their typed rows and what changed of the game (nothing if nothing
        happened): one statement for the events with their typed rows, one for the game."""
        game = self.game
        if not self._events:
            return []
        by_model: dict[type, list] = {}
        for model, event, fields in self._rows:
            by_model.setdefault(model, []).append(model(game=game, event=event, **fields))
        events = store.insert_with(self._events, list(by_model.values()), link="event")
        self.written.extend(events)
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
                # A sitting abandoned while its table played on (its participant withdrew) stays so.
                if session.status == TrainingSession.Status.STARTED:
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
            store.update(self.game, names, texts)

    def held_update(self) -> tuple[str, list[Any]] | None:
        """The statement of the game's changed columns, taken to be sent with another statement
        of the request (the caller sends it, in this transaction), or None if nothing waits."""
        if self._held_update is None:
            return None
        names, texts = self._held_update
        self._held_update = None
        return store.update_statement(self.game, names, texts)

    def _changed_fields(self) -> tuple[list[str], dict[str, str]]:
        """The game's columns this request changed (set on ``game``), and ``updated_at``; with
        the JSON text each changed JSON column was compared as (written as it is)."""
        self._sync()
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
