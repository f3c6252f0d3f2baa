"""The study's inputs behind a participant's readings, from stored session values (real rows in
the real database): the retest protocol's gate, the control arm's leave-one-out practice
correction, the cohort z-score and the readings' history."""

import random
import statistics
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.metrics import services, stats
from apps.metrics.catalogue import CATALOGUE
from apps.metrics.inputs import StudyInputs
from apps.metrics.models import MetricValue, Reading
from apps.participants.models import Participant, StudyArm
from apps.participants.services import study_create
from tests.apps.factories import (
    make_participant,
    make_protocol,
    make_session,
    open_study,
    withdraw_consent,
)

pytestmark = pytest.mark.django_db

POINTS = [{"kind": "baseline", "session": 1}, {"kind": "post_training", "session": 3}]


def held(
    participant,
    values,
    *,
    key="tricks_won",
    n=3,
    days=(0, 7, 14, 21, 28, 35),
    rows=False,
    protocols=(),
):
    """Completed sessions, the i-th ``days[i]`` after enrolment (under ``protocols[i]``, if
    given), with a session value each: held through the services on a clock set to each
    (consent recorded at the first when none is on record), or with ``rows`` written as rows."""
    for i, (value, day) in enumerate(zip(values, days, strict=False)):
        at = participant.created_at + timedelta(days=day, hours=1)
        protocol = protocols[i] if i < len(protocols) else None
        if rows:
            session = make_session(
                participant=participant, status="completed", started_at=at, completed_at=at
            )
        else:
            session = make_session(
                participant=participant, protocol=protocol, status="completed", at=at
            )
        if value is None:
            continue
        MetricValue.objects.create(
            level="session", subject_id=session.pk, participant=participant, session=session,
            key=key, version=CATALOGUE[key].version, value=value, n=n,
        )  # fmt: skip


def withdrawn_after_sittings(participant):
    """Consent withdrawn the day after the participant's last sitting."""
    last = participant.sessions.latest("completed_at").completed_at
    return withdraw_consent(participant, at=last + timedelta(days=1))


def consented(study, **fields):
    return make_participant(study=study, consent_date=timezone.localdate(), **fields)


@pytest.fixture
def study(researcher):
    return study_create(
        actor=researcher,
        name="Retest",
        primary_metrics=["tricks_won"],
        assessment_points=POINTS,
        retest_interval_days=7,
    )


def test_the_retest_protocol_passes_the_gate_with_a_high_icc_on_thirty(study):
    rng = random.Random(4)
    pairs = []
    for i in range(30):
        first = 6 + i * 0.3
        second = first + rng.choice((-0.2, 0.2))
        pairs.append((first, second))
        held(consented(study), [first, second])
    late = consented(study)
    held(late, [5, 9], days=(0, 10))  # ten days apart: not the protocol's seven
    longer = make_protocol(study=study, examination_seconds=60)
    moved = consented(study)
    held(moved, [5, 9], protocols=[None, longer])  # its retest ran at 60 s, its baseline at 30
    withdrawn = consented(study)
    held(withdrawn, [1, 20])
    withdrawn_after_sittings(withdrawn)
    inputs = StudyInputs(study)
    assert sorted(inputs.retest_pairs("tricks_won", "memulation")) == sorted(pairs)
    icc = stats.icc_agreement(pairs)
    gate = inputs.gate("tricks_won", "memulation", "unknown", {})
    assert not gate.missing
    assert gate.r == pytest.approx(icc.icc) and gate.low == pytest.approx(icc.low)
    assert gate.low >= 0.70 and gate.n == 30
    assert gate.source.startswith(f"the study's retest protocol: ICC(A,1) {icc.icc:.2f}")


def test_a_low_retest_reliability_gives_no_reliable_word_anywhere(study, clinician, client_for):
    """r about 0.10 in the study's own retest data: no reliable change, in the API, the report
    or its words; the dashboard says what is missing."""
    rng = random.Random(7)
    for _ in range(32):
        held(consented(study), [rng.gauss(10, 2), rng.gauss(10, 2)])
    pairs = StudyInputs(study).retest_pairs("tricks_won", "memulation")
    assert stats.pearson([a for a, _ in pairs], [b for _, b in pairs]) < 0.3
    study.clinicians.add(clinician)
    person = consented(study, clinicians=[clinician])
    held(person, [4, 9, 18, 18])  # a huge change at the end of training
    services.participant_readings_refresh(participant=person)

    summary = client_for(clinician).get(f"/api/participants/{person.pk}/summary/").json()
    tricks = next(m for m in summary["metrics"] if m["key"] == "tricks_won")
    change = tricks["assessments"][0]["change"]
    assert change["status"] == "no_reliability"
    assert "the study's retest ICC is" in change["missing"]
    assert summary["words"] == []
    assert "reliable" not in str(summary).lower()
    report = client_for(clinician).get(f"/api/participants/{person.pk}/report/")
    from tests.apps.reports.test_report import _pages

    text = "\n".join(_pages(report.content)).lower()
    assert "no change reading: no usable test-retest reliability" in text
    assert "reliable" not in text


def test_the_practice_correction_leaves_the_participant_out(study):
    open_study(study, [("control", "unknown")] * 8 + [("training", "unknown")])
    controls = [consented(study, arm="control") for _ in range(6)]
    for i, person in enumerate(controls):
        held(person, [10, 10, 10 + i])  # gains 0, 1, ..., 5
    # A gain to a point played against another opponent than the baseline was is the
    # settings' as much as practice's: it corrects no one.
    perfect = make_protocol(study=study, opponent="perfect")
    held(consented(study, arm="control"), [10, 10, 25], protocols=[None, None, perfect])
    withdrawn = consented(study, arm="control")
    held(withdrawn, [10, 10, 40])
    withdrawn_after_sittings(withdrawn)
    held(consented(study, arm="training"), [10, 10, 30])  # a trained gain never corrects
    inputs = StudyInputs(study)
    point = study.assessment_points.get(kind="post_training").pk
    assert inputs.gains("tricks_won", "memulation", point) == {
        p.pk: float(i) for i, p in enumerate(controls)
    }
    ctx = inputs.context(controls[5], inputs.held[controls[5].pk])
    practice = ctx.practice("tricks_won", "memulation", point)
    assert (practice.gain, practice.n) == (2.0, 5)  # 0..4 without their own 5
    assert practice.sd == pytest.approx(stats.sem_of_mean(sd=1.5811388, reliability=0))


def test_the_cohort_z_is_the_control_arm_at_the_same_session_without_the_participant(study):
    open_study(study, [("control", "unknown")] * 6)
    others = [consented(study, arm="control") for _ in range(5)]
    for i, person in enumerate(others):
        held(person, [8, 9, 10 + i])  # session 3: 10..14
    # In the control arm with sittings but no consent on record, which the services never
    # allow: written as rows, and left out of the cohort.
    control = StudyArm.objects.get(study=study, control=True)
    held(
        Participant.objects.create(study=study, code="MX-ROWS2", arm=control),
        [8, 9, 100],
        rows=True,
    )
    person = consented(study, arm="control")
    held(person, [8, 9, 16])
    services.participant_readings_refresh(participant=person)
    row = MetricValue.objects.get(level="participant", subject_id=person.pk, key="tricks_won")
    z = row.details["readings"]["memulation"]["z"]["cohort"]
    assert (z["n"], z["session"], z["mean"]) == (5, 3, 12.0)
    assert z["z"] == pytest.approx((16 - 12) / stats.sem_of_mean(sd=1.5811388, reliability=0))


def test_readings_are_appended_when_they_change_and_only_then(study):
    person = consented(study)
    held(person, [10, 11])
    services.participant_readings_refresh(participant=person)
    services.participant_readings_refresh(participant=person)
    first = list(Reading.objects.filter(participant=person, key="tricks_won"))
    assert len(first) == 1 and first[0].role == "primary"
    held(person, [12], days=(14,))
    services.participant_readings_refresh(participant=person)
    history = Reading.objects.filter(participant=person, key="tricks_won").order_by("pk")
    assert [len(r.details["series"]) for r in history] == [2, 3]
    assert history[0].details == first[0].details  # the older reading is kept as it was


def test_the_cohort_reports_the_spread_of_the_control_arms_own_rcis(study, researcher):
    """Each control corrected by the other controls' gain, with the norms' error model: the SD
    of these RCIs says whether the model fits (about 1) or understates the spread."""
    import io
    import math

    from apps.metrics.cohort import cohort_figures
    from apps.metrics.norms import norms_load
    from tests.apps.factories import make_protocol

    norms_load(
        io.StringIO(
            "key,version,age_band,game,examination_seconds,opponent,mean,sd,n,source,retest_r,"
            "retest_n,retest_source\n"
            "tricks_won,1,70-79,memulation,30,greedy,10,2.5,118,Example,0.8,64,Example T5\n"
        )
    )
    protocol = make_protocol(study=study, examination_seconds=30, opponent="greedy")
    gains = [0, 1, 2, 3, 4, 5]
    open_study(study, [("control", "70-79")] * len(gains))
    for gain in gains:
        person = consented(study, arm="control", age_band="70-79")
        for value in (10, 10, 10 + gain):
            at = person.created_at + timedelta(hours=1)
            session = make_session(participant=person, protocol=protocol, status="completed", at=at)
            MetricValue.objects.create(
                level="session", subject_id=session.pk, participant=person, session=session,
                key="tricks_won", version=1, value=value, n=3,
            )  # fmt: skip
    (tricks,) = [m for m in cohort_figures(study) if m["key"] == "tricks_won"]
    (point,) = tricks["assessment_points"]
    # By hand: SEM^2 = 2.5^2 * 0.2 = 1.25; control i's practice is the other five's mean and SD.
    expected = []
    for i, gain in enumerate(gains):
        others = gains[:i] + gains[i + 1 :]
        mean = sum(others) / 5
        sd = math.sqrt(sum((g - mean) ** 2 for g in others) / 4)
        expected.append((gain - mean) / math.sqrt(2 * 1.25 + sd**2 / 5))
    assert (point["control_n"], point["practice_gain"]) == (6, 2.5)
    assert point["control_rci_n"] == 6
    assert point["control_rci_sd"] == pytest.approx(statistics.stdev(expected))
    # Six RCIs: their SD's 95% interval, sqrt(5 / chi-square(5) at 0.975 and 0.025 = 12.833 and
    # 0.8312), runs from 0.624 to 2.453 times it: far from telling 1 from 2.
    low, high = point["control_rci_sd_low"], point["control_rci_sd_high"]
    assert low / point["control_rci_sd"] == pytest.approx(math.sqrt(5 / 12.8325), abs=1e-4)
    assert high / point["control_rci_sd"] == pytest.approx(math.sqrt(5 / 0.831212), abs=1e-4)
    assert tricks["retest"]["declared"] and tricks["retest"]["pairs"] == 0


def test_the_nightly_readings_leave_a_withdrawn_participant_as_they_stood(study):
    stays, leaves = consented(study), consented(study)
    for person in (stays, leaves):
        held(person, [10, 11, 13, 12, 14])
    services.participant_readings_refresh(participant=leaves)
    stood = list(Reading.objects.filter(participant=leaves).values_list("pk", "details"))
    assert stood
    held(leaves, [15], days=(35,))  # a session on the record after the reading was made
    withdrawn_after_sittings(leaves)
    assert services.metrics_nightly()["participants"] == 1
    assert Reading.objects.filter(participant=stays).exists()
    assert list(Reading.objects.filter(participant=leaves).values_list("pk", "details")) == stood
    leaves.refresh_from_db()
    services.participant_readings_refresh(participant=leaves)  # a session's values computed anew
    assert Reading.objects.filter(participant=leaves).count() == len(stood)
