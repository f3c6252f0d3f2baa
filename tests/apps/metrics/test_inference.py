"""The cohort's own retest data and the control arm's gains, from stored session values to a
participant's reliable change (real rows in the real database)."""

import math
import statistics

import pytest
from django.utils import timezone

from apps.metrics import services
from apps.metrics.models import CohortNorm, MetricValue
from apps.participants.models import StudyArm
from tests.apps.factories import make_participant, make_session, make_study

pytestmark = pytest.mark.django_db


def _sessions(participant, values, n=3):
    """Completed sessions with stored session values of ``tricks_won`` (three rounds each)."""
    for value in values:
        session = make_session(
            participant=participant, status="completed", completed_at=timezone.now()
        )
        MetricValue.objects.create(
            level="session", subject_id=session.pk, participant=participant, session=session,
            key="tricks_won", version=1, value=value, n=n,
        )  # fmt: skip


@pytest.fixture
def cohort():
    """A study with a training and a control arm: ten trained people who gain 3 tricks, and
    five controls who gain 1 (their first sessions spread so sessions 1 and 2 correlate)."""
    study = make_study()
    training = StudyArm.objects.create(study=study, name="training")
    control = StudyArm.objects.create(study=study, name="control", control=True)
    people = []
    for i in range(10):
        p = make_participant(study=study, arm=training)
        start = 8 + i
        _sessions(p, [start, start + 0.5, start + 1, start + 3, start + 3.5, start + 4])
        people.append(p)
    for i in range(5):
        p = make_participant(study=study, arm=control)
        start = 9 + i
        _sessions(p, [start, start + 0.5, start + 1, start + 1, start + 1.5, start + 2])
    return study, people


def test_the_control_arms_gain_corrects_the_trained_participants_change(cohort):
    study, _ = cohort
    services.cohort_norms_refresh(study=study)
    norm = CohortNorm.objects.get(study=study, key="tricks_won")
    # Every control: baseline start + 0.5, latest start + 1.5 -> a practice gain of 1.0.
    assert (norm.control_gain, norm.control_n) == (pytest.approx(1.0), 5)
    # The whole cohort's gain mixes in the trained (3.0 each): (10 * 3 + 5 * 1) / 15.
    assert norm.retest_gain == pytest.approx(35 / 15)
    firsts = [8 + i for i in range(10)] + [9 + i for i in range(5)]
    assert norm.session_sd == pytest.approx(statistics.stdev(firsts))
    assert norm.reliability == pytest.approx(1.0)  # session 2 is session 1 + 0.5 for all
    assert norm.reliability_n == 15


def test_a_perfect_retest_correlation_gives_no_rci_and_a_usable_one_does(cohort):
    study, people = cohort
    services.cohort_norms_refresh(study=study)
    services.participant_trends_refresh(participant=people[0])
    rci = MetricValue.objects.get(
        level="participant", subject_id=people[0].pk, key="tricks_won"
    ).details["rci"]
    # r = 1 would make the measurement error zero: not a reliability to compute with.
    assert rci["status"] == "no_reliability"

    CohortNorm.objects.filter(study=study, key="tricks_won").update(reliability=0.64)
    norm = CohortNorm.objects.get(study=study, key="tricks_won")
    services.participant_trends_refresh(participant=people[0])
    rci = MetricValue.objects.get(
        level="participant", subject_id=people[0].pk, key="tricks_won"
    ).details["rci"]
    # Baseline 8.5, latest 11.5 (k = 3), SD of first sessions, r = 0.64:
    # S_diff = SD * sqrt(0.36) * sqrt(2/3); raw RCI = 3 / S_diff; corrected (3 - 1) / S_diff.
    s_diff = norm.session_sd * 0.6 * math.sqrt(2 / 3)
    assert rci["k"] == 3 and rci["trials_baseline"] == 9
    assert rci["value"] == pytest.approx(3 / s_diff)
    assert rci["corrected"] == pytest.approx(2 / s_diff)
    assert rci["source"] == "the study's own retest data (sessions 1 and 2)"
    assert rci["practice_source"] == "the study's control arm (n = 5)"
    assert rci["reliable"] == (abs(2 / s_diff) >= 1.959964)
