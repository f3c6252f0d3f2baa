"""End-to-end: people using the browser app against a live server, PostgreSQL and a Celery worker.

1. A clinician signs in, enrols a participant, records consent and starts a session; the
   participant plays a whole Memulation match on a device opened from the game link; the
   clinician then sees the session's metrics.
2. A Mendikot round with the hidden trump (``hidden_ask``), including an ask.
3. A researcher runs an export and downloads it.
4. axe-core finds no serious or critical accessibility problems on the main pages.
"""

from __future__ import annotations

import time

import pytest

from apps.games.models import Game
from apps.participants.models import Participant
from apps.training.models import TrainingSession
from tests.e2e.conftest import (
    enrol_with_consent,
    leave_game,
    login_as,
    lose_the_next_answer,
    run_axe,
    sign_in,
)
from tests.e2e.players import play_memulation, play_mendikot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def start_session(participant, protocol, user) -> Game:
    from apps.games import services as games
    from apps.training import services as training

    session = training.session_create(participant=participant, protocol=protocol, actor=user)
    return games.game_create(session=session)


# The solver's metrics on, as in production: memory fidelity is fitted once the session ends.
@pytest.mark.worker_env(TEST_METRICS_WITH_SOLVER="1")
def test_clinician_runs_a_memulation_session_and_sees_its_metrics(
    page, new_page, staff, shot, worker_queue
):
    started = time.monotonic()
    sign_in(page, "claude")
    shot(page, "dashboard-01-empty")

    # Enrol a participant into the study. The server's first answer is lost on its way back:
    # the page says so, the clinician sends the form again, and the server answers with the
    # participant it enrolled the first time (the form's key is the same), not a second one.
    page.get_by_role("button", name="Enrol a participant").click()
    page.get_by_label("Study").select_option(label="Memory clinic pilot")
    page.get_by_label("Age band").select_option(value="70-79")
    enrolled_before = Participant.objects.filter(study=staff["study"]).count()
    lost = lose_the_next_answer(page, "**/api/participants/")
    page.get_by_role("button", name="Enrol", exact=True).click()
    page.get_by_role("alert").filter(has_text="The connection was lost.").wait_for()
    assert lost == [201]
    page.get_by_role("button", name="Enrol", exact=True).click()
    code = page.get_by_test_id("participant-code").inner_text()
    participant = Participant.objects.get(code=code)
    assert participant.study == staff["study"]
    assert Participant.objects.filter(study=staff["study"]).count() == enrolled_before + 1

    # Record consent, then start a session with the short Memulation protocol.
    page.get_by_label("Consent form version").fill("v2.1")
    page.get_by_role("button", name="Record consent").click()
    page.get_by_test_id("consent-status").wait_for()
    participant.refresh_from_db()
    assert participant.has_consent and participant.consent_form_version == "v2.1"
    page.get_by_label("Protocol").select_option(value=str(staff["memulation"].pk))
    shot(page, "participant-01-new")
    # The same with the session: the first answer is lost, the retry is the same sitting.
    lost = lose_the_next_answer(page, "**/api/sessions/")
    page.get_by_role("button", name="Start the session").click()
    page.get_by_role("alert").filter(has_text="The connection was lost.").wait_for()
    assert lost == [201]
    page.get_by_role("button", name="Start the session").click()
    page.get_by_test_id("session-status").wait_for()
    session = TrainingSession.objects.get(participant=participant)  # one sitting, not two
    assert session.status == "started"
    game = Game.objects.get(session=session)

    # The single-game link as a QR code, opened on the participant's tablet.
    page.get_by_test_id("show-qr").click()
    page.get_by_test_id("qr").wait_for()
    assert page.locator("[data-testid=qr] svg").count() == 1
    shot(page, "session-01-qr")
    link = page.get_by_test_id("play-link").get_attribute("href")
    assert link.startswith("/play/")

    device = new_page()
    device.goto(link)
    seen = play_memulation(device, shot=shot)

    # Both hands examined in both deals (A then B), the first one until its time ran out.
    titles = seen.examinations
    assert titles[:2] == ["Look carefully at hand A", "Look carefully at hand B"]
    assert "New Deal: Look carefully at hand A" in titles
    assert "New Deal: Look carefully at hand B" in titles
    assert len(titles) == 8  # two rounds, two deals, two hands
    assert all(0 < c <= 5 for c in seen.countdowns)
    assert seen.hand_timed_out and seen.sorted_hand and seen.started_by_hand
    # A New Deal's pause says which hand comes next.
    assert "New Deal: hand A comes next…" in seen.upcoming, seen.upcoming
    # Round 1: the participant is Lame Duck (watches the choice, makes the 'Stragedy);
    # round 2: Lucky Duck (chooses both deals' hands).
    assert seen.choices == 2
    assert seen.stragedy_intended == "QH"
    assert "queen of hearts" in seen.reveal
    assert any("Your opponent chose hand" in line for line in seen.news)
    assert seen.refusals and all("must play" in r for r in seen.refusals)
    assert seen.plays == 2 * 26
    assert not device.console_errors, device.console_errors

    game.refresh_from_db()
    assert game.status == "finished"
    session.refresh_from_db()
    assert session.status == "completed"
    summary = device.get_by_test_id("match-summary").inner_text()
    assert "Old Deal" in summary and "New Deal" in summary
    state = game.state
    assert state  # the engine state is kept

    # The clinician's side: the session page shows the finished game.
    page.reload()
    page.get_by_test_id("game-status").filter(has_text="finished").wait_for()
    metrics = page.get_by_test_id("session-metrics")
    metrics.wait_for(timeout=60_000)
    for key in ("recall_hit", "decision_time_median_ms", "examination_time_used"):
        assert metrics.locator(f"[data-metric={key}]").count() == 1
    # The solver's trick-by-trick replay, or a note that its analysis is still to come.
    page.locator("[data-testid=replay], .analysis .muted").first.wait_for()
    shot(page, "session-02-results")
    page.get_by_role("link", name=code).click()
    page.locator("[data-metric=recall_hit]").first.wait_for(timeout=30_000)
    # Memory fidelity's interval, with how often such an interval held the true value of
    # simulated players (fitted in its own job once the session's metrics are in)
    fidelity = page.get_by_test_id("interval-memory_fidelity")
    waited = time.monotonic()
    while not fidelity.count() and time.monotonic() - waited < 90:
        page.wait_for_timeout(2000)  # as a clinician would: look again a little later
        page.reload()
        page.locator("[data-metric=recall_hit]").first.wait_for()
    assert "95% interval; in simulation it held the true value" in fidelity.inner_text()
    shot(page, "participant-02-progress")
    page.get_by_role("link", name="Participants").click()
    page.locator(f"tr[data-participant='{code}'] td[data-metric=recall_hit] .sparkline").wait_for(
        timeout=30_000
    )
    shot(page, "dashboard-02-list")
    assert time.monotonic() - started < 240


def test_mendikot_round_with_hidden_trump_and_an_ask(page, new_page, staff, shot):
    clinician = staff["clinician"]
    participant = enrol_with_consent(staff["study"], clinician)
    login_as(page, clinician)
    asked = None
    # The deals are the platform's own random ones, and some offer the device's seat no chance
    # to ask: four rounds in a row once all missed, so up to eight are played (a round only
    # when those before it missed).
    for attempt in range(8):
        game = start_session(participant, staff["mendikot"], clinician)
        page.goto(f"/sessions/{game.session_id}")
        page.get_by_test_id("hand-over").click()  # the clinician hands over this device
        page.locator(".table.mendikot").wait_for()
        if attempt == 0:
            indicator = page.get_by_test_id("trump-indicator").inner_text()
            assert "hidden" in indicator.lower() or "trump" in indicator.lower()
        seen = play_mendikot(page, shot=shot if attempt == 0 or asked is None else None)
        game.refresh_from_db()
        assert game.status == "finished"
        # A hidden card goes back to its owner's hand when revealed: 13 plays either way.
        assert seen.plays == 13
        if seen.asks:
            asked = seen
            break
        leave_game(page, clinician)  # the device stays on the game until staff take it back
    assert asked is not None, "no chance to ask for trump in eight rounds"
    assert any(line.startswith("Trump is ") for line in asked.news), asked.news
    summary = page.get_by_test_id("match-summary").inner_text()
    assert "Your team" in summary
    asks = game.events.filter(kind="ask_trump", seat=0)
    assert asks.count() == 1
    assert not page.console_errors, page.console_errors


def test_researcher_exports_a_study_and_downloads_it(page, staff, shot, worker_queue, tmp_path):
    enrol_with_consent(staff["study"], staff["clinician"], group="A")
    login_as(page, staff["researcher"])
    page.goto(f"/studies/{staff['study'].pk}/exports")
    page.get_by_label("Parquet").check()
    page.get_by_label("Group").fill("A")
    page.get_by_test_id("start-export").click()
    page.get_by_test_id("export-job").wait_for()
    page.get_by_test_id("download").wait_for(timeout=60_000)
    # The k-anonymity report stands above the download link: one participant is alone.
    note = page.get_by_test_id("k-anonymity")
    assert "k-anonymity 1" in note.inner_text() and note.get_attribute("role") == "alert"
    shot(page, "exports-01-done")
    with page.expect_download() as info:
        page.get_by_test_id("download").click()
    download = info.value
    target = tmp_path / (download.suggested_filename or "export")
    download.save_as(target)
    assert target.stat().st_size > 0
    log = page.get_by_test_id("export-log")
    log.wait_for()
    assert log.locator("tbody tr").count() >= 1


def test_main_pages_have_no_serious_accessibility_problems(page, new_page, staff, shot):
    clinician, researcher = staff["clinician"], staff["researcher"]
    participant = enrol_with_consent(staff["study"], clinician)
    problems = {}

    def check(name: str) -> None:
        page.wait_for_load_state("networkidle")
        found = run_axe(page)
        if found:
            problems[name] = found

    page.goto("/login")
    page.get_by_role("button", name="Sign in").wait_for()
    check("login")

    login_as(page, clinician)
    page.goto("/")
    page.get_by_test_id("participant-table").wait_for()
    check("dashboard")
    page.goto(f"/participants/{participant.pk}")
    page.get_by_test_id("participant-code").wait_for()
    check("participant")

    game = start_session(participant, staff["memulation"], clinician)
    page.goto(f"/sessions/{game.session_id}")
    page.get_by_test_id("show-qr").click()
    page.get_by_test_id("qr").wait_for()
    check("session")

    page.goto(f"/games/{game.pk}/play")
    page.get_by_test_id("exam-start").wait_for()
    check("table-examination-start")
    page.get_by_test_id("exam-start").click()
    page.get_by_test_id("exam-hand").wait_for()
    check("table-examination")
    page.get_by_test_id("ready").click()
    page.get_by_text("hand B").first.wait_for()
    page.get_by_test_id("ready").click()
    page.locator(".table[data-phase=play], .table[data-phase=choose_hand]").wait_for()
    if page.get_by_test_id("choose-A").count():
        check("table-choice")
        page.get_by_test_id("choose-A").click()
    page.locator(".table[data-phase=play]").wait_for()
    page.locator("[data-testid=hand] .card-btn").first.wait_for()
    check("table-play")

    # A phone-sized screen of the Mendikot table.
    phone = new_page(390, 844)
    login_as(phone, clinician)
    mendikot = start_session(participant, staff["mendikot"], clinician)
    phone.goto(f"/games/{mendikot.pk}/play")
    phone.locator(".table.mendikot [data-testid=hand] .card-btn").first.wait_for()
    shot(phone, "mendikot-phone")
    found = run_axe(phone)
    if found:
        problems["mendikot-phone"] = found

    login_as(page, researcher)
    for name, path, ready in (
        ("studies", "/studies", ".study-list"),
        ("protocols", f"/studies/{staff['study'].pk}", "[data-testid=protocol-table]"),
        (
            "study-participants",
            f"/studies/{staff['study'].pk}/participants",
            "[data-testid=study-participants]",
        ),
    ):
        page.goto(path)
        page.locator(ready).wait_for()
        shot(page, f"research-{name}")
        check(name)
    assert not problems, problems
    # Every page worked under the Content-Security-Policy (a blocked load is a console error).
    assert not page.console_errors + phone.console_errors, page.console_errors
