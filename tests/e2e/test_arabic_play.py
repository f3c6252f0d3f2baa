"""End-to-end in Arabic: a participant enrolled in Arabic takes the practice round and then the
real game on a phone and on a tablet. Every screen of the game is right to left, in Arabic,
fits without sideways scrolling and is axe clean; the clinician's own pages stay in English."""

from __future__ import annotations

import re

import pytest

from apps.games.models import Game
from apps.training.models import TrainingSession
from tests.e2e.conftest import PASSWORD, enrol_with_consent, login_as, run_axe
from tests.e2e.players import play_memulation
from tests.e2e.test_practice import first_sessions

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ARABIC = re.compile(r"[\u0600-\u06FF]")


def right_to_left_and_fitting(page, moment: str) -> None:
    """The page as it is now: Arabic, right to left, no wider than the screen, axe clean."""
    assert page.evaluate("document.documentElement.dir") == "rtl", moment
    assert page.evaluate("document.documentElement.lang") == "ar", moment
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth"), moment
    assert run_axe(page) == [], moment


def checking(shot, size: str):
    """The players' screenshot hook, checking each screen of the game it is called on."""
    moments = []

    def take(page, name: str) -> None:
        shot(page, f"arabic-{name}-{size}", full_page=False)
        right_to_left_and_fitting(page, name)
        moments.append(name)

    take.moments = moments
    return take


@pytest.mark.parametrize(("width", "height"), [(320, 568), (1024, 768)])
def test_a_practice_round_and_a_real_game_in_arabic(new_page, staff, shot, width, height):
    size = f"{width}x{height}"
    protocol = first_sessions(staff)
    participant = enrol_with_consent(staff["study"], staff["clinician"], language="ar")
    page = new_page(width, height)
    login_as(page, staff["clinician"])
    page.goto(f"/participants/{participant.pk}")
    page.get_by_label("Protocol").select_option(value=str(protocol.pk))
    page.get_by_role("button", name="Start the session").click()
    page.get_by_test_id("practice-start").click()
    page.get_by_test_id("game-practice").wait_for()
    assert page.evaluate("document.documentElement.dir") == "ltr"  # the clinician's English

    # Handed over: the participant's language from the first screen on.
    page.get_by_test_id("hand-over").click()
    intro = page.get_by_test_id("practice-intro")
    intro.wait_for()
    page.locator("html[dir=rtl]").wait_for(state="attached")
    assert ARABIC.search(intro.inner_text())
    for name in ("Memulation", "Lame Duck", "Pritticut"):  # the game's names, kept as names
        assert name in intro.inner_text(), name
    right_to_left_and_fitting(page, "practice rules")
    page.get_by_test_id("practice-begin").click()

    practice_screens = checking(shot, size)
    seen = play_memulation(page, shot=practice_screens)
    assert seen.started_by_hand and seen.stragedy_intended
    done = page.get_by_test_id("practice-done")
    done.wait_for()
    assert ARABIC.search(done.inner_text())
    right_to_left_and_fitting(page, "practice done")
    assert {"memulation-00-start", "memulation-03-play"} <= set(practice_screens.moments)

    # The clinician takes the device back (the sign-in asked in the participant's language).
    page.get_by_test_id("leave-open").click()
    dialog = page.get_by_test_id("leave-dialog")
    assert ARABIC.search(dialog.inner_text())
    dialog.locator("input[autocomplete=username]").fill(staff["clinician"].username)
    dialog.locator("input[autocomplete=current-password]").fill(PASSWORD)
    dialog.get_by_test_id("leave").click()
    dialog.wait_for(state="hidden")
    real_start = page.get_by_test_id("start-game")
    real_start.wait_for()
    page.locator("html[dir=ltr]").wait_for(state="attached")
    real_start.click()
    real_game = page.locator("[data-game]:not(:has([data-testid=game-practice]))")
    real_game.get_by_test_id("hand-over").click()
    page.locator("html[dir=rtl]").wait_for(state="attached")
    start = page.get_by_test_id("exam-start")
    start.wait_for()
    assert ARABIC.search(start.inner_text())

    game_screens = checking(shot, size)
    play_memulation(page, shot=game_screens)
    assert {
        "memulation-00-start",
        "memulation-01-examination",
        "memulation-03-play",
        "memulation-08-match-summary",
    } <= set(game_screens.moments), game_screens.moments
    session = TrainingSession.objects.get(participant=participant)
    assert session.status == "completed"
    assert Game.objects.filter(session=session, practice=False, status="finished").exists()
    assert not page.console_errors, page.console_errors
