"""The data are what the codebook declares them to be: an integer column holds integers, and a
column said to be always 1 in Mendikot is 1 there."""

import csv
import random

import pytest
from django.utils import timezone

from apps.exports.services import export_to_folder
from apps.games import services
from apps.games.demo import demo_game_play
from apps.games.models import IllegalAttempt
from apps.training.services import session_abandon
from tests.apps.factories import ADAPTIVE, make_participant, make_protocol, make_session
from tests.apps.games.playing import next_move

pytestmark = pytest.mark.django_db

CARDS = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]


def read(path, delimiter=","):
    with path.open(newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream, delimiter=delimiter))


def test_an_adaptive_sessions_examination_seconds_are_whole_seconds(clinician, tmp_path):
    participant = make_participant(clinicians=[clinician], consent_date=timezone.localdate())
    protocol = make_protocol(
        study=participant.study, opponent="random", rounds=1, examination_seconds=30,
        adaptive=ADAPTIVE,
    )  # fmt: skip
    session = make_session(participant=participant, protocol=protocol, status="started")
    demo_game_play(session=session, start=timezone.now(), skill=0.8, rng=random.Random(5))
    session.refresh_from_db()
    assert isinstance(session.examination_seconds, float)  # as the session keeps it
    export_to_folder(study=participant.study, formats=["csv"], filters={}, out=tmp_path / "x")
    (game,) = read(tmp_path / "x" / "csv" / "games.csv")
    assert game["examination_seconds"] == "30"


def test_a_refused_move_in_mendikot_is_in_deal_1(clinician, tmp_path):
    participant = make_participant(clinicians=[clinician], consent_date=timezone.localdate())
    protocol = make_protocol(study=participant.study, game="mendikot", opponent="random", rounds=1)
    session = make_session(participant=participant, protocol=protocol, status="started")
    game = services.game_create(session=session)
    rng = random.Random(3)
    for _ in range(40):  # the participant's device acts until it is to play a card
        body = services.game_view(game_id=game.pk, link=None)
        move = next_move(body, rng)
        if move and move[1]["type"] == "play":
            break
        if move:
            services.game_act(
                game_id=game.pk, link=None, request=services.ClientFacts(), action=move[1]
            )
    held = set(body["state"]["hand"])
    wrong = {"type": "play", "card": next(c for c in CARDS if c not in held)}
    services.game_act(game_id=game.pk, link=None, request=services.ClientFacts(), action=wrong)
    assert IllegalAttempt.objects.get(game=game).deal is None  # as the event log keeps it
    session_abandon(session=session, actor=clinician, reason="ended for the test")

    out = tmp_path / "x"
    export_to_folder(study=participant.study, formats=["csv", "bids"], filters={}, out=out)
    (refused,) = read(out / "csv" / "illegal_attempts.csv")
    assert (refused["deal"], refused["code"]) == ("1", "card_not_in_hand")
    (events_file,) = (out / "bids").glob("sub-*/ses-*/beh/*_events.tsv")
    events = read(events_file, delimiter="\t")
    assert [e["deal"] for e in events if e["trial_type"] == "illegal_attempt"] == ["1"]
