"""Playing by keyboard alone: after each play the focus comes back to the hand on the next turn."""

from __future__ import annotations

import pytest

from apps.games import links
from tests.e2e.conftest import enrol_with_consent, protocol_add

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FOCUS_IN_HAND = "() => !!document.activeElement?.closest('[data-testid=hand]')"
FOCUS_ON_LEGAL = "() => !!document.activeElement?.matches('[data-testid=hand] .card-btn.legal')"


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
        before = hand.count()
        play_by_keyboard(page)
        # The card leaves the hand at once and is answered by the server.
        page.wait_for_function(
            "n => document.querySelectorAll('[data-testid=hand] .card-btn').length < n"
            " && !document.querySelector('[data-testid=sending-card]')",
            arg=before,
        )
        if trick == 0:
            shot(page, f"mendikot-keyboard-{width}x{height}", full_page=False)
    plays = game.events.filter(kind="play", seat=game.participant_seat).count()
    assert plays == 3
    assert not page.get_by_test_id("refusal").count()
    assert not page.console_errors, page.console_errors
