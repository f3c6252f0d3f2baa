"""Participant mode: a device handed over, or opened by a participant's link, reaches only its
game. The address bar and the browser's Back button lead back to the game; leaving takes the
PIN the clinician set when handing over (five wrong ones leave only a staff sign-in), or a
staff sign-in."""

from __future__ import annotations

import pytest

from apps.games import links
from apps.games.models import Game
from apps.training import services as training
from tests.e2e.conftest import PASSWORD, enrol_with_consent, leave_game, login_as, run_axe

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def a_game(staff) -> Game:
    from apps.games import services as games

    participant = enrol_with_consent(staff["study"], staff["clinician"])
    session = training.session_create(
        participant=participant, protocol=staff["memulation"], actor=staff["clinician"]
    )
    return games.game_create(session=session)


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (390, 844)])
def test_a_handed_over_device_stays_on_the_game_until_the_pin(new_page, staff, shot, width, height):
    game = a_game(staff)
    page = new_page(width, height)
    login_as(page, staff["clinician"])
    page.goto(f"/sessions/{game.session_id}")
    page.get_by_test_id("hand-over-pin").fill("12")
    assert page.get_by_test_id("hand-over").is_disabled()  # too short
    page.get_by_test_id("hand-over-pin").fill("4821")
    page.get_by_test_id("hand-over").click()
    page.get_by_test_id("exam-start").wait_for()
    assert page.url.endswith(f"/games/{game.pk}/play")
    assert page.get_by_role("link", name="Staff: back").count() == 0

    # The browser's Back button, the address bar: the game again.
    page.go_back()
    page.get_by_test_id("exam-start").wait_for()
    assert page.url.endswith(f"/games/{game.pk}/play")
    page.go_back()
    page.get_by_test_id("exam-start").wait_for()
    assert page.url.endswith(f"/games/{game.pk}/play")
    page.goto("/participants/1")
    page.get_by_test_id("exam-start").wait_for()
    assert page.url.endswith(f"/games/{game.pk}/play")
    assert page.get_by_test_id("participant-code").count() == 0

    # A wrong PIN is refused and keeps the game; the right one goes back to the session page.
    page.get_by_test_id("leave-open").click()
    dialog = page.get_by_test_id("leave-dialog")
    dialog.get_by_label("The PIN set when the device was handed over").fill("0000")
    dialog.get_by_test_id("leave").click()
    assert "not right" in dialog.get_by_role("alert").inner_text()
    shot(page, f"participant-mode-pin-{width}x{height}", full_page=False)
    assert run_axe(page) == []
    dialog.get_by_role("button", name="Back to the game").click()
    leave_game(page, staff["clinician"], pin="4821")
    page.get_by_test_id("session-status").wait_for()
    assert page.url.endswith(f"/sessions/{game.session_id}")
    page.goto("/")
    page.get_by_test_id("participant-table").wait_for()
    assert not page.console_errors, page.console_errors


def test_five_wrong_pins_leave_only_a_staff_sign_in(page, staff):
    game = a_game(staff)
    login_as(page, staff["clinician"])
    page.goto(f"/sessions/{game.session_id}")
    page.get_by_test_id("hand-over-pin").fill("4821")
    page.get_by_test_id("hand-over").click()
    page.get_by_test_id("exam-start").wait_for()
    page.get_by_test_id("leave-open").click()
    dialog = page.get_by_test_id("leave-dialog")
    for _ in range(5):
        dialog.get_by_label("The PIN set when the device was handed over").fill("1111")
        dialog.get_by_test_id("leave").click()
        dialog.get_by_role("alert").wait_for()
    assert "staff sign-in" in dialog.get_by_role("alert").inner_text()
    assert dialog.get_by_label("The PIN set when the device was handed over").count() == 0
    dialog.get_by_label("User name").fill(staff["clinician"].username)
    dialog.get_by_label("Password").fill("not the password")
    dialog.get_by_test_id("leave").click()
    dialog.get_by_text("The user name or the password is not right.").wait_for()
    dialog.get_by_label("Password").fill(PASSWORD)
    dialog.get_by_test_id("leave").click()
    page.get_by_test_id("session-status").wait_for()


def test_a_device_opened_by_link_reaches_only_its_game(new_page, staff):
    game = a_game(staff)
    device = new_page(390, 844)
    path = f"/play/{links.play_link_token(game)}"
    device.goto(path)
    device.get_by_test_id("exam-start").wait_for()
    for elsewhere in ("/", "/login", f"/sessions/{game.session_id}"):
        device.goto(elsewhere)
        device.get_by_test_id("exam-start").wait_for()
        assert device.url.endswith(path)
    # Leaving takes a staff sign-in.
    leave_game(device, staff["clinician"])
    device.get_by_test_id("participant-table").wait_for()


def test_a_device_opened_by_link_can_type_the_next_games_code(new_page, staff):
    """The next session, on the phone that opened the last one: the staff give its code."""
    first = a_game(staff)
    device = new_page(390, 844)
    device.goto(f"/play/{links.play_link_token(first)}")
    device.get_by_test_id("exam-start").wait_for()
    second = a_game(staff)
    code = links.join_code_made(second)

    device.goto("/join")
    device.get_by_label("The code you were given").fill(code)
    device.get_by_role("button", name="Open the game").click()
    device.wait_for_url("**/play/**")
    device.get_by_test_id("exam-start").wait_for()
    token = device.url.rsplit("/play/", 1)[1].strip("/")
    assert links.play_link_claim(token).game_id == second.pk
    # Kept on the new game now.
    device.goto("/")
    device.get_by_test_id("exam-start").wait_for()
    assert device.url.endswith(f"/play/{token}")
    assert not device.console_errors, device.console_errors


def test_a_link_that_no_longer_works_keeps_no_device(new_page, staff):
    device = new_page(390, 844)
    device.goto("/play/not-a-game-link")
    device.get_by_role("heading", name="This game cannot be shown").wait_for()
    device.goto("/join")
    device.get_by_role("heading", name="Join a game").wait_for()
    assert device.url.endswith("/join")

    # A device kept on its game stays on it after a dead link, and opens the code page.
    game = a_game(staff)
    path = f"/play/{links.play_link_token(game)}"
    device.goto(path)
    device.get_by_test_id("exam-start").wait_for()
    device.goto("/play/not-a-game-link")
    device.get_by_role("heading", name="This game cannot be shown").wait_for()
    device.goto("/")
    device.get_by_test_id("exam-start").wait_for()
    assert device.url.endswith(path)
    device.goto("/join")
    device.get_by_role("heading", name="Join a game").wait_for()
