"""Several people at one table, each on their own browser page, driven in turn: each page makes
the move its screen offers (if any) and hands over to the next, the way people at a table take
turns. Used by tests/e2e/test_tables.py."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.players import _look, _until_it_changes, _version, _wait_for_answer

# One look at the page: another person's move may change it between two.
_OFFERED = """sel => [...document.querySelectorAll(sel)].some(
    e => !e.disabled && e.getClientRects().length > 0)"""


def _offered(page: Page, selector: str) -> bool:
    """Something matching ``selector`` is on screen and can be pressed, now."""
    return page.evaluate(_OFFERED, selector)


@dataclass
class Person:
    """One person's device at the table."""

    name: str
    page: Page
    plays: int = 0
    examined: int = 0
    choices: int = 0
    stragedies: int = 0
    asks: int = 0
    hidden: int = 0
    waiting_lines: set[str] = field(default_factory=set)

    def phase(self, game: str) -> str | None:
        return self.page.evaluate(
            "g => document.querySelector(`.table.${g}`)?.dataset.phase ?? null", game
        )

    def finished(self, game: str) -> bool:
        return self.phase(game) == "finished"

    def note_turn_line(self) -> None:
        text = self.page.evaluate(
            "() => document.querySelector('[data-testid=turn-line]')?.innerText ?? ''"
        )
        if text.startswith("Waiting for"):
            self.waiting_lines.add(text)


def _press(target: Locator) -> bool:
    """Click, unless the screen moved on meanwhile (another person's move can take the button
    away between looking and clicking): then there is nothing to press."""
    try:
        target.click(timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


def _play_a_card(person: Person) -> bool:
    page = person.page
    legal = page.locator("[data-testid=hand] .card-btn.legal:enabled")
    if not _offered(page, "[data-testid=hand] .card-btn.legal"):
        person.note_turn_line()
        return False
    version = _version(page)
    if not _press(legal.first):
        return False
    person.plays += 1
    _wait_for_answer(page, version)
    return True


def memulation_step(person: Person) -> bool:
    """Make the move this person's screen offers now, if any; True when one was made."""
    page = person.page
    phase = person.phase("memulation")
    if phase == "examination":
        for button in ("exam-start", "ready"):
            if _offered(page, f"[data-testid={button}]"):
                version = _version(page)
                if not _press(page.get_by_test_id(button)):
                    return False
                person.examined += button == "ready"
                _wait_for_answer(page, version)
                return True
        return False
    if phase == "choose_hand":
        if _offered(page, "[data-testid=choose-A]"):
            version = _version(page)
            if not _press(page.get_by_test_id("choose-A")):
                return False
            person.choices += 1
            _wait_for_answer(page, version)
            return True
        return False
    if phase == "stragedy":
        if _offered(page, ".card-picker [data-card=QH]"):
            page.locator(".card-picker [data-card=QH]").click()
            page.get_by_test_id("intended-next").click()
            return True
        if _offered(page, ".old-slot.pick"):
            page.locator(".old-slot.pick").nth(3).click()
            page.get_by_test_id("turn-up").click()
            page.get_by_test_id("reveal").wait_for()
            person.stragedies += 1
            return True
        return False
    if phase == "play":
        return _play_a_card(person)
    return False


def mendikot_step(person: Person) -> bool:
    page = person.page
    phase = person.phase("mendikot")
    if phase in (None, "finished"):
        return False
    if _offered(page, "[data-testid=ask-trump]"):
        if not _press(page.get_by_test_id("ask-trump")):
            return False
        page.wait_for_function(
            "() => !document.querySelector('[data-testid=ask-trump]')", polling=20
        )
        person.asks += 1
        return True
    if phase == "hide_trump" and _offered(page, "[data-testid=hand] .card-btn.legal"):
        version = _version(page)
        if not _press(page.locator("[data-testid=hand] .card-btn.legal:enabled").first):
            return False
        person.hidden += 1
        _wait_for_answer(page, version)
        return True
    return _play_a_card(person)


def play_together(
    people: list[Person],
    game: str,
    *,
    between: Callable[[list[Person]], None] | None = None,
    deadline_s: float = 240,
) -> None:
    """Take turns until every screen shows the end of the game. ``between`` is called after
    every round of turns (to look at other pages, or to drop a device)."""
    step = memulation_step if game == "memulation" else mendikot_step
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        if all(p.finished(game) for p in people):
            for p in people:
                p.page.get_by_test_id("match-summary").wait_for()
            return
        # Everyone's screen shows the same table: the first one's changes when anyone's does.
        before = _look(people[0].page)
        moved = False
        for person in people:
            moved = step(person) or moved
        if between:
            between(people)
        if not moved:
            _until_it_changes(people[0].page, before, timeout_ms=500)
    states = {p.name: (p.phase(game), p.plays) for p in people}
    raise AssertionError(f"the {game} table did not finish in time: {states}")
