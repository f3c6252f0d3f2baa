"""What each seat, and someone watching, may see: the one place hidden information is filtered.

The games' own ``view(seat)`` shows a seat its hand and nothing of the other hands, the Undealt
or the face-down tricks. This module filters everything else that leaves the engine:

* :func:`public_events`: the engine's events as a seat may see them as they happen (a card
  played, a trick taken, a hand chosen, the 'Stragedy's revealed card);
* :func:`face_down_hidden`: events read again later (a device catching up after a drop): the
  cards of tricks that lie face down by now are taken out, so that only what is still on the
  table (the trick in play and the last trick taken, which every view shows) keeps its cards;
* :func:`examination_cut`: a seat's view cut down to the one hand the examination clock shows;
* :func:`spectator_view`: the view of someone not at the table, by an allowlist of keys (a key
  a view gains later stays hidden until it is listed here).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol, cast

from .contract import (
    CaughtUpEvent,
    DealEnded,
    Event,
    ExaminationOver,
    FaceDownCardPlayed,
    FaceDownTrickWon,
    HandChosen,
    HandOnShow,
    MemulationCardPlayed,
    MemulationMatchEnded,
    MemulationRoundEnded,
    MemulationTrickWon,
    MendikotCardPlayed,
    MendikotMatchEnded,
    MendikotRoundEnded,
    MendikotTrickWon,
    SeenDealStarted,
    SeenEvent,
    SeenRoundStarted,
    SeenStragedy,
    SeenTrumpHidden,
    TrumpFixed,
    TrumpRevealed,
    View,
)


def _keys(*shapes: type) -> tuple[str, ...]:
    """The keys of the shapes an event kind is shown in, in their order (``type`` aside)."""
    keys = [key for shape in shapes for key in shape.__annotations__ if key != "type"]
    return tuple(dict.fromkeys(keys))


# The shapes a seat is shown each kind of engine event in (both games' for a kind they share).
# Their keys are the allowlist of ``public_events``: anything else stays out of a bot's reach.
SEEN_SHAPES: dict[str, tuple[type, ...]] = {
    "round_started": (SeenRoundStarted,),  # the cut for Lucky Duck is made face up
    "deal_started": (SeenDealStarted,),
    "examination_over": (ExaminationOver,),
    "hand_chosen": (HandChosen,),
    "stragedy": (SeenStragedy,),
    "trump_hidden": (SeenTrumpHidden,),
    "card_played": (MemulationCardPlayed, MendikotCardPlayed),
    "trick_won": (MemulationTrickWon, MendikotTrickWon),
    "trump_revealed": (TrumpRevealed,),
    "trump_fixed": (TrumpFixed,),
    "deal_ended": (DealEnded,),
    "round_ended": (MemulationRoundEnded, MendikotRoundEnded),
    "match_ended": (MemulationMatchEnded, MendikotMatchEnded),
}
_PUBLIC_KEYS = {kind: _keys(*shapes) for kind, shapes in SEEN_SHAPES.items()}


def public_events(events: Iterable[Event], seat: int) -> list[SeenEvent]:
    """The engine events as ``seat`` may see them (hidden cards and intentions removed).

    >>> public_events([{"type": "trump_hidden", "seat": 2, "card": "5C"}], 0)
    [{'type': 'trump_hidden', 'seat': 2}]
    >>> public_events([{"type": "deal_started", "round": 0, "deal": 2, "hands": {"A": [], "B": []},
    ...                 "pritticut": None}], 1)
    [{'type': 'deal_started', 'round': 0, 'deal': 2, 'pritticut': None}]
    """
    shown: list[SeenEvent] = []
    for event in events:
        if event["type"] == "trump_hidden":
            hidden: SeenTrumpHidden = {"type": "trump_hidden", "seat": event["seat"]}
            if event["seat"] == seat:
                hidden["card"] = event["card"]
            shown.append(hidden)
        elif event["type"] == "stragedy":
            # The revealed card is turned up for both; the intended card is the chooser's own
            # secret, and where it really lay names a face-down card: never shown.
            stragedy: SeenStragedy = {
                "type": "stragedy",
                "seat": event["seat"],
                "position": {**event["position"]},
                "revealed": event["revealed"],
            }
            if event["seat"] == seat:
                stragedy["intended"] = event["intended"]
                stragedy["hit"] = event["hit"]
            shown.append(stragedy)
        elif event["type"] in _PUBLIC_KEYS:
            fields: Mapping[str, object] = event
            item: dict[str, object] = {"type": event["type"]}
            item.update({k: fields[k] for k in _PUBLIC_KEYS[event["type"]] if k in fields})
            shown.append(cast(SeenEvent, item))  # the keys of the kind's shape in contract.seen
    return shown


def _trick_of(effect: CaughtUpEvent) -> tuple[int, int] | None:
    """The (deal, trick) a card-carrying effect belongs to (Mendikot has one deal a round)."""
    if effect["type"] != "card_played" and effect["type"] != "trick_won":
        return None
    if "deal" in effect:
        return effect["deal"], effect["trick"]
    return 1, effect["trick"]


def _on_table(view: View) -> set[tuple[int, int]]:
    """The tricks whose cards ``view`` still shows: the trick in play and the last one taken."""
    deal = view["deal"] if view["game"] == "memulation" else 1
    shown = set()
    if view["trick"]:
        shown.add((deal, view["trick"]["number"]))
    if view["last_trick"]:
        shown.add((deal, view["last_trick"]["number"]))
    return shown


def face_down_hidden(effect_lists: list[list[SeenEvent]], view: View) -> list[list[CaughtUpEvent]]:
    """Public effects read again later (``effect_lists``: each event's, oldest first, already
    through :func:`public_events`), with the cards of every trick now face down taken out.

    ``view`` is the game's view now. The cards cut for the roles are left out once the view no
    longer shows them (they went back into the deck). Only a trailing run of effects can still
    be on the table:
    walking back from the newest, the cards stay while they belong to the tricks the view shows,
    and from the first effect that does not (an earlier trick, or a deal or round begun) every
    card before is face down.

    >>> played = [
    ...     [{"type": "card_played", "seat": 0, "card": "2H", "deal": 1, "trick": 0}],
    ...     [{"type": "card_played", "seat": 1, "card": "AH", "deal": 1, "trick": 0},
    ...      {"type": "trick_won", "deal": 1, "trick": 0, "cards": ["2H", "AH"], "winner": 1}],
    ...     [{"type": "card_played", "seat": 1, "card": "3S", "deal": 1, "trick": 1}],
    ... ]
    >>> view = {"game": "memulation", "deal": 1, "roles_cut": None,
    ...         "trick": {"number": 1}, "last_trick": {"number": 0}}
    >>> face_down_hidden(played, view) == played
    True
    >>> later = {**view, "trick": {"number": 2}, "last_trick": {"number": 1}}
    >>> [[e.get("card"), e.get("cards")] for es in face_down_hidden(played, later) for e in es]
    [[None, None], [None, None], [None, None], ['3S', None]]
    """
    shown = _on_table(view)
    if view["game"] != "memulation" or view["roles_cut"] is None:  # back in the deck
        effect_lists = [[_without_cut(e) for e in effects] for effects in effect_lists]
    cut = len(effect_lists)
    for index in range(len(effect_lists) - 1, -1, -1):
        effects = effect_lists[index]
        if any(e["type"] in ("deal_started", "round_started") for e in effects):
            break
        tricks = {t for e in effects if (t := _trick_of(e)) is not None}
        if not tricks <= shown:
            break
        cut = index
    now = (view.get("round"), view.get("deal"))
    caught_up: list[list[CaughtUpEvent]] = [
        [*effects] if index >= cut else [_without_cards(e, now) for e in effects]
        for index, effects in enumerate(effect_lists)
    ]
    return caught_up


def _without_cut(effect: SeenEvent) -> SeenEvent:
    if effect["type"] != "round_started" or "cut" not in effect.get("roles", {}):
        return effect
    started = effect.copy()
    roles = started["roles"] = {**effect["roles"]}
    del roles["cut"]
    return started


def _without_cards(effect: SeenEvent, now: tuple[object, object]) -> CaughtUpEvent:
    if effect["type"] == "card_played" or effect["type"] == "trick_won":
        fields: Mapping[str, object] = effect
        face_down = {k: v for k, v in fields.items() if k not in ("card", "cards")}
        return cast(FaceDownCardPlayed | FaceDownTrickWon, face_down)  # its keys but the cards
    if effect["type"] == "deal_started" and (effect["round"], effect["deal"]) != now:
        # An earlier deal's Pritticut is buried and dealt again in the New Deal: it may lie in
        # a face-down trick now, and the view no longer shows it.
        return {**effect, "pritticut": None}
    return effect


def examination_cut(view: View, hand: str | None) -> View:
    """The view with only ``hand`` ("A" or "B") left in its examination (none if None): the
    examination clock is the server's, and a hand is shown only inside its window.

    >>> from . import create_game
    >>> view = create_game("memulation", seed=4).view(0)
    >>> cut = examination_cut(view, "B")["examination"]
    >>> cut["hand"], cut["cards"] == view["examination"]["B"], "A" in cut
    ('B', True, False)
    """
    if view["game"] != "memulation":
        return view
    exam = view["examination"]
    if not exam or "A" not in exam:
        return view
    kept: HandOnShow = {"done": exam["done"], "hand": hand, "cards": examination_hand(view, hand)}
    return {**view, "examination": kept}


def examination_hand(view: View, hand: str | None) -> list[str] | None:
    """The cards of ``hand`` ("A" or "B") in the view's examination (None outside one)."""
    exam = view["examination"] if view["game"] == "memulation" else None
    if not exam or "A" not in exam:
        return None
    return exam["A"] if hand == "A" else exam["B"] if hand == "B" else None


# What someone watching sees of a seat's view: every key listed here as it is; the keys a seat
# holds to itself, blanked; anything else (a key a view gains later) left out.
_SPECTATOR_KEYS = frozenset(
    {
        # both games
        "game", "phase", "to_act", "finished", "round", "rounds", "hand_counts", "trick",
        "last_trick", "rounds_played", "trump",
        # Memulation
        "deal", "lucky_duck", "lame_duck", "roles_method", "roles_cut", "options", "pritticut",
        "wild", "piles", "old_piles", "stragedy", "deal_scores", "round_score", "match_score",
        # Mendikot
        "dealer", "trump_rule", "turn_up", "trump_revealed", "trump_hidden", "hidden_owner",
        "tricks_won", "tens", "match_wins",
    }
)  # fmt: skip
_SEAT_OWN: dict[str, object] = {
    "seat": None,
    "team": None,
    "hand": None,
    "hand_label": None,
    "examination": None,
    "legal": [],
    "hidden_trump": None,
    "can_ask": False,
}
NO_SEAT = -1  # public_events for someone who holds no seat: no seat's secrets


def spectator_view(state: Watched) -> View:
    """The game as someone not at the table may see it while it runs (``state``: a game).

    >>> from . import create_game
    >>> view = spectator_view(create_game("mendikot", seed=3, options={"trump_rule": "turn_up"}))
    >>> view["hand"], view["legal"], view["turn_up"] is not None
    (None, [], True)
    """
    view: Mapping[str, object] = state.view(0)
    shown = {k: v for k, v in view.items() if k in _SPECTATOR_KEYS}
    shown.update({k: v for k, v in _SEAT_OWN.items() if k in view})
    stragedy = shown.get("stragedy")
    if isinstance(stragedy, dict):
        shown["stragedy"] = {k: v for k, v in stragedy.items() if k != "intended"}
    return cast(View, shown)  # the view's own keys, the seat's own blanked as its type allows


class Watched(Protocol):
    def view(self, seat: int) -> View: ...
