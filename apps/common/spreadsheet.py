"""Text cells of the CSV files people open in a spreadsheet (exports, the access review)."""

from __future__ import annotations

import re

# A spreadsheet reads a cell that starts with one of these as a formula (OWASP's CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# ... unless it is a number written out, which it reads as that number.
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def formula_safe(value):
    """A CSV text cell a spreadsheet will not run: one that starts like a formula gets a single
    quote before it (OWASP's advice), anything else, a number written out included, as it is.

    >>> formula_safe("=2+3"), formula_safe("@SUM(1)"), formula_safe("+1+1 below the norms")
    ("'=2+3", "'@SUM(1)", "'+1+1 below the norms")
    >>> formula_safe("-1.5"), formula_safe("training"), formula_safe(None), formula_safe(-1.5)
    ('-1.5', 'training', None, -1.5)
    """
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value
