"""Playing games through the engine: create, act, examination events, abandon.

Every service locks the game row, replays nothing it does not need to (the state is cached on
the row), applies the request through the engine, lets the opponents answer, and appends the
events in the same transaction. A request carrying an ``event_id`` that was seen before gets
the answer it got the first time, and nothing is stored again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from apps.common.errors import Conflict, DomainError, ValidationFailed, error_body, rules_status
from apps.games import examination as clock
from apps.games.engine import RulesError, create_game
from apps.games.engine.bots import public_events
from apps.games.engine.cards import parse_cards
from apps.games.links import Claim
from apps.games.models import ActionReceipt, EventKind, Game
from apps.games.seat_view import examination_cut
from apps.games.table import Table
from apps.metrics.adaptive import session_difficulty
from apps.training.models import TrainingSession

PERSON_ACTIONS = ("play", "choose_hand", "stragedy", "hide_trump", "ask_trump")
# Refusals of a real move (as opposed to a malformed request or a late one) are logged as data.
LOGGED_REFUSALS = frozenset(
    {
        "not_your_turn",
        "card_not_in_hand",
        "must_follow_suit",
        "must_play_trump",
        "invalid_choice",
        "invalid_position",
        "cannot_ask",
    }
)
EXAMINATION_EVENTS = ("start", "ready", "sort", "page_hidden", "page_visible")


@dataclass
class Answer:
    """What a request gets back: the seat's view (200) or a refusal in the error shape."""

    status: int
    body: dict[str, Any]


@dataclass(frozen=True)
class Request:
    """Client facts that come with every person's request."""

    event_id: str | None = None
    decision_ms: int | None = None
    client_time: datetime | None = None
    version: int | None = None

    def fields(self) -> dict[str, Any]:
        return {
            "event_id": self.event_id,
            "decision_ms": self.decision_ms,
            "client_time": self.client_time,
        }


# -- creating ------------------------------------------------------------------------------


def _engine_options(snapshot: dict[str, Any], participant_seat: int) -> dict[str, Any]:
    if snapshot["game"] == "mendikot":
        return {"rounds": snapshot["rounds"], "trump_rule": snapshot["trump_rule"]}
    other = 1 - participant_seat
    roles = {
        "cut": "cut",
        "participant_lucky": participant_seat,
        "participant_lame": other,
        "alternate": [other, participant_seat],
    }[snapshot["roles"]]
    return {
        "rounds": snapshot["rounds"],
        "wild_tie": snapshot["wild_tie"],
        "stragedy_intent": snapshot["stragedy_intent"],
        "examination": True,
        "examination_seconds": snapshot["examination_seconds"],
        "roles": roles,
    }


def _seats(snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    opponent = {"kind": "bot", "bot": snapshot["opponent"], "level": snapshot["opponent_level"]}
    count = 4 if snapshot["game"] == "mendikot" else 2
    return [{"kind": "participant"}] + [dict(opponent) for _ in range(count - 1)]


def game_create(
    *, session: TrainingSession, seed: int | None = None, now: datetime | None = None
) -> Game:
    """Start the session's game as its protocol snapshot says; opponents take their first turns.

    ``now`` is when the game starts: the present unless simulated (demo data).
    """
    if session.status != TrainingSession.Status.STARTED:
        raise Conflict(
            f"The session is {session.status}; games are played in a started session.",
            code="session_not_started",
        )
    snapshot = dict(session.protocol_snapshot)
    participant = session.participant
    # Adaptive difficulty, when the protocol has it on, carries these from session to session.
    seconds, level = session_difficulty(participant, snapshot)
    snapshot["examination_seconds"], snapshot["opponent_level"] = seconds, level
    if seed is None:
        seed = random.SystemRandom().getrandbits(62)
    options = _engine_options(snapshot, participant_seat=0)
    state = create_game(snapshot["game"], seed=seed, options=options)
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.create(
            session=session,
            game_type=snapshot["game"],
            seed=seed,
            options=options,
            seats=_seats(snapshot),
            participant_seat=0,
            state=state.to_json(),
        )
        table = Table(game, now)
        table.record(
            EventKind.GAME_CREATED, payload={"setup": state.setup, "effects": state.events}
        )
        table.seat_opponents(state)
        table.effects.extend(state.events)
        table._after_change(state.events, opening=True)
        table.opponents_move()
        table.close()
    return game


# -- reading -------------------------------------------------------------------------------


def seat_view(table: Table, seat: int) -> dict[str, Any]:
    """The body every game endpoint answers with: the seat's view and what just happened."""
    game, now = table.game, table.now
    view = table.state.view(seat)
    shown = game.examination
    exam = None
    if view["phase"] == "examination":
        view = examination_cut(view, clock.examination_visible(shown, now))
        if shown:
            exam = {
                "round": shown["round"],
                "deal": shown["deal"],
                "hand": shown["hand"],
                "planned_seconds": shown["planned"],
                "seconds_left": round(clock.seconds_left(shown, now), 3),
                "waiting": clock.waiting(shown),
                "starts_in_seconds": clock.starts_in(shown, now),
                "ready": seat in shown.get("ready", []),
            }
    return {
        "id": game.pk,
        "game_type": game.game_type,
        "status": game.status,
        "version": game.next_seq,
        "seat": seat,
        "seats": [
            {"seat": s, "kind": c["kind"], "bot": c.get("bot")} for s, c in enumerate(game.seats)
        ],
        "examination": exam,
        "state": view,
        "recent": public_events(table.effects, seat),
    }


def game_view(*, game_id: int, link: Claim | None = None) -> dict[str, Any]:
    """The participant seat's view now, after letting the clock and the opponents catch up.

    Every service acts for the game's participant seat (staff handing over the device, or the
    device itself through ``link``, which is checked against the locked row)."""
    with transaction.atomic():
        game = _lock(game_id, link)
        table = Table(game, timezone.now())
        if game.status == Game.Status.ACTIVE:
            table.catch_up()
            table.close()
        return seat_view(table, game.participant_seat)


# -- acting --------------------------------------------------------------------------------


def _answer(table: Table, seat: int, request: Request, error: Exception | None) -> Answer:
    if error is None:
        answer = Answer(200, seat_view(table, seat))
    elif isinstance(error, RulesError):
        answer = Answer(rules_status(error.code), error_body(error.code, error.message))
    else:
        answer = Answer(error.status, error_body(error.code, error.message, error.details))
    if request.event_id:
        ActionReceipt.objects.create(
            game=table.game,
            event_id=request.event_id,
            seat=seat,
            status=answer.status,
            body=answer.body,
        )
    return answer


def _lock(game_id: int, link: Claim | None, event_id: str | None = None) -> Game:
    """The game row, locked for this transaction, with the answer already given to ``event_id``
    (``answered_status``, ``answered_body``; None if none), found in the same statement."""
    games, receipts = Game._meta.db_table, ActionReceipt._meta.db_table
    lock = " FOR UPDATE OF g" if connection.features.has_select_for_update_of else ""
    found = list(
        Game.objects.raw(
            f"SELECT g.*, r.status AS answered_status, r.body AS answered_body FROM {games} g"
            f" LEFT JOIN {receipts} r ON r.game_id = g.id AND r.event_id = %s"
            f" WHERE g.id = %s{lock}",
            [event_id, game_id],
        )
    )
    if link is not None:
        link.check(found[0] if found else None)
    elif not found:
        raise Game.DoesNotExist(f"no game {game_id}")
    return found[0]


def _open(game_id: int, link: Claim | None, request: Request) -> tuple[Table | None, Answer | None]:
    """Lock the game; answer at once for a retried event id or a stale version."""
    game = _lock(game_id, link, request.event_id)
    if game.answered_status is not None:
        # A raw query leaves the JSON as the database sent it: the field decodes it.
        body = ActionReceipt._meta.get_field("body").from_db_value(
            game.answered_body, None, connection
        )
        return None, Answer(game.answered_status, body)
    if request.version is not None and request.version != game.next_seq:
        raise Conflict(
            "The game has moved on since this view; reload it and try again.",
            code="stale_version",
            details={"version": game.next_seq},
        )
    return Table(game, timezone.now()), None


def game_act(
    *, game_id: int, action: dict[str, Any], request: Request, link: Claim | None = None
) -> Answer:
    """A person's move. The seat comes from the game, never from the request body."""
    if not isinstance(action, dict) or action.get("type") not in PERSON_ACTIONS:
        raise ValidationFailed(
            f"type must be one of {', '.join(PERSON_ACTIONS)}",
            code="invalid_input",
        )
    with transaction.atomic():
        table, replayed = _open(game_id, link, request)
        if replayed is not None:
            return replayed
        seat = table.game.participant_seat
        action = {**action, "seat": seat}
        error = None
        if table.game.status != Game.Status.ACTIVE:
            error = RulesError("game_over", "this game is over")
        else:
            table.catch_up()
            try:
                table.apply(action, **request.fields())
            except RulesError as refused:
                error = refused
                if refused.code in LOGGED_REFUSALS:
                    table.refuse(action, refused.code, **request.fields())
            else:
                table.opponents_move()
        table.close()
        answer = _answer(table, seat, request, error)
    return answer


def game_examination_event(
    *, game_id: int, event: dict[str, Any], request: Request, link: Claim | None = None
) -> Answer:
    """``start`` (the device shows the waiting hand A: its clock starts), ``ready`` (end this
    hand now), ``sort`` (a new order of the hand on show), and page visibility changes.
    Examination actions after the hand's window are ``wrong_phase``."""
    kind = event.get("type") if isinstance(event, dict) else None
    if kind not in EXAMINATION_EVENTS:
        raise ValidationFailed(
            f"type must be one of {', '.join(EXAMINATION_EVENTS)}", code="invalid_input"
        )
    with transaction.atomic():
        table, replayed = _open(game_id, link, request)
        if replayed is not None:
            return replayed
        seat = table.game.participant_seat
        table.catch_up()
        error = None
        try:
            _examination_event(table, seat, kind, event, request)
        except (RulesError, DomainError) as refused:
            error = refused
        table.close()
        answer = _answer(table, seat, request, error)
    return answer


def _examination_event(table: Table, seat: int, kind: str, event: dict, request: Request):
    game, now = table.game, table.now
    shown = game.examination
    fields = request.fields()
    if kind == "start":
        if table.state.phase != "examination" or shown is None:
            raise RulesError("wrong_phase", "no hand is waiting to be shown")
        if clock.waiting(shown):
            table.examination_start_hand(seat=seat, **fields)
        return  # already running (a second tab, a reload): nothing changes
    if kind in ("page_hidden", "page_visible"):
        shown = None if clock.waiting(shown) else shown
        if shown is not None:
            if kind == "page_hidden" and not shown["page_hidden_at"]:
                shown["page_hidden_at"] = now.isoformat()
            elif kind == "page_visible" and shown["page_hidden_at"]:
                shown["page_hidden_seconds"] = clock.page_hidden_total(shown, now)
                shown["page_hidden_at"] = None
        table.record(
            EventKind.PAGE_HIDDEN if kind == "page_hidden" else EventKind.PAGE_VISIBLE,
            seat=seat,
            payload={"during_examination": shown is not None},
            **fields,
        )
        return
    if clock.examination_visible(shown, now) is None or table.state.phase != "examination":
        raise RulesError("wrong_phase", "no hand is being examined now")
    if kind == "sort":
        order = event.get("cards")
        hand = table.state.view(seat)["examination"][shown["hand"]]
        if not isinstance(order, list) or sorted(parse_cards(order)) != sorted(parse_cards(hand)):
            raise ValidationFailed(
                "cards must be the hand on show, in the new order", code="invalid_input"
            )
        shown["sorts"] += 1
        table.record(
            EventKind.EXAMINATION_SORT,
            seat=seat,
            payload={"hand": shown["hand"], "deal": shown["deal"], "cards": list(order)},
            **fields,
        )
        return
    # ready
    if seat not in shown["ready"]:
        shown["ready"].append(seat)
    if all(s in shown["ready"] for s in table.person_seats):
        table.examination_end_hand(early=True, seat=seat, **fields)
        table.opponents_move()
    else:
        table.record(
            EventKind.EXAMINATION_READY, seat=seat, payload={"hand": shown["hand"]}, **fields
        )


def game_abandon(*, game: Game, reason: str = "") -> Game:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            return game
        table = Table(game, timezone.now())
        table.record(EventKind.GAME_ABANDONED, payload={"reason": reason})
        game.status = Game.Status.ABANDONED
        table.close()
    return game


def game_link_issue(*, game: Game, revoke_previous: bool = False) -> Game:
    """Prepare a new single-game link; ``revoke_previous`` invalidates every earlier one."""
    if game.status != Game.Status.ACTIVE:
        raise Conflict("This game is over; there is nothing left to play on a device.")
    if revoke_previous:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game.pk)
            game.link_generation += 1
            game.save(update_fields=["link_generation", "updated_at"])
    return game
