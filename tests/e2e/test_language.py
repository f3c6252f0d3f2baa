"""End-to-end: a participant chooses Arabic from the play screen's header; the page turns right
to left in Arabic at once, the participant's language is kept by the server (a reload opens in
it), and the screen still fits a phone and a tablet without sideways scrolling, axe clean."""

from __future__ import annotations

import pytest

from apps.games import links
from apps.participants.models import Participant
from tests.e2e.conftest import run_axe
from tests.e2e.test_examination import late_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def fits(device) -> bool:
    return device.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1024, 768)])
def test_a_participant_turns_the_play_screen_to_arabic(new_page, staff, shot, width, height):
    game = late_game(staff)
    participant = game.session.participant
    device = new_page(width, height)
    device.goto(f"/play/{links.play_link_token(game)}")
    device.get_by_test_id("exam-start").wait_for()
    assert device.evaluate("document.documentElement.dir") == "ltr"

    device.get_by_label("Language").select_option("ar")
    device.locator("html[dir=rtl]").wait_for(state="attached")
    assert device.evaluate("document.documentElement.lang") == "ar"
    assert device.get_by_label("اللغة").input_value() == "ar"
    participant.refresh_from_db()
    assert participant.language == "ar"
    shot(device, f"language-ar-{width}x{height}", full_page=False)
    assert fits(device)
    assert run_axe(device) == []

    # The participant's language, not the device's memory: another device opens in it too.
    other = new_page(width, height)
    other.goto(f"/play/{links.play_link_token(game)}")
    other.locator("html[dir=rtl]").wait_for(state="attached")
    assert other.get_by_label("اللغة").input_value() == "ar"
    assert Participant.objects.get(pk=participant.pk).language == "ar"
    assert not device.console_errors, device.console_errors
