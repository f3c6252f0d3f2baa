"""A bot's randomness as JSON data, so that a stored bot draws exactly what it would have."""

from __future__ import annotations

import random
from typing import Any


def rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss_next = rng.getstate()
    return [version, list(internal), gauss_next]


def rng_from(data: list[Any]) -> tuple[Any, ...]:
    version, internal, gauss_next = data
    return (version, tuple(internal), gauss_next)
