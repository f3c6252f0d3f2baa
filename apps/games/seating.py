"""Tables: a game opened for several people, its waiting room, and the start when all are seated.

A clinician opens a table for a protocol with a seat list (participants, the clinician, and for
Mendikot computer opponents in the empty seats). Every participant gets their own started
training session; the game belongs to the first participant's session, and each seat's
:class:`~apps.games.models.GameSeat` row says whose it is. The game waits (status ``waiting``:
no clock runs, no opponent moves) until every person seat has joined through its link; the
last join starts it in the same transaction.
"""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction

from apps.common import clock as clocks
from apps.common.errors import Conflict, ValidationFailed
from apps.games import links, services
from apps.games.engine import create_game
from apps.games.locked import LockedGame
from apps.games.models import EventKind, Game, GameEvent, GameSeat
from apps.games.seats import is_table, table_block
from apps.metrics.selectors import session_difficulty
from apps.participants.selectors import participant_get, protocol_get
from apps.training.services import session_create

SEAT_COUNTS = {"memulation": 2, "mendikot": 4}
CLINICIAN_LABEL = "Clinician"
BOT_LABEL = "Computer"
Kind = GameSeat.Kind


def _invalid(message: str, **details: Any) -> ValidationFailed:
    return ValidationFailed(message, code="invalid_seats", details={"seats": [message], **details})


def _check_seats(game_type: str, seats: list[dict[str, Any]]) -> None:
    count = SEAT_COUNTS[game_type]
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
            "A participant can hold only one seat at a table.",
            code="duplicate_participant",
            details={"seats": ["A participant is listed twice."]},
        )


def table_open(*, user, protocol_id: int, seats: list[dict[str, Any]], seed: int | None = None):
    """Open a table: a started session for each participant, the game waiting for everyone.

    ``seats`` are ``{"kind": "participant", "participant": id}``, ``{"kind": "clinician"}`` or
    ``{"kind": "bot"}``, in seat order."""
    protocol = protocol_get(user=user, protocol_id=protocol_id)
    game_type = protocol.game
    _check_seats(game_type, seats)
    now = clocks.now()
    with transaction.atomic():
        sessions = {}
        for seat, entry in enumerate(seats):
            if entry["kind"] == Kind.PARTICIPANT:
                participant = participant_get(user=user, participant_id=entry["participant"])
                sessions[seat] = session_create(
                    participant=participant, protocol=protocol, actor=user
                )
        host_seat = min(sessions)
        host = sessions[host_seat]
        snapshot = dict(host.protocol_snapshot)
        seconds, level = session_difficulty(host.participant, snapshot)
        snapshot["examination_seconds"], snapshot["opponent_level"] = seconds, level
        if seed is None:
            seed = random.SystemRandom().getrandbits(62)
        options = services._engine_options(snapshot, participant_seat=host_seat)
        state = create_game(game_type, seed=seed, options=options)
        entries: list[dict[str, Any]] = []
        for seat, entry in enumerate(seats):
            if entry["kind"] == Kind.PARTICIPANT:
                entries.append({"kind": "participant", "label": sessions[seat].participant.code})
            elif entry["kind"] == Kind.CLINICIAN:
                entries.append({"kind": "clinician", "label": CLINICIAN_LABEL})
            else:
                entries.append(
                    {"kind": "bot", "bot": snapshot["opponent"], "level": level, "label": BOT_LABEL}
                )
        game = Game.objects.create(
            session=host,
            game_type=game_type,
            seed=seed,
            options=options,
            seats=entries,
            participant_seat=host_seat,
            status=Game.Status.WAITING,
            state=state.to_json(),
        )
        GameSeat.objects.bulk_create(
            GameSeat(
                game=game,
                seat=seat,
                kind=entry["kind"],
                label=entry["label"],
                session=sessions.get(seat),
                user=user if entry["kind"] == Kind.CLINICIAN else None,
                joined_at=now if entry["kind"] == Kind.BOT else None,
            )
            for seat, entry in enumerate(entries)
        )
        table = LockedGame(game, now)
        table.record(
            EventKind.GAME_CREATED, payload={"setup": state.setup, "effects": state.events}
        )
        table.seat_opponents(state)
        table.close()
    services._changed(game)
    return game


def _start(table: LockedGame) -> None:
    """Everyone is seated: the game's clocks start now, and the opponents take their turns."""
    game = table.game
    game.status = Game.Status.ACTIVE
    table.record(EventKind.TABLE_STARTED, payload={})
    opening = GameEvent.objects.get(game=game, kind=EventKind.GAME_CREATED).payload["effects"]
    table.effects.extend(opening)
    table._after_change(opening, opening=True)
    table.opponents_move()


def table_join(*, link: links.Claim) -> dict[str, Any]:
    """The link's seat is taken (idempotent); the last one to join starts the game. Answers
    the seat's view."""
    with services.game_locked(link.game_id, link=link) as table:
        game = table.game
        seat = services.acting_seat(game, link)
        if is_table(game):
            place = GameSeat.objects.get(game=game, seat=seat)
            if place.joined_at is None:
                if game.status != Game.Status.WAITING:
                    raise Conflict("This table is closed.", code="table_closed")
                place.joined_at = table.now
                place.save(update_fields=["joined_at"])
                table.record(EventKind.SEAT_JOINED, seat=seat, payload={"seat": seat})
                waiting = GameSeat.objects.filter(game=game, joined_at__isnull=True).exists()
                if not waiting:
                    _start(table)
        table.close()
        return services.seat_view(table, seat)


def table_links_reissue(*, game: Game) -> Game:
    """Revoke every link of the table handed out so far (new ones are signed from the row)."""
    return services.game_link_issue(game=game, revoke_previous=True)


def table_body(game: Game, *, absolute) -> dict[str, Any]:
    """What staff see of a table: each seat, who has joined, its session and its link.

    ``absolute`` makes a site path an absolute URL (the request's ``build_absolute_uri``)."""
    rows = {row.seat: row for row in GameSeat.objects.filter(game=game)}
    block = table_block(game, None) or {"seats": []}
    open_ = game.status in (Game.Status.WAITING, Game.Status.ACTIVE)
    seats = []
    for item in block["seats"]:
        row = rows.get(item["seat"])
        person = item["kind"] != Kind.BOT
        link = None
        if person and open_:
            link = absolute(f"/play/{links.play_link_token(game, seat=item['seat'])}")
        seats.append(
            {
                **item,
                "joined": item["joined"] if person else True,
                "session": row.session_id if row else None,
                "link": link,
            }
        )
    return {
        "game": game.pk,
        "game_type": game.game_type,
        "status": game.status,
        "seats": seats,
        "watch": f"/games/{game.pk}/watch",
    }
