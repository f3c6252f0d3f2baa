"""Dashboard endpoints: a participant's summary and series, a session's analysis, the cohort."""

import pytest
from django.core.management import call_command

from apps.metrics.catalogue import CATALOGUE
from apps.participants.models import Participant, Study
from apps.training.models import TrainingSession
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("seed_demo", participants=2, weeks=2)
    call_command_nightly()
    return Study.objects.get()


def call_command_nightly():
    from apps.metrics.tasks import nightly_metrics

    nightly_metrics()


def test_summary_has_trends_change_and_plain_readings(demo, client_for):
    from apps.accounts.models import User

    clinician = User.objects.get(username="clinician")
    participant = Participant.objects.filter(study=demo).first()
    body = client_for(clinician).get(f"/api/participants/{participant.pk}/summary/").json()
    assert body["participant"]["code"] == participant.code
    keys = [m["key"] for m in body["metrics"]]
    assert keys[:2] == ["recall_hit", "recall_position_error"]
    recall = body["metrics"][0]
    assert recall["direction"] == "higher_better" and recall["version"] == 1
    assert len(recall["series"]) >= 4
    assert recall["trend"]["reading"]
    assert recall["rci"]["reading"]
    assert "z_reading" in recall


def test_series_of_one_metric(demo, client_for):
    from apps.accounts.models import User

    researcher = User.objects.get(username="researcher")
    participant = Participant.objects.filter(study=demo).first()
    url = f"/api/participants/{participant.pk}/metrics/"
    body = client_for(researcher).get(url, {"key": "decision_time_median_ms"}).json()
    assert body["unit"] == "ms"
    numbers = [p["session"] for p in body["series"]]
    assert numbers == sorted(numbers) and len(numbers) == 6
    assert all(p["value"] > 0 for p in body["series"])
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
            assert metric["direction"] == "neutral"
            assert metric["rci"]["value"] is None and not metric["rci"]["reliable"]
            assert metric["z_cohort"] is None and metric["z_norm"] is None
            words = metric["rci"]["reading"] + " " + metric["z_reading"]
            for evaluative in ("better", "worse", "improvement", "decline", "Reliable"):
                assert evaluative not in words
        # About one 'Stragedy a session: never enough for a reliable change or a z statement.
        hit = metrics["recall_hit"]
        assert hit["rci"]["status"] in {"not_enough_trials", "not_enough_sessions"}
        assert hit["rci"]["reading"].startswith("Not enough data yet")
        assert hit["z_reading"].startswith("Not enough data yet")
        # No norms file and two participants: no reliability anywhere, so no RCI at all.
        assert all(m["rci"]["value"] is None for m in metrics.values())


def test_memory_fidelity_is_summarised_with_its_latest_interval(clinician, client_for):
    from django.utils import timezone

    from apps.metrics.models import MetricValue
    from apps.metrics.services import participant_trends_refresh
    from tests.apps.factories import make_participant, make_session

    participant = make_participant(clinicians=[clinician])
    intervals = [(0.2, 0.9), (0.35, 0.8), (0.5, 0.75)]
    for i, (low, high) in enumerate(intervals):
        session = make_session(
            participant=participant,
            status="completed",
            started_at=timezone.now(),
            completed_at=timezone.now(),
        )
        MetricValue.objects.create(
            level="session", subject_id=session.pk, participant=participant, session=session,
            key="memory_fidelity", version=CATALOGUE["memory_fidelity"].version,
            value=(low + high) / 2, n=10 + i,
            details={"low": low, "high": high, "informative": 10 + i},
        )  # fmt: skip
    participant_trends_refresh(participant=participant)
    body = client_for(clinician).get(f"/api/participants/{participant.pk}/summary/").json()
    fidelity = next(m for m in body["metrics"] if m["key"] == "memory_fidelity")
    assert fidelity["interval"] == {"low": 0.5, "high": 0.75, "informative": 12}
    assert fidelity["latest"] == pytest.approx(0.625)
    others = [m for m in body["metrics"] if m["key"] != "memory_fidelity"]
    assert all(m["interval"] is None for m in others)
