"""Playing games: make one (for one person or a table), view it, act, let the clock act, end it.

The services know no transport; the HTTP views and the live sockets parse a request and call
one of them. Every change runs in the game runtime (``apps.games.runtime``): its transaction
module locks the game and owns the transaction, and a person's request that carries an
``event_id`` is answered once (:func:`~apps.games.runtime.transaction.answer_once`): the answer
is the seat's view, or the refusal in the one error shape, kept as the bytes sent so that a
retry over any transport gets them again. Time comes from ``apps.common.clock``, so tests move
it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from apps.common import clock as clocks
from apps.common.errors import Conflict, ValidationFailed
from apps.games import links
from apps.games.engine import RulesError, create_game
from apps.games.engine.bots import bot_versions
from apps.games.engine.cards import parse_cards
from apps.games.engine.contract import Event
from apps.games.engine.visibility import NO_SEAT, examination_hand
from apps.games.links import Claim
from apps.games.models import EventKind, Game, GameSeat
from apps.games.runtime import presence, probes, turns
from apps.games.runtime import views as shown
from apps.games.runtime.log import LoggedEvent, seat_log
from apps.games.runtime.receipts import Reply, refusal
from apps.games.runtime.run import GameRun
from apps.games.runtime.seats import acting_seat as acting_seat
from apps.games.runtime.seats import is_table
from apps.games.runtime.transaction import answer_once, checked, locked
from apps.games.runtime.views import SeatBody, WatchBody
from apps.games.runtime.views import render as render
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
SEAT_COUNTS = {"memulation": 2, "mendikot": 4}
CLINICIAN_LABEL = "Clinician"
BOT_LABEL = "Computer"


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


@dataclass(frozen=True)
class SeatPlan:
    """Who sits in one seat of a game being made: a participant (with their session), the
    clinician (``user``), or a computer opponent."""

    kind: str
    session: TrainingSession | None = None
    user: Any = None


# -- making a game -------------------------------------------------------------------------------


def _engine_options(snapshot: dict[str, Any], participant_seat: int) -> dict[str, Any]:
    # a short game (the practice round sets it): the deals end after this many tricks
    short = {"tricks": snapshot["tricks_per_deal"]} if "tricks_per_deal" in snapshot else {}
    if snapshot["game"] == "mendikot":
        return {"rounds": snapshot["rounds"], "trump_rule": snapshot["trump_rule"], **short}
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
        **short,
    }


def _difficulty(
    session: TrainingSession, snapshot: dict[str, Any], adaptive: bool
) -> tuple[float, float]:
    """The examination seconds and opponent level the session plays with: its own, set when it
    started (adaptive protocols move them from session to session), unless ``adaptive`` is off
    (a practice round plays the protocol as written)."""
    seconds = session.examination_seconds if adaptive else None
    level = session.opponent_level if adaptive else None
    return (
        snapshot.get("examination_seconds", 30) if seconds is None else seconds,
        snapshot.get("opponent_level", 0.5) if level is None else level,
    )


def _seat_entries(
    plans: list[SeatPlan], snapshot: dict[str, Any], level: float, *, labelled: bool, adaptive: bool
) -> list[dict[str, Any]]:
    """``Game.seats``: each seat's kind, its person's own examination seconds, a bot's kind,
    level and version; at a table each seat's label (a participant's code, never a name)."""
    game_type = snapshot["game"]
    entries: list[dict[str, Any]] = []
    for plan in plans:
        entry: dict[str, Any] = {"kind": plan.kind}
        if plan.kind == GameSeat.Kind.BOT:
            bot = snapshot["opponent"]
            entry.update(bot=bot, level=level, version=bot_versions()[game_type][bot])
            label = BOT_LABEL
        elif plan.kind == GameSeat.Kind.PARTICIPANT:
            assert plan.session is not None
            entry["examination_seconds"] = _difficulty(plan.session, snapshot, adaptive)[0]
            label = plan.session.participant.code
        else:
            entry["examination_seconds"] = snapshot.get("examination_seconds", 30)
            label = CLINICIAN_LABEL
        if game_type == "mendikot":
            entry.pop("examination_seconds", None)
        if labelled:
            entry["label"] = label
        entries.append(entry)
    return entries


def game_open(
    *,
    plans: list[SeatPlan],
    snapshot: dict[str, Any],
    seed: int | None = None,
    practice: bool = False,
    table: bool = False,
) -> Game:
    """The one way a game is made, for one person or a table: every seat set up as ``plans``
    and the protocol ``snapshot`` say (the opponents' pace, the turn timer, the takeover and its
    level, the recall probes, each person's own examination seconds, the opponents' versions),
    and one ``game_created`` logged. A game for one person starts at once; a table waits for
    every person to join (``table_join``). The game belongs to the first participant's session.
    """
    host_seat = next(s for s, plan in enumerate(plans) if plan.kind == GameSeat.Kind.PARTICIPANT)
    host = plans[host_seat].session
    assert host is not None
    seconds, level = _difficulty(host, snapshot, adaptive=not practice)
    if table:  # the bots at a table play every person at once: the protocol's level
        level = snapshot.get("opponent_level", level)
    engine_snapshot = {**snapshot, "examination_seconds": seconds}
    options = _engine_options(engine_snapshot, participant_seat=host_seat)
    if seed is None:
        seed = random.SystemRandom().getrandbits(62)
    state = create_game(snapshot["game"], seed=seed, options=options)
    now = clocks.now()
    with transaction.atomic():
        game = Game.objects.create(
            session=host,
            game_type=snapshot["game"],
            seed=seed,
            options={**options, "turns": turns.settings_from_protocol(snapshot)},
            seats=_seat_entries(plans, snapshot, level, labelled=table, adaptive=not practice),
            participant_seat=host_seat,
            practice=practice,
            status=Game.Status.WAITING if table else Game.Status.ACTIVE,
            state=state.to_json(),
            probes=probes.probes_initial(snapshot),
        )
        if table:
            GameSeat.objects.bulk_create(
                GameSeat(
                    game=game,
                    seat=seat,
                    kind=plan.kind,
                    label=game.seats[seat]["label"],
                    session=plan.session,
                    user=plan.user,
                    joined_at=now if plan.kind == GameSeat.Kind.BOT else None,
                )
                for seat, plan in enumerate(plans)
            )
        with locked(game.pk) as run, run.at(now):
            run.record(
                EventKind.GAME_CREATED, payload={"setup": state.setup, "effects": state.events}
            )
            run.seat_opponents(state)
            if not table:
                _begin(run, state.events)
    return run.game


def _begin(run: GameRun, opening: list[Event]) -> None:
    """The game's clocks start now: the examination readies, the opponents take their turns."""
    run.effects.extend(opening)
    run.after_change(opening, opening=True)
    run.catch_up()


def game_create(*, session: TrainingSession, seed: int | None = None) -> Game:
    """Start the session's game for its participant against the protocol's opponents, at the
    services' clock's now."""
    if session.status != TrainingSession.Status.STARTED:
        raise Conflict(
            gettext("The session is %(status)s; games are played in a started session.")
            % {"status": session.status},
            code="session_not_started",
        )
    # A practice still in play when the real game begins is over: it was skipped.
    for practice in session.games.filter(practice=True, status=Game.Status.ACTIVE):
        game_abandon(game=practice, reason="the real game began")
    snapshot = dict(session.protocol_snapshot)
    bots = SEAT_COUNTS[snapshot["game"]] - 1
    plans = [SeatPlan(GameSeat.Kind.PARTICIPANT, session=session)]
    plans += [SeatPlan(GameSeat.Kind.BOT)] * bots
    return game_open(plans=plans, snapshot=snapshot, seed=seed)


# -- reading -------------------------------------------------------------------------------


def _read(game_id: int, link: Claim | None) -> GameRun:
    """The game now, worked out in memory (what the clock has due included): no lock, no
    write; the next request that acts writes it."""
    game = checked(Game.objects.filter(pk=game_id).first(), game_id, link)
    run = GameRun(game, clocks.now())
    run.catch_up()
    return run


def game_view(*, game_id: int, link: Claim | None = None) -> SeatBody:
    """The acting seat's view now."""
    run = _read(game_id, link)
    return shown.seat_view(run, acting_seat(run.game, link))


def game_log_view(
    *, game_id: int, link: Claim | None = None, since: int
) -> tuple[list[LoggedEvent], SeatBody]:
    """The acting seat's events after ``since`` as it may see them now (no card of a trick
    face down by now), and its view: what a device catching up is sent."""
    run = _read(game_id, link)
    seat = acting_seat(run.game, link)
    events = seat_log(game_id=game_id, seat=seat, since=since, view=run.state.view(seat))
    return events, shown.seat_view(run, seat)


def watch_log_view(*, game: Game, since: int) -> tuple[list[LoggedEvent], WatchBody]:
    """The events after ``since`` as someone watching may see them now, and the watch view."""
    run = _read(game.pk, None)
    view = run.state.view(0)
    return seat_log(game_id=game.pk, seat=NO_SEAT, since=since, view=view), shown.watch_view(run)


def watch_view(game: Game) -> WatchBody:
    """What a spectator is shown now."""
    return shown.watch_view(_read(game.pk, None))


# -- acting --------------------------------------------------------------------------------


def _playing(game: Game) -> None:
    """Refuse a person's request unless the game is in play."""
    if game.status == Game.Status.WAITING:
        raise Conflict(
            gettext("The game starts when everyone at the table has joined."), code="table_waiting"
        )
    if game.status == Game.Status.PAUSED:
        raise Conflict(gettext("The clinician has paused the table."), code="table_paused")
    if game.status != Game.Status.ACTIVE:
        raise RulesError("game_over", "this game is over")


def _caught_up(run: GameRun, seat: int, request: ClientFacts, reason: str) -> None:
    """Let the clock and the opponents do what is due, hear from the seat (a seat taken over
    returns), then refuse a move made on an older view (the version a view shows already
    counts what was due when it was read)."""
    run.catch_up()
    version = run.game.next_seq
    turns.heard(run, seat, reason)
    if is_table(run.game):
        presence.heard(run.game.pk, seat, run.now)
    if request.version is not None and request.version != version:
        raise Conflict(
            gettext("The game has moved on since this view; reload it and try again."),
            code="stale_version",
            details={"version": run.game.next_seq},
        )


def game_act(
    *, game_id: int, link: Claim | None, action: dict[str, object], request: ClientFacts
) -> Reply:
    """A person's move for the seat the caller acts for; the opponents answer it."""

    def perform(run: GameRun, seat: int) -> None:
        if not isinstance(action, dict) or action.get("type") not in PERSON_ACTIONS:
            raise ValidationFailed(
                gettext("type must be one of %(join)s") % {"join": ", ".join(PERSON_ACTIONS)},
                code="invalid_input",
            )
        _playing(run.game)
        _caught_up(run, seat, request, "acted")
        probes.refuse_while_waiting(run.probes, seat)
        # The request's JSON becomes the game's action here, before anything reads it.
        move = run.state.read_action({**action, "seat": seat})
        try:
            run.apply(move, **request.fields())
        except RulesError as refused:
            if refused.code in LOGGED_REFUSALS:
                run.refuse(move, refused.code, **request.fields())
            raise
        run.catch_up()

    return answer_once(game_id=game_id, link=link, event_id=request.event_id, perform=perform)


def game_examination_event(
    *, game_id: int, link: Claim | None, event: dict[str, Any], request: ClientFacts
) -> Reply:
    """``start`` (the device shows the seat's waiting hand, A or B: that person's clock starts),
    ``ready`` (end that person's hand now), ``sort`` (a new order of the hand on show), and page
    visibility changes. Examination actions outside the person's window are ``wrong_phase``."""

    def perform(run: GameRun, seat: int) -> None:
        kind = event.get("type") if isinstance(event, dict) else None
        if kind not in EXAMINATION_EVENTS:
            raise ValidationFailed(
                gettext("type must be one of %(join)s") % {"join": ", ".join(EXAMINATION_EVENTS)},
                code="invalid_input",
            )
        _playing(run.game)
        _caught_up(run, seat, request, "examination")
        if kind in ("start", "ready", "sort"):
            probes.refuse_while_waiting(run.probes, seat)
        _examination_event(run, seat, kind, event, request)

    return answer_once(game_id=game_id, link=link, event_id=request.event_id, perform=perform)


def _examination_event(
    run: GameRun, seat: int, kind: str, event: dict[str, Any], request: ClientFacts
) -> None:
    now, fields = run.now, request.fields()
    clock = run.clock(seat) if run.state.phase == "examination" else None
    if kind == "start":
        if clock is None or clock.done:
            raise RulesError("wrong_phase", "no hand is waiting to be shown")
        if clock.waiting:
            run.examination_start(seat, **fields)
        return  # already running (a second tab, a reload): nothing changes
    if kind in ("page_hidden", "page_visible"):
        on_show = clock if clock is not None and clock.running else None
        if on_show is not None:
            if kind == "page_hidden" and not on_show.page_hidden_at:
                on_show.page_hidden_at = now
            elif kind == "page_visible" and on_show.page_hidden_at:
                on_show.page_hidden_seconds = on_show.page_hidden_total(now)
                on_show.page_hidden_at = None
        run.record(
            EventKind.PAGE_HIDDEN if kind == "page_hidden" else EventKind.PAGE_VISIBLE,
            seat=seat,
            payload={"during_examination": on_show is not None},
            **fields,
        )
        return
    if clock is None or clock.visible(now) is None:
        raise RulesError("wrong_phase", "no hand is being examined now")
    if kind == "sort":
        order = event.get("cards")
        hand = examination_hand(run.state.view(seat), clock.hand) or []
        if not isinstance(order, list) or sorted(parse_cards(order)) != sorted(parse_cards(hand)):
            raise ValidationFailed(
                gettext("cards must be the hand on show, in the new order"), code="invalid_input"
            )
        clock.sorts += 1
        run.record(
            EventKind.EXAMINATION_SORT,
            seat=seat,
            payload={"hand": clock.hand, "deal": run.examination_deal, "cards": order},
            **fields,
        )
        return
    run.examination_end(seat, early=True, **fields)  # ready
    run.catch_up()


def game_probe_answer(
    *, game_id: int, link: Claim | None, answer: dict[str, Any], request: ClientFacts
) -> Reply:
    """The seat's answer to its recall probe waiting; once every question waiting is answered
    the table moves on."""

    def perform(run: GameRun, seat: int) -> None:
        _playing(run.game)
        _caught_up(run, seat, request, "probe")
        probes.probe_answer(run, seat=seat, answer=answer, **request.fields())
        run.catch_up()

    return answer_once(game_id=game_id, link=link, event_id=request.event_id, perform=perform)


# -- the clock acting by itself --------------------------------------------------------------


def game_settle(*, game_id: int) -> bool:
    """Write what the clock has made due (hands whose time is up, opponents' moves at their
    pace, timers, takeovers) with no person acting: what a live table's timer and the settling
    job do, so a game whose last moves are the opponents' ends in the log too. Locks the game
    only when something is due; True if anything was written."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
    if game is None:
        return False
    looked = GameRun(game, clocks.now())
    looked.catch_up()
    if not looked.pending_events:
        return False
    with locked(game_id) as run:
        run.catch_up()
        return bool(run.pending_events)


def game_next_change(*, game_id: int) -> datetime | None:
    """When the game next changes with no one acting (None: it waits for a person, or is not
    in play): read, nothing written."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
    if game is None:
        return None
    run = GameRun(game, clocks.now())
    run.catch_up()
    return run.next_change()


def games_to_settle(*, older_than_seconds: float = 1.0, limit: int = 500) -> list[int]:
    """Active games whose turn started a while ago, or that are in an examination: the ones the
    settling job looks at."""
    since = clocks.now() - timedelta(seconds=older_than_seconds)
    active = Game.objects.filter(status=Game.Status.ACTIVE, turn_started_at__lte=since)
    examining = Game.objects.filter(status=Game.Status.ACTIVE, examination__isnull=False)
    found = (active | examining).order_by("turn_started_at")
    return list(found.values_list("pk", flat=True)[:limit])


def refusal_text(error: Exception) -> str:
    """A domain or rules error as the body every transport sends."""
    return refusal(error).body


def game_seat_heard(
    *, game_id: int, link: Claim | None, reason: str, connected: bool = False
) -> None:
    """The person of the seat the caller acts for is there (``connected``: a device's socket
    connected; else a message came): a seat taken over for silence returns to them. Locks the
    game only when it is."""
    game = checked(Game.objects.filter(pk=game_id).first(), game_id, link)
    seat = acting_seat(game, link)
    if is_table(game):
        if connected:
            presence.connected(game.pk, seat)
        presence.heard(game.pk, seat, clocks.now())
    taken = turns.held(game, seat)
    if game.status != Game.Status.ACTIVE or taken is None or taken.reason == turns.CLINICIAN:
        return
    with locked(game_id, link=link) as run:
        run.catch_up()
        turns.heard(run, seat, reason)


def game_seat_left(*, game_id: int, seat: int) -> None:
    """A device of the seat closed its socket."""
    presence.disconnected(game_id, seat)


# -- ending --------------------------------------------------------------------------------


def game_abandon(*, game: Game, reason: str = "", by: str | None = None) -> Game:
    """The game will not be finished (its sessions are left as they are)."""
    with locked(game.pk) as run:
        if run.game.status not in Game.OPEN:
            return run.game
        run.catch_up()
        payload: dict[str, Any] = {"reason": reason}
        if by:
            payload["by"] = by
        run.record(EventKind.GAME_ABANDONED, payload=payload)
        run.game.status = Game.Status.ABANDONED
    return run.game


def game_link_issue(*, game: Game, revoke_previous: bool = False) -> Game:
    """Prepare a new single-game link; ``revoke_previous`` invalidates every earlier one."""
    if game.status not in Game.OPEN:
        raise Conflict(gettext("This game is over; there is nothing left to play on a device."))
    if revoke_previous:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game.pk)
            game.link_generation += 1
            game.save(update_fields=["link_generation", "updated_at"])
    return game


def game_device_link(*, game: Game, revoke_previous: bool = False) -> dict[str, Any]:
    """A single-game link for the participant's device, and its join code (the same link,
    typed at ``/join`` by a person who cannot scan the QR code)."""
    game = game_link_issue(game=game, revoke_previous=revoke_previous)
    token = links.play_link_token(game)
    return {
        "token": token,
        "path": f"/play/{token}",
        "code": links.join_code_made(game),
        "expires_in_seconds": links.LINK_HOURS * 3600,
    }


def game_join_code_link(*, code: str) -> dict[str, Any]:
    """The device link a join code stands for (``join_code_unknown`` when there is none)."""
    token = links.join_code_link(code)
    return {"token": token, "path": f"/play/{token}"}
