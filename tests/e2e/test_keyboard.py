"""Playing by keyboard alone: after each play the focus comes back to the hand on the next turn,
on screen even zoomed in, and at the end of the game it is on the result."""

from __future__ import annotations

import pytest

from apps.games import links
from tests.e2e.conftest import enrol_with_consent, protocol_add

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FOCUS_IN_HAND = "() => !!document.activeElement?.closest('[data-testid=hand]')"
FOCUS_ON_LEGAL = "() => !!document.activeElement?.matches('[data-testid=hand] .card-btn.legal')"
# The focused element wholly inside the window (to a pixel: scrolling stops at whole pixels).
FOCUS_ON_SCREEN = """() => { const r = document.activeElement.getBoundingClientRect();
  return r.top >= -1 && r.left >= -1
    && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; }"""


def mendikot_game(staff):
    from apps.games import services as games
    from apps.training import services as training

    protocol = protocol_add(
        staff,
        name="Mendikot turned up",
        game="mendikot",
        rounds=1,
        trump_rule="turn_up",
        opponent="random",
        opponent_pace_seconds=0,  # the browser tests do not wait for opponents
    )
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    session = training.session_create(
        participant=participant, protocol=protocol, actor=staff["clinician"]
    )
    return games.game_create(session=session)


def play_by_keyboard(page) -> None:
    """Arrow along the hand to a card that may be played, then Enter."""
    for _ in range(14):
        if page.evaluate(FOCUS_ON_LEGAL):
            page.keyboard.press("Enter")
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError("no playable card reached with the arrow keys")


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (390, 844)])
def test_whole_tricks_by_keyboard_alone(new_page, staff, shot, width, height):
    game = mendikot_game(staff)
    page = new_page(width, height)
    page.goto(f"/play/{links.play_link_token(game)}")
    hand = page.locator("[data-testid=hand] .card-btn")
    hand.first.wait_for()
    for trick in range(3):
        # The participant's turn: the focus is in the hand without any Tab.
        page.wait_for_function(FOCUS_IN_HAND)
        page.locator("[data-testid=hand] .card-btn.legal:enabled").first.wait_for()
        played_by_keyboard(page, hand)
        if trick == 0:
            shot(page, f"mendikot-keyboard-{width}x{height}", full_page=False)
    plays = game.events.filter(kind="play", seat=game.participant_seat).count()
    assert plays == 3
    assert not page.get_by_test_id("refusal").count()
    assert not page.console_errors, page.console_errors


def played_by_keyboard(page, hand) -> None:
    """A card played from the keyboard: it leaves the hand at once and the server answers."""
    before = hand.count()
    play_by_keyboard(page)
    page.wait_for_function(
        "n => document.querySelectorAll('[data-testid=hand] .card-btn').length < n"
        " && !document.querySelector('[data-testid=sending-card]')",
        arg=before,
    )


def test_zoomed_in_the_focused_card_is_on_screen_and_the_result_takes_the_focus(new_page, staff):
    """1280x800 at 200%: the hand is below the fold. Each turn the card the focus moves to is
    scrolled into view; when the game is over the focus is on its result, not lost."""
    game = mendikot_game(staff)
    page = new_page(640, 400)
    page.goto(f"/play/{links.play_link_token(game)}")
    hand = page.locator("[data-testid=hand] .card-btn")
    hand.first.wait_for()
    summary = page.get_by_test_id("match-summary")
    for _ in range(13):
        page.wait_for_function(
            f"() => {FOCUS_IN_HAND}() || !!document.querySelector('[data-testid=match-summary]')"
        )
        if summary.count():
            break
        page.locator("[data-testid=hand] .card-btn.legal:enabled").first.wait_for()
        assert page.evaluate(FOCUS_ON_SCREEN), page.evaluate(
            "() => [scrollY, document.activeElement.getBoundingClientRect().toJSON()]"
        )
        played_by_keyboard(page, hand)
    summary.wait_for()
    heading = summary.get_by_role("heading").first
    page.wait_for_function(
        "() => document.activeElement?.matches('[data-testid=match-summary] h2')"
    )
    assert heading.evaluate("h => h === document.activeElement")
    assert page.evaluate(FOCUS_ON_SCREEN)
    assert game.events.filter(kind="play", seat=game.participant_seat).count() == 13
    assert not page.console_errors, page.console_errors
