"""Download links: a signed token naming the export and its archive, valid for a few hours.

The token is signed with ``SECRET_KEY`` (Django's signing, with a salt of its own) and carries
the time it was made; a token for another export, for an older archive of the same export, or
older than ``EXPORT_LINK_HOURS`` is refused.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.utils import timezone
from django.utils.translation import gettext

from apps.common.errors import PermissionDenied

SALT = "apps.exports.download"


def link_lifetime() -> timedelta:
    return timedelta(hours=settings.EXPORT_LINK_HOURS)


def download_token(export) -> tuple[str, datetime]:
    """A fresh token for the export's archive, and when it expires."""
    token = signing.dumps({"export": export.pk, "archive": export.archive_sha256[:16]}, salt=SALT)
    return token, timezone.now() + link_lifetime()


def download_token_check(export, token: str) -> None:
    try:
        data = signing.loads(token, salt=SALT, max_age=link_lifetime())
    except signing.SignatureExpired:
        raise PermissionDenied(
            gettext("This download link has expired; ask for a new one."),
            code="download_link_expired",
        ) from None
    except signing.BadSignature:
        raise PermissionDenied(
            gettext("This download link is not valid."), code="download_link_invalid"
        ) from None
    if data != {"export": export.pk, "archive": export.archive_sha256[:16]}:
        raise PermissionDenied(
            gettext("This download link is not valid."), code="download_link_invalid"
        )
