"""A participant at the table, driven through the browser the way a person plays: by looking
at the screen (the DOM) and clicking."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout


@dataclass
class Seen:
    """What happened on the screen during a game (for the test's assertions)."""

    phases: set[tuple[str, str]] = field(default_factory=set)
    examinations: list[str] = field(default_factory=list)
    countdowns: list[int] = field(default_factory=list)
    hand_timed_out: bool = False
    started_by_hand: bool = False
    upcoming: set[str] = field(default_factory=set)
    sorted_hand: bool = False
    choices: int = 0
    stragedy_intended: str | None = None
    reveal: str | None = None
    refusals: list[str] = field(default_factory=list)
    plays: int = 0
    asks: int = 0
    hidden: int = 0
    news: list[str] = field(default_factory=list)
    shots: set[str] = field(default_factory=set)


def _hand_card(page: Page, card: str | None):
    """The button of ``card`` in the hand on screen."""
    return page.locator(f"[data-testid=hand] .card-btn[data-card='{card}']")


def _visible(page: Page, selector: str) -> bool:
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def _enabled(page: Page, selector: str) -> bool:
    loc = page.locator(selector)
    try:  # the element may go between two looks (the answer it waited for came)
        return loc.count() > 0 and loc.first.is_visible() and loc.first.is_enabled(timeout=500)
    except PlaywrightTimeout:
        return False


def _version(page: Page) -> str | None:
    """The version of the view on screen: every answer of the server moves it on."""
    return page.locator("#table").get_attribute("data-version")


def _wait_for_answer(page: Page, version: str | None) -> None:
    """Wait until the server has answered the move just made. Counting the hand's cards is not
    enough: a card played while the hidden trump comes back to the hand leaves it unchanged."""
    page.wait_for_function(
        "v => document.querySelector('#table')?.dataset.version !== v"
        " && !document.querySelector('[data-testid=sending-card]')",
        arg=version,
    )


def _practice_over(page: Page) -> bool:
    """A practice game ends on its own screen, without the table."""
    return _visible(page, "[data-testid=practice-done]")


def _note_news(page: Page, seen: Seen) -> None:
    for line in page.locator("[data-testid=news] p").all_inner_texts():
        if line not in seen.news[-8:]:
            seen.news.append(line)


def _once(seen: Seen, shot, page: Page, name: str) -> None:
    if shot and name not in seen.shots:
        seen.shots.add(name)
        shot(page, name)


def play_memulation(page: Page, *, shot=None, deadline_s: float = 240) -> Seen:
    """Play a whole Memulation match through the UI; returns what was seen."""
    seen = Seen()
    table = page.locator(".table.memulation")
    table.wait_for()
    end = time.monotonic() + deadline_s
    tried_illegal = False
    while time.monotonic() < end:
        if _practice_over(page):
            return seen
        try:  # the practice's end screen takes the table's place
            phase = table.get_attribute("data-phase", timeout=2000) or ""
            deal = table.get_attribute("data-deal", timeout=2000) or ""
        except PlaywrightTimeout:
            continue
        seen.phases.add((deal, phase))
        _note_news(page, seen)
        if phase == "finished":
            page.get_by_test_id("match-summary").wait_for()
            _once(seen, shot, page, "memulation-08-match-summary")
            return seen
        if phase == "examination":
            if _enabled(page, "[data-testid=exam-start]"):
                # The game's first hand waits, untimed, until the participant presses Start.
                seen.started_by_hand = True
                _once(seen, shot, page, "memulation-00-start")
                page.get_by_test_id("exam-start").click()
                continue
            heading = page.locator("#exam-title")
            if heading.count() and _enabled(page, "[data-testid=ready]"):
                title = heading.inner_text()
                if not seen.examinations or seen.examinations[-1] != title:
                    seen.examinations.append(title)
                    seen.countdowns.append(int(page.get_by_test_id("countdown").inner_text()))
                if len(seen.examinations) == 1:
                    # The very first hand: sort it by tap, then let the clock run out.
                    if not seen.sorted_hand:
                        cards = page.locator("[data-testid=exam-hand] .card-btn")
                        before = cards.nth(0).get_attribute("data-card")
                        cards.nth(0).click()
                        cards.nth(4).click()
                        page.wait_for_function(
                            "c => document.querySelectorAll("
                            "'[data-testid=exam-hand] .card-btn')[4].dataset.card === c",
                            arg=before,
                        )
                        seen.sorted_hand = True
                        _once(seen, shot, page, "memulation-01-examination")
                    page.wait_for_timeout(200)
                    continue
                page.get_by_test_id("ready").click()
                page.wait_for_timeout(150)
                continue
            if page.get_by_text("Time is up for hand A").count():
                seen.hand_timed_out = True
            # The pause may end between a look and a read: read what is there, without waiting.
            seen.upcoming.update(page.locator("[data-testid=exam-next]").all_inner_texts())
            page.wait_for_timeout(150)
            continue
        if phase == "choose_hand":
            if _enabled(page, "[data-testid=choose-A]"):
                _once(seen, shot, page, "memulation-02-choice")
                page.get_by_test_id("choose-A").click()
                seen.choices += 1
                page.wait_for_timeout(200)
                continue
            page.wait_for_timeout(150)
            continue
        if phase == "stragedy":
            picker = page.locator(".card-picker")
            if picker.count() and picker.is_visible():
                seen.stragedy_intended = "QH"
                page.locator(".card-picker [data-card=QH]").click()
                _once(seen, shot, page, "memulation-05-stragedy-name")
                page.get_by_test_id("intended-next").click()
                continue
            if _visible(page, ".old-slot.pick"):
                page.locator(".old-slot.pick").nth(3).click()
                _once(seen, shot, page, "memulation-06-stragedy-pick")
                page.get_by_test_id("turn-up").click()
                page.get_by_test_id("reveal").wait_for()
                seen.reveal = page.get_by_test_id("reveal").inner_text()
                _note_news(page, seen)
                _once(seen, shot, page, "memulation-07-reveal")
                continue
            page.wait_for_timeout(150)
            continue
        if phase == "play":
            legal = page.locator("[data-testid=hand] .card-btn.legal:enabled")
            if legal.count() == 0:
                page.wait_for_timeout(100)
                continue
            illegal = page.locator("[data-testid=hand] .card-btn.not-legal:enabled")
            if not tried_illegal and illegal.count() > 0:
                tried_illegal = True
                illegal.first.click()
                refusal = page.get_by_test_id("refusal")
                refusal.wait_for()
                seen.refusals.append(refusal.inner_text())
                _once(seen, shot, page, "memulation-04-refusal")
                continue
            if seen.plays == 3:
                _once(seen, shot, page, "memulation-03-play")
            version = _version(page)
            card = legal.first.get_attribute("data-card")
            _hand_card(page, card).click()
            _wait_for_answer(page, version)
            # A play counts once its card has left the hand: on a loaded machine a click can
            # land as the view changes under it (a trick taken, a newer view) and play nothing.
            try:
                _hand_card(page, card).wait_for(state="detached", timeout=3000)
            except PlaywrightTimeout:
                continue
            seen.plays += 1
            continue
        page.wait_for_timeout(150)
    raise AssertionError(f"the match did not finish in time; seen {seen}")


def _suit_counts(page: Page) -> Counter:
    cards = page.locator("[data-testid=hand] .card-btn").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return Counter(card[-1] for card in cards)


def play_mendikot(page: Page, *, shot=None, deadline_s: float = 120) -> Seen:
    """Play a Mendikot match through the UI. Leads from the shortest suit (to become void soon)
    and asks for trump whenever the button is offered."""
    seen = Seen()
    table = page.locator(".table.mendikot")
    table.wait_for()
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        if _practice_over(page):
            return seen
        try:  # the practice's end screen takes the table's place
            phase = table.get_attribute("data-phase", timeout=2000) or ""
        except PlaywrightTimeout:
            continue
        seen.phases.add(("", phase))
        _note_news(page, seen)
        if phase == "finished":
            page.get_by_test_id("match-summary").wait_for()
            _once(seen, shot, page, "mendikot-04-summary")
            return seen
        if _enabled(page, "[data-testid=ask-trump]"):
            _once(seen, shot, page, "mendikot-02-ask-offered")
            page.get_by_test_id("ask-trump").click()
            page.wait_for_function("() => !document.querySelector('[data-testid=ask-trump]')")
            seen.asks += 1
            _note_news(page, seen)
            _once(seen, shot, page, "mendikot-03-after-ask")
            continue
        legal = page.locator("[data-testid=hand] .card-btn.legal:enabled")
        if legal.count() == 0:
            page.wait_for_timeout(100)
            continue
        version = _version(page)
        if phase == "hide_trump":
            _once(seen, shot, page, "mendikot-00-hide")
            legal.first.click()
            seen.hidden += 1
        else:
            if seen.plays == 1:
                _once(seen, shot, page, "mendikot-01-play")
            leading = page.locator("[data-testid=trick] .trick-card").count() == 0
            choice = legal.first
            if leading:
                counts = _suit_counts(page)
                options = legal.evaluate_all("els => els.map(e => e.dataset.card)")
                best = min(options, key=lambda c: (counts[c[-1]], c))
                choice = _hand_card(page, best)
            choice.click()
            seen.plays += 1
        _wait_for_answer(page, version)
    raise AssertionError(f"the match did not finish in time; seen {seen}")
