"""Single-game links for participant devices: signed, expiring, and revocable per game.

A link names one game and grants its participant seat and nothing else. Handing out a new
set of links (``Game.link_generation`` bumped) revokes every earlier one.
"""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class Claim:
    """What a link's signature says: a game, and the generation of links it belongs to."""

    game_id: int
    generation: int | None

    def check(self, game: Game | None) -> None:
        """``LinkInvalid`` unless ``game`` (the claimed one, locked) still honours this link."""
        if game is None or game.link_generation != self.generation:
            raise LinkInvalid("This game link is no longer valid; ask for a new one.")


def play_link_claim(token: str) -> Claim:
    """The claim a link makes, or ``LinkInvalid`` (expired or tampered). The services check it
    against the game row they lock, so a revoked link is refused in the same statement."""
    try:
        data = signing.loads(token, salt=SALT, max_age=LINK_HOURS * 3600)
    except signing.SignatureExpired:
        raise LinkInvalid(
            "This game link has expired; ask for a new one.", code="link_expired"
        ) from None
    except signing.BadSignature:
        raise LinkInvalid("This game link is not valid.") from None
    if not isinstance(data, dict) or not isinstance(data.get("g"), int):
        raise LinkInvalid("This game link is not valid.")
    return Claim(game_id=data["g"], generation=data.get("v"))
