"""A participant at the table, driven through the browser the way a person plays: by looking
at the screen (the DOM) and clicking.

A player takes in the screen at a glance (one ``_look``, a single read of the page) and waits
for it to change (``_until_it_changes``, watched in the page) instead of asking the page one
question after another every tenth of a second: on a loaded machine those questions, not the
game, were most of a browser test's work."""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

# Everything the players below decide on, read in one pass: what shows and what can be pressed.
_SCREEN = """() => {
  const one = sel => document.querySelector(sel);
  const all = sel => [...document.querySelectorAll(sel)];
  const shown = e => !!e && e.getClientRects().length > 0;
  const offered = sel => all(sel).some(e => !e.disabled && shown(e));
  const cards = sel => all(sel).filter(e => !e.disabled).map(e => e.dataset.card);
  const table = one('.table.memulation, .table.mendikot');
  return {
    over: shown(one('[data-testid=practice-done]')),
    probe: shown(one('[data-testid=recall-probe]')),
    phase: table?.dataset.phase ?? '',
    deal: table?.dataset.deal ?? '',
    version: one('#table')?.dataset.version ?? null,
    news: all('[data-testid=news] p').map(e => e.innerText),
    offered: Object.fromEntries(['exam-start', 'ready', 'choose-A', 'ask-trump'].map(
      id => [id, offered(`[data-testid=${id}]`)])),
    exam_title: one('#exam-title')?.innerText ?? null,
    countdown: one('[data-testid=countdown]')?.innerText ?? null,
    time_up_for_a: document.body.textContent.includes('Time is up for hand A'),
    upcoming: all('[data-testid=exam-next]').map(e => e.innerText),
    picker: shown(one('.card-picker')),
    pick: shown(one('.old-slot.pick')),
    legal: cards('[data-testid=hand] .card-btn.legal'),
    not_legal: cards('[data-testid=hand] .card-btn.not-legal').length,
    hand: all('[data-testid=hand] .card-btn').map(e => e.dataset.card),
    trick: all('[data-testid=trick] .trick-card').length,
  };
}"""


@dataclass
class Screen:
    """One look at the screen: what it shows (``seen``) and its fingerprint, to wait for a
    change from."""

    seen: dict[str, Any]
    fingerprint: str

    def __getitem__(self, name: str) -> Any:
        return self.seen[name]


def _look(page: Page) -> Screen:
    seen, fingerprint = page.evaluate(
        f"() => {{ const s = ({_SCREEN})(); return [s, JSON.stringify(s)]; }}"
    )
    return Screen(seen, fingerprint)


def _until_it_changes(page: Page, screen: Screen, timeout_ms: float = 2000) -> None:
    """Wait until the screen shows something other than ``screen`` did (a move, a new phase, a
    clock's tick), or ``timeout_ms`` has passed; the page checks every 50 ms by itself."""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            f"before => JSON.stringify(({_SCREEN})()) !== before",
            arg=screen.fingerprint,
            polling=50,
            timeout=timeout_ms,
        )


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
        polling=20,  # not at every frame: that keeps the page drawing while it waits
    )


def _note_news(screen: Screen, seen: Seen) -> None:
    for line in screen["news"]:
        if line not in seen.news[-8:]:
            seen.news.append(line)


def _once(seen: Seen, shot, page: Page, name: str) -> None:
    if shot and name not in seen.shots:
        seen.shots.add(name)
        shot(page, name)


def _examine(page: Page, screen: Screen, seen: Seen, shot) -> None:
    """One step of an examination: start it, sort the first hand, or say Ready."""
    offered = screen["offered"]
    if offered["exam-start"]:
        # The game's first hand waits, untimed, until the participant presses Start.
        seen.started_by_hand = True
        _once(seen, shot, page, "memulation-00-start")
        page.get_by_test_id("exam-start").click()
        _until_it_changes(page, screen)
        return
    if screen["exam_title"] is not None and screen["countdown"] and offered["ready"]:
        title = screen["exam_title"]
        if not seen.examinations or seen.examinations[-1] != title:
            seen.examinations.append(title)
            seen.countdowns.append(int(screen["countdown"]))
        if len(seen.examinations) > 1:
            page.get_by_test_id("ready").click()
            _until_it_changes(page, screen)
            return
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
                polling=20,
            )
            seen.sorted_hand = True
            _once(seen, shot, page, "memulation-01-examination")
            return
    seen.hand_timed_out = seen.hand_timed_out or screen["time_up_for_a"]
    seen.upcoming.update(screen["upcoming"])
    _until_it_changes(page, screen)


def _stragedy(page: Page, screen: Screen, seen: Seen, shot) -> None:
    """Name the intended card, then pick the fourth face-down trick and turn it up."""
    if screen["picker"]:
        seen.stragedy_intended = "QH"
        page.locator(".card-picker [data-card=QH]").click()
        _once(seen, shot, page, "memulation-05-stragedy-name")
        page.get_by_test_id("intended-next").click()
    elif screen["pick"]:
        page.locator(".old-slot.pick").nth(3).click()
        _once(seen, shot, page, "memulation-06-stragedy-pick")
        page.get_by_test_id("turn-up").click()
        page.get_by_test_id("reveal").wait_for()
        seen.reveal = page.get_by_test_id("reveal").inner_text()
        _note_news(_look(page), seen)
        _once(seen, shot, page, "memulation-07-reveal")
    else:
        _until_it_changes(page, screen)


def _play_a_card(page: Page, screen: Screen, seen: Seen, card: str) -> None:
    """Play ``card``; it counts once it has left the hand: on a loaded machine a click can land
    as the view changes under it (a trick taken, a newer view) and play nothing."""
    _hand_card(page, card).click()
    _wait_for_answer(page, screen["version"])
    try:
        _hand_card(page, card).wait_for(state="detached", timeout=3000)
    except PlaywrightTimeout:
        return
    seen.plays += 1


def play_memulation(page: Page, *, shot=None, deadline_s: float = 240) -> Seen:
    """Play a whole Memulation match through the UI; returns what was seen."""
    seen = Seen()
    page.locator(".table.memulation").wait_for()
    end = time.monotonic() + deadline_s
    tried_illegal = False
    while time.monotonic() < end:
        screen = _look(page)
        if screen["over"]:  # the practice's end screen takes the table's place
            return seen
        phase = screen["phase"]
        seen.phases.add((screen["deal"], phase))
        _note_news(screen, seen)
        if phase == "finished":
            page.get_by_test_id("match-summary").wait_for()
            _once(seen, shot, page, "memulation-08-match-summary")
            return seen
        if phase == "examination":
            _examine(page, screen, seen, shot)
        elif phase == "choose_hand" and screen["offered"]["choose-A"]:
            _once(seen, shot, page, "memulation-02-choice")
            page.get_by_test_id("choose-A").click()
            seen.choices += 1
            _until_it_changes(page, screen)
        elif phase == "stragedy":
            _stragedy(page, screen, seen, shot)
        elif phase == "play" and screen["legal"]:
            if not tried_illegal and screen["not_legal"]:
                tried_illegal = True
                page.locator("[data-testid=hand] .card-btn.not-legal:enabled").first.click()
                refusal = page.get_by_test_id("refusal")
                refusal.wait_for()
                seen.refusals.append(refusal.inner_text())
                _once(seen, shot, page, "memulation-04-refusal")
                continue
            if seen.plays == 3:
                _once(seen, shot, page, "memulation-03-play")
            _play_a_card(page, screen, seen, screen["legal"][0])
        else:
            _until_it_changes(page, screen)
    raise AssertionError(f"the match did not finish in time; seen {seen}")


def play_mendikot(page: Page, *, shot=None, deadline_s: float = 120) -> Seen:
    """Play a Mendikot match through the UI. Leads from the shortest suit (to become void soon)
    and asks for trump whenever the button is offered."""
    seen = Seen()
    page.locator(".table.mendikot").wait_for()
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        screen = _look(page)
        if screen["over"]:  # the practice's end screen takes the table's place
            return seen
        phase = screen["phase"]
        seen.phases.add(("", phase))
        _note_news(screen, seen)
        if phase == "finished":
            page.get_by_test_id("match-summary").wait_for()
            _once(seen, shot, page, "mendikot-04-summary")
            return seen
        if screen["offered"]["ask-trump"]:
            _once(seen, shot, page, "mendikot-02-ask-offered")
            page.get_by_test_id("ask-trump").click()
            page.wait_for_function(
                "() => !document.querySelector('[data-testid=ask-trump]')", polling=20
            )
            seen.asks += 1
            _note_news(_look(page), seen)
            _once(seen, shot, page, "mendikot-03-after-ask")
            continue
        legal = screen["legal"]
        if not legal:
            _until_it_changes(page, screen)
            continue
        if phase == "hide_trump":
            _once(seen, shot, page, "mendikot-00-hide")
            _hand_card(page, legal[0]).click()
            seen.hidden += 1
            _wait_for_answer(page, screen["version"])
            continue
        if seen.plays == 1:
            _once(seen, shot, page, "mendikot-01-play")
        choice = legal[0]
        if screen["trick"] == 0:  # leading: from the shortest suit
            counts = Counter(card[-1] for card in screen["hand"])
            choice = min(legal, key=lambda c: (counts[c[-1]], c))
        _hand_card(page, choice).click()
        seen.plays += 1
        _wait_for_answer(page, screen["version"])
    raise AssertionError(f"the match did not finish in time; seen {seen}")
