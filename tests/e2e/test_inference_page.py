"""End-to-end: the clinician's participant page prints every reliable change with the r, SD, k
and source it used, and says "not enough data yet" below a metric's minimum trials."""

from __future__ import annotations

import pytest
from django.utils import timezone

from apps.metrics.models import MetricValue, ReferenceNorm
from apps.metrics.services import participant_readings_refresh
from tests.apps.factories import make_session
from tests.e2e.conftest import enrol_with_consent, login_as

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _session_values(participant, protocol, by_key):
    """Six completed sessions with stored session values, as the metric jobs leave them."""
    for i in range(6):
        session = make_session(
            participant=participant,
            protocol=protocol,
            status="completed",
            started_at=timezone.now(),
            completed_at=timezone.now(),
        )
        for key, (values, n) in by_key.items():
            MetricValue.objects.create(
                level="session",
                subject_id=session.pk,
                participant=participant,
                session=session,
                key=key,
                version=1,
                value=values[i],
                n=n,
            )


def test_the_participant_page_shows_each_rcis_inputs(page, staff):
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    participant.age_band = "70-79"
    participant.save()
    ReferenceNorm.objects.create(
        key="tricks_won", age_band="70-79", mean=12, sd=2.5, n=118, source="Example norms",
        retest_r=0.8, retest_source="Example 2027, Table 5",
    )  # fmt: skip
    _session_values(
        participant,
        staff["memulation"],
        {
            "tricks_won": ([10, 11, 10, 14, 15, 14], 3),  # three rounds a session
            "recall_hit": ([0, 1, 0, 1, 1, 1], 1),  # one 'Stragedy a session
        },
    )
    participant_readings_refresh(participant=participant)

    login_as(page, staff["clinician"])
    page.goto(f"/participants/{participant.pk}")
    hit = page.get_by_test_id("rci-recall_hit")
    hit.wait_for(timeout=30_000)
    assert hit.inner_text().startswith("Not enough data yet: the baseline rests on 3")
    assert page.get_by_test_id("z-recall_hit").inner_text().startswith("Not enough data yet")

    page.get_by_text("Other measures").click()
    inputs = page.get_by_test_id("rci-inputs-tricks_won").inner_text()
    # Baseline 10.33, latest 14.33, k = 3: RCI = 4 / (2.5 * sqrt(0.2) * sqrt(2/3)) = 4.38.
    assert "RCI 4.38" in inputs
    assert "r = 0.80" in inputs and "SD = 2.50" in inputs and "k = 3 sessions" in inputs
    assert "norms file: Example 2027, Table 5" in inputs
    assert "no practice correction" in inputs
    assert not page.console_errors, page.console_errors
