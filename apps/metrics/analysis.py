"""Metric values that need the double-dummy solver, and the per-trick analysis clinicians see.

The engine's :func:`~apps.games.engine.analysis.analyse_game` values every decision of a
Memulation game with perfect play afterwards; it is stored once per game (``GameAnalysis``) and
turned here into play quality, hand-choice and 'Stragedy metrics for the participant's seat.
"""

from __future__ import annotations

import statistics

from apps.games.engine import game_from_json
from apps.games.engine.analysis import analyse_game
from apps.games.models import Game
from apps.metrics.compute import Value
from apps.metrics.models import GameAnalysis

# Bump when the stored analysis changes shape or meaning.
ANALYSIS_VERSION = 1


def game_analysis(game: Game) -> dict:
    """The solver's analysis of a Memulation game (computed once, then read from the store)."""
    stored = GameAnalysis.objects.filter(game=game, version=ANALYSIS_VERSION).first()
    if stored is not None:
        return stored.analysis
    result = analyse_game(game_from_json(game.state))
    GameAnalysis.objects.update_or_create(
        game=game, defaults={"version": ANALYSIS_VERSION, "analysis": result}
    )
    return result


def analysis_values(game: Game, seat: int | None = None) -> dict[str, Value]:
    seat = game.participant_seat if seat is None else seat
    rounds = game_analysis(game)["rounds"]
    deals = [deal for r in rounds for deal in r["deals"]]
    plays = [p for d in deals for p in d["plays"] if p["seat"] == seat]
    choices = [
        d["choice"]["lost"]
        for d in deals
        if d["choice"] and d["choice"]["seat"] == seat and d["choice"]["lost"] is not None
    ]
    strategic = []
    for d in deals:
        strag = d.get("stragedy")
        if strag and strag["seat"] == seat and strag["value"] is not None:
            spread = strag["best"] - strag["worst"]
            strategic.append((strag["value"] - strag["worst"]) / spread if spread else None)
    known = [s for s in strategic if s is not None]
    return {
        "optimal_play_rate": Value(
            statistics.fmean(p["lost"] == 0 for p in plays) if plays else None, len(plays)
        ),
        "tricks_lost": Value(sum(p["lost"] for p in plays) / len(rounds), len(plays)),
        "hand_choice_loss": Value(statistics.fmean(choices) if choices else None, len(choices)),
        "recall_strategic_value": Value(
            statistics.fmean(known) if known else None,
            len(known),
            {"undetermined": len(strategic) - len(known)},  # every pick was worth the same
        ),
    }


def replay_deals(analysis: dict, record_rounds: list[dict], actors: list[str]) -> list[dict]:
    """The analysis as the session page replays it: deal by deal, trick by trick (winners
    from the game's record)."""
    out = []
    for rnd, record in zip(analysis["rounds"], record_rounds, strict=False):
        for deal, played in zip(rnd["deals"], record["deals"], strict=False):
            tricks: dict[int, dict] = {}
            for play in deal["plays"]:
                number = play["trick"]
                trick = tricks.setdefault(
                    number,
                    {
                        "trick": number,
                        "leader": play["seat"],
                        "winner": played["tricks"][number]["winner"],
                        "plays": [],
                    },
                )
                trick["plays"].append(
                    {
                        "seat": play["seat"],
                        "card": play["card"],
                        "actor": actors[play["seat"]],
                        "values": play["values"],
                        "best": play["best"],
                        "value": play["value"],
                        "lost": play["lost"],
                    }
                )
            out.append(
                {
                    "round": rnd["round"],
                    "deal": deal["deal"],
                    "pritticut": deal["pritticut"],
                    "hand_choice": deal["choice"],
                    "stragedy": deal.get("stragedy"),
                    "solved": deal["solved"],
                    "tricks": [tricks[n] for n in sorted(tricks)],
                }
            )
    return out
