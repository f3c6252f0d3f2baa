"""Keyboard and sight: the hand is one tab stop with the arrow keys inside it, the 'Stragedy's
picker of 52 cards is one tab stop too, the focus goes to the next thing to do (the hand choice,
the picker, the old tricks); the countdown's bar stays visible in forced colours; computer seats
say so, and on a phone Mendikot's seats keep their places around the table."""

from __future__ import annotations

import pytest

from apps.games import links, practice
from apps.training import services as training
from tests.e2e.conftest import enrol_with_consent, login_as
from tests.e2e.test_examination import late_game
from tests.e2e.test_keyboard import mendikot_game
from tests.e2e.test_practice import first_sessions

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TAB_STOPS_IN = """sel => [...document.querySelectorAll(sel + ' button')]
  .filter(b => b.tabIndex >= 0 && !b.disabled).length"""
FOCUS_IN = "sel => !!document.activeElement?.closest(sel)"
PICKER_BACKGROUNDS = """() => {
  const colour = b => getComputedStyle(b).backgroundColor;
  const all = [...document.querySelectorAll('.card-picker .picker-card')];
  return {chosen: colour(all.find(b => b.ariaPressed === 'true')),
          others: [...new Set(all.filter(b => b.ariaPressed !== 'true').map(colour))]}; }"""
MARK_OVER_A_NUMBER = """() => {
  const mark = document.querySelector('.chosen-mark').getBoundingClientRect();
  return [...document.querySelectorAll('[data-testid=old-piles] .pile-num')]
    .map(n => n.getBoundingClientRect())
    .filter(n => n.left < mark.right && mark.left < n.right
              && n.top < mark.bottom && mark.top < n.bottom)
    .map(n => n.toJSON()); }"""
ON_SCREEN = """() => { const r = document.activeElement.getBoundingClientRect();
  return r.top >= -1 && r.left >= -1
    && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; }"""


def test_the_examination_hand_is_one_tab_stop(new_page, staff):
    game = late_game(staff)
    device = new_page(1024, 768)
    device.goto(f"/play/{links.play_link_token(game)}")
    device.get_by_test_id("exam-start").click()
    device.get_by_test_id("exam-hand").wait_for()
    device.wait_for_function(FOCUS_IN, arg="[data-testid=exam-hand]")
    assert device.evaluate(TAB_STOPS_IN, "[data-testid=exam-hand]") == 1
    first = device.evaluate("document.activeElement.dataset.card")
    device.keyboard.press("ArrowRight")
    second = device.evaluate("document.activeElement.dataset.card")
    assert second != first
    # One Tab leaves the hand for the next control: 13 cards are one stop.
    device.keyboard.press("Tab")
    assert not device.evaluate(FOCUS_IN, "[data-testid=exam-hand]")
    device.keyboard.press("Shift+Tab")
    assert device.evaluate("document.activeElement.dataset.card") == second
    assert not device.console_errors, device.console_errors


def test_the_countdown_bar_is_seen_in_forced_colours(new_page, staff, shot):
    game = late_game(staff)
    device = new_page(390, 844)
    device.emulate_media(forced_colors="active")
    device.goto(f"/play/{links.play_link_token(game)}")
    device.get_by_test_id("exam-start").click()
    fill = device.locator(".countdown-fill")
    fill.wait_for()
    box = fill.bounding_box()
    assert box["width"] > 10 and box["height"] > 4
    colour = fill.evaluate("f => getComputedStyle(f).backgroundColor")
    page_colour = device.evaluate("getComputedStyle(document.body).backgroundColor")
    assert colour not in ("rgba(0, 0, 0, 0)", "transparent", page_colour), colour
    shot(device, "countdown-forced-colours", full_page=False)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1024, 768)])
def test_computer_seats_say_so_and_keep_their_places(new_page, staff, shot, width, height):
    game = mendikot_game(staff)
    device = new_page(width, height)
    device.goto(f"/play/{links.play_link_token(game)}")
    device.locator("[data-testid=hand] .card-btn").first.wait_for()
    seats = {
        place: device.locator(f".mendikot-grid .seat-{place}") for place in ("left", "top", "right")
    }
    for seat in seats.values():
        assert "computer" in seat.locator(".seat-name").inner_text()
    left, top, right = (seats[p].bounding_box() for p in ("left", "top", "right"))
    # Left of the table on the left, across in the middle, right on the right.
    assert left["x"] < top["x"] < right["x"]
    assert right["x"] + right["width"] <= width
    assert device.evaluate("document.documentElement.scrollWidth") <= width
    hand = device.locator("[data-testid=hand]")
    assert device.evaluate(TAB_STOPS_IN, "[data-testid=hand]") <= 1
    assert hand.count() == 1
    shot(device, f"mendikot-seats-{width}x{height}", full_page=False)


# A phone, and 1280x800 zoomed to 200% (the old tricks are below the fold there).
@pytest.mark.parametrize(("width", "height"), [(390, 844), (640, 400)])
def test_the_stragedy_by_keyboard_one_tab_stop_for_52_cards(new_page, staff, shot, width, height):
    # The short practice game: the participant is Lame Duck and makes the 'Stragedy after
    # three tricks.
    protocol = first_sessions(staff)
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    session = training.session_create(
        participant=participant, protocol=protocol, actor=staff["clinician"]
    )
    played = practice.practice_create(session=session)
    device = new_page(width, height)
    login_as(device, staff["clinician"])
    device.goto(f"/games/{played.pk}/play")
    device.get_by_test_id("practice-begin").click()
    device.get_by_test_id("exam-start").click()
    picker = device.locator(".card-picker")
    for _ in range(400):
        if picker.count():
            break
        if device.locator("[data-testid=ready]:enabled").count():
            device.get_by_test_id("ready").click()
        elif device.evaluate("() => !!document.activeElement?.closest('[data-testid=hand]')"):
            for _ in range(14):
                if device.evaluate("() => document.activeElement.matches('.card-btn.legal')"):
                    break
                device.keyboard.press("ArrowRight")
            device.keyboard.press("Enter")
        device.wait_for_timeout(150)
    picker.wait_for()
    # The picker has the focus (its button before it went), as one tab stop of 52 cards.
    device.wait_for_function(FOCUS_IN, arg=".card-picker")
    assert device.evaluate(TAB_STOPS_IN, ".card-picker") == 1
    assert device.evaluate("document.documentElement.scrollWidth") <= width
    box = picker.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    shot(device, f"stragedy-picker-{width}x{height}", full_page=False)
    presses = 0

    def press(key):
        nonlocal presses
        presses += 1
        device.keyboard.press(key)

    press("ArrowDown")  # the same rank in the next suit
    press("ArrowRight")
    press("Enter")  # named
    # In forced colours the named card still stands out from the other 51.
    device.emulate_media(forced_colors="active")
    colours = device.evaluate(PICKER_BACKGROUNDS)
    device.emulate_media(forced_colors="none")
    assert colours["chosen"] not in colours["others"], colours
    press("Tab")  # to "Next"
    assert device.evaluate("document.activeElement.dataset.testid") == "intended-next"
    press("Enter")
    device.wait_for_function(FOCUS_IN, arg="[data-testid=old-piles]")
    assert device.evaluate(TAB_STOPS_IN, "[data-testid=old-piles]") == 1
    # The face-down card with the focus is on screen.
    assert device.evaluate(ON_SCREEN), device.evaluate(
        "() => [scrollY, document.activeElement.getBoundingClientRect().toJSON()]"
    )
    press("Enter")  # a face-down card picked
    device.get_by_test_id("turn-up").wait_for(state="visible")
    # Its mark leaves every trick's number in sight.
    assert device.evaluate(MARK_OVER_A_NUMBER) == [], device.evaluate(MARK_OVER_A_NUMBER)
    for _ in range(3):
        if device.evaluate("document.activeElement.dataset.testid") == "turn-up":
            break
        press("Tab")
    press("Enter")
    device.locator(".table[data-phase=play]").wait_for()
    assert presses <= 10, presses
    assert not device.console_errors, device.console_errors
