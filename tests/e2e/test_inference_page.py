"""End-to-end: the clinician's participant page says what the data are. A primary measure is read
only at the study's assessment points, with every input; other measures are exploratory and
never judged; each value carries its n and its session; and in a study whose own retest
reliability is r = 0.10, no "reliable" word appears anywhere on the page, which says instead what
the reading lacks."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from apps.common import clock
from apps.metrics.catalogue import CATALOGUE
from apps.metrics.models import MetricValue
from apps.metrics.services import participant_readings_refresh
from apps.participants.services import study_update
from tests.e2e.conftest import enrol_with_consent, login_as, session_held

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _enrolled(staff):
    """A consenting participant enrolled seven weeks ago (their weekly sessions lie between)."""
    with clock.installed(clock.ManualClock(clock.now() - timedelta(weeks=7))):
        return enrol_with_consent(staff["study"], staff["clinician"])


def _held(staff, participant, protocol, by_key):
    """Completed sessions a week apart from enrolment with stored session values (value, n),
    as the metric jobs leave them; a value of None: the session has none."""
    count = max(len(series) for series in by_key.values())
    for i in range(count):
        at = participant.created_at + timedelta(weeks=i, hours=1)
        session = session_held(staff, participant, protocol, at)
        for key, series in by_key.items():
            value, n = series[i]
            if value is None:
                continue
            MetricValue.objects.create(
                level="session", subject_id=session.pk, participant=participant,
                session=session, key=key, version=CATALOGUE[key].version, value=value, n=n,
            )  # fmt: skip


def _declare(staff, **more):
    return study_update(
        study=staff["study"],
        actor=staff["researcher"],
        primary_metrics=["tricks_won"],
        assessment_points=[
            {"kind": "baseline", "session": 1},
            {"kind": "post_training", "label": "After six weeks", "session": 6},
        ],
        **more,
    )


def test_a_low_retest_reliability_shows_no_reliable_word(page, staff):
    _declare(staff, retest_interval_days=7)
    rng = random.Random(3)
    for _ in range(32):  # the study's own retest data: r about 0.1
        other = _enrolled(staff)
        pair = [(rng.gauss(10, 2), 3), (rng.gauss(10, 2), 3)]
        _held(staff, other, staff["memulation"], {"tricks_won": pair})
    person = _enrolled(staff)
    _held(staff, person, staff["memulation"], {"tricks_won": [(4, 3), (6, 3), (9, 3), (12, 3),
                                                       (15, 3), (19, 3)]})  # fmt: skip
    participant_readings_refresh(participant=person)

    login_as(page, staff["clinician"])
    page.goto(f"/participants/{person.pk}")
    reading = page.get_by_test_id("assessment-tricks_won-post_training")
    reading.wait_for(timeout=30_000)
    assert "No change reading: No usable test-retest reliability" in reading.inner_text()
    assert "the study's retest ICC is" in reading.inner_text()
    page.wait_for_load_state("networkidle")
    assert "reliable" not in page.locator("main").inner_text().lower()
    assert not page.console_errors, page.console_errors


def test_primary_and_exploratory_readings_with_their_inputs(page, staff):
    import io

    from apps.metrics.norms import norms_load

    _declare(staff)
    norms_load(
        io.StringIO(
            "key,version,age_band,game,examination_seconds,opponent,mean,sd,n,source,retest_r,"
            "retest_n,retest_source\n"
            "tricks_won,1,unknown,memulation,5,greedy,12,2.5,118,Example norms,0.8,64,"
            "Example 2027 Table 5\n"
        )
    )
    person = _enrolled(staff)
    _held(
        staff,
        person,
        staff["memulation"],
        {
            "tricks_won": [(15, 3), (14, 3), (15, 3), (10, 3), (11, 3), (10, 3)],
            "recall_hit": [(1, 1), (0, 1), (1, 1), (1, 1), (0, 1), (1, 1)],  # never enough
            "illegal_attempts": [(0.1, 3), (None, 0), (0.4, 3), (0.8, 3), (1.1, 3), (1.4, 3)],
            "optimal_play_rate": [(None, 0)] * 5 + [(0.8, 30)],  # one value: no chart
        },
    )
    participant_readings_refresh(participant=person)

    login_as(page, staff["clinician"])
    page.goto(f"/participants/{person.pk}")
    claims = page.get_by_test_id("claims")
    claims.wait_for(timeout=30_000)
    assert "read only at the study's assessment points" in claims.inner_text()
    point = page.get_by_test_id("assessment-tricks_won-post_training").inner_text()
    # Baseline 15, session 6: 10; SEM 2.5 sqrt(0.2); S_diff sqrt(2) SEM = 1.58; RCI -3.16.
    assert "reliable decline" in point
    assert "15 tricks (session 1, n = 3) to 10 tricks (session 6, n = 3)" in point
    assert "RCI -3.16" in point
    assert "no practice correction (the study has no control arm)" in point
    latest = page.get_by_test_id("latest-tricks_won").inner_text()
    assert latest == "10 (n = 3, session 6)"
    assert page.get_by_test_id("glance").get_by_text("reliable decline: Tricks won").count() == 1

    hit = page.get_by_test_id("reading-recall_hit").inner_text()
    assert hit.startswith("Exploratory. No trend yet: 0 of the 5 sessions")
    assert "0 of 6 sessions count" in page.get_by_test_id("counted-recall_hit").inner_text()
    assert (
        page.get_by_test_id("no-chart-optimal_play_rate")
        .inner_text()
        .startswith("One session so far")
    )
    page.get_by_text("Other measures").click()
    illegal = page.get_by_test_id("reading-illegal_attempts").inner_text()
    assert illegal.startswith("Exploratory (not a planned claim): rising")
    for word in ("improvement", "decline", "reliable"):
        assert word not in illegal.lower()
    # The chart of tricks won numbers the sessions as the sessions' table does.
    chart = page.locator("article[data-metric=tricks_won]")
    ticks = chart.locator(".recharts-xAxis-tick-labels text").all_text_contents()
    assert ticks[0] == "#1" and ticks[-1] == "#6", ticks
    assert not page.console_errors, page.console_errors
