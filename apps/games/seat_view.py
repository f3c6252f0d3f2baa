"""What one seat is told of the examination: only the hand on show, inside its time window.

The engine's ``view(seat)`` already hides the other hands, the Undealt and face-down tricks,
and its ``public_events`` filter the events; the examination clock is the server's, so this cut
is too.
"""

from __future__ import annotations

from typing import Any


def examination_cut(view: dict[str, Any], hand: str | None) -> dict[str, Any]:
    """The engine view with only ``hand`` ("A" or "B") left in its examination (none if None)."""
    exam = view.get("examination")
    if not exam:
        return view
    kept = {"done": exam.get("done", False), "hand": hand}
    kept["cards"] = exam[hand] if hand in ("A", "B") else None
    return {**view, "examination": kept}
