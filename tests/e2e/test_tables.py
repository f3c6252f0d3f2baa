"""Tables in the browser, on the ASGI server (uvicorn, as ``make run`` serves it): a clinician
opens a table through the UI, each person plays on their own browser context from their seat's
link, a device dropped mid-game comes back on a new page and finishes, and the clinician watches
on the spectator page, which shows no hand while the game runs and the whole record after.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from apps.games.models import Game, Play
from apps.participants.models import Protocol
from apps.training.models import TrainingSession
from tests.e2e.conftest import _new_page, enrol_with_consent, login_as, protocol_add, run_axe
from tests.e2e.table_players import Person, play_together
from tests.e2e.test_live_socket import asgi_server  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 320, "height": 568}  # the narrowest phone, and 1280 px zoomed to 400%


@pytest.fixture
def device(browser, asgi_server):  # noqa: F811
    """``device(viewport)``: a new browser context on the ASGI server (one person's device)."""
    contexts = []
    server = SimpleNamespace(url=asgi_server)

    def make(viewport=TABLET):
        context, page = _new_page(browser, server, viewport)
        # Several devices and a server on one loaded machine: allow for slow answers.
        context.set_default_timeout(30_000)
        contexts.append(context)
        page.sockets = []
        page.on("websocket", lambda ws: page.sockets.append(ws.url))
        return page

    yield make
    for context in contexts:
        context.close()


def accessible(page, name: str, problems: dict) -> None:
    found = run_axe(page)
    if found:
        problems[name] = found


def both_sizes(page, shot, name: str, problems: dict) -> None:
    """At the tablet's and the phone's size: a screenshot, and the page no wider than the
    screen. Then back to the page's own size."""
    own = page.viewport_size
    for size in (TABLET, PHONE):
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
        shot(page, f"{name}-{size['width']}")
        wide = page.evaluate("document.scrollingElement.scrollWidth")
        if wide > size["width"]:
            problems[f"{name}-{size['width']}: the page is {wide} px wide"] = wide
    page.set_viewport_size(own)


def open_table_in_the_ui(page, protocol: Protocol, seats: list[str], shot, problems) -> int:
    """The clinician opens a table from the dashboard; the table page's id."""
    page.goto("/")
    page.get_by_test_id("open-table").click()
    page.locator(f"#table-protocol option[value='{protocol.pk}']").wait_for(state="attached")
    page.get_by_label("Protocol").select_option(value=str(protocol.pk))
    for i, choice in enumerate(seats):
        page.get_by_label(f"Seat {i + 1}", exact=True).select_option(value=choice)
    page.get_by_test_id("seats-problem").wait_for(state="detached")
    accessible(page, "open-table", problems)
    shot(page, f"tables-01-open-{protocol.game}")
    # The form is sent from the keyboard.
    assert reached_by_tab(page, "button[type=submit]:enabled")
    page.keyboard.press("Enter")
    page.locator(".table-page").wait_for()
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def reached_by_tab(page, selector: str, presses: int = 40) -> bool:
    """Pressing Tab from the top of the page comes to ``selector``."""
    page.locator("body").focus()
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return True
    return False


def seat_links(page) -> list[str]:
    return page.get_by_test_id("seat-link").evaluate_all("els => els.map(a => a.href)")


def hands_on_screen(people: list[Person]) -> set[str]:
    cards = set()
    for person in people:
        cards |= set(
            person.page.locator("[data-testid=hand] .card-btn").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
        )
    return cards


def strings_in(body) -> set[str]:
    if isinstance(body, str):
        return {body}
    if isinstance(body, dict):
        return set().union(*(strings_in(v) for v in body.values())) if body else set()
    if isinstance(body, list):
        return set().union(*(strings_in(v) for v in body)) if body else set()
    return set()


class Spectator:
    """The clinician's spectator page, looked at while the game runs."""

    def __init__(self, page, game_id: int):
        self.page = page
        self.game_id = game_id
        self.looks = 0
        page.goto(f"/games/{game_id}/watch")
        page.get_by_test_id("watch-page").wait_for()

    def look(self, people: list[Person]) -> None:
        """No card of any hand on the page or in its view; only the trick's cards face up."""
        page = self.page
        if page.get_by_test_id("watch-page").get_attribute("data-status") != "active":
            return
        held = hands_on_screen(people)
        # One look at the page (a push may change it between two).
        shown, in_trick = (
            set(cards)
            for cards in page.evaluate(
                "() => ['[data-card]', '[data-testid=watch-trick] [data-card]'].map("
                "q => [...document.querySelectorAll(q)].map(e => e.dataset.card))"
            )
        )
        assert shown == in_trick, (shown, in_trick)
        assert not shown & held, shown & held
        assert page.locator("[data-testid=hand]").count() == 0
        # Pushed over the spectator socket, not polled.
        page.get_by_test_id("watch-live").filter(has_text="live").wait_for()
        body = page.request.get(f"/api/games/{self.game_id}/watch/").json()
        if body["status"] == "active":
            assert body["state"]["hand"] in (None, [])
            assert body["record"] is None
            assert not strings_in(body) & held, strings_in(body) & held
        self.looks += 1

    def now_and_then(self, people: list[Person], plays: int, every: int = 9) -> None:
        """A look every ``every`` cards played."""
        if plays >= (self.looks + 1) * every:
            self.look(people)


def test_two_people_play_a_whole_memulation_table_and_the_clinician_watches(
    browser,
    device,
    staff,
    shot,
    asgi_server,  # noqa: F811
):
    clinician = staff["clinician"]
    protocol = protocol_add(
        staff,
        name="Memulation for two",
        game="memulation",
        rounds=1,
        examination_seconds=5,
        roles="alternate",
        opponent="random",
        stragedy_intent=True,
    )
    first = enrol_with_consent(staff["study"], clinician)
    second = enrol_with_consent(staff["study"], clinician)
    problems: dict = {}

    staff_page = device(TABLET)
    login_as(staff_page, clinician)
    game_id = open_table_in_the_ui(
        staff_page, protocol, [f"p{first.pk}", f"p{second.pk}"], shot, problems
    )
    game = Game.objects.get(pk=game_id)
    assert game.status == "waiting"
    # Each participant has a session of their own at this table.
    assert TrainingSession.objects.filter(participant__in=[first, second]).count() == 2
    assert staff_page.locator(".table-qr svg").count() == 2
    links = seat_links(staff_page)
    assert len(links) == 2 and all("/play/" in link for link in links)
    accessible(staff_page, "table-page", problems)
    assert reached_by_tab(staff_page, "[data-testid=seat-link]")
    both_sizes(staff_page, shot, "tables-02-table-page", problems)

    # The first device sits down and waits for the second.
    one = device(TABLET)
    one.goto(links[0])
    one.get_by_test_id("waiting-room").wait_for()
    one.get_by_test_id("waiting-status").filter(has_text=f"Still to come: {second.code}").wait_for()
    assert f"({first.code})" in one.get_by_test_id("your-seat").inner_text()
    accessible(one, "waiting-room", problems)
    both_sizes(one, shot, "tables-03-waiting-room", problems)
    staff_page.locator("[data-testid=table-seat-0][data-joined=true]").wait_for()
    assert staff_page.get_by_test_id("watch").count() == 0

    # The second sits down (on a phone): the game starts on both.
    two = device(PHONE)
    two.goto(links[1])
    for page in (one, two):
        page.locator(".table.memulation").wait_for()
    staff_page.get_by_test_id("watch").wait_for()
    staff_page.get_by_test_id("watch").click()
    watcher = Spectator(staff_page, game_id)

    people = [Person(first.code, one), Person(second.code, two)]
    shots = set()

    def between(people: list[Person]) -> None:
        total = sum(p.plays for p in people)
        if total >= 6 and "play" not in shots:
            shots.add("play")
            shot(one, "tables-04-memulation-people-1024")
            shot(two, f"tables-04-memulation-people-{PHONE['width']}")
        if total >= 8 and "watch" not in shots:
            shots.add("watch")
            watcher.look(people)
            accessible(staff_page, "watch-running", problems)
            both_sizes(staff_page, shot, "tables-05-watch-running", problems)
        watcher.now_and_then(people, total)

    play_together(people, "memulation", between=between)

    game.refresh_from_db()
    assert game.status == "finished"
    assert watcher.looks >= 2
    # 13 tricks a deal, two deals: each person played 26 cards, both examined every hand.
    assert [p.plays for p in people] == [26, 26]
    assert all(p.examined >= 3 for p in people)
    assert sum(p.choices for p in people) == 2 and sum(p.stragedies for p in people) == 1
    # Waiting for the other person named them, not a computer opponent.
    assert {f"Waiting for {second.code}…"} <= people[0].waiting_lines
    assert {f"Waiting for {first.code}…"} <= people[1].waiting_lines
    for session in TrainingSession.objects.filter(participant__in=[first, second]):
        assert session.status == "completed"

    # The spectator page now shows the whole record.
    staff_page.get_by_test_id("game-record").wait_for()
    assert staff_page.get_by_test_id("watch-page").get_attribute("data-status") == "finished"
    accessible(staff_page, "watch-finished", problems)
    both_sizes(staff_page, shot, "tables-06-watch-finished", problems)
    assert problems == {}, json.dumps(problems, indent=2)
    for page in (staff_page, one, two):
        assert not page.console_errors, page.console_errors
    # Each device played over its own seat's socket, the spectator watched over its own.
    for page in (one, two):
        assert any("/ws/play/" in url for url in page.sockets), page.sockets
    assert any(url.endswith(f"/ws/games/{game_id}/watch/") for url in staff_page.sockets)


def test_a_mendikot_table_of_three_people_and_the_computer_with_a_device_dropped_mid_game(
    browser,
    device,
    staff,
    shot,
    asgi_server,  # noqa: F811
):
    clinician = staff["clinician"]
    first = enrol_with_consent(staff["study"], clinician)
    second = enrol_with_consent(staff["study"], clinician)
    problems: dict = {}

    staff_page = device(TABLET)
    login_as(staff_page, clinician)
    # Partners sit opposite: the participants (seats 1 and 3) against the computer and the
    # clinician.
    game_id = open_table_in_the_ui(
        staff_page,
        staff["mendikot"],
        [f"p{first.pk}", "bot", f"p{second.pk}", "clinician"],
        shot,
        problems,
    )
    assert staff_page.locator(".table-qr svg").count() == 3
    links = seat_links(staff_page)
    assert len(links) == 3

    pages = [device(TABLET), device(PHONE), device(TABLET)]
    for page, link in zip(pages, links, strict=True):
        page.goto(link)
    for page in pages:
        page.locator(".table.mendikot").wait_for()
    people = [
        Person(first.code, pages[0]),
        Person(second.code, pages[1]),
        Person("Clinician", pages[2]),
    ]
    partner = pages[0].locator("[data-seat='2'] .seat-name").inner_text()
    assert f"Partner ({second.code})" in partner, partner
    staff_page.get_by_test_id("watch").click()
    watcher = Spectator(staff_page, game_id)
    dropped = {"done": False}
    shots: set[str] = set()

    def between(people: list[Person]) -> None:
        total = sum(p.plays for p in people)
        if total >= 5 and not shots:
            shots.add("play")
            shot(people[0].page, "tables-07-mendikot-people-1024")
            shot(people[1].page, f"tables-07-mendikot-people-{PHONE['width']}")
            accessible(people[1].page, "mendikot-table-phone", problems)
        if total >= 8 and not dropped["done"]:
            # The second person's device dies; a new page opens the same link and goes on.
            dropped["done"] = True
            people[1].page.context.close()
            again = device(PHONE)
            again.goto(links[1])
            again.locator(".table.mendikot").wait_for()
            again.locator("[data-testid=hand] .card-btn").first.wait_for()
            people[1].page = again
        watcher.now_and_then(people, total)

    play_together(people, "mendikot", between=between)

    game = Game.objects.get(pk=game_id)
    assert game.status == "finished"
    assert dropped["done"] and watcher.looks >= 1
    # Thirteen tricks, a card each: every person played 13 (a hidden trump goes back to its
    # owner's hand when revealed, so the count holds either way); the computer played its own.
    assert [p.plays for p in people] == [13, 13, 13]
    assert Play.objects.filter(game=game, seat=1).count() == 13
    # The people made their own plays (no computer stood in for the dropped device).
    actors = set(Play.objects.filter(game=game).exclude(seat=1).values_list("actor", flat=True))
    assert actors and not actors & {"bot", "takeover"}, actors
    # The phone's end-of-game summary fits it, as does the finished record on the watch page.
    phone = people[1].page
    phone.get_by_test_id("match-summary").wait_for()
    assert phone.get_by_test_id("round-list").is_visible()  # the rounds as a list, not a table
    assert phone.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    accessible(phone, "mendikot-summary-phone", problems)
    staff_page.get_by_test_id("game-record").wait_for()
    both_sizes(staff_page, shot, "tables-08-watch-finished-mendikot", problems)
    assert problems == {}, json.dumps(problems, indent=2)
    for person in people:
        assert not person.page.console_errors, person.page.console_errors
