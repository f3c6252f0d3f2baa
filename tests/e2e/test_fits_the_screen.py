"""The timed hand fits the screen: at a phone's 390x844 and a tablet's 1024x768, with every print
and card size, the Start button, all 13 cards and "I'm ready" are in view without scrolling
when the clock starts, and no page is wider than the screen. Each box is measured."""

from __future__ import annotations

import itertools
import json

import pytest

from apps.games import links
from tests.e2e.conftest import TRICK_PAUSE_MS, run_axe
from tests.e2e.test_examination import late_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREENS = [(390, 844), (1024, 768)]
# (larger print, card size): larger print makes the cards at least "large".
DISPLAYS = [
    (False, "standard"),
    (False, "large"),
    (False, "largest"),
    (True, "large"),
    (True, "largest"),
]


def device_with(new_page, width, height, large_print, card_size):
    device = new_page(width, height)
    settings = {
        "palette": "two",
        "largePrint": large_print,
        "cardSize": card_size,
        "trickPauseMs": TRICK_PAUSE_MS,
    }
    device.add_init_script(
        f"window.localStorage.setItem('memulation.display', {json.dumps(json.dumps(settings))});"
    )
    return device


def in_view(box, width, height) -> bool:
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width + 0.5
        and box["y"] + box["height"] <= height + 0.5
    )


def page_width(device) -> int:
    return device.evaluate("document.documentElement.scrollWidth")


@pytest.mark.parametrize(("width", "height"), SCREENS)
@pytest.mark.parametrize(("large_print", "card_size"), DISPLAYS)
def test_start_the_hand_and_im_ready_are_in_view_when_the_clock_starts(
    new_page, staff, shot, width, height, large_print, card_size
):
    game = late_game(staff)
    device = device_with(new_page, width, height, large_print, card_size)
    device.goto(f"/play/{links.play_link_token(game)}")
    name = f"fit-{width}x{height}-{'larger' if large_print else 'standard'}-{card_size}"

    start = device.get_by_test_id("exam-start")
    start.wait_for()
    assert in_view(start.bounding_box(), width, height), start.bounding_box()
    assert page_width(device) <= width
    shot(device, f"{name}-start", full_page=False)

    start.click()
    device.get_by_test_id("exam-hand").wait_for()
    device.get_by_test_id("countdown").wait_for()
    cards = device.locator("[data-testid=exam-hand] .card-btn")
    assert cards.count() == 13
    boxes = [cards.nth(i).bounding_box() for i in range(13)]
    shot(device, f"{name}-clock", full_page=False)
    outside = [i for i, box in enumerate(boxes) if not in_view(box, width, height)]
    assert outside == [], (outside, boxes)
    ready = device.get_by_test_id("ready").bounding_box()
    assert in_view(ready, width, height), ready
    assert in_view(device.get_by_test_id("countdown").bounding_box(), width, height)
    assert device.evaluate("window.scrollY") == 0
    assert page_width(device) <= width
    assert run_axe(device) == []
    assert not device.console_errors, device.console_errors


HEADER_BOXES = """() => [...document.querySelectorAll('.play-header > *')]
  .filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect();
    return {cls: e.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })"""


# The language's own name on the play header's picker, as it shows, against the width a copy of
# the picker holding that name alone takes when nothing narrows it.
LANGUAGE_SHOWN = """() => {
  const picker = document.querySelector('.play-header .language-picker select');
  const alone = picker.cloneNode(false);
  const chosen = picker.options[picker.selectedIndex];
  alone.append(chosen.cloneNode(true));
  alone.style.cssText = 'position: absolute; visibility: hidden; inline-size: auto;'
    + ' max-inline-size: none; min-inline-size: 0';
  picker.parentNode.append(alone);
  const needs = alone.getBoundingClientRect().width;
  alone.remove();
  return {name: chosen.text, needs, has: picker.getBoundingClientRect().width}; }"""


@pytest.mark.parametrize(("width", "large_print"), [(320, False), (320, True), (390, False)])
@pytest.mark.parametrize("language", ["fr", "es", "de", "ar", "en"])
def test_the_play_header_fits_a_phone(new_page, staff, language, width, large_print):
    """320 px wide (the narrowest phone, or 1280 px zoomed to 400%) in standard and larger print,
    and 390 px: the header's controls, in the participant's language, side by side without
    overlapping, the language's name whole on its picker, and no page wider than the screen."""
    from tests.e2e.conftest import enrol_with_consent

    participant = enrol_with_consent(staff["study"], staff["clinician"], language=language)
    game = late_game(staff, participant=participant)
    device = device_with(new_page, width, 568, large_print, "large")
    device.goto(f"/play/{links.play_link_token(game)}")
    device.get_by_test_id("exam-start").wait_for()
    device.locator(f"html[lang={language}]").wait_for(state="attached")
    shown = device.evaluate(LANGUAGE_SHOWN)
    assert shown["has"] >= shown["needs"] - 0.5, shown  # "Français", not "Franç"
    boxes = device.evaluate(HEADER_BOXES)
    assert len(boxes) >= 3, boxes  # the language, the display options, leaving the game
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= width + 0.5, boxes
    for one, other in itertools.pairwise(boxes):
        apart = (
            one["right"] <= other["left"] + 0.5
            or other["right"] <= one["left"] + 0.5
            or one["bottom"] <= other["top"] + 0.5
            or other["bottom"] <= one["top"] + 0.5
        )
        assert apart, (one, other)
    assert page_width(device) <= width


@pytest.mark.parametrize("language", ["fr", "de", "es", "ar", "en"])
def test_the_participant_list_fits_the_narrowest_phone(new_page, staff, language):
    """320x568: the researcher's participant list, its search field labelled in their language,
    no wider than the screen."""
    from tests.e2e.conftest import enrol_with_consent, login_as

    enrol_with_consent(staff["study"], staff["clinician"])
    researcher = staff["researcher"]
    researcher.language = language
    researcher.save(update_fields=["language"])
    page = new_page(320, 568)
    login_as(page, researcher)
    page.goto("/")
    page.get_by_test_id("participant-table").wait_for()
    page.locator(f"html[lang={language}]").wait_for(state="attached")
    search = page.locator(".page-head .search input").bounding_box()
    assert search["x"] >= 0 and search["x"] + search["width"] <= 320.5, search
    assert page_width(page) <= 320
    assert run_axe(page) == []
