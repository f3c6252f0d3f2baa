"""Playing games through the engine: create, view, act, examination events, abandon.

The services know no transport. :func:`game_locked` opens a game row locked for one transaction
as a :class:`LockedGame`; :func:`game_act` and :func:`game_examination_event` apply a person's
request to it and return an :class:`Outcome` (the events written and the acting seat's view),
or raise a domain error (a refused move is logged first, and kept). Receipts for retried event
ids and the error shape belong to the edge that every transport shares (``apps.games.answers``).
Time comes from ``apps.common.clock``, so tests move it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction

from apps.common import clock as clocks
from apps.common.errors import Conflict, DomainError, NotFound, ValidationFailed
from apps.games import examination as clock
from apps.games import rows
from apps.games.engine import RulesError, create_game
from apps.games.engine.bots import bot_versions, public_events
from apps.games.engine.cards import parse_cards
from apps.games.links import Claim
from apps.games.locked import LockedGame
from apps.games.models import EventKind, Game, GameEvent
from apps.games.probes import probe_answer, probe_view, probes_initial, refuse_while_waiting
from apps.games.seat_view import examination_cut
from apps.games.seats import staff_seat, table_block
from apps.games.signals import game_changed
from apps.games.turns import heard, seat_state, settings_from_protocol, taken_over, turn_view
from apps.metrics.selectors import session_difficulty
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


@dataclass(frozen=True)
class ClientFacts:
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


@dataclass
class Outcome:
    """What a person's request did: the events written, and the acting seat's view after."""

    events: list[GameEvent]
    view: dict[str, Any]


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
        # a short game (the practice round sets it): the deals end after this many tricks
        **({"tricks": snapshot["tricks_per_deal"]} if "tricks_per_deal" in snapshot else {}),
    }


def _seats(snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    kind = snapshot["opponent"]
    opponent = {
        "kind": "bot",
        "bot": kind,
        "level": snapshot["opponent_level"],
        "version": bot_versions()[snapshot["game"]][kind],
    }
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
    # A practice still in play when the real game begins is over: it was skipped.
    for practice in session.games.filter(practice=True, status=Game.Status.ACTIVE):
        game_abandon(game=practice, reason="the real game began")
    snapshot = dict(session.protocol_snapshot)
    participant = session.participant
    # Adaptive difficulty, when the protocol has it on, carries these from session to session.
    seconds, level = session_difficulty(participant, snapshot)
    snapshot["examination_seconds"], snapshot["opponent_level"] = seconds, level
    if seed is None:
        seed = random.SystemRandom().getrandbits(62)
    return game_open(session=session, snapshot=snapshot, seed=seed, now=now)


def game_open(
    *,
    session: TrainingSession,
    snapshot: dict[str, Any],
    seed: int,
    now: datetime | None = None,
    practice: bool = False,
) -> Game:
    """A new game of ``session`` set up as ``snapshot`` says (a real game or a practice)."""
    options = _engine_options(snapshot, participant_seat=0)
    state = create_game(snapshot["game"], seed=seed, options=options)
    now = now or clocks.now()
    with transaction.atomic():
        game = Game.objects.create(
            session=session,
            game_type=snapshot["game"],
            seed=seed,
            options={**options, "turns": settings_from_protocol(snapshot)},
            seats=_seats(snapshot),
            participant_seat=0,
            practice=practice,
            state=state.to_json(),
            probes=probes_initial(snapshot),
        )
        table = LockedGame(game, now)
        table.record(
            EventKind.GAME_CREATED, payload={"setup": state.setup, "effects": state.events}
        )
        table.seat_opponents(state)
        table.effects.extend(state.events)
        table._after_change(state.events, opening=True)
        table.opponents_move()
        table.close()
    _changed(game)
    return game


# -- reading -------------------------------------------------------------------------------


def seat_view(table: LockedGame, seat: int) -> dict[str, Any]:
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
        "practice": game.practice,
        "status": game.status,
        "version": game.next_seq,
        "seat": seat,
        "seats": [
            {
                "seat": s,
                "kind": c["kind"],
                "bot": c.get("bot"),
                "state": seat_state(game, s, c["kind"]),
            }
            for s, c in enumerate(game.seats)
        ],
        "examination": exam,
        "turn": turn_view(table),
        "probe": probe_view(game),
        "state": view,
        "recent": public_events(table.effects, seat),
        "table": table_block(game, seat),
    }


def _checked(game: Game | None, game_id: int, link: Claim | None) -> Game:
    """The game, if the caller's link (when acting through one) still honours it."""
    if link is not None:
        link.check(game)
    elif game is None:
        raise NotFound(f"There is no game {game_id}.")
    return game


def acting_seat(game: Game, link: Claim | None) -> int:
    """The seat a request acts for: the seat its link grants (the participant seat for a link
    naming none), or for staff the table's clinician seat, else the participant seat (handing
    over the device). Never taken from the request body."""
    if link is not None:
        return game.participant_seat if link.seat is None else link.seat
    return staff_seat(game)


def _not_waiting(game: Game) -> None:
    if game.status == Game.Status.WAITING:
        raise Conflict(
            "The game starts when everyone at the table has joined.", code="table_waiting"
        )


def game_view(*, game_id: int, link: Claim | None = None) -> dict[str, Any]:
    """The acting seat's view now. Takes no lock and writes nothing: what the clock and the
    opponents have due is worked out in memory, and written by the next request that acts."""
    game = _checked(Game.objects.filter(pk=game_id).first(), game_id, link)
    table = LockedGame(game, clocks.now())
    if game.status == Game.Status.ACTIVE:
        table.catch_up()
    return seat_view(table, acting_seat(game, link))


def _changed(game: Game) -> None:
    game_changed.send(sender=Game, game_id=game.pk, version=game.next_seq)


@contextmanager
def game_locked(
    game_id: int, *, link: Claim | None = None, also: tuple[str, list[Any]] | None = None
) -> Iterator[LockedGame]:
    """The game row locked for one transaction, as a :class:`LockedGame` at the clock's now.

    A domain or rules error leaving the block still commits what was written (a refused move
    is logged as data) and is raised after the commit. Listeners of ``game_changed`` hear of
    every committed change. ``also``: a statement run as soon as the lock is granted, in the
    same round trip (``rows.locked_with``); its first row is the table's ``also_row``."""
    refused: Exception | None = None
    with transaction.atomic():
        found, also_row = rows.locked_with(Game, game_id, also)
        game = _checked(found, game_id, link)
        version = game.next_seq
        table = LockedGame(game, clocks.now())
        table.also_row = also_row
        try:
            yield table
        except (DomainError, RulesError) as error:
            refused = error
        table.write_game()  # if an update held for the answer's statement was not sent
    if game.next_seq != version:
        _changed(game)
    if refused is not None:
        raise refused


# -- acting --------------------------------------------------------------------------------


def _caught_up(table: LockedGame, seat: int, request: ClientFacts, reason: str) -> None:
    """Let the clock and the opponents do what is due, hear from the seat (a seat taken over
    returns), then refuse a move made on an older view (the version a view shows already
    counts what was due when it was read)."""
    table.catch_up()
    version = table.game.next_seq
    heard(table, seat, reason)
    if request.version is not None and request.version != version:
        table.close()
        raise Conflict(
            "The game has moved on since this view; reload it and try again.",
            code="stale_version",
            details={"version": table.game.next_seq},
        )


def game_act(
    table: LockedGame, *, seat: int, action: dict[str, Any], request: ClientFacts
) -> Outcome:
    """A person's move for ``seat`` on a locked table; the opponents answer it."""
    if not isinstance(action, dict) or action.get("type") not in PERSON_ACTIONS:
        raise ValidationFailed(
            f"type must be one of {', '.join(PERSON_ACTIONS)}", code="invalid_input"
        )
    _not_waiting(table.game)
    if table.game.status != Game.Status.ACTIVE:
        raise RulesError("game_over", "this game is over")
    _caught_up(table, seat, request, "acted")
    action = {**action, "seat": seat}
    try:
        refuse_while_waiting(table.game)
        table.apply(action, **request.fields())
    except RulesError as refused:
        if refused.code in LOGGED_REFUSALS:
            table.refuse(action, refused.code, **request.fields())
        table.close()
        raise
    table.opponents_move()
    return Outcome(table.close(), seat_view(table, seat))


def game_examination_event(
    table: LockedGame, *, seat: int, event: dict[str, Any], request: ClientFacts
) -> Outcome:
    """``start`` (the device shows the waiting hand, A or B: its clock starts), ``ready`` (end this
    hand now), ``sort`` (a new order of the hand on show), and page visibility changes.
    Examination actions after the hand's window are ``wrong_phase``."""
    kind = event.get("type") if isinstance(event, dict) else None
    if kind not in EXAMINATION_EVENTS:
        raise ValidationFailed(
            f"type must be one of {', '.join(EXAMINATION_EVENTS)}", code="invalid_input"
        )
    _not_waiting(table.game)
    _caught_up(table, seat, request, "examination")
    try:
        if kind in ("start", "ready", "sort"):
            refuse_while_waiting(table.game)
        _examination_event(table, seat, kind, event, request)
    except (RulesError, DomainError):
        table.close()
        raise
    return Outcome(table.close(), seat_view(table, seat))


def _examination_event(table: LockedGame, seat: int, kind: str, event: dict, request: ClientFacts):
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


def game_settle(*, game_id: int, link: Claim | None = None) -> bool:
    """Write what the clock has made due (opponents' moves at their pace, timers, takeovers)
    with no person acting: what a live table's timer and the settling job do, so a game whose
    last moves are the opponents' ends in the log too. Locks the game only when something is
    due; True if anything was written."""
    game = _checked(Game.objects.filter(pk=game_id).first(), game_id, link)
    if game.status != Game.Status.ACTIVE:
        return False
    looked = LockedGame(game, clocks.now())
    looked.catch_up()
    if not looked.pending_events:
        return False
    with game_locked(game_id, link=link) as table:
        if table.game.status != Game.Status.ACTIVE:
            return False
        table.catch_up()
        return bool(table.close())


def games_to_settle(*, older_than_seconds: float = 1.0, limit: int = 500) -> list[int]:
    """Active games whose turn started a while ago: the ones the settling job looks at."""
    since = clocks.now() - timedelta(seconds=older_than_seconds)
    active = Game.objects.filter(status=Game.Status.ACTIVE, turn_started_at__lte=since)
    return list(active.order_by("turn_started_at").values_list("pk", flat=True)[:limit])


def game_seat_heard(*, game_id: int, link: Claim | None, seat: int, reason: str) -> None:
    """The seat's person is there (a socket connected, a message): a seat taken over returns
    to them. Locks the game only when the seat is taken over."""
    game = _checked(Game.objects.filter(pk=game_id).first(), game_id, link)
    if game.status != Game.Status.ACTIVE or not taken_over(game, seat):
        return
    with game_locked(game_id, link=link) as table:
        table.catch_up()
        heard(table, seat, reason)
        table.close()


def game_probe_answer(
    table: LockedGame, *, seat: int, answer: dict[str, Any], request: ClientFacts
) -> Outcome:
    """The participant's answer to the recall probe waiting (apps.games.probes); once the last
    is answered the opponents move on."""
    if table.game.status != Game.Status.ACTIVE:
        raise RulesError("game_over", "this game is over")
    _not_waiting(table.game)
    _caught_up(table, seat, request, "probe")
    try:
        probe_answer(table, seat=seat, answer=answer, **request.fields())
    except (RulesError, DomainError):
        table.close()
        raise
    table.opponents_move()
    return Outcome(table.close(), seat_view(table, seat))


def game_abandon(*, game: Game, reason: str = "") -> Game:
    with game_locked(game.pk) as table:
        if table.game.status not in (Game.Status.ACTIVE, Game.Status.WAITING):
            return table.game
        table.record(EventKind.GAME_ABANDONED, payload={"reason": reason})
        table.game.status = Game.Status.ABANDONED
        table.close()
    return table.game


def game_link_issue(*, game: Game, revoke_previous: bool = False) -> Game:
    """Prepare a new single-game link; ``revoke_previous`` invalidates every earlier one."""
    if game.status not in (Game.Status.ACTIVE, Game.Status.WAITING):
        raise Conflict("This game is over; there is nothing left to play on a device.")
    if revoke_previous:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game.pk)
            game.link_generation += 1
            game.save(update_fields=["link_generation", "updated_at"])
    return game
