"""The examination time a game uses: the protocol's, unless its adaptive difficulty is on."""

import csv
import random
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.exports.services import export_to_folder
from apps.games import services
from apps.games.demo import demo_game_play
from apps.games.models import ExaminationPeriod
from apps.participants.models import Participant
from tests.apps.factories import make_participant, make_protocol, make_session

pytestmark = pytest.mark.django_db

ADAPTIVE = {"enabled": True, "target_recall": 0.6, "min_seconds": 5, "max_seconds": 60}


@pytest.fixture
def participant(clinician):
    """Left with a long examination and a strong opponent by an earlier adaptive protocol: the
    two fields its staircase writes (apps.metrics.adaptive), written here as that row, since
    playing sessions until it climbs there is not what these tests are about."""
    participant = make_participant(
        clinicians=[clinician],
        consent_date=timezone.now().date() - timedelta(days=30),  # exported only with consent
        consent_form_version="v1",
    )
    Participant.objects.filter(pk=participant.pk).update(
        examination_seconds_override=36, opponent_level_override=0.9
    )
    participant.refresh_from_db()
    return participant


def session_for(participant, *, adaptive: dict, started_at=None):
    protocol = make_protocol(
        study=participant.study,
        opponent="random",
        opponent_level=0.3,
        rounds=1,
        examination_seconds=20,
        adaptive=adaptive,
    )
    return make_session(participant=participant, protocol=protocol, status="started", at=started_at)


def test_with_adaptive_difficulty_off_the_protocol_seconds_hold(participant, clinician, client_for):
    session = session_for(participant, adaptive={"enabled": False})
    game = services.game_create(session=session, seed=3)
    assert game.options["examination_seconds"] == 20
    assert game.seats[1]["level"] == 0.3
    api = client_for(clinician)
    base = f"/api/games/{game.pk}/"
    assert api.get(base).json()["examination"]["planned_seconds"] == 20
    started = api.post(base + "examination/", {"type": "start"}).json()
    assert 19 < started["examination"]["seconds_left"] <= 20
    summary = api.get(f"/api/sessions/{session.pk}/games/").json()
    assert summary[0]["examination_seconds"] == 20


def test_with_adaptive_difficulty_on_the_participants_value_is_used(
    participant, clinician, client_for
):
    session = session_for(participant, adaptive=ADAPTIVE)
    game = services.game_create(session=session, seed=3)
    assert game.options["examination_seconds"] == 36
    assert game.seats[1]["level"] == 0.9
    summary = client_for(clinician).get(f"/api/sessions/{session.pk}/games/").json()
    assert summary[0]["examination_seconds"] == 36


def test_an_adaptive_value_is_kept_within_this_protocols_bounds(participant):
    session = session_for(participant, adaptive={**ADAPTIVE, "max_seconds": 30})
    assert services.game_create(session=session, seed=3).options["examination_seconds"] == 30


def test_the_export_says_the_seconds_each_game_used(participant, tmp_path):
    rng = random.Random(5)
    start = timezone.now() - timedelta(days=3)
    for day, adaptive in enumerate(({"enabled": False}, ADAPTIVE)):
        day = start + timedelta(days=day)
        session = session_for(participant, adaptive=adaptive, started_at=day)
        demo_game_play(session=session, start=day, skill=0.5, rng=rng)
    export_to_folder(study=participant.study, formats=["csv"], filters={}, out=tmp_path / "out")

    def rows(name):
        with (tmp_path / "out" / "csv" / f"{name}.csv").open(newline="") as stream:
            return sorted(csv.DictReader(stream), key=lambda row: int(row["session"]))

    sessions, games = rows("sessions"), rows("games")
    assert [(s["examination_seconds"], s["adaptive"]) for s in sessions] == [
        ("20", "false"),
        ("20", "true"),
    ]
    assert [g["examination_seconds"] for g in games] == ["20", "36"]
    periods = ExaminationPeriod.objects.order_by("game_id", "event_id")
    assert {p.planned_seconds for p in periods if p.game.session.number == 1} == {20}
    assert {p.planned_seconds for p in periods if p.game.session.number == 2} == {36}
