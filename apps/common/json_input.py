"""What both edges (HTTP bodies and socket messages) take from JSON: numbers a float holds, and
text made of characters."""

from __future__ import annotations

import json
import math
import re

from django.utils.translation import gettext

# An escape of half a UTF-16 pair; alone (a pair is read as the one character it makes), it is no
# character: no database, log line or answer can hold it.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def finite_number(text: str) -> float:
    """A JSON number with a fraction or exponent, as a float; refused when no float holds it
    (``1e400`` would be infinity, which no field takes and an id lookup cannot convert)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(gettext("the number %(number)s is out of range") % {"number": text[:40]})
    return value


def only_characters(text: str, value: object) -> None:
    """Refuse ``value`` (parsed from ``text``) when a string or key in it holds half of a UTF-16
    pair alone, such as ``"\\ud800"``: valid JSON, but no character. Only a text with such an
    escape is looked through."""
    if not SURROGATE_ESCAPE.search(text):
        return
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(
            gettext("a string holds half of a character alone (an escape from \\ud800 to \\udfff)")
        ) from None
