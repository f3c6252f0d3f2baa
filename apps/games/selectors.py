"""Reading games: who may see which, and the staff's full record of a finished game."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext

from apps.common.cache import forget, get_kept, keep
from apps.common.errors import NotFound, PermissionDenied
from apps.games import links
from apps.games.engine import game_from_json, game_from_setup
from apps.games.models import Game, GameEvent, GameSeat
from apps.games.runtime.log import setup_and_actions
from apps.games.runtime.seats import seated_sessions, session_seat  # noqa: F401 (offered here)
from apps.participants.selectors import participant_scope


def games_visible_to(user) -> QuerySet[Game]:
    """The games of the participants the user may see (see apps.participants.selectors),
    tables where one of them holds a seat included."""
    visible = participant_scope(user=user).values("pk")
    seated = GameSeat.objects.filter(game=OuterRef("pk"), session__participant__in=visible)
    return Game.objects.select_related("session__participant__study").filter(
        Q(session__participant__in=visible) | Q(Exists(seated))
    )


def session_games(session) -> QuerySet[Game]:
    """The games the session plays in: its own, and tables where it holds a seat."""
    return Game.objects.filter(Q(session=session) | Q(table_seats__session=session)).distinct()


def game_for_staff(*, user, game_id: int) -> Game:
    game = games_visible_to(user).filter(pk=game_id).first()
    if game is None:
        raise NotFound(gettext("No such game."))
    return game


def game_replayed(game: Game):
    """The game's state rebuilt from its log alone, through the engine."""
    setup, actions = setup_and_actions(game)
    return game_from_setup(setup).replay(actions)


def game_full_record(game: Game) -> dict:
    """Everything about a finished game, hidden cards included: for staff review only."""
    if game.status in Game.OPEN:
        raise PermissionDenied(
            gettext("The full record of a game is shown only once it is over."),
            code="game_in_progress",
        )
    state = game_from_json(game.state)
    events = GameEvent.objects.filter(game=game).order_by("seq")
    return {
        "id": game.pk,
        "game_type": game.game_type,
        "status": game.status,
        "seed": game.seed,
        "seats": game.seats,
        "record": state.spectator_view(allow_unfinished=True),
        "events": [
            {
                "seq": e.seq,
                "kind": e.kind,
                "seat": e.seat,
                "payload": e.payload,
                "server_time": e.server_time,
                "client_time": e.client_time,
                "decision_ms": e.decision_ms,
            }
            for e in events
        ],
    }


# A device sends its link with every request (a card play included, whose database work is
# three round trips): the language of its seat is kept in the cache, and forgotten when its
# participant changes language (``forget_link_languages``).
LINK_LANGUAGE_SECONDS = 600
_NONE = ""  # kept for a seat that is no participant's


def _link_language_key(game_id: int, seat: int | None) -> str:
    return f"link-language:{game_id}:{'-' if seat is None else seat}"


def link_language(token: str) -> str | None:
    """The language of the participant a device link seats (None: the link is not valid, or
    its seat is no participant's). From the cache, else one query."""
    try:
        claim = links.play_link_claim(token)
    except links.LinkInvalid:
        return None
    key = _link_language_key(claim.game_id, claim.seat)
    kept = get_kept(key)
    if kept is not None:
        return kept or None
    if claim.seat is not None:  # a table's seat: each person's own session
        seat = GameSeat.objects.filter(game_id=claim.game_id, seat=claim.seat)
        language = seat.values_list("session__participant__language", flat=True).first()
    else:
        game = Game.objects.filter(pk=claim.game_id)
        language = game.values_list("session__participant__language", flat=True).first()
    keep(key, language or _NONE, LINK_LANGUAGE_SECONDS)
    return language


def forget_link_languages(participant_id: int) -> None:
    """Forget the kept language of every seat the participant's links open: at once, and again
    after the change commits (a request between the two would have kept the old one)."""
    own = Game.objects.filter(session__participant_id=participant_id).values_list("pk", flat=True)
    seats = GameSeat.objects.filter(session__participant_id=participant_id)
    keys = [_link_language_key(pk, None) for pk in own] + [
        _link_language_key(game_id, seat) for game_id, seat in seats.values_list("game_id", "seat")
    ]
    forget(keys)
    transaction.on_commit(lambda: forget(keys))
