"""A position of the search as one ``int`` (the layout :mod:`apps.games.engine.solver_core`
describes), for the solver and the pure-Python core. Kept apart from that core, which builds
its tables as it is imported (0.13 s of CPU), so that a process running the compiled core never
builds them."""

from __future__ import annotations

import gc

#: Bits of one suit pattern (13 cards and the marker).
FIELD = 14
FMASK = (1 << FIELD) - 1
#: Bit offsets of the wild counts of seat 0 and seat 1, and of the seat on lead.
W0 = 4 * FIELD
W1 = W0 + 2
LEADER = W1 + 2
LBIT = 1 << LEADER
#: The suit index used for a Wild Card in a move ``(suit, index)``.
WILD = 4


def make_state(patterns: list[int], w0: int, w1: int, lead: int) -> int:
    s = w0 << W0 | w1 << W1 | lead << LEADER
    for j, p in enumerate(patterns):
        s |= p << (FIELD * j)
    return s


class no_gc:
    """Context manager: the cyclic garbage collector off inside (restored after)."""

    def __enter__(self) -> None:
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was:
            gc.enable()
