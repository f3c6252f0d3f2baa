"""End-to-end: a participant's first session begins with the practice round (the rules with
pictures, then one short game that does not count), then the real game; the rules screens on a
tablet and a phone; the clinician's participant list as cards on a phone."""

from __future__ import annotations

import pytest

from apps.games import practice
from apps.games.models import Game
from apps.participants.models import Protocol
from apps.training import services as training
from apps.training.models import TrainingSession
from tests.e2e.conftest import enrol_with_consent, leave_game, login_as, protocol_add, run_axe
from tests.e2e.players import play_memulation, play_mendikot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def first_sessions(staff, **fields) -> Protocol:
    fields = {
        "game": "memulation",
        "rounds": 1,
        "examination_seconds": 5,
        "roles": "participant_lame",
        "opponent": "random",
        "opponent_pace_seconds": 0,  # the browser tests do not wait for opponents
        **fields,
    }
    return protocol_add(staff, name=f"First sessions {fields['game']}", **fields)


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


def test_a_participant_takes_the_practice_round_then_the_real_game(page, staff, shot):
    protocol = first_sessions(staff)
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    login_as(page, staff["clinician"])
    page.goto(f"/participants/{participant.pk}")
    page.get_by_label("Protocol").select_option(value=str(protocol.pk))
    page.get_by_role("button", name="Start the session").click()

    # The session page offers the practice first; the clinician may skip it.
    offer = page.get_by_test_id("practice-offer")
    offer.wait_for()
    session = TrainingSession.objects.get(participant=participant)
    assert not Game.objects.filter(session=session).exists()
    skip = page.get_by_test_id("start-game")
    assert skip.inner_text() == "Skip the practice and start the game"
    page.wait_for_load_state("networkidle")
    shot(page, "practice-01-offer-1024")
    assert run_axe(page) == []
    page.get_by_test_id("practice-start").click()
    page.get_by_test_id("game-practice").wait_for()
    practice_game = Game.objects.get(session=session)
    assert practice_game.practice

    # Handed over: the rules with pictures come first, and no clock runs meanwhile.
    page.get_by_test_id("hand-over").click()
    intro = page.get_by_test_id("practice-intro")
    intro.wait_for()
    assert intro.locator("svg.card-svg").count() > 10
    assert "the seven of hearts, the seven of diamonds and the seven of clubs" in intro.inner_text()
    assert page.get_by_test_id("exam-start").count() == 0
    shot(page, "practice-02-rules-1024")
    assert run_axe(page) == []
    page.get_by_test_id("practice-begin").click()
    page.get_by_test_id("practice-banner").wait_for()

    # The rules again, at any time, from the table.
    page.get_by_test_id("rules-open").click()
    page.get_by_test_id("rules-dialog").get_by_test_id("rules-memulation").wait_for()
    shot(page, "practice-03-rules-again-1024", full_page=False)
    assert run_axe(page) == []
    page.get_by_test_id("rules-close").click()

    seen = play_memulation(page)
    assert seen.started_by_hand and seen.stragedy_intended
    done = page.get_by_test_id("practice-done")
    done.wait_for()
    assert "did not count" in done.inner_text()
    shot(page, "practice-04-done-1024")
    assert run_axe(page) == []
    practice_game.refresh_from_db()
    session.refresh_from_db()
    assert practice_game.status == "finished" and session.status == "started"

    # The device stays on the game until the clinician takes it back (no PIN was set: the
    # clinician signs in); then the session page, where the real game is next.
    assert page.get_by_test_id("practice-back").count() == 0
    leave_game(page, staff["clinician"])
    real_start = page.get_by_test_id("start-game")
    real_start.wait_for()
    assert real_start.inner_text() == "Start the real game"
    assert page.get_by_test_id("practice-offer").count() == 0
    real_start.click()
    real_game = page.locator("[data-game]:not(:has([data-testid=game-practice]))")
    real_game.get_by_test_id("hand-over").wait_for()
    real = Game.objects.get(session=session, practice=False)
    assert real_game.get_attribute("data-game") == str(real.pk)
    real_game.get_by_test_id("hand-over").click()
    page.get_by_test_id("exam-start").wait_for()
    assert page.get_by_test_id("practice-banner").count() == 0
    play_memulation(page)
    session.refresh_from_db()
    assert session.status == "completed"
    assert not page.console_errors, page.console_errors


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (390, 844)])
@pytest.mark.parametrize("game", ["memulation", "mendikot"])
def test_the_rules_screens_on_a_tablet_and_a_phone(new_page, staff, shot, width, height, game):
    protocol = first_sessions(staff, game=game, opponent="random")
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    session = training.session_create(
        participant=participant, protocol=protocol, actor=staff["clinician"]
    )
    played = practice.practice_create(session=session)
    device = new_page(width, height)
    login_as(device, staff["clinician"])
    device.goto(f"/games/{played.pk}/play")
    intro = device.get_by_test_id("practice-intro")
    intro.wait_for()
    assert intro.get_by_test_id(f"rules-{game}").is_visible()
    if game == "mendikot":
        assert "ask for trump" in intro.inner_text()  # the protocol's own trump rule
    assert no_sideways_scroll(device)
    shot(device, f"practice-rules-{game}-{width}x{height}")
    assert run_axe(device) == []
    device.get_by_test_id("practice-begin").click()
    device.get_by_test_id("practice-banner").wait_for()
    if game == "mendikot" and width == 1024:
        play_mendikot(device)
        device.get_by_test_id("practice-done").wait_for()
        played.refresh_from_db()
        session.refresh_from_db()
        assert played.status == "finished" and session.status == "started"
    assert not device.console_errors, device.console_errors


def test_the_participant_list_lays_out_as_cards_on_a_phone(new_page, staff, shot):
    for _ in range(3):
        enrol_with_consent(staff["study"], staff["clinician"])
    phone = new_page(390, 844)
    login_as(phone, staff["clinician"])
    phone.goto("/")
    rows = phone.locator("[data-testid=participant-table] tbody tr")
    rows.first.wait_for()
    phone.wait_for_load_state("networkidle")
    assert rows.count() == 3
    assert rows.first.evaluate("r => getComputedStyle(r).display") == "block"
    # Each value under its column's name, every card within the screen's width.
    label = rows.first.locator("td[data-label='This week']")
    assert "This week" in label.evaluate("c => getComputedStyle(c, '::before').content")
    for i in range(3):
        box = rows.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert no_sideways_scroll(phone)
    shot(phone, "participant-list-cards-390x844")
    assert run_axe(phone) == []
