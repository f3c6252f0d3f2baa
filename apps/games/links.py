"""Single-game links for participant devices: signed, expiring, and revocable per game.

A link names one game and grants one person seat and nothing else: the seat it names (a table
gives each person seat its own link), or the participant seat when it names none (the links of
a one-participant game). Handing out a new set of links (``Game.link_generation`` bumped)
revokes every earlier one.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from typing import Any

from django.core import signing
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from apps.common import clock
from apps.common.errors import DomainError, NotFound
from apps.games.models import PERSON_KINDS, Game, JoinCode

SALT = "apps.games.play-link"
LINK_HOURS = 12


class LinkInvalid(DomainError):
    code = "link_invalid"
    status = 403


def play_link_token(game: Game, seat: int | None = None) -> str:
    claims = {"g": game.pk, "v": game.link_generation}
    if seat is not None:
        claims["s"] = seat
    return signing.dumps(claims, salt=SALT, compress=True)


@dataclass(frozen=True)
class Claim:
    """What a link's signature says: a game, the generation of links it belongs to, and the
    seat it grants (``None``: the participant seat)."""

    game_id: int
    generation: int | None
    seat: int | None = None

    def check(self, game: Game | None) -> None:
        """``LinkInvalid`` unless ``game`` (the claimed one, locked) still honours this link."""
        if game is None or game.link_generation != self.generation:
            raise LinkInvalid(gettext("This game link is no longer valid; ask for a new one."))
        if self.seat is not None and (
            self.seat >= len(game.seats) or game.seats[self.seat]["kind"] not in PERSON_KINDS
        ):
            raise LinkInvalid(gettext("This game link is not valid."))


@lru_cache(maxsize=4096)
def _signed(token: str) -> tuple[Any, int]:
    """What ``token`` says and when it was signed, or ``BadSignature``. Kept for the tokens
    most in use: a device sends its link with every request, and checking the signature again
    (an HMAC, then inflating and parsing) costs about 1% of a card play. Only a token whose
    signature held is kept, under its exact text; its age is checked on every use."""
    data = signing.loads(token, salt=SALT)
    return data, signing.b62_decode(token.rsplit(":", 2)[1])  # payload:signed at:signature


def play_link_claim(token: str) -> Claim:
    """The claim a link makes, or ``LinkInvalid`` (expired or tampered). The services check it
    against the game row they lock, so a revoked link is refused in the same statement."""
    try:
        data, signed_at = _signed(token)
    except signing.BadSignature:
        raise LinkInvalid(gettext("This game link is not valid.")) from None
    if time.time() - signed_at > LINK_HOURS * 3600:
        raise LinkInvalid(
            gettext("This game link has expired; ask for a new one."), code="link_expired"
        )
    if not isinstance(data, dict) or not isinstance(data.get("g"), int):
        raise LinkInvalid(gettext("This game link is not valid."))
    seat = data.get("s")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or seat < 0):
        raise LinkInvalid(gettext("This game link is not valid."))
    return Claim(game_id=data["g"], generation=data.get("v"), seat=seat)


# -- join codes: a link typed in, for a person who cannot scan its QR code ---------------------

# No letters or digits that look alike (0 O, 1 I L, 5 S, 2 Z, 8 B): read off a screen, typed in.
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 6


def _normal(code: str) -> str:
    return "".join(c for c in code.upper() if c.isalnum())


def join_code_of(game: Game, seat: int | None = None) -> str | None:
    """The join code of the link of ``game`` (and ``seat``) of its current generation, while it
    lasts (None: none made, or expired)."""
    found = JoinCode.objects.filter(
        game=game, seat=seat, generation=game.link_generation, expires_at__gt=clock.now()
    ).first()
    return None if found is None else found.code


def join_code_made(game: Game, seat: int | None = None) -> str:
    """The join code of the link of ``game`` (and ``seat``): the one made already while it
    lasts, else a new one, expiring with the link (a write: services call it)."""
    made = join_code_of(game, seat)
    if made is not None:
        return made
    expires = clock.now() + timedelta(hours=LINK_HOURS)
    for _ in range(10):  # a code already taken (25**6 of them) is drawn again
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        try:
            with transaction.atomic():
                JoinCode.objects.create(
                    code=code, game=game, seat=seat, generation=game.link_generation,
                    expires_at=expires,
                )  # fmt: skip
            return code
        except IntegrityError:
            continue
    raise RuntimeError("no free join code found")


def join_code_link(code: str) -> str:
    """The device link a join code stands for, or ``NotFound`` (unknown, expired, or its links
    revoked since): the same answer whichever, so a guess learns nothing."""
    found = (
        JoinCode.objects.select_related("game")
        .filter(code=_normal(code)[:16], expires_at__gt=clock.now())
        .first()
    )
    if found is None or found.generation != found.game.link_generation:
        raise NotFound(
            gettext("There is no such code, or it has expired."), code="join_code_unknown"
        )
    return play_link_token(found.game, seat=found.seat)
