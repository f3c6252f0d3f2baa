"""The staff pages take every setting the API takes and show it: a protocol's turns, takeover,
adaptive difficulty and recall probes; a study's arms; a session abandoned. Every staff table
fits its page or scrolls sideways in a focusable box, at a phone's and a tablet's size, and
axe finds no serious problem on any of these pages."""

from __future__ import annotations

import pytest

from apps.participants.models import Protocol, Study
from apps.training import services as training
from apps.training.models import TrainingSession
from tests.e2e.conftest import after_next_frames, enrol_with_consent, login_as, run_axe

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREENS = [(320, 568), (1024, 768)]  # the narrowest phone (1280 px zoomed to 400%), a tablet

TABLES_FIT_OR_SCROLL_IN_A_FOCUSABLE_BOX = """() => {
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll('main table')].filter(t => {
    const box = t.closest('.table-wrap');
    const right = (box ?? t).getBoundingClientRect().right;
    if (right > width + 1) return true;  // past the page's edge
    const clipped = box && box.scrollWidth > box.clientWidth + 1;
    return clipped && box.tabIndex !== 0;
  }).map(t => t.dataset.testid || t.className);
}"""


def check_page(page, width, problems, name):
    page.wait_for_load_state("networkidle")
    after_next_frames(page)
    bad = page.evaluate(TABLES_FIT_OR_SCROLL_IN_A_FOCUSABLE_BOX)
    if bad:
        problems[f"{name}: tables"] = bad
    if page.evaluate("document.documentElement.scrollWidth") > width:
        problems[f"{name}: page wider than the screen"] = page.evaluate(
            "document.documentElement.scrollWidth"
        )
    found = run_axe(page)
    if found:
        problems[f"{name}: axe"] = found


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_a_protocol_is_set_and_seen_with_every_setting(new_page, staff, shot, width, height):
    page = new_page(width, height)
    login_as(page, staff["researcher"])
    page.goto(f"/studies/{staff['study'].pk}")
    page.get_by_role("button", name="New protocol").click()
    page.get_by_label("Name", exact=True).fill("Paced with probes")
    page.get_by_label("Recall probes per probe point (0: none)").fill("2")
    page.get_by_label("Opponent pace, seconds a card (0: at once)").fill("1.5")
    page.get_by_label("Turn timer, seconds (empty: no limit)").fill("45")
    page.get_by_label("At a table, a silent seat is played for after, seconds (empty: never)").fill(
        ""
    )
    page.get_by_label("Strength of the player who takes over (0 to 1)").fill("0.25")
    page.get_by_label(
        "Move the examination time from session to session towards a recall target"
    ).check()
    page.get_by_label("Target recall (0 to 1)").fill("0.7")
    page.get_by_label("Step, seconds").fill("4")
    page.get_by_label("Shortest examination, seconds").fill("15")
    page.get_by_label("Longest examination, seconds").fill("90")
    page.get_by_label("The opponent's strength moves too").check()
    problems: dict = {}
    check_page(page, width, problems, "protocol form")
    shot(page, f"staff-protocol-form-{width}x{height}")
    page.get_by_role("button", name="Create protocol").click()
    row = page.locator("[data-testid=protocol-table] tr", has_text="Paced with probes")
    row.wait_for()
    protocol = Protocol.objects.get(name="Paced with probes")
    assert protocol.recall_probes == 2
    assert protocol.opponent_pace_seconds == 1.5
    assert protocol.turn_seconds == 45
    assert protocol.takeover_seconds is None
    assert protocol.takeover_level == 0.25
    assert protocol.adaptive == {
        "enabled": True,
        "target_recall": 0.7,
        "step_seconds": 4,
        "min_seconds": 15,
        "max_seconds": 90,
        "adjust_opponent": True,
    }
    seen = row.get_by_test_id("protocol-settings").inner_text()
    for words in (
        "opponent pace 1.5 s",
        "turn timer 45 s",
        "no takeover",
        "2 recall probes a point",
        "adaptive: target 0.7, step 4 s, 15-90 s, opponent too",
    ):
        assert words in seen, (words, seen)
    check_page(page, width, problems, "protocols")
    shot(page, f"staff-protocols-{width}x{height}")
    assert problems == {}, problems


def test_a_researcher_creates_a_study_on_the_studies_page(page, staff):
    login_as(page, staff["researcher"])
    page.goto("/studies")
    # The form comes once the list above it is in, so nothing moves it from under the pointer.
    page.get_by_role("link", name=staff["study"].name).wait_for()
    create = page.get_by_role("button", name="Create study")
    assert create.is_disabled()  # no name yet
    page.get_by_label("Name").fill("Home training follow-up")
    page.get_by_label("Description").fill("Twelve weeks, two sessions a week.")
    create.click()
    page.get_by_role("link", name="Home training follow-up").wait_for()
    assert page.get_by_label("Name").input_value() == ""  # ready for the next one
    made = Study.objects.get(name="Home training follow-up")
    assert made.description == "Twelve weeks, two sessions a week."
    assert list(made.owners.all()) == [staff["researcher"]]
    assert run_axe(page) == []


def test_a_study_is_opened_with_arms_and_they_are_seen(page, staff, shot):
    login_as(page, staff["researcher"])
    page.goto(f"/studies/{staff['study'].pk}")
    arms = page.get_by_test_id("study-arms")
    arms.get_by_text("Arms: open the study with arms").click()
    page.get_by_label("Arm 1 name").fill("training")
    page.get_by_label("Arm 2 name").fill("waiting list")
    page.get_by_role("button", name="Add an arm").click()
    page.get_by_label("Arm 3 name").fill("paper")
    page.get_by_label("Eligibility criteria, one a line (may be empty)").fill("Aged 60 or over")
    page.get_by_role("button", name="Open the study with these arms").click()
    page.get_by_text("concealed from those who recruit").wait_for()
    shown = page.get_by_test_id("study-arms").inner_text()
    assert "training" in shown and "waiting list (control)" in shown and "paper" in shown
    assert "Aged 60 or over" in shown
    staff["study"].refresh_from_db()
    assert staff["study"].opened_at is not None
    assert sorted(staff["study"].arms.values_list("name", flat=True)) == [
        "paper",
        "training",
        "waiting list",
    ]
    assert run_axe(page) == []
    shot(page, "staff-study-arms")


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_a_session_is_abandoned_and_every_staff_table_fits(new_page, staff, shot, width, height):
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    session = training.session_create(
        participant=participant, protocol=staff["memulation"], actor=staff["clinician"]
    )
    page = new_page(width, height)
    login_as(page, staff["clinician"])
    page.goto(f"/sessions/{session.pk}")
    problems: dict = {}
    check_page(page, width, problems, "session")
    page.get_by_test_id("abandon").get_by_text("Abandon this session").click()
    page.get_by_label("Reason (optional)").fill("Felt unwell")
    page.get_by_test_id("abandon-confirm").click()
    page.get_by_test_id("session-abandoned").wait_for()
    assert "Felt unwell" in page.get_by_test_id("session-abandoned").inner_text()
    session.refresh_from_db()
    assert session.status == TrainingSession.Status.ABANDONED
    assert session.abandon_reason == "Felt unwell"
    assert page.get_by_test_id("abandon").count() == 0
    shot(page, f"staff-session-abandoned-{width}x{height}")

    login_as(page, staff["researcher"])
    study = staff["study"].pk
    for name, path in [
        ("participants", "/"),
        ("participant", f"/participants/{participant.pk}"),
        ("protocols", f"/studies/{study}"),
        ("study participants", f"/studies/{study}/participants"),
        ("cohort", f"/studies/{study}/cohort"),
        ("programme", f"/studies/{study}/programme"),
        ("exports", f"/studies/{study}/exports"),
    ]:
        page.goto(path)
        page.locator("main h1").first.wait_for()
        check_page(page, width, problems, name)
        shot(page, f"staff-{name.replace(' ', '-')}-{width}x{height}")
    assert problems == {}, problems
