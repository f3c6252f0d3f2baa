"""Single-game links for participant devices: signed, expiring, and revocable per game.

A link names one game and grants its participant seat and nothing else. Handing out a new
set of links (``Game.link_generation`` bumped) revokes every earlier one.
"""

from __future__ import annotations

from django.core import signing

from apps.common.errors import DomainError
from apps.games.models import Game

SALT = "apps.games.play-link"
LINK_HOURS = 12


class LinkInvalid(DomainError):
    code = "link_invalid"
    status = 403


def play_link_token(game: Game) -> str:
    return signing.dumps({"g": game.pk, "v": game.link_generation}, salt=SALT, compress=True)


def play_link_game(token: str) -> Game:
    """The game a link grants, or ``LinkInvalid`` (expired, tampered, revoked, game over)."""
    try:
        data = signing.loads(token, salt=SALT, max_age=LINK_HOURS * 3600)
    except signing.SignatureExpired:
        raise LinkInvalid(
            "This game link has expired; ask for a new one.", code="link_expired"
        ) from None
    except signing.BadSignature:
        raise LinkInvalid("This game link is not valid.") from None
    # Only what the link check and the seat need: the services lock and load the game itself.
    fields = ("id", "participant_seat", "link_generation", "status")
    game = Game.objects.only(*fields).filter(pk=data.get("g")).first()
    if game is None or game.link_generation != data.get("v"):
        raise LinkInvalid("This game link is no longer valid; ask for a new one.")
    return game
