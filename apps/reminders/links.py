"""The links a reminder carries: one to the participant's progress that works once (signed,
naming the reminder; its use is recorded on the reminder's log row) and expires, and one to
stop the reminders. Participants have no accounts: the signed link is the credential."""

from __future__ import annotations

import datetime

from django.core import signing
from django.utils.translation import gettext

from apps.common import clock
from apps.common.errors import NotFound

OPEN_SALT = "memulation.reminder-link"
OPEN_MAX_AGE = datetime.timedelta(hours=48)
STOP_SALT = "memulation.reminder-stop"
STOP_MAX_AGE = datetime.timedelta(days=400)


def open_token(log_id: int) -> str:
    # The time it was made rides in the claim, read against the services' clock (not the
    # signer's own timestamp), so that tests move the clock past its expiry.
    return signing.dumps({"r": log_id, "t": clock.now().timestamp()}, salt=OPEN_SALT)


def open_claim(token: str) -> int:
    """The reminder the link names; an altered or expired link is not found."""
    try:
        data = signing.loads(token, salt=OPEN_SALT)
        made, log_id = float(data["t"]), int(data["r"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise NotFound(gettext("This link is not valid (or has expired).")) from None
    if clock.now().timestamp() - made > OPEN_MAX_AGE.total_seconds():
        raise NotFound(gettext("This link is not valid (or has expired)."))
    return log_id


def stop_token(participant_id: int) -> str:
    return signing.dumps({"p": participant_id}, salt=STOP_SALT)


def stop_claim(token: str) -> int:
    try:
        return int(signing.loads(token, salt=STOP_SALT, max_age=STOP_MAX_AGE)["p"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise NotFound(gettext("This link is not valid (or has expired).")) from None
