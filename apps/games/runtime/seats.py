"""Who sits where: the seat a session holds in a game, the staff's seat, a table's seats.

A one-participant game has no :class:`~apps.games.models.GameSeat` rows: its session's seat is
``Game.participant_seat``. A table (a game opened for several people) has a row per seat, and
its ``Game.seats`` entries carry each seat's label.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_noop

from apps.games.models import Game, GameSeat
from apps.training.models import TrainingSession

# A seat's name when no participant's code names it: stored in English (the record's), read in
# the reader's language.
SEAT_WORDS = {
    GameSeat.Kind.PARTICIPANT: gettext_noop("Participant"),
    GameSeat.Kind.CLINICIAN: gettext_noop("Clinician"),
    GameSeat.Kind.BOT: gettext_noop("Computer"),
}


def seat_label(entry: dict[str, Any]) -> str:
    """A seat as people read it: its participant's code, else its kind in their language."""
    if entry["kind"] == GameSeat.Kind.PARTICIPANT and entry.get("label"):
        return str(entry["label"])
    return gettext(SEAT_WORDS[entry["kind"]])


def is_table(game: Game) -> bool:
    return bool(game.seats) and "label" in game.seats[0]


def staff_seat(game: Game) -> int:
    """A member of staff acts for the table's clinician seat, else (handing over the device)
    for the participant seat."""
    for seat, entry in enumerate(game.seats):
        if entry["kind"] == GameSeat.Kind.CLINICIAN:
            return seat
    return game.participant_seat


def acting_seat(game: Game, link) -> int:
    """The seat a request acts for: the seat its link grants (the participant seat for a link
    naming none), or for staff the table's clinician seat, else the participant seat (handing
    over the device). Never taken from the request body."""
    if link is not None:
        return game.participant_seat if link.seat is None else link.seat
    return staff_seat(game)


def session_seat(game: Game, session_id: int) -> int:
    """The seat the session's participant holds in the game."""
    if session_id == game.session_id or not is_table(game):
        return game.participant_seat
    return GameSeat.objects.get(game=game, session_id=session_id).seat


def seated_sessions(game: Game) -> list[TrainingSession]:
    """Every training session that sits at the game: its own, and those of a table's seats."""
    others = TrainingSession.objects.filter(table_seats__game=game).exclude(pk=game.session_id)
    return [game.session, *others.order_by("pk")] if is_table(game) else [game.session]


def table_block(game: Game, seat: int | None) -> dict[str, Any] | None:
    """A table's seats as every seat may see them (labels are participant codes, never names),
    and which one is ``seat``'s; ``None`` for a one-participant game."""
    if not is_table(game):
        return None
    joined = {s: True for s in range(len(game.seats))}
    if game.status == Game.Status.WAITING:
        rows = GameSeat.objects.filter(game=game).values_list("seat", "joined_at")
        joined = {s: at is not None for s, at in rows}
    return {
        "seats": [
            {
                "seat": s,
                "kind": entry["kind"],
                "label": seat_label(entry),
                "joined": joined.get(s, False),
            }
            for s, entry in enumerate(game.seats)
        ],
        "you": seat,
    }
