"""A live table as a clinic runs it, in the browser on the ASGI server: each person starts their
own examination, one falls silent during play and the computer takes their seat (its plays
logged as the takeover's), they come back and play again; the clinician pauses and resumes the
table, ends it, and cancels another that is still waiting. Time runs on the real clock here:
the silence lasts the protocol's takeover time.
"""

from __future__ import annotations

import time

import pytest

from apps.games.models import Game, Play
from tests.e2e.conftest import enrol_with_consent, login_as, protocol_add
from tests.e2e.players import _look, _until_it_changes
from tests.e2e.table_players import Person, memulation_step
from tests.e2e.test_live_socket import asgi_server  # noqa: F401  (the fixture)
from tests.e2e.test_tables import PHONE, TABLET, device, open_table_in_the_ui, seat_links  # noqa: F401

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TAKEOVER_SECONDS = 15


def watch_clocks(staff_page, game_id: int) -> dict[int, dict]:
    """Each person's examination clock, as the spectator's API shows it."""
    body = staff_page.request.get(f"/api/games/{game_id}/watch/").json()
    return {clock["seat"]: clock for clock in body["examination"]["seats"]}


def play_until(people: list[Person], done, deadline_s: float, what: str) -> None:
    """The people take turns (those in ``people``; the others stay silent) until ``done()``."""
    end = time.monotonic() + deadline_s
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not in {deadline_s} s")
        before = _look(people[0].page)
        if not any(memulation_step(person) for person in people):
            _until_it_changes(people[0].page, before, timeout_ms=500)


def test_each_person_starts_their_own_clock_and_a_silent_person_is_taken_over_and_returns(
    browser,
    device,  # noqa: F811
    staff,
    shot,
    asgi_server,  # noqa: F811
):
    clinician = staff["clinician"]
    protocol = protocol_add(
        staff,
        name="Memulation for two, with takeover",
        game="memulation",
        rounds=1,
        examination_seconds=20,
        roles="alternate",
        opponent="random",
        stragedy_intent=True,
        opponent_pace_seconds=2,
        takeover_seconds=TAKEOVER_SECONDS,
        practice_round=False,
    )
    first = enrol_with_consent(staff["study"], clinician)
    second = enrol_with_consent(staff["study"], clinician)
    staff_page = device(TABLET)
    login_as(staff_page, clinician)
    game_id = open_table_in_the_ui(
        staff_page, protocol, [f"p{first.pk}", f"p{second.pk}"], shot, problems={}
    )
    codes = staff_page.get_by_test_id("seat-code").all_inner_texts()
    assert len(codes) == 2 and all(len(code) >= 4 for code in codes), codes
    links = seat_links(staff_page)
    one, two = device(TABLET), device(PHONE)
    one.goto(links[0])
    two.goto(links[1])
    for page in (one, two):
        page.get_by_test_id("exam-start").wait_for()

    # Each person's own Start: the first one's starts their clock only.
    assert second.code in one.get_by_test_id("own-clock").inner_text()
    one.get_by_test_id("exam-start").click()
    one.get_by_test_id("exam-hand").wait_for()
    clocks = watch_clocks(staff_page, game_id)
    assert clocks[0]["waiting"] is False and clocks[1]["waiting"] is True, clocks
    assert clocks[1]["seconds_left"] == clocks[1]["planned_seconds"], clocks
    assert two.get_by_test_id("exam-start").is_enabled()
    assert two.get_by_test_id("exam-hand").count() == 0
    # Done with both hands early, the first is told whom the table waits for.
    one.get_by_test_id("ready").click()
    one.locator("#exam-title", has_text="hand B").wait_for()
    one.get_by_test_id("ready").click()
    waiting = one.get_by_test_id("exam-next")
    waiting.filter(has_text=f"Waiting for {second.code} to be ready…").wait_for()
    shot(one, "running-01-waiting-for-the-other")
    assert watch_clocks(staff_page, game_id)[1]["waiting"] is True
    two.get_by_test_id("exam-start").click()
    two.get_by_test_id("exam-hand").wait_for()
    assert not watch_clocks(staff_page, game_id)[1]["waiting"]

    # Both play on until the cards are played; at the second person's turn they fall silent.
    game = Game.objects.get(pk=game_id)
    people = [Person(first.code, one), Person(second.code, two)]
    play_until(
        people,
        lambda: all(person.phase("memulation") == "play" for person in people),
        90,
        "the play",
    )
    play_until(
        people[:1],
        lambda: two.get_by_test_id("hand").locator(".card-btn.legal:enabled").count() > 0,
        30,
        "the second person's turn",
    )
    silent_from = time.monotonic()
    notice = two.get_by_test_id("taken-over-me")
    play_until(people[:1], notice.is_visible, TAKEOVER_SECONDS + 30, "the takeover")
    # Not before the takeover time (less the moments it took to see the turn come).
    assert time.monotonic() - silent_from >= TAKEOVER_SECONDS - 5
    assert "The computer is playing for you." in notice.inner_text()
    shot(two, "running-02-taken-over")
    # The clinician's table page says so too.
    staff_page.get_by_test_id("table-seat-1").get_by_test_id("seat-taken-over").wait_for()
    assert "fell silent" in staff_page.get_by_test_id("table-seat-1").inner_text()

    # The computer plays for them (at the protocol's pace) while the first plays on.
    def takeover_plays() -> int:
        return Play.objects.filter(game=game, seat=1, actor="takeover").count()

    play_until(people[:1], lambda: takeover_plays() >= 2, 60, "two plays by the takeover")

    # They come back, and play their own card.
    two.get_by_test_id("im-back").click()
    notice.wait_for(state="hidden")
    own_before = Play.objects.filter(game=game, seat=1).exclude(actor="takeover").count()
    play_until(
        people,
        lambda: (
            Play.objects.filter(game=game, seat=1).exclude(actor="takeover").count() > own_before
        ),
        60,
        "the returned person's own play",
    )

    # The clinician pauses the table: both screens say so and show no card; then resumes it.
    staff_page.get_by_test_id("table-pause").click()
    for page in (one, two):
        page.get_by_role("heading", name="The clinician has paused the game").wait_for()
        assert page.locator("[data-testid=hand]").count() == 0
    staff_page.get_by_test_id("table-status").filter(has_text="Paused").wait_for()
    shot(two, "running-03-paused")
    staff_page.get_by_test_id("table-resume").click()
    for page in (one, two):
        page.locator(".table.memulation[data-phase=play]").wait_for()
    staff_page.get_by_test_id("table-status").filter(has_text="In play").wait_for()

    # ...and ends it, after a confirmation.
    staff_page.get_by_test_id("table-end").click()
    staff_page.get_by_test_id("table-confirm").click()
    for page in (one, two):
        page.get_by_role("heading", name="The clinician ended this game").wait_for()
    staff_page.get_by_test_id("table-status").filter(has_text="Abandoned").wait_for()

    # The game's log, as staff read it through the API: the computer's plays for the silent
    # seat are the takeover's, between the takeover and the return; the person's own after.
    record = staff_page.request.get(f"/api/games/{game_id}/replay/").json()
    events = record["events"]
    kinds = [(e["kind"], e["seat"], e["payload"].get("reason")) for e in events]
    assert ("seat_takeover", 1, "silent") in kinds
    assert ("seat_return", 1, "message") in kinds
    assert ("table_paused", None, "paused by the clinician") in kinds
    assert ("table_resumed", None, "resumed by the clinician") in kinds
    assert ("game_abandoned", None, "ended by the clinician") in kinds
    taken = next(i for i, e in enumerate(events) if e["kind"] == "seat_takeover")
    back = next(i for i, e in enumerate(events) if e["kind"] == "seat_return")
    by_seat_1 = [
        (i, e["payload"]["actor"])
        for i, e in enumerate(events)
        if e["payload"].get("action", {}).get("type") == "play"
        and e["payload"]["action"].get("seat") == 1
    ]
    between = [actor for i, actor in by_seat_1 if taken < i < back]
    assert len(between) >= 2 and set(between) == {"takeover"}, by_seat_1
    assert [actor for i, actor in by_seat_1 if i > back][:1] == ["participant"], by_seat_1
    assert all(actor == "participant" for i, actor in by_seat_1 if i < taken), by_seat_1
    for page in (staff_page, one, two):
        assert not page.console_errors, page.console_errors


def test_the_clinician_cancels_a_table_still_waiting(
    browser,
    device,  # noqa: F811
    staff,
    shot,
    asgi_server,  # noqa: F811
):
    clinician = staff["clinician"]
    first = enrol_with_consent(staff["study"], clinician)
    second = enrol_with_consent(staff["study"], clinician)
    staff_page = device(TABLET)
    login_as(staff_page, clinician)
    game_id = open_table_in_the_ui(
        staff_page, staff["memulation"], [f"p{first.pk}", f"p{second.pk}"], shot, problems={}
    )
    one = device(PHONE)
    one.goto(seat_links(staff_page)[0])
    one.get_by_test_id("waiting-status").filter(has_text=f"Still to come: {second.code}").wait_for()

    staff_page.get_by_test_id("table-cancel").click()
    staff_page.get_by_role("button", name="Keep the table").click()
    assert Game.objects.get(pk=game_id).status == "waiting"
    staff_page.get_by_test_id("table-cancel").click()
    staff_page.get_by_test_id("table-confirm").click()
    staff_page.get_by_test_id("table-status").filter(has_text="Abandoned").wait_for()
    assert staff_page.get_by_test_id("seat-link").count() == 0
    one.get_by_role("heading", name="The clinician cancelled this table").wait_for()
    shot(one, "running-04-cancelled")
    assert Game.objects.get(pk=game_id).status == "abandoned"
    for page in (staff_page, one):
        assert not page.console_errors, page.console_errors
