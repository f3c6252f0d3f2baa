"""Starting a session from the participant's page: a double click makes one session."""

from __future__ import annotations

import pytest

from apps.games.models import Game
from apps.training.models import TrainingSession
from tests.e2e.conftest import enrol_with_consent, login_as

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_double_click_on_start_makes_one_session_with_one_game(page, staff):
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    login_as(page, staff["clinician"])
    page.goto(f"/participants/{participant.pk}")
    page.get_by_label("Protocol").select_option(value=str(staff["memulation"].pk))
    start = page.get_by_role("button", name="Start the session")
    start.dblclick()
    # Two submits in one instant, before the page can redraw its button as busy.
    page.get_by_test_id("session-status").wait_for()
    page.wait_for_load_state("networkidle")
    assert TrainingSession.objects.filter(participant=participant).count() == 1
    assert Game.objects.filter(session__participant=participant).count() == 1


def test_two_submits_in_the_same_instant_make_one_session(page, staff):
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    login_as(page, staff["clinician"])
    page.goto(f"/participants/{participant.pk}")
    page.get_by_label("Protocol").select_option(value=str(staff["memulation"].pk))
    page.get_by_role("button", name="Start the session").wait_for()
    page.evaluate(
        "() => { const b = [...document.querySelectorAll('button')]"
        ".find(b => b.textContent === 'Start the session'); b.click(); b.click(); }"
    )
    page.get_by_test_id("session-status").wait_for()
    page.wait_for_load_state("networkidle")
    assert TrainingSession.objects.filter(participant=participant).count() == 1
    assert Game.objects.filter(session__participant=participant).count() == 1
