"""What one seat is told: the engine's view, cut down to the examination window, plus what just
happened in a form that names no card the seat may not see.

The engine's ``view(seat)`` already hides the other hands, the Undealt and face-down tricks.
Two things are the server's to hide: during an examination only the hand being examined now is
shown (and only inside its time window), and the engine's events are for the log, so they pass
through :func:`public_effects` before a player sees them.
"""

from __future__ import annotations

from typing import Any

# Engine events a player may see, and the keys of each that are public.
_PUBLIC_KEYS: dict[str, tuple[str, ...]] = {
    # The cut for Lucky Duck is made face up in front of both players.
    "round_started": ("round", "lucky_duck", "roles", "dealer", "turn_up", "trump"),
    "deal_started": ("round", "deal", "pritticut"),
    "examination_over": ("deal",),
    "hand_chosen": ("seat", "hand", "deal"),
    "card_played": ("seat", "card", "deal", "trick", "trump"),
    "trick_won": ("deal", "trick", "leader", "cards", "winner"),
    "trump_revealed": ("cause", "seat", "owner", "card", "trump", "trick"),
    "trump_fixed": ("seat", "card", "trump", "trick"),
    "deal_ended": ("round", "deal", "tricks_won"),
    "round_ended": (
        "round",
        "score",
        "deal_scores",
        "match_score",
        "winner",
        "result",
        "tens",
        "tricks_won",
        "next_dealer",
        "match_wins",
    ),
    "match_ended": ("score", "match_wins"),
}


def public_effects(effects: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The engine events of one request as ``seat`` may see them.

    >>> public_effects([{"type": "deal_started", "deal": 1, "hands": {"A": ["2S"]}}], 0)
    [{'type': 'deal_started', 'deal': 1}]
    >>> public_effects([{"type": "trump_hidden", "seat": 1, "card": "5C"}], 0)
    [{'type': 'trump_hidden', 'seat': 1}]
    """
    shown = []
    for effect in effects:
        kind = effect["type"]
        if kind == "trump_hidden":
            item = {"type": kind, "seat": effect["seat"]}
            if effect["seat"] == seat:
                item["card"] = effect["card"]
        elif kind == "stragedy":
            # The revealed card is turned face up for both; the intended card is the chooser's
            # own secret, and where it really lay names a face-down card: never shown.
            item = {"type": kind, "seat": effect["seat"], "position": effect["position"]}
            item["revealed"] = effect["revealed"]
            if effect["seat"] == seat:
                item["intended"] = effect["intended"]
                item["hit"] = effect["hit"]
        elif kind in _PUBLIC_KEYS:
            item = {"type": kind, **{k: effect[k] for k in _PUBLIC_KEYS[kind] if k in effect}}
        else:
            continue
        shown.append(item)
    return shown


def examination_cut(view: dict[str, Any], hand: str | None) -> dict[str, Any]:
    """The engine view with only ``hand`` ("A" or "B") left in its examination (none if None)."""
    exam = view.get("examination")
    if not exam:
        return view
    kept = {"done": exam.get("done", False), "hand": hand}
    kept["cards"] = exam[hand] if hand in ("A", "B") else None
    return {**view, "examination": kept}
