"""A bot's randomness, kept as one number between its steps (see :class:`Randomness`)."""

from __future__ import annotations

import random


class Randomness(random.Random):
    """A bot's random generator, whose whole state can be a seed.

    :meth:`turn` re-seeds it from its own next draw. Whoever stores a bot turns its randomness
    after each of the bot's steps (``observe``, ``act``), so what is stored is that seed, not the
    generator's 625 words, which would be parsed, compared and written again on every request.
    A bot that is never turned draws exactly as a plain ``random.Random(seed)``."""

    def __init__(self, seed: int):
        self.seed_now = seed
        super().__init__(seed)

    def turn(self) -> None:
        self.seed_now = self.getrandbits(52)  # exact as a JSON number anywhere
        self.seed(self.seed_now)

    def restart(self, seed: int) -> None:
        """Continue from a seed :meth:`turn` gave."""
        self.seed_now = seed
        self.seed(seed)
