"""Metric values that need the double-dummy solver (play quality, hand choice, 'Stragedy value).

Filled from the solver's round analysis; until it is available for a game the values are
simply absent (the rest of the metrics do not wait for it).
"""

from __future__ import annotations

from apps.games.models import Game


def analysis_values(game: Game) -> dict:
    return {}
