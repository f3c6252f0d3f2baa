"""Export ids and date shifts: keyed hashes of the participant code, with a key kept outside the
database.

A study names its key in ``pseudonymisation_key_ref``; the key itself is in the
``PSEUDONYMISATION_KEYS`` setting (from the environment). A study with no reference uses a key
derived from ``SECRET_KEY`` and the study's id. The same code under the same key always gives the
same export id and the same date shift, so exports of one study can be joined.

>>> key = b"k" * 32
>>> export_id(key, "P00001")
'ecbb0ea62dcd75fa'
>>> date_shift(key, "P00001") == date_shift(key, "P00001")
True
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta

from django.conf import settings
from django.utils.translation import gettext

from apps.common.errors import Conflict

KEY_MIN_LENGTH = 32
ID_LENGTH = 16  # hex digits: 64 bits, far beyond any study's size
# Whole days of a shift, at most: far from a year, so a shifted date never keeps its month and
# day (that takes 365 or 366 days).
MAX_SHIFT_DAYS = 300
DAY_MICROSECONDS = 86_400 * 1_000_000


def study_key(study) -> bytes:
    """The study's pseudonymisation key (raises ``Conflict`` when its named key is not set)."""
    ref = study.pseudonymisation_key_ref.strip()
    if not ref:
        material = f"memulation-lab exports pseudonymisation|study:{study.pk}".encode()
        return hmac.new(settings.SECRET_KEY.encode(), material, hashlib.sha256).digest()
    key = settings.PSEUDONYMISATION_KEYS.get(ref, "")
    if len(key) < KEY_MIN_LENGTH:
        raise Conflict(
            gettext(
                "The study's pseudonymisation key '%(ref)s' is not configured (or is "
                "shorter than %(KEY_MIN_LENGTH)s characters): set it in "
                "PSEUDONYMISATION_KEYS."
            )
            % {"ref": ref, "KEY_MIN_LENGTH": KEY_MIN_LENGTH},
            code="pseudonymisation_key_missing",
        )
    return key.encode()


def _digest(key: bytes, purpose: str, code: str) -> bytes:
    return hmac.new(key, f"{purpose}:{code}".encode(), hashlib.sha256).digest()


def export_id(key: bytes, code: str) -> str:
    """The participant's export id: HMAC-SHA256 of the code, as 16 hex digits."""
    return _digest(key, "id", code).hex()[:ID_LENGTH]


def date_shift(key: bytes, code: str) -> timedelta:
    """How far back the participant's times move when dates are shifted: 1 to 300 days plus a
    part of a day from one second to just under 24 hours, to the microsecond. Never a whole
    number of days (so never of years): no exported time keeps its real time of day, nor its
    month and day, while the intervals between one participant's times stay exact. The same for
    every export made with this key.

    >>> shift = date_shift(b"k" * 32, "P00001")
    >>> shift.days < 0 and -shift.days <= MAX_SHIFT_DAYS + 1 and (-shift).seconds >= 1
    True
    """
    digest = _digest(key, "date-shift-v2", code)
    days = 1 + int.from_bytes(digest[:4], "big") % MAX_SHIFT_DAYS
    part = 1_000_000 + int.from_bytes(digest[4:12], "big") % (DAY_MICROSECONDS - 1_000_000)
    return -timedelta(days=days, microseconds=part)
