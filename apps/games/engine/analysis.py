"""Play analysis of Memulation rounds with the double-dummy solver: what each decision cost.

Every decision of a round is valued with perfect play by both seats afterwards:

* **plays**: every legal card of the seat to move is valued (tricks it takes from there, the
  current trick included); ``lost`` is the best value minus the value of the card played.
* **Lucky Duck's choice** of hand: Lucky Duck's solved tricks in the deal with each hand (Lame
  Duck holds the other and leads). In the Old Deal trump and wild are known at choice time. In
  the New Deal they are not: the Pritticut is the card Lame Duck will pick from the Old Deal's
  tricks. There each hand is valued under every card that could be picked: ``expected`` is the
  mean over those candidates (the fair value at choice time when nothing is known of Lame
  Duck's pick), ``worst`` the minimum (a Lame Duck who remembers every card and picks against
  Lucky Duck), ``actual`` the value under the card actually picked (hindsight). ``best`` and
  ``lost`` of that choice are by ``expected``.
* **the 'Stragedy**: Lame Duck's solved New-Deal tricks under every face-down card of the Old
  Deal that could have been picked (with the hands as chosen); ``best``, ``worst``, the value of
  the card picked, and its ``rank`` among the candidates (1 + the number of candidates worth
  strictly more).

The input is the record of a round as the engine reports it to staff
(``state.spectator_view(...)["rounds"][i]``, or ``state.history_records()``), so a stored game
can be analysed without its live state. Output is JSON-ready.

>>> from apps.games.engine import create_game
>>> state = create_game("memulation", seed=3, options={"examination": False, "roles": 0})
>>> state = state.apply({"type": "choose_hand", "seat": 0, "hand": "A"})
>>> state = state.apply(state.legal_actions(1)[0])
>>> result = analyse_game(state)
>>> deal = result["rounds"][0]["deals"][0]
>>> deal["choice"]["chosen"], sorted(deal["choice"]["values"])
('A', ['A', 'B'])
>>> play = deal["plays"][0]
>>> play["seat"], play["lost"] == play["best"] - play["value"]
(1, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import card_str, cards_mask, parse_card
from .solver import Position, Solver

TRICKS = 13


def analyse_game(state: Any, *, choice_candidates: bool = True) -> dict[str, Any]:
    """Analyse every round of a Memulation state (finished or running).

    ``choice_candidates=False`` skips valuing the New Deal's hand choice under every possible
    'Stragedy card (the most expensive part); the choice is then valued under the card actually
    picked only.
    """
    record = state.spectator_view(allow_unfinished=True)
    wild_tie = record["setup"]["options"].get("wild_tie", "leader")
    solver = Solver(wild_tie)
    return {
        "game": "memulation",
        "wild_tie": wild_tie,
        "rounds": [
            analyse_round(r, wild_tie=wild_tie, choice_candidates=choice_candidates, solver=solver)
            for r in record["rounds"]
        ],
    }


def analyse_round(
    record: dict[str, Any],
    *,
    wild_tie: str = "leader",
    choice_candidates: bool = True,
    solver: Solver | None = None,
) -> dict[str, Any]:
    """Analyse one round record (see the module docstring for the shape of the result)."""
    solver = solver or Solver(wild_tie)
    lucky = record["lucky_duck"]
    deals = record["deals"]
    out: dict[str, Any] = {
        "round": record["round"],
        "lucky_duck": lucky,
        "lame_duck": 1 - lucky,
        "deals": [],
    }
    old_cards = old_positions(deals[0]) if len(deals) > 1 else []
    for number, deal in enumerate(deals):
        out["deals"].append(
            _analyse_deal(solver, deal, number, lucky, old_cards, choice_candidates)
        )
    return out


# ---------------------------------------------------------------------------------- deals


def _analyse_deal(
    solver: Solver,
    deal: dict[str, Any],
    number: int,
    lucky: int,
    old_cards: list[tuple[dict[str, int], int]],
    choice_candidates: bool,
) -> dict[str, Any]:
    lame = 1 - lucky
    result: dict[str, Any] = {
        "deal": number + 1,
        "pritticut": deal["pritticut"],
        "trump": deal["trump"],
        "wild": deal["wild"],
        "choice": None,
        "solved": None,
        "plays": [],
        "lost": {"0": 0, "1": 0},
    }
    dealt = {label: cards_mask(parse_card(c) for c in deal["dealt"][label]) for label in "AB"}
    seat_a = deal.get("hand_a_seat")
    chosen = None if seat_a is None else ("A" if seat_a == lucky else "B")
    picked = None if deal["pritticut"] is None else parse_card(deal["pritticut"])

    def lucky_value(label: str, pritticut: int) -> int:
        """Lucky Duck's tricks holding ``label`` (Lame Duck leads with the other hand)."""
        other = "B" if label == "A" else "A"
        hands = [0, 0]
        hands[lucky], hands[lame] = dealt[label], dealt[other]
        pos = Position(
            (hands[0], hands[1]), lame, pritticut // 13, pritticut % 13, None, solver.wild_tie
        )
        return TRICKS - solver.value(pos)

    if number == 0:
        assert picked is not None  # the Old Deal's Pritticut is the deck's 27th card
        values = {label: lucky_value(label, picked) for label in "AB"}
        best = max(values.values())
        result["choice"] = {
            "seat": lucky,
            "chosen": chosen,
            "values": values,
            "best": best,
            "lost": None if chosen is None else best - values[chosen],
        }
    else:
        result["choice"], result["stragedy"] = _new_deal_choice(
            solver,
            lucky,
            chosen,
            picked,
            old_cards,
            dealt,
            lucky_value,
            choice_candidates,
            deal.get("stragedy"),
        )
    if seat_a is None or picked is None:
        return result
    hands = [0, 0]
    hands[seat_a] = dealt["A"]
    hands[1 - seat_a] = dealt["B"]
    start = Position((hands[0], hands[1]), lame, picked // 13, picked % 13, None, solver.wild_tie)
    lame_tricks = solver.value(start)
    result["solved"] = {str(lame): lame_tricks, str(lucky): TRICKS - lame_tricks}
    result["plays"] = _analyse_plays(solver, deal["tricks"], hands, picked)
    for play in result["plays"]:
        result["lost"][str(play["seat"])] += play["lost"]
    return result


def _new_deal_choice(
    solver: Solver,
    lucky: int,
    chosen: str | None,
    picked: int | None,
    old_cards: list[tuple[dict[str, int], int]],
    dealt: dict[str, int],
    lucky_value: Callable[[str, int], int],
    choice_candidates: bool,
    stragedy: dict[str, Any] | None,
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The New Deal's hand choice and the 'Stragedy table (``None`` before the choice)."""
    lame = 1 - lucky
    cache: dict[tuple[str, tuple[int, int]], int] = {}

    def value(label: str, pritticut: int) -> int:
        key = (label, _config(pritticut, dealt))
        if key not in cache:
            cache[key] = lucky_value(label, pritticut)
        return cache[key]

    values: dict[str, dict[str, Any]] = {}
    for label in "AB":
        entry: dict[str, Any] = {"expected": None, "worst": None, "actual": None}
        if choice_candidates:
            per_card = [value(label, card) for _, card in old_cards]
            entry["expected"] = round(sum(per_card) / len(per_card), 3)
            entry["worst"] = min(per_card)
        if picked is not None:
            entry["actual"] = value(label, picked)
        values[label] = entry
    basis = "expected" if choice_candidates else "actual"
    choice: dict[str, Any] = {
        "seat": lucky,
        "chosen": chosen,
        "basis": basis,
        "values": values,
        "best": None,
        "lost": None,
    }
    if values["A"][basis] is not None:
        best = max(values["A"][basis], values["B"][basis])
        choice["best"] = best
        if chosen is not None:
            choice["lost"] = round(best - values[chosen][basis], 3)
    if chosen is None:
        return choice, None
    # The 'Stragedy: Lame Duck's value (hands as chosen) under every face-down card.
    table: list[dict[str, Any]] = [
        {**where, "revealed": card_str(card), "value": TRICKS - value(chosen, card)}
        for where, card in old_cards
    ]
    scores: list[int] = [row["value"] for row in table]
    strag: dict[str, Any] = {
        "seat": lame,
        "candidates": table,
        "best": max(scores),
        "worst": min(scores),
        "chosen": None,
        "value": None,
        "rank": None,
        "lost": None,
        "of": len(table),
    }
    if stragedy is not None and picked is not None:
        strag["chosen"] = dict(stragedy["position"])
        strag["value"] = TRICKS - value(chosen, picked)
        strag["rank"] = 1 + sum(1 for v in scores if v > strag["value"])
        strag["lost"] = strag["best"] - strag["value"]
    return choice, strag


def _config(pritticut: int, dealt: dict[str, int]) -> tuple[int, int]:
    """What a Pritticut changes for the New Deal: its trump suit, and its wild rank when any
    card of that rank is in play (other than the Pritticut itself, which never is)."""
    trump, rank = divmod(pritticut, 13)
    in_play = (dealt["A"] | dealt["B"]) & sum(1 << (s * 13 + rank) for s in range(4) if s != trump)
    return trump, rank if in_play else -1


def old_positions(deal: dict[str, Any]) -> list[tuple[dict[str, int], int]]:
    """Every face-down card of a finished Old Deal with its 'Stragedy position."""
    out = []
    count = [0, 0]
    for trick in deal["tricks"]:
        winner = trick["winner"]
        if winner is None:
            continue
        for position, text in enumerate(trick["cards"]):
            out.append(
                ({"pile": winner, "trick": count[winner], "card": position}, parse_card(text))
            )
        count[winner] += 1
    return out


def _analyse_plays(
    solver: Solver, tricks: list[dict[str, Any]], hands: list[int], pritticut: int
) -> list[dict[str, Any]]:
    trump, wild_rank = divmod(pritticut, 13)
    hands = list(hands)
    plays = []
    for number, trick in enumerate(tricks):
        leader = trick["leader"]
        led = None
        for position, text in enumerate(trick["cards"]):
            card = parse_card(text)
            seat = leader if position == 0 else 1 - leader
            pos = Position((hands[0], hands[1]), leader, trump, wild_rank, led, solver.wild_tie)
            sol = solver.solve(pos)
            value = sol.values[card]
            plays.append(
                {
                    "trick": number,
                    "seat": seat,
                    "card": text,
                    "lead": position == 0,
                    "values": {card_str(c): v for c, v in sol.values.items()},
                    "value": value,
                    "best": sol.best,
                    "lost": sol.best - value,
                }
            )
            hands[seat] &= ~(1 << card)
            led = card
    return plays
