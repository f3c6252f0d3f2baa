"""The language of the participant at a device's seat: what the play screen reads and what the
participant changes there."""

from __future__ import annotations

from django.utils.translation import gettext

from apps.common.errors import NotFound
from apps.games.links import Claim
from apps.games.models import Game, GameSeat
from apps.games.runtime.seats import acting_seat
from apps.games.runtime.transaction import checked
from apps.participants.models import Participant
from apps.participants.services import participant_language_set


def seat_participant(*, game_id: int, link: Claim | None) -> Participant:
    """The participant at the seat the request acts for (its link's; for staff handing over
    the device, the game's participant seat), or ``NotFound`` for a seat no participant holds."""
    game = checked(
        Game.objects.select_related("session__participant").filter(pk=game_id).first(),
        game_id,
        link,
    )
    seat = acting_seat(game, link) if link is not None else game.participant_seat
    if seat == game.participant_seat:
        return game.session.participant
    held = GameSeat.objects.select_related("session__participant").filter(game=game, seat=seat)
    entry = held.first()
    if entry is None or entry.session is None:
        raise NotFound(gettext("No participant holds this seat."), code="no_participant")
    return entry.session.participant


def seat_language_set(*, game_id: int, link: Claim | None, actor, language: str) -> Participant:
    """The participant at the seat changes their language on the play screen (``actor``: the
    staff member signed in on a handed-over device, None on a device's own link)."""
    participant = seat_participant(game_id=game_id, link=link)
    return participant_language_set(participant=participant, actor=actor, language=language)
