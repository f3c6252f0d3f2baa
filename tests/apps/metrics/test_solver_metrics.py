"""Solver-based metrics on a constructed game with a known losing play.

Old Deal, trump spades (Pritticut 5S), no spade and no wild card in either hand. The bot (seat 0,
Lame Duck) holds AD-9D, AC-TC, KH and 3C; the participant (seat 1, Lucky Duck, takes hand B)
holds 8D 7D 6D 4D 3D 2D, 9C 8C 7C 6C 4C, AH and 2H. The bot cashes its eleven diamonds and clubs
(the participant must follow, every choice the same), then leads KH: the ace wins this trick
and the last (the bot has only 3C left to meet the 2H), so AH is worth 2 tricks; the participant
plays 2H instead, worth 0: a play that lost exactly 2 tricks. In the New Deal the participant
plays the solver's best card every time. So 26 plays, one of them losing 2 tricks.
"""

import pytest
from django.test import override_settings

from apps.games.engine import create_game
from apps.games.engine.bots import make_bot, public_events
from apps.games.models import EventKind, Game
from apps.games.runtime.run import GameRun
from apps.metrics import services
from apps.metrics.models import GameAnalysis, MetricValue
from tests.apps.factories import make_participant, make_protocol, make_session

pytestmark = pytest.mark.django_db

BOT_HAND = ["AD", "KD", "QD", "JD", "TD", "9D", "AC", "KC", "QC", "JC", "TC", "KH", "3C"]
PARTICIPANT_HAND = ["8D", "7D", "6D", "4D", "3D", "2D", "9C", "8C", "7C", "6C", "4C", "AH", "2H"]
BOT_LEADS = ["AD", "KD", "QD", "JD", "TD", "9D", "AC", "KC", "QC", "JC", "TC", "KH", "3C"]


def deck() -> list[str]:
    hands = [c for pair in zip(BOT_HAND, PARTICIPANT_HAND, strict=True) for c in pair]
    used = set(hands) | {"5S"}
    rest = [r + s for s in "SHDC" for r in "23456789TJQKA" if r + s not in used]
    return [*hands, "5S", *rest]


def follow(state, seat: int, led: str, hand: list[str]) -> str:
    same = [c for c in hand if c[1] == led[1]]
    return min(same, key=lambda c: "23456789TJQKA".index(c[0])) if same else hand[0]


def test_a_known_losing_play_and_otherwise_perfect_play(clinician):
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(study=participant.study, opponent="random", rounds=1)
    session = make_session(participant=participant, protocol=protocol, status="started")
    state = create_game("memulation", deck=deck(), lucky_duck=1, options={"examination": False})
    game = Game.objects.create(
        session=session,
        game_type="memulation",
        seed=0,
        options=state.setup["options"],
        seats=[{"kind": "bot", "bot": "random"}, {"kind": "participant"}],
        participant_seat=1,
        state=state.to_json(),
    )
    table = GameRun(game, game.created_at)
    table.record(EventKind.GAME_CREATED, payload={"setup": state.setup, "effects": state.events})
    table.seat_opponents(state)
    table.apply({"type": "choose_hand", "seat": 1, "hand": "B"})
    mine = list(PARTICIPANT_HAND)
    for lead in BOT_LEADS:  # the Old Deal
        table.apply({"type": "play", "seat": 0, "card": lead})
        card = "2H" if lead == "KH" else follow(table.state, 1, lead, mine)
        mine.remove(card)
        table.apply({"type": "play", "seat": 1, "card": card, "decision_ms": 900})
    # The New Deal: the participant chooses, the bot makes its 'Stragedy and plays its first
    # legal card; the participant plays perfectly.
    perfect = make_bot("memulation", "perfect", seat=1, seed=1)
    table.apply({"type": "choose_hand", "seat": 1, "hand": "A"})
    table.apply({"type": "stragedy", "seat": 0, "pile": 0, "trick": 0, "card": 1})
    perfect.observe(table.state.view(1), public_events(table.effects, 1))
    while not table.state.finished:
        if table.state.to_act == [1]:
            action = perfect.act(table.state.view(1))
        else:
            action = table.state.legal_actions(0)[0]
        before = len(table.effects)
        table.apply(action)
        perfect.observe(table.state.view(1), public_events(table.effects[before:], 1))
    table.write()

    with override_settings(METRICS_WITH_SOLVER=True):
        services.session_metrics_compute(session_id=session.pk)
    values = {v.key: v.value for v in MetricValue.objects.filter(level="game", subject_id=game.pk)}
    assert values["optimal_play_rate"] == pytest.approx(25 / 26)
    assert values["tricks_lost"] == 2
    assert values["recall_strategic_value"] is None  # the participant made no 'Stragedy
    play = next(
        p
        for d in GameAnalysis.objects.get(game=game).analysis["rounds"][0]["deals"]
        for p in d["plays"]
        if p["seat"] == 1 and p["card"] == "2H"
    )
    assert (play["values"], play["lost"]) == ({"AH": 2, "2H": 0}, 2)
