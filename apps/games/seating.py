"""Tables: a game opened for several people, its waiting room, and the clinician running it.

A clinician opens a table for a protocol with a seat list (participants, the clinician, and for
Mendikot computer opponents in the empty seats). Every participant gets their own started
training session, and the game is made by the one maker of games (``services.game_open``), so a
table honours its protocol exactly as a game for one person does. The game waits (status
``waiting``: no clock runs, no opponent moves) until every person seat has joined through its
link; the last join starts it in the same transaction.

The clinician runs the table: cancels it while it waits, pauses and resumes it (its clocks stand
still), puts the computer in a person's seat and gives the seat back, ends it. Each is logged,
pushed to every seat, and kept in the exports.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from apps.common.errors import Conflict, ValidationFailed
from apps.games import links, services
from apps.games.models import PERSON_KINDS, EventKind, Game, GameEvent, GameSeat
from apps.games.runtime import turns
from apps.games.runtime.run import GameRun
from apps.games.runtime.seats import (
    acting_seat,
    is_table,
    seated_sessions,
    session_seat,
    table_block,
)
from apps.games.runtime.transaction import locked
from apps.participants.selectors import participant_visible, protocol_get, rules
from apps.training.models import TrainingSession
from apps.training.services import session_abandon, session_create

Kind = GameSeat.Kind


def _invalid(message: str, **details: Any) -> ValidationFailed:
    return ValidationFailed(message, code="invalid_seats", details={"seats": [message], **details})


def _check_seats(game_type: str, seats: list[dict[str, Any]]) -> None:
    count = services.SEAT_COUNTS[game_type]
    if len(seats) != count:
        raise _invalid(f"A {game_type} table has {count} seats; {len(seats)} were given.")
    kinds = [s["kind"] for s in seats]
    people = sum(k != Kind.BOT for k in kinds)
    if Kind.PARTICIPANT not in kinds:
        raise _invalid("A table needs at least one participant.")
    if kinds.count(Kind.CLINICIAN) > 1:
        raise _invalid("A table has at most one clinician seat.")
    if game_type == "memulation" and people != 2:
        raise _invalid("Memulation is played by two people: participants or a clinician.")
    if people < 2:
        raise _invalid("A table is for at least two people; a game for one is a session's game.")
    chosen = [s["participant"] for s in seats if s["kind"] == Kind.PARTICIPANT]
    if len(set(chosen)) != len(chosen):
        raise ValidationFailed(
            gettext("A participant can hold only one seat at a table."),
            code="duplicate_participant",
            details={"seats": [gettext("A participant is listed twice.")]},
        )


def table_open(*, user, protocol_id: int, seats: list[dict[str, Any]], seed: int | None = None):
    """Open a table: a started session for each participant, the game waiting for everyone.

    ``seats`` are ``{"kind": "participant", "participant": id}``, ``{"kind": "clinician"}`` or
    ``{"kind": "bot"}``, in seat order."""
    protocol = protocol_get(user=user, protocol_id=protocol_id)
    _check_seats(protocol.game, seats)
    with transaction.atomic():
        plans = []
        for entry in seats:
            if entry["kind"] == Kind.PARTICIPANT:
                participant = participant_visible(user=user, participant_id=entry["participant"])
                session = session_create(participant=participant, protocol=protocol, actor=user)
                plans.append(services.SeatPlan(Kind.PARTICIPANT, session=session))
            elif entry["kind"] == Kind.CLINICIAN:
                plans.append(services.SeatPlan(Kind.CLINICIAN, user=user))
            else:
                plans.append(services.SeatPlan(Kind.BOT))
        host = next(plan.session for plan in plans if plan.session is not None)
        snapshot = dict(host.protocol_snapshot)
        game = services.game_open(plans=plans, snapshot=snapshot, seed=seed, table=True)
        _join_codes(game)
        return game


def _join_codes(game: Game) -> None:
    """A join code beside every person seat's link (for a person who cannot scan it)."""
    for seat, entry in enumerate(game.seats):
        if entry["kind"] in PERSON_KINDS:
            links.join_code_made(game, seat)


def _start(run: GameRun) -> None:
    """Everyone is seated: the game's clocks start now, and the opponents take their turns."""
    game = run.game
    game.status = Game.Status.ACTIVE
    run.record(EventKind.TABLE_STARTED, payload={})
    opening = GameEvent.objects.get(game=game, kind=EventKind.GAME_CREATED).payload["effects"]
    services._begin(run, opening)


def table_join(*, link: links.Claim) -> services.SeatBody:
    """The link's seat is taken (idempotent); the last one to join starts the game. Answers
    the seat's view."""
    with locked(link.game_id, link=link) as run:
        game = run.game
        seat = acting_seat(game, link)
        if is_table(game):
            place = GameSeat.objects.get(game=game, seat=seat)
            if place.joined_at is None:
                if game.status != Game.Status.WAITING:
                    raise Conflict(gettext("This table is closed."), code="table_closed")
                place.joined_at = run.now
                place.save(update_fields=["joined_at"])
                run.record(EventKind.SEAT_JOINED, seat=seat, payload={"seat": seat})
                waiting = GameSeat.objects.filter(game=game, joined_at__isnull=True).exists()
                if not waiting:
                    _start(run)
        run.write()
        return services.shown.seat_view(run, seat)


def table_links_reissue(*, game: Game) -> Game:
    """Revoke every link of the table handed out so far (new ones are signed from the row), and
    their join codes: new ones stand beside the new links."""
    game = services.game_link_issue(game=game, revoke_previous=True)
    _join_codes(game)
    return game


# -- the clinician running the table -----------------------------------------------------------


def _may_run(user, game: Game) -> None:
    for session in seated_sessions(game):
        rules.require(
            rules.may_run_sessions(user, session.participant),
            gettext("You may not run this table: one of its participants is not yours to run."),
        )


def _who(user) -> str:
    return getattr(user, "username", "") or "staff"


def _end(run: GameRun, user, reason: str) -> None:
    run.record(
        EventKind.GAME_ABANDONED, payload={"reason": reason, "by": "clinician", "who": _who(user)}
    )
    run.game.status = Game.Status.ABANDONED
    for session in seated_sessions(run.game):
        session_abandon(session=session, actor=user, reason=reason, by_its_game=True)


def table_cancel(*, user, game: Game) -> Game:
    """Cancel a table that is still waiting for its people: its sessions are abandoned."""
    _may_run(user, game)
    with locked(game.pk) as run:
        if run.game.status != Game.Status.WAITING:
            raise Conflict(
                gettext("Only a table still waiting can be cancelled."), code="table_not_waiting"
            )
        _end(run, user, "cancelled by the clinician")
    return run.game


def _person_seat(game: Game, seat: int) -> None:
    if not 0 <= seat < len(game.seats) or game.seats[seat]["kind"] not in PERSON_KINDS:
        raise ValidationFailed(
            gettext("That is not a person's seat at this table."),
            code="invalid_seats",
            details={"seat": [gettext("Not a person's seat.")]},
        )


@contextmanager
def _in_play(user, game: Game, seat: int | None = None) -> Iterator[GameRun]:
    """The table locked for a clinician's change while it is in play (or paused), caught up
    with its clock; ``seat``, if named, must be a person's."""
    _may_run(user, game)
    if seat is not None:
        _person_seat(game, seat)
    with locked(game.pk) as run:
        if run.game.status not in (Game.Status.ACTIVE, Game.Status.PAUSED):
            raise Conflict(gettext("The table is not in play."), code="table_not_running")
        run.catch_up()
        yield run


def table_end(*, user, game: Game) -> Game:
    """End a running (or paused) table now: the game is abandoned, and its sessions."""
    with _in_play(user, game) as run:
        if run.game.status in Game.OPEN and not run.state.finished:
            _end(run, user, "ended by the clinician")
    return run.game


def table_pause(*, user, game: Game) -> Game:
    """Pause a running table: its clocks (examination, turns, timers, takeovers) stand still and
    nobody may act until it is resumed."""
    _may_run(user, game)
    with locked(game.pk) as run:
        if run.game.status != Game.Status.ACTIVE:
            raise Conflict(gettext("Only a table in play can be paused."), code="table_not_running")
        run.catch_up()  # what was due before the pause happens first
        if run.game.status != Game.Status.ACTIVE:
            return run.game
        run.pause()
        run.record(EventKind.TABLE_PAUSED, payload={"reason": "paused by the clinician"})
    return run.game


def table_resume(*, user, game: Game) -> Game:
    """Resume a paused table: every clock goes on from where it stood."""
    _may_run(user, game)
    with locked(game.pk) as run:
        if run.game.status != Game.Status.PAUSED:
            raise Conflict(gettext("Only a paused table can be resumed."), code="table_not_paused")
        stood = run.resume()
        run.record(
            EventKind.TABLE_RESUMED,
            payload={"reason": "resumed by the clinician", "paused_seconds": stood},
        )
        run.catch_up()
    return run.game


def table_seat_computer(*, user, game: Game, seat: int) -> Game:
    """The computer plays a person's seat (at the protocol's takeover level) until the
    clinician gives it back."""
    with _in_play(user, game, seat) as run:
        _computer_holds(run, seat)
    return run.game


def _computer_holds(run: GameRun, seat: int) -> None:
    """The computer plays the seat until the clinician gives it back; the person's own moves
    do not take it back."""
    taken = run.seat_clocks.taken_over.get(seat)
    if taken is not None and taken.reason == turns.CLINICIAN:
        return
    if taken is not None:  # taken over for silence: the clinician now holds it
        turns.seat_return(run, seat, turns.CLINICIAN)
    turns.take_over(run, seat, turns.CLINICIAN)
    run.catch_up()


def session_games_stop(*, session: TrainingSession, reason: str) -> None:
    """A sitting abandoned from outside its games (by staff, or as its participant withdrew):
    its own games still open are abandoned; at a table in play, the computer plays its seat
    from now on and the others play on."""
    games = Game.objects.filter(
        Q(session=session) | Q(table_seats__session=session), status__in=Game.OPEN
    ).distinct()
    for game in games.order_by("pk"):
        if not is_table(game):
            services.game_abandon(game=game, reason=reason)
            continue
        with locked(game.pk) as run:
            if run.game.status in (Game.Status.ACTIVE, Game.Status.PAUSED):
                run.catch_up()
                _computer_holds(run, session_seat(run.game, session.pk))


def table_seat_return(*, user, game: Game, seat: int) -> Game:
    """Give a seat the computer plays back to its person."""
    with _in_play(user, game, seat) as run:
        if seat not in run.seat_clocks.taken_over:
            raise Conflict(
                gettext("The person plays that seat already."), code="seat_not_taken_over"
            )
        turns.seat_return(run, seat, turns.CLINICIAN)
        turns.silence_starts(run)
    return run.game


def table_body(game: Game, *, absolute) -> dict[str, Any]:
    """What staff see of a table: each seat, who has joined, its session and its link.

    ``absolute`` makes a site path an absolute URL (the request's ``build_absolute_uri``)."""
    rows = {row.seat: row for row in GameSeat.objects.filter(game=game)}
    block = table_block(game, None) or {"seats": []}
    open_ = game.status in Game.OPEN
    seats = []
    for item in block["seats"]:
        row = rows.get(item["seat"])
        person = item["kind"] != Kind.BOT
        link = code = None
        if person and open_:
            link = absolute(f"/play/{links.play_link_token(game, seat=item['seat'])}")
            code = links.join_code_of(game, item["seat"])
        taken = turns.held(game, item["seat"])
        seats.append(
            {
                **item,
                "joined": item["joined"] if person else True,
                "session": row.session_id if row else None,
                "link": link,
                "code": code,
                "taken_over_by": None if taken is None else taken.reason,
            }
        )
    return {
        "game": game.pk,
        "game_type": game.game_type,
        "status": game.status,
        "seats": seats,
        "watch": f"/games/{game.pk}/watch",
    }
