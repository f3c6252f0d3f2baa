"""Whole games through the API, as the participant: no response names a card it may not see.

What the seat may see at a moment: its own hand, the face-up cards of the trick in progress,
the Pritticut / turned-up / revealed trump, the hand on show during an examination, and the
cards that were face up during the request that answered (the cut for Lucky Duck, the cards
just played, the trick just taken, the 'Stragedy card turned up, a trump revealed). Everything
else (the other hands, the Undealt, the face-down tricks, a hidden trump of another seat) must
never appear.
"""

import re

import pytest

from apps.games.engine import game_from_json
from apps.games.engine.cards import CARD_NAMES
from apps.games.models import Game, GameEvent
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.playing import play_through

pytestmark = pytest.mark.django_db
CARD = re.compile(r"^(10|[2-9TJQKA])[SHDC]$")


def cards_in(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) and CARD.match(value) else set()


def face_up_during(game: Game, since: int, seat: int) -> set[str]:
    """Cards turned face up by the events logged at or after ``since`` (from the log itself)."""
    shown: set[str] = set()
    for payload in GameEvent.objects.filter(game=game, seq__gte=since).values_list(
        "payload", flat=True
    ):
        for effect in payload.get("effects", []):
            kind = effect["type"]
            if kind in ("card_played", "trump_revealed", "trump_fixed"):
                shown.add(effect["card"])
            elif kind == "trick_won":
                shown |= cards_in(effect["cards"])
            elif kind == "stragedy":
                shown.add(effect["revealed"])
                if effect["seat"] == seat and effect["intended"]:
                    shown.add(effect["intended"])
            elif kind in ("deal_started", "round_started"):
                shown |= {effect.get("pritticut"), effect.get("turn_up")} - {None}
                shown |= cards_in((effect.get("roles") or {}).get("cut"))  # the cut, face up
    return shown


def seat_may_see(game: Game, body: dict) -> set[str]:
    state = game_from_json(game.state)
    seat = body["seat"]
    view = state.view(seat)
    allowed = set(view["hand"] or []) | {view.get("pritticut"), view.get("turn_up")}
    allowed |= {view.get("hidden_trump")} if view.get("hidden_trump") else set()
    allowed |= cards_in((view.get("trick") or {}).get("cards", []))
    allowed |= cards_in(view.get("roles_cut"))  # the cut, face up to both before the play
    if state.phase == "play" and state.tricks:  # the last trick taken, which both saw played
        last = state.tricks[-1]
        cards = last[1:3] if game.game_type == "memulation" else last[1]
        allowed |= {CARD_NAMES[c] for c in cards}
    if body["examination"] and view["examination"]:
        # Only the hand the server's clock has on show.
        allowed |= set(view["examination"][body["examination"]["hand"]])
    if view.get("stragedy"):
        allowed |= {view["stragedy"]["revealed"], view["stragedy"].get("intended")}
    if body.get("probe"):
        # A recall probe names its card in a question: where it lies, or whether it was in the
        # other hand (which cards it may name: tests/apps/games/test_recall_probes.py).
        allowed.add(body["probe"]["card"])
    return allowed - {None}


def check_every_answer(game_id: int):
    previous = {"version": 0}

    def check(body: dict) -> None:
        game = Game.objects.get(pk=game_id)
        allowed = seat_may_see(game, body) | face_up_during(game, previous["version"], body["seat"])
        leaked = cards_in(body) - allowed
        assert not leaked, f"seat {body['seat']} was sent {sorted(leaked)}"
        previous["version"] = body["version"]

    return check


@pytest.mark.parametrize(
    ("game", "extra"),
    [
        ("memulation", {"rounds": 1}),
        ("memulation", {"rounds": 1, "recall_probes": 3}),
        ("mendikot", {"trump_rule": "hidden_ask"}),
        ("mendikot", {"trump_rule": "hidden_reveal"}),
        ("mendikot", {"trump_rule": "first_void"}),
        ("mendikot", {"trump_rule": "turn_up"}),
    ],
)
def test_no_answer_carries_a_card_the_participant_may_not_see(game, extra, clinician, client_for):
    participant = make_participant(clinicians=[clinician])
    opponent = "random"
    protocol = make_protocol(study=participant.study, game=game, opponent=opponent, **extra)
    session = make_session(participant=participant, protocol=protocol, status="started")
    api = client_for(clinician)
    game_id = api.post(f"/api/sessions/{session.pk}/games/").json()["id"]
    final = play_through(
        api, f"/api/games/{game_id}/", seed=11, on_body=check_every_answer(game_id)
    )
    assert final["state"]["finished"]
