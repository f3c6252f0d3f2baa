"""End-to-end: a participant answers the recall probes of a Memulation round in the browser, by
clicking the 'Stragedy's picker and, for the which-hand probes, from the keyboard."""

from __future__ import annotations

import contextlib
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from apps.games import links
from apps.games.models import Game, RecallProbe
from tests.e2e.conftest import enrol_with_consent, protocol_add
from tests.e2e.players import _look, _until_it_changes
from tests.e2e.test_browser import start_session

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _answer_probe(page, seen: list) -> None:
    probe = page.get_by_test_id("recall-probe")
    kind, number = probe.get_attribute("data-kind"), probe.get_attribute("data-number")
    text = page.locator("#probe-title").inner_text()
    # Only the question just answered can still be on show: a later one may repeat an earlier
    # question word for word (a card of the Old Deal's Undealt is in the other hand in the New).
    if not seen or seen[-1] != (kind, number, text):
        seen.append((kind, number, text))
    # A question still on show after its answer was given (a key pressed as the page changed
    # under it) is answered again: the page only ever shows the one waiting.
    assert "correct" not in probe.inner_text().lower()
    if kind == "where":
        page.locator("[data-testid=recall-probe] .old-slot.pick").nth(2).click()
        page.get_by_test_id("probe-answer").click()
    else:
        # The question has the focus: Tab to "Yes", Tab again to "No", Enter answers.
        page.wait_for_function("document.activeElement?.id === 'probe-title'")
        page.keyboard.press("Tab")
        if number == "2":
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    # Answered: this question is gone (another view, pushed meanwhile, is not an answer).
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            "t => document.querySelector('#probe-title')?.innerText !== t", arg=text, timeout=5000
        )


def test_a_participant_answers_the_recall_probes(page, staff, shot):
    protocol = protocol_add(
        staff,
        name="Memulation with probes",
        game="memulation",
        rounds=1,
        examination_seconds=5,
        roles="participant_lucky",
        opponent="random",
        opponent_pace_seconds=0,  # the browser tests do not wait for opponents
        recall_probes=2,
    )
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    game = start_session(participant, protocol, staff["clinician"])
    page.goto(f"/play/{links.play_link_token(game)}")
    page.locator("#table").wait_for()
    seen: list = []
    end = time.monotonic() + 240
    while time.monotonic() < end:
        screen = _look(page)
        if screen["probe"]:
            if not seen:
                shot(page, "probes-01-which-hand")
            elif seen[-1][0] == "which_hand" and len(seen) == 2:
                shot(page, "probes-02-where")
            _answer_probe(page, seen)
            continue
        if screen["phase"] == "finished":
            break
        offered = screen["offered"]
        moves = {  # in the order a person would take them
            "[data-testid=exam-start]": offered["exam-start"],
            "[data-testid=ready]": offered["ready"],
            "[data-testid=choose-A]": offered["choose-A"],
            "[data-testid=hand] .card-btn.legal:enabled": screen["legal"],
        }
        move = next((selector for selector, shown in moves.items() if shown), None)
        if move:
            # Gone between the look and the click: the game moved on without it.
            with contextlib.suppress(PlaywrightTimeout):
                page.locator(move).first.click(timeout=2000)
        _until_it_changes(page, screen)
    else:
        raise AssertionError(f"the game did not finish; probes seen {seen}")
    # Two which-hand probes after each hand choice, two where-probes before the New Deal.
    assert [kind for kind, _, _ in seen] == ["which_hand"] * 2 + ["where"] * 2 + ["which_hand"] * 2
    rows = list(RecallProbe.objects.filter(game=game).order_by("event__seq"))
    assert [r.kind for r in rows] == [kind for kind, _, _ in seen]
    assert [r.in_other_hand for r in rows if r.kind == "which_hand"] == [True, False] * 2
    assert all(r.decision_ms is not None for r in rows)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert not page.console_errors
