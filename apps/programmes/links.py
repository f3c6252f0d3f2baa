"""The participant's progress link: a signed claim naming the participant, made by their
clinical team and opened on the participant's own device (participants have no accounts)."""

from __future__ import annotations

import datetime

from django.core import signing
from django.utils.translation import gettext

from apps.common.errors import NotFound

SALT = "memulation.progress-link"
MAX_AGE = datetime.timedelta(days=180)


def progress_token(participant_id: int) -> str:
    return signing.dumps({"p": participant_id}, salt=SALT)


def progress_claim(token: str) -> int:
    """The participant the link names; an altered, foreign or expired link is not found."""
    try:
        data = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        raise NotFound(gettext("This progress link is not valid (or has expired).")) from None
    return int(data["p"])
