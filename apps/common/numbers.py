"""JSON numbers as both edges read them (HTTP bodies and socket messages)."""

from __future__ import annotations

import math

from django.utils.translation import gettext


def finite_number(text: str) -> float:
    """A JSON number with a fraction or exponent, as a float; refused when no float holds it
    (``1e400`` would be infinity, which no field takes and an id lookup cannot convert)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(gettext("the number %(number)s is out of range") % {"number": text[:40]})
    return value
