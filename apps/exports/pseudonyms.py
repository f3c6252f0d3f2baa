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

from apps.common.errors import Conflict

KEY_MIN_LENGTH = 32
ID_LENGTH = 16  # hex digits: 64 bits, far beyond any study's size
MAX_SHIFT_DAYS = 365


def study_key(study) -> bytes:
    """The study's pseudonymisation key (raises ``Conflict`` when its named key is not set)."""
    ref = study.pseudonymisation_key_ref.strip()
    if not ref:
        material = f"memulation-lab exports pseudonymisation|study:{study.pk}".encode()
        return hmac.new(settings.SECRET_KEY.encode(), material, hashlib.sha256).digest()
    key = settings.PSEUDONYMISATION_KEYS.get(ref, "")
    if len(key) < KEY_MIN_LENGTH:
        raise Conflict(
            f"The study's pseudonymisation key '{ref}' is not configured (or is shorter than "
            f"{KEY_MIN_LENGTH} characters): set it in PSEUDONYMISATION_KEYS.",
            code="pseudonymisation_key_missing",
        )
    return key.encode()


def _digest(key: bytes, purpose: str, code: str) -> bytes:
    return hmac.new(key, f"{purpose}:{code}".encode(), hashlib.sha256).digest()


def export_id(key: bytes, code: str) -> str:
    """The participant's export id: HMAC-SHA256 of the code, as 16 hex digits."""
    return _digest(key, "id", code).hex()[:ID_LENGTH]


def date_shift(key: bytes, code: str) -> timedelta:
    """How far back the participant's times move when dates are shifted: 1 to 365 whole days,
    the same for every export made with this key."""
    days = 1 + int.from_bytes(_digest(key, "date-shift", code)[:4], "big") % MAX_SHIFT_DAYS
    return -timedelta(days=days)
