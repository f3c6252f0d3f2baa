"""End-to-end: a researcher declares the study's claims on its page (primary measures, assessment
points, a retest protocol) before its first session, and sees its cohort's figures."""

from __future__ import annotations

import pytest

from apps.participants.models import Study
from tests.e2e.conftest import login_as

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_researcher_declares_the_claims(page, staff):
    study = staff["study"]
    login_as(page, staff["researcher"])
    page.goto(f"/studies/{study.pk}/claims")
    page.get_by_text("None declared: every reading is exploratory.").wait_for(timeout=30_000)
    page.get_by_role("button", name="Declare the claims").click()
    page.get_by_label("Tricks won").check()
    first = page.get_by_test_id("point-1")
    first.get_by_label("Session").fill("12")
    page.get_by_role("button", name="Add a follow-up").click()
    follow = page.get_by_test_id("point-2")
    follow.get_by_label("Label").fill("3-month follow-up")
    follow.get_by_label("a window of days").check()
    follow.get_by_label("From day").fill("80")
    follow.get_by_label("to day").fill("100")
    page.get_by_label("Retest protocol: days between the baseline and its retest").fill("7")
    page.get_by_role("button", name="Save the claims").click()
    points = page.get_by_test_id("assessment-points")
    points.wait_for()
    assert points.inner_text().splitlines() == [
        "Baseline: session 1",
        "End of training: session 12",
        "Follow-up (3-month follow-up): days 80-100 after enrolment",
    ]
    assert page.get_by_test_id("primary-metrics").inner_text() == "Tricks won"
    assert "7 days apart" in page.get_by_test_id("retest").inner_text()
    study = Study.objects.get(pk=study.pk)
    assert study.primary_metrics == ["tricks_won"] and study.retest_interval_days == 7

    # A second baseline is refused, in words, and nothing changes.
    page.get_by_role("button", name="Declare the claims").click()
    page.get_by_test_id("point-1").get_by_label("Kind").select_option("baseline")
    page.get_by_role("button", name="Save the claims").click()
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert "A study has one baseline." in alert.inner_text()
    kinds = Study.objects.get(pk=study.pk).assessment_points.values_list("kind", flat=True)
    assert list(kinds) == ["baseline", "post_training", "follow_up"]
    page.get_by_role("button", name="Cancel").click()

    page.get_by_role("link", name="Cohort").click()
    page.get_by_text("No values yet.").wait_for()
    assert not page.console_errors, page.console_errors
