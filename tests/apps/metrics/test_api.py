"""Dashboard endpoints: a participant's summary and series, a session's analysis, the cohort."""

import random

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import TestCase
from django.utils import timezone

from apps.games.demo import demo_game_play
from apps.metrics.catalogue import CATALOGUE
from apps.participants.models import Participant, Study
from apps.training.models import TrainingSession
from tests.apps.factories import make_participant, make_protocol
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    """The demo study, seeded once for the module (about 2 s of CPU); each test's changes are
    rolled back at its end, and the whole at the module's."""
    with django_db_blocker.unblock(), transaction.atomic():
        with TestCase.captureOnCommitCallbacks(execute=True):
            call_command("seed_demo", participants=2, weeks=2)
        call_command_nightly()
        yield Study.objects.get()
        transaction.set_rollback(True)


def call_command_nightly():
    from apps.metrics.tasks import nightly_metrics

    nightly_metrics()


def test_summary_has_readings_series_and_claims(demo, client_for):
    from apps.accounts.models import User

    clinician = User.objects.get(username="clinician")
    participant = Participant.objects.filter(study=demo).first()
    body = client_for(clinician).get(f"/api/participants/{participant.pk}/summary/").json()
    assert body["participant"]["code"] == participant.code
    assert body["claims"]["primary_metrics"] == demo.primary_metrics
    keys = [m["key"] for m in body["metrics"]]
    assert keys[:2] == ["recall_hit", "recall_position_error"]
    recall = body["metrics"][0]
    assert recall["direction"] == "higher_better" and recall["version"] == 1
    assert recall["game"] == "memulation" and recall["label"] == "'Stragedy hit rate"
    assert len(recall["series"]) >= 4
    numbers = [p["session"] for p in recall["series"]]
    assert numbers == sorted(numbers)  # the sessions' own numbers, as every page shows them
    assert {"session", "value", "n", "counted"} <= set(recall["series"][0])
    assert recall["reading"]
    assert recall["z"]["reading"]


def test_series_of_one_metric(demo, client_for):
    from apps.accounts.models import User

    researcher = User.objects.get(username="researcher")
    participant = Participant.objects.filter(study=demo).first()
    url = f"/api/participants/{participant.pk}/metrics/"
    body = client_for(researcher).get(url, {"key": "decision_time_median_ms"}).json()
    assert body["unit"] == "ms"
    # Decision times are measured in both games: one series each, never mixed.
    games = {g["game"]: g for g in body["games"]}
    sessions = TrainingSession.objects.filter(participant=participant, status="completed")
    for game, series in games.items():
        numbers = [p["session"] for p in series["series"]]
        assert numbers == sorted(s.number for s in sessions if s.protocol_snapshot["game"] == game)
        assert all(p["value"] > 0 for p in series["series"])
    assert "memulation" in games
    bad = client_for(researcher).get(url, {"key": "nonsense"})
    assert bad.status_code == 400


def test_session_analysis_and_cohort(demo, client_for):
    from apps.accounts.models import User

    researcher = User.objects.get(username="researcher")
    session = TrainingSession.objects.filter(participant__study=demo).first()
    body = client_for(researcher).get(f"/api/sessions/{session.pk}/analysis/").json()
    assert body["session"]["id"] == session.pk
    assert body["games"][0]["metrics"]["tricks_won"] is not None
    cohort = client_for(researcher).get(f"/api/studies/{demo.pk}/cohort/").json()
    assert cohort["participants"] == 2
    assert {m["key"] for m in cohort["metrics"]} >= {"recall_hit", "tricks_won"}
    tricks = next(m for m in cohort["metrics"] if m["key"] == "tricks_won")
    assert tricks["retest"]["passes"] is False and tricks["retest"]["missing"]


def test_others_get_nothing(demo, client_for):
    stranger = make_staff("nosy", "clinician")
    participant = Participant.objects.filter(study=demo).first()
    session = TrainingSession.objects.filter(participant__study=demo).first()
    client = client_for(stranger)
    assert client.get(f"/api/participants/{participant.pk}/summary/").status_code == 404
    assert client.get(f"/api/sessions/{session.pk}/analysis/").status_code == 404
    assert client.get(f"/api/studies/{demo.pk}/cohort/").status_code == 404
    assert client.get("/api/metrics/catalogue/").status_code == 200


def test_in_the_demo_cohort_neutral_measures_and_baselines_get_no_reading(demo, client_for):
    from apps.accounts.models import User

    clinician = User.objects.get(username="clinician")
    for participant in Participant.objects.filter(study=demo):
        body = client_for(clinician).get(f"/api/participants/{participant.pk}/summary/").json()
        metrics = {m["key"]: m for m in body["metrics"]}
        assert "recall_chance" not in metrics  # a baseline, shown beside its score only
        assert metrics["recall_hit"]["chance_level"] is not None
        for key in ("examination_time_used", "examination_sorts", "examination_early_ends"):
            metric = metrics[key]
            assert metric["direction"] == "neutral" and metric["role"] == "exploratory"
            assert metric["z"]["norm"] is None and metric["z"]["cohort"] is None
            words = metric["reading"] + " " + metric["z"]["reading"]
            for evaluative in ("better", "worse", "improvement", "decline", "eliable"):
                assert evaluative not in words
        # About one 'Stragedy a session: no session counts, so no trend and no comparison.
        hit = metrics["recall_hit"]
        assert hit["counted"] == 0
        assert hit["z"]["reading"].startswith("No comparison: the latest session rests on")
        # No norms, no retest protocol and two participants: no word anywhere.
        assert body["words"] == []


def test_memory_fidelity_is_summarised_with_its_latest_interval(clinician, client_for):
    from apps.metrics.models import MetricValue
    from apps.metrics.services import participant_readings_refresh
    from tests.apps.factories import make_participant, make_session

    participant = make_participant(clinicians=[clinician])
    intervals = [(0.2, 0.9), (0.35, 0.8), (0.5, 0.75)]
    for i, (low, high) in enumerate(intervals):
        session = make_session(participant=participant, status="completed")
        MetricValue.objects.create(
            level="session", subject_id=session.pk, participant=participant, session=session,
            key="memory_fidelity", version=CATALOGUE["memory_fidelity"].version,
            value=(low + high) / 2, n=10 + i,
            details={"low": low, "high": high, "informative": 10 + i},
        )  # fmt: skip
    participant_readings_refresh(participant=participant)
    body = client_for(clinician).get(f"/api/participants/{participant.pk}/summary/").json()
    fidelity = next(m for m in body["metrics"] if m["key"] == "memory_fidelity")
    interval = fidelity["interval"]
    assert (interval["low"], interval["high"], interval["informative"]) == (0.5, 0.75, 12)
    # Shown with the coverage measured in simulation (a 95% interval only because it held the
    # true value 92-98% of the time at every true value there)
    from apps.metrics.fidelity_interval import MEASURED_COVERAGE, interval_label

    measured = MEASURED_COVERAGE[1].values()  # a session of one game
    assert interval["games"] == 1
    assert interval["label"] == interval_label(1)
    assert f"{sum(c for c, _ in measured)} of {sum(n for _, n in measured)}," in interval["label"]
    assert fidelity["z"]["norm"] is None and fidelity["z"]["cohort"] is None
    assert fidelity["latest"] == pytest.approx(0.625)
    others = [m for m in body["metrics"] if m["key"] != "memory_fidelity"]
    assert all(m["interval"] is None for m in others)


def test_a_trend_leaves_out_the_sessions_played_with_other_settings(clinician, client_for):
    """Two sittings at 30 s of examination, then one at 60 s, each started through the API and
    played to its end: the dashboard's trends rest on the 60 s sitting alone, and say why."""
    participant = make_participant(clinicians=[clinician], consent_date=timezone.localdate())
    client = client_for(clinician)
    protocols = {
        seconds: make_protocol(
            study=participant.study,
            name=f"{seconds} s",
            examination_seconds=seconds,
            opponent="random",
            roles="participant_lame",
        )
        for seconds in (30, 60)
    }
    for seconds in (30, 30, 60):
        protocol = protocols[seconds]
        started = client.post(
            "/api/sessions/", {"participant": participant.pk, "protocol": protocol.pk}
        )
        assert started.status_code == 201, started.json()
        session = TrainingSession.objects.get(pk=started.json()["id"])
        with TestCase.captureOnCommitCallbacks(execute=True):
            demo_game_play(
                session=session, start=timezone.now(), skill=0.8, rng=random.Random(seconds)
            )
    summary = client.get(f"/api/participants/{participant.pk}/summary/").json()
    [times] = [m for m in summary["metrics"] if m["key"] == "decision_time_median_ms"]
    assert times["counted"] == 3  # every sitting counts, and is shown
    assert [p["session"] for p in times["series"] if p["counted"]] == [1, 2, 3]
    trend = times["trend"]
    assert (trend["status"], trend["points"]) == ("not_enough_points", 1)
    assert trend["left_out"] == {
        "sessions": 2,
        "session": 2,
        "differs": ["examination_seconds"],
        "protocol": {"game": "memulation", "examination_seconds": 30, "opponent": "random"},
        "settings_from": 3,
        "latest_protocol": {"game": "memulation", "examination_seconds": 60, "opponent": "random"},
    }
    assert (
        "Sessions before session 3 are left out: session 2 ran with Memulation, 30 s "
        "examination, random opponent, the later ones with Memulation, 60 s examination, "
        "random opponent." in times["reading"]
    )
