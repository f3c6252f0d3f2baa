"""End-to-end: the clinician's participant list and page at a glance, on a tablet and a phone:
a summary row per participant with flags only where the data hold them up (a reliable decline,
sessions missed against the weekly plan), readable chart axes with a legend, the weekly plan set
on the page, and no serious accessibility violation."""

from __future__ import annotations

import io
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from apps.common import clock
from apps.metrics.catalogue import CATALOGUE
from apps.metrics.models import MetricValue
from apps.metrics.norms import norms_load
from apps.metrics.services import participant_readings_refresh
from apps.participants.models import Participant
from apps.participants.services import study_update
from apps.training.services import session_complete, session_create
from tests.e2e.conftest import (
    after_next_frames,
    enrol_with_consent,
    login_as,
    protocol_add,
    run_axe,
    session_held,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREENS = [(1024, 768), (320, 568)]
NORMS = (
    "key,version,age_band,game,examination_seconds,opponent,mean,sd,n,source,retest_r,retest_n,"
    "retest_source\n"
    "tricks_won,1,70-79,memulation,5,greedy,12,2.5,118,Example norms,0.8,64,Example Table 5\n"
)


def _declining(staff) -> Participant:
    """Six sessions this week of tricks won (the study's primary measure, read at session 6)
    falling by more than measurement error, enrolled a month ago and with none last week (the
    plan is three a week)."""
    with clock.installed(clock.ManualClock(clock.now() - timedelta(days=30))):
        # The study's plan since before the participant began: three sessions a week.
        protocol_add(staff, name="Weekly plan", sessions_per_week=3)
        participant = enrol_with_consent(staff["study"], staff["clinician"], age_band="70-79")
    study_update(
        study=staff["study"],
        actor=staff["researcher"],
        primary_metrics=["tricks_won"],
        assessment_points=[
            {"kind": "baseline", "session": 1},
            {"kind": "post_training", "session": 6},
        ],
    )
    norms_load(io.StringIO(NORMS))
    values = {
        "tricks_won": [15, 14, 15, 10, 11, 10],
        "recall_hit": [1, 1, 0, 1, 0, 1],
        "decision_time_median_ms": [2200, 2100, 1900, 2000, 1800, 1700],
    }
    for i in range(6):
        session = session_held(staff, participant, staff["memulation"])
        for key, series in values.items():
            MetricValue.objects.create(
                level="session", subject_id=session.pk, participant=participant,
                session=session, key=key, version=CATALOGUE[key].version, value=series[i], n=3,
            )  # fmt: skip
    participant_readings_refresh(participant=participant)
    return Participant.objects.get(pk=participant.pk)


# How far the focused element has scrolled sideways, once it has (the arrow key's scroll may
# still be under way).
SCROLLED_SIDEWAYS = """() => new Promise(done => {
  const box = document.activeElement;
  if (box.scrollLeft > 0) done(box.scrollLeft);
  box.addEventListener("scroll", () => done(box.scrollLeft), {once: true});
  setTimeout(() => done(box.scrollLeft), 5000);
})"""


def test_a_table_that_outgrows_the_window_scrolls_from_the_keyboard(new_page, staff):
    """The dose ledger fits a tablet; on a phone its box scrolls sideways and takes the keyboard
    (a named region in the tab order, moved by the arrow keys); back on the tablet it leaves the
    tab order. The window's size is all that changes: not a row, not a text."""
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    page = new_page(1024, 768)
    login_as(page, staff["clinician"])
    page.goto(f"/participants/{participant.pk}")
    box = page.get_by_test_id("dose-ledger").locator(".table-wrap")
    box.wait_for()
    page.wait_for_load_state("networkidle")
    after_next_frames(page)
    assert box.get_attribute("tabindex") is None
    page.set_viewport_size({"width": 320, "height": 568})
    expect(box).to_have_attribute("tabindex", "0")
    expect(box).to_have_attribute("role", "region")
    expect(box).to_have_accessible_name("Table (scrolls sideways)")
    assert run_axe(page) == []
    # Reached with the Tab key (back from the control after it), scrolled with the arrow keys.
    page.get_by_test_id("dose-ledger").get_by_role("button").last.focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.classList.contains('table-wrap')")
    page.keyboard.press("ArrowRight")
    scrolled = page.evaluate(SCROLLED_SIDEWAYS)
    assert scrolled > 0, scrolled
    page.set_viewport_size({"width": 1024, "height": 768})
    expect(box).not_to_have_attribute("tabindex", "0")
    expect(box).not_to_have_attribute("role", "region")
    assert not page.console_errors, page.console_errors


@pytest.mark.parametrize("width,height", SCREENS)
def test_the_participant_list_flags_what_the_data_support(new_page, staff, shot, width, height):
    declining = _declining(staff)
    steady = enrol_with_consent(staff["study"], staff["clinician"])  # enrolled today: no flags
    page = new_page(width, height)
    login_as(page, staff["clinician"])
    page.goto("/")
    row = page.locator(f"tr[data-participant='{declining.code}']")
    row.get_by_text("reliable decline: Tricks won").wait_for(timeout=30_000)
    flags = row.get_by_test_id("flags").inner_text()
    assert "missed 3 of 3 last week" in flags
    assert "reliable decline: Tricks won" in flags
    assert "improvement" not in flags
    assert row.get_by_test_id("this-week").inner_text().startswith("6 of 3")
    assert row.locator("td[data-metric=recall_hit] svg.sparkline").count() == 1
    # A value goes with what it rests on, in the list as on the participant's page.
    assert re.search(
        r"\(n = \d+, session \d+\)", row.locator("td[data-metric=recall_hit]").inner_text()
    )
    quiet = page.locator(f"tr[data-participant='{steady.code}']")
    assert quiet.get_by_test_id("flags").inner_text() == "none"
    # Each flag within its row (a card on a phone), none poking out past its edge.
    box = row.bounding_box()
    for flag in row.locator("[data-flag]").all():
        edges = flag.bounding_box()
        assert box["x"] <= edges["x"] and edges["x"] + edges["width"] <= box["x"] + box["width"]
    page.wait_for_load_state("networkidle")
    shot(page, f"participant-list-{width}")
    assert run_axe(page) == []

    # Details one click away.
    row.get_by_role("link", name=declining.code).click()
    page.get_by_test_id("glance").wait_for()
    glance = page.get_by_test_id("glance").inner_text()
    assert "reliable decline: Tricks won" in glance
    assert page.get_by_test_id("week-against-plan").inner_text() == "6 of 3 planned sessions"
    chart = page.locator("article[data-metric=decision_time_median_ms]")
    tick = chart.locator(".recharts-yAxis-tick-labels text")
    tick.first.wait_for(state="attached")
    ticks = tick.all_text_contents()
    assert any(t.endswith(" s") and t[0].isdigit() for t in ticks), ticks
    assert "Each session" in chart.locator(".recharts-legend-wrapper").inner_text()
    page.get_by_test_id("session-table").wait_for()
    page.wait_for_load_state("networkidle")
    # The sessions' table is wider than a phone: it scrolls in its own box, the page does not.
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    shot(page, f"participant-page-{width}")
    assert run_axe(page) == []

    # The printable report, from its link; notes stay out unless ticked.
    with page.expect_download() as info:
        page.get_by_test_id("report-link").click()
    report = Path(info.value.path()).read_bytes()
    assert report.startswith(b"%PDF")
    assert info.value.suggested_filename == f"participant-{declining.code}.pdf"
    page.get_by_label("include clinician notes").check()
    href = page.get_by_test_id("report-link").get_attribute("href")
    assert href == f"/api/participants/{declining.pk}/report/?notes=true"
    assert not page.console_errors, page.console_errors


def test_the_weekly_plan_is_the_participants_own(page, staff):
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    login_as(page, staff["clinician"])
    page.goto(f"/participants/{participant.pk}")
    plan = page.get_by_test_id("week-against-plan")
    plan.wait_for()
    assert plan.inner_text() == "0 of 3 planned sessions"  # the study's protocols' plan
    page.get_by_label("Sessions a week planned").fill("5")
    page.get_by_label("Reason for the change").fill("Agreed at the review")
    page.get_by_role("button", name="Save the plan").click()
    page.get_by_text("0 of 5 planned sessions").wait_for()
    participant.refresh_from_db()
    assert participant.sessions_per_week == 5
    page.goto("/")
    row = page.locator(f"tr[data-participant='{participant.code}']")
    assert row.get_by_test_id("this-week").inner_text().startswith("0 of 5")
    assert not page.console_errors, page.console_errors


def test_the_dashboard_buttons_stay_put_while_the_list_loads(page, staff):
    """The participant list arrives late, as on a slow clinic network: the buttons that start
    the day's work stay where they were while it loaded, so a press aimed at one lands on it."""
    for _ in range(3):
        enrol_with_consent(staff["study"], staff["clinician"])
    held = []
    the_list = re.compile(r"/api/participants/\?")
    page.route(the_list, lambda route: held.append(route))
    login_as(page, staff["clinician"])
    page.goto("/")
    page.get_by_role("status").filter(has_text="Loading").wait_for()
    open_table = page.get_by_test_id("open-table")
    while_loading = open_table.bounding_box()
    for _ in range(250):  # the request reaches the handler a moment after the page sends it
        if held:
            break
        page.wait_for_timeout(20)
    assert while_loading is not None and len(held) == 1
    held[0].continue_()
    page.unroute(the_list)
    page.get_by_test_id("participant-table").locator("tbody tr").nth(2).wait_for()
    assert open_table.bounding_box() == while_loading
    open_table.click()
    page.get_by_label("Protocol").wait_for()
    assert not page.console_errors, page.console_errors


@pytest.mark.parametrize("width,height", SCREENS)
def test_a_completed_session_replays_without_then_with_the_solver(
    new_page, staff, shot, width, height
):
    import random

    from apps.games.demo import demo_game_play
    from apps.metrics.services import game_analysis_ensure

    clinician = staff["clinician"]
    participant = enrol_with_consent(staff["study"], clinician)
    games = []
    for protocol in (staff["memulation"], staff["mendikot"]):
        session = session_create(participant=participant, protocol=protocol, actor=clinician)
        games.append(
            demo_game_play(session=session, start=timezone.now(), skill=0.7, rng=random.Random(2))
        )
        session_complete(session=session, actor=clinician)
    memulation, mendikot = games
    page = new_page(width, height)
    login_as(page, staff["clinician"])
    page.goto(f"/participants/{participant.pk}")
    page.get_by_role("link", name="Replay Session 1", exact=True).click()
    status = page.get_by_test_id("solver-status")
    status.wait_for()
    assert "not ready yet" in status.inner_text()
    deals = page.get_by_test_id("replay-deal")
    assert deals.count() == 4  # two rounds: an Old Deal and a New Deal each
    assert page.get_by_test_id("pritticut").first.inner_text()
    assert "of 5 s" in page.get_by_test_id("examination").first.inner_text()
    page.wait_for_load_state("networkidle")
    assert run_axe(page) == []

    game_analysis_ensure(game_id=memulation.pk)
    page.reload()
    page.get_by_text("With the solver's analysis").wait_for()
    solver = deals.first.locator("tbody td:nth-child(4)").all_inner_texts()
    assert all(v == "best" or v.startswith("cost ") for v in solver), solver
    page.wait_for_load_state("networkidle")
    shot(page, f"replay-memulation-{width}")

    page.goto(f"/sessions/{mendikot.session_id}/replay")
    page.get_by_text("Mendikot games are replayed without a solver.").wait_for()
    assert page.get_by_test_id("replay-deal").locator("tbody tr").count() == 13
    page.wait_for_load_state("networkidle")
    shot(page, f"replay-mendikot-{width}")
    assert run_axe(page) == []
    assert not page.console_errors, page.console_errors
