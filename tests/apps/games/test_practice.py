"""The practice round: offered before a participant's first real game, logged, never measured,
never exported, and never the end of its session."""

import pytest

from apps.exports.scope import ExportScope
from apps.games import practice
from apps.games.models import EventKind, Game, GameEvent, Play
from apps.metrics.models import MetricValue
from apps.metrics.services import session_metrics_compute
from apps.training.models import TrainingSession
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.playing import play_through

pytestmark = pytest.mark.django_db


@pytest.fixture
def first_session(clinician):
    def make(**protocol):
        participant = make_participant(clinicians=[clinician], consent_date="2026-01-05")
        protocol.setdefault("opponent", "greedy")
        protocol = make_protocol(study=participant.study, **protocol)
        return make_session(participant=participant, protocol=protocol, status="started")

    return make


def practice_url(session) -> str:
    return f"/api/sessions/{session.pk}/practice/"


def test_the_first_session_offers_a_practice_of_one_gentle_friendly_round(
    clinician, client_for, first_session
):
    session = first_session(rounds=3, examination_seconds=25)
    staff = client_for(clinician)
    assert staff.get(practice_url(session)).json() == {
        "offered": True,
        "game": None,
        "status": None,
    }
    started = staff.post(practice_url(session))
    assert started.status_code == 201, started.content
    body = started.json()
    assert body["practice"] is True and body["state"]["rounds"] == 1
    game = Game.objects.get(pk=body["id"])
    assert game.practice and game.seed == practice.PRACTICE_SEEDS["memulation"]
    assert [seat.get("bot") for seat in game.seats] == [None, "random"]
    # The participant is Lame Duck: they lead and make the 'Stragedy; the protocol's seconds.
    assert game.options["roles"] == 1 and game.options["examination_seconds"] == 25
    # A few tricks a deal, not thirteen.
    assert game.options["tricks"] == practice.PRACTICE_TRICKS["memulation"] == 3
    # Logged like any game.
    assert GameEvent.objects.filter(game=game, kind=EventKind.GAME_CREATED).exists()
    assert staff.get(practice_url(session)).json() == {
        "offered": False,
        "game": game.pk,
        "status": "active",
    }
    # Only one at a time.
    again = staff.post(practice_url(session))
    assert again.status_code == 409 and again.json()["error"]["code"] == "practice_in_play"


def test_the_same_friendly_deal_every_time(first_session):
    one = practice.practice_create(session=first_session())
    two = practice.practice_create(session=first_session(examination_seconds=40))

    def setup(game):
        return GameEvent.objects.get(game=game, kind=EventKind.GAME_CREATED).payload["setup"]

    assert one.seed == two.seed
    assert setup(one)["deck"] == setup(two)["deck"]


def test_a_finished_practice_is_logged_but_completes_nothing_and_counts_nowhere(
    clinician, client_for, first_session, django_capture_on_commit_callbacks
):
    session = first_session()
    staff = client_for(clinician)
    game_id = staff.post(practice_url(session)).json()["id"]
    with django_capture_on_commit_callbacks(execute=False) as queued:
        end = play_through(staff, f"/api/games/{game_id}/", seed=3)
    assert end["status"] == "finished" and end["practice"] is True
    # No metric job and no analysis were queued for it.
    assert not [c for c in queued if "metric" in repr(c) or "analysis" in repr(c)]
    # Short: two deals of three tricks each.
    assert Play.objects.filter(game_id=game_id, seat=0).count() == 2 * 3
    session.refresh_from_db()
    assert session.status == TrainingSession.Status.STARTED
    assert staff.get(practice_url(session)).json()["offered"] is False

    # Then the real game: it completes the session, and only it is measured.
    real = staff.post(f"/api/sessions/{session.pk}/games/").json()
    assert real["practice"] is False
    play_through(staff, f"/api/games/{real['id']}/", seed=4)
    session.refresh_from_db()
    assert session.status == TrainingSession.Status.COMPLETED
    session_metrics_compute(session_id=session.pk, with_solver=False)
    measured = set(MetricValue.objects.filter(game__isnull=False).values_list("game", flat=True))
    assert measured == {real["id"]}
    analysis = staff.get(f"/api/sessions/{session.pk}/analysis/").json()
    assert [g["game_id"] for g in analysis["games"]] == [real["id"]]

    # Left out of the research export: the real game is the session's game 1.
    scope = ExportScope(study=session.participant.study).load()
    assert list(scope.game_rows().values_list("pk", flat=True)) == [real["id"]]
    assert [ref.key[2] for refs in scope.games.values() for ref in refs] == [1]


def test_the_practice_is_not_offered_again_once_a_real_game_is_played(
    clinician, client_for, first_session
):
    session = first_session()
    staff = client_for(clinician)
    real = staff.post(f"/api/sessions/{session.pk}/games/").json()
    refused = staff.post(practice_url(session))
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "practice_after_game"
    assert not Game.objects.filter(session=session, practice=True).exists()
    play_through(staff, f"/api/games/{real['id']}/", seed=1)
    later = make_session(
        participant=session.participant, protocol=session.protocol, status="started"
    )
    assert staff.get(practice_url(later)).json()["offered"] is False


def test_a_protocol_without_the_practice_round_does_not_offer_it(
    clinician, client_for, first_session
):
    session = first_session(practice_round=False)
    assert client_for(clinician).get(practice_url(session)).json()["offered"] is False


def test_skipping_the_practice_part_way_ends_it(clinician, client_for, first_session):
    session = first_session()
    staff = client_for(clinician)
    game_id = staff.post(practice_url(session)).json()["id"]
    staff.post(f"/api/sessions/{session.pk}/games/")
    assert Game.objects.get(pk=game_id).status == Game.Status.ABANDONED
    session.refresh_from_db()
    assert session.status == TrainingSession.Status.STARTED


def test_mendikot_has_a_short_practice_too(clinician, client_for, first_session):
    session = first_session(game="mendikot", opponent="heuristic", rounds=2)
    staff = client_for(clinician)
    body = staff.post(practice_url(session)).json()
    assert body["practice"] is True and body["game_type"] == "mendikot"
    game = Game.objects.get(pk=body["id"])
    assert [seat.get("bot") for seat in game.seats] == [None, "random", "random", "random"]
    assert game.options["tricks"] == 5 and game.options["rounds"] == 1
    end = play_through(staff, f"/api/games/{game.pk}/", seed=2)
    assert end["status"] == "finished"
    # One round of five tricks, with one winner.
    assert Play.objects.filter(game_id=game.pk).count() == 4 * 5
    ended = GameEvent.objects.get(game=game, kind=EventKind.ROUND_RESULT).payload
    tricks = ended["tricks_won"]
    assert tricks["0"] + tricks["1"] == 5 and ended["winner"] in (0, 1)
    session.refresh_from_db()
    assert session.status == TrainingSession.Status.STARTED


def test_the_practice_deals_are_friendly(first_session):
    from apps.games.engine import game_from_json

    memulation = practice.practice_create(session=first_session())
    dealt = GameEvent.objects.get(game=memulation, kind=EventKind.GAME_CREATED).payload["effects"]
    deal = next(e for e in dealt if e["type"] == "deal_started")
    wild, trump = deal["pritticut"][0], deal["pritticut"][1]
    for hand in deal["hands"].values():
        assert sum(card[0] == wild for card in hand) == 1
        assert 2 <= sum(card[1] == trump and card[0] != wild for card in hand) <= 4

    mendikot = practice.practice_create(session=first_session(game="mendikot", opponent="random"))
    view = game_from_json(mendikot.state).view(0)
    assert sum(card[0] == "T" for card in view["hand"]) == 2
    assert sum(card[1] == "C" for card in view["hand"]) == 1
    assert view["dealer"] != 3  # seat dealer+1 hides the trump: never the participant here
