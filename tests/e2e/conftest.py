"""Browser tests: the built app in the system Chromium against a live server.

The live server is pytest-django's (a real HTTP server on the PostgreSQL test database); the
app's files come from ``frontend/dist`` (build it first: ``make test`` does, or
``cd frontend && npm run build``). Screenshots go to ``test-artifacts/screenshots/``: a failing
test's pages always, the others' with ``E2E_SCREENSHOTS=1``.
"""

from __future__ import annotations

import asyncio
import functools
import os
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.core.signals import request_finished, request_started

from apps.accounts.models import User
from apps.participants.models import Participant, Protocol, Study

# The browser tests enrol their participants with it, as the other tests do.
from tests.apps.factories import enrol_with_consent as enrol_with_consent

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
AXE = ROOT / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
PASSWORD = "correct horse battery staple"
# Chromium's headless shell: the same engine without the full browser's window machinery (about
# 40% less CPU a browser test than /usr/bin/chromium in its headless mode); E2E_CHROMIUM picks
# another build.
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # JavaScript runs in V8's two quick tiers only: a test's pages live seconds, too short for
    # the optimising compilers to pay back what they cost (about 10% of the browser's CPU).
    "--js-flags=--max-opt=1",
]
# Finished tricks stay face up for this long in the tests (a display setting of the app).
TRICK_PAUSE_MS = 250


def pytest_collection_modifyitems(config, items):
    """Every test here is a browser test (``-m "not e2e"`` leaves them out)."""
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(autouse=True)
def _app_and_browser_present():
    """A missing app or browser fails these tests, loudly: skipping would pass without them."""
    if not (Path(settings.FRONTEND_DIST) / "index.html").exists():
        pytest.fail("the browser app is not built: `make test` builds it (npm run build)")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: .ci/run installs Debian's chromium-headless-shell")


@pytest.fixture(autouse=True)
def _sync_orm_beside_playwright(monkeypatch):
    # Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
    # between browser steps are still plain synchronous code.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    # The sign-in throttle counts in the shared cache (Redis): start each browser test afresh.
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(scope="session")
def _playwright_chromium():
    """The process's Playwright and Chromium, started for its first browser test and kept until
    it ends (about 0.8 s of CPU each start, measured). Between its calls, Playwright's sync API
    marks its event loop as running in this thread; :func:`chromium` holds that mark only while
    browser tests run, so the other tests (``asyncio.run``, Django's check against synchronous
    ORM calls in a running loop) see no loop."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        loop = asyncio.get_running_loop()
        asyncio._set_running_loop(None)
        yield launched, loop
        asyncio._set_running_loop(loop)
        launched.close()


@pytest.fixture(scope="package")
def chromium(django_db_setup, live_server, _playwright_chromium):
    """The process's one Chromium for the browser tests it runs in a row (each test has
    contexts of its own), after the database and the live server are up. While the run is in
    this folder, Playwright's event loop is marked running in this thread, so the ORM calls
    made beside it (fixtures, flushes) are allowed to be synchronous meanwhile."""
    launched, loop = _playwright_chromium
    saved = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    asyncio._set_running_loop(loop)
    try:
        yield launched
    finally:
        asyncio._set_running_loop(None)
        if saved is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = saved


class _Requests:
    """The live server's requests in flight, counted through Django's own request signals."""

    def __init__(self) -> None:
        self.count = 0
        self.lock = threading.Lock()

    def started(self, **kwargs) -> None:
        with self.lock:
            self.count += 1

    def finished(self, **kwargs) -> None:
        with self.lock:
            self.count = max(0, self.count - 1)

    def wait_until_none(self, timeout: float = 2.0) -> None:
        # A closing page's last calls (its "hidden" beacon) reach the server just after the
        # close: a short grace, then every request answered.
        time.sleep(0.1)
        deadline = time.monotonic() + timeout
        while self.count and time.monotonic() < deadline:
            time.sleep(0.02)


_IN_FLIGHT = _Requests()
request_started.connect(_IN_FLIGHT.started, dispatch_uid="e2e-in-flight-started")
request_finished.connect(_IN_FLIGHT.finished, dispatch_uid="e2e-in-flight-finished")


@pytest.fixture
def browser(chromium, transactional_db, _sync_orm_beside_playwright):
    """The shared Chromium; the contexts a test opens are closed at its end (so no page of
    one test still polls the server in the next), whether or not the test closed them.

    It stands on the test database, so its end comes before the database is emptied, and it
    waits for the server to answer the pages' last requests: a request still writing while the
    tables are truncated deadlocks the flush."""
    yield chromium
    for context in chromium.contexts:
        context.close()
    _IN_FLIGHT.wait_until_none()


def _new_page(browser, live_server, viewport):
    context = browser.new_context(
        base_url=live_server.url,
        viewport=viewport,
        accept_downloads=True,
        reduced_motion="reduce",
    )
    context.add_init_script(
        "window.localStorage.setItem('memulation.display', "
        f"JSON.stringify({{palette: 'two', largePrint: false, trickPauseMs: {TRICK_PAUSE_MS}}}));"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.console_errors = []
    page.live_url = live_server.url
    # Refused moves answer 4xx by design; the browser logs those as failed loads: not errors.
    # This live server speaks HTTP only: the app's live socket is refused and it falls back to
    # HTTP by design (tests/e2e/test_live_socket.py drives it on the ASGI server).
    page.on(
        "console",
        lambda m: (
            m.type == "error"
            and not m.text.startswith("Failed to load resource")
            and not m.text.startswith("WebSocket connection to")
            and page.console_errors.append(m.text)
        ),
    )
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    # An error the page reports without throwing (a ResizeObserver that could not deliver every
    # size before a frame was painted) reaches neither the console nor "pageerror" by itself.
    context.add_init_script(
        "addEventListener('error', e => e.error || console.error('Page error: ' + e.message));"
    )
    # Anything the Content-Security-Policy blocks is an error of the page.
    context.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => console.error("
        "'CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));"
    )
    return context, page


@pytest.fixture
def page(browser, live_server):
    """A tablet-sized page (1024x768)."""
    context, page = _new_page(browser, live_server, {"width": 1024, "height": 768})
    yield page
    context.close()


@pytest.fixture
def new_page(browser, live_server):
    """``new_page(width, height)``: another browser context (a second device)."""
    contexts = []

    def make(width=1024, height=768):
        context, page = _new_page(browser, live_server, {"width": width, "height": height})
        contexts.append(context)
        return page

    yield make
    for context in contexts:
        context.close()


# Screenshots as artefacts of a passing run are taken on request: each costs the browser about
# 0.2 s of CPU, and the browser tests take about 150. A failing test's open pages are always saved.
SCREENSHOTS_WANTED = os.environ.get("E2E_SCREENSHOTS", "") == "1"


@pytest.fixture
def shot():
    """``shot(page, name)``: a full-page screenshot saved as a test artefact, when
    ``E2E_SCREENSHOTS=1``."""

    def take(page, name: str, full_page: bool = True) -> Path | None:
        if not SCREENSHOTS_WANTED:
            return None
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take


# Read from a failed test's pages: where each is, how long it has been there, and its last loads
# (the resource timing entries list only finished ones: a file asked for and missing from them
# was still loading, or failed).
PAGE_STATE_SCRIPT = """() => ({
  url: location.href,
  age: Math.round(performance.now()),
  loads: performance.getEntriesByType("resource").slice(-12).map(e =>
    `${Math.round(e.startTime)} ms +${Math.round(e.duration)} ms ${e.initiatorType} ` +
    `${e.responseStatus || "-"} ${e.name.replace(location.origin, "")}`),
})"""


def page_state(page) -> str:
    """What a failed test's page shows of itself: its address, its console errors, its last
    finished loads."""
    try:
        state = page.evaluate(PAGE_STATE_SCRIPT)
    except Exception as error:  # the page closed after its screenshot
        return f"not read: {error}"
    lines = [f"{state['url']} ({state['age']} ms since it loaded)"]
    lines += [f"console error: {text}" for text in getattr(page, "console_errors", [])]
    lines += ["last finished loads (start, duration, kind, status, path):", *state["loads"]]
    return "\n".join(lines)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that failed leaves a screenshot of each page still open, and what the page
    says of itself (page_state), to see why."""
    report = yield
    browser = getattr(item, "funcargs", {}).get("browser")
    if report.when == "call" and report.failed and browser is not None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        pages = [page for context in browser.contexts for page in context.pages]
        for number, page in enumerate(pages, 1):
            path = SCREENSHOTS / f"failed-{item.name}-{number}.png"
            try:
                page.screenshot(path=str(path), full_page=True, timeout=5000)
            except Exception as error:  # a crashed or closing page: the failure says the rest
                report.sections.append(("screenshot", f"{path.name} not taken: {error}"))
                continue
            report.sections.append(("screenshot", str(path)))
            report.sections.append((f"page {number}", page_state(page)))
    return report


@pytest.fixture
def worker_queue(celery_worker):
    """A real Celery worker; tasks queued by the live server go to its queue."""
    from config.celery import app

    routes = app.conf.task_routes
    app.conf.task_routes = {"*": {"queue": celery_worker}}
    app.amqp.router = app.amqp.Router()
    try:
        yield celery_worker
    finally:
        app.conf.task_routes = routes
        app.amqp.router = app.amqp.Router()


# --- people and studies -----------------------------------------------------------------------


@pytest.fixture
def staff(transactional_db):
    """A clinician, a researcher and a study they run together, with short-examination
    protocols for both games: the study and its protocols made by the researcher through the
    API, as the researcher's screens make them."""
    clinician = User.objects.create_user(
        username="claude", password=PASSWORD, role=User.Role.CLINICIAN
    )
    researcher = User.objects.create_user(
        username="rosalind", password=PASSWORD, role=User.Role.RESEARCHER
    )
    created = api_post(
        researcher,
        "/api/studies/",
        {
            "name": "Memory clinic pilot",
            "description": "Browser tests",
            "group_codes": ["A", "B"],
            "clinicians": [clinician.pk],
        },
    )
    people = {
        "clinician": clinician,
        "researcher": researcher,
        "study": Study.objects.get(pk=created["id"]),
    }
    memulation = protocol_add(
        people,
        name="Short Memulation",
        game="memulation",
        rounds=2,
        examination_seconds=5,
        roles="alternate",
        opponent="greedy",
        stragedy_intent=True,
        opponent_pace_seconds=0,  # the browser tests do not wait for opponents
        practice_round=False,  # the practice round has its own test (test_practice.py)
    )
    mendikot = protocol_add(
        people,
        name="Mendikot hidden trump",
        game="mendikot",
        rounds=1,
        trump_rule="hidden_ask",
        opponent="random",
        opponent_pace_seconds=0,  # the browser tests do not wait for opponents
        practice_round=False,
    )
    return {**people, "memulation": memulation, "mendikot": mendikot}


def api_post(user: User, path: str, data: dict) -> dict:
    """What ``user``'s screen sends: a signed-in JSON request through the whole stack (the
    middleware, the view, its serializer and its service), which must be answered 201."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    response = client.post(path, data, content_type="application/json")
    assert response.status_code == 201, (path, response.status_code, response.content)
    return response.json()


def protocol_add(staff: dict, **fields) -> Protocol:
    """A protocol of the staff's study, added by its researcher through the protocol API."""
    created = api_post(staff["researcher"], f"/api/studies/{staff['study'].pk}/protocols/", fields)
    return Protocol.objects.get(pk=created["id"])


def session_held(staff: dict, participant: Participant, protocol: Protocol, at=None):
    """A sitting the participant's clinician starts and ends at ``at`` (default: now), through
    the training services, as the session page's buttons do."""
    from apps.common import clock
    from apps.training.services import session_complete, session_create

    clinician = staff["clinician"]
    with clock.installed(clock.ManualClock(at or clock.now())):
        session = session_create(participant=participant, protocol=protocol, actor=clinician)
        return session_complete(session=session, actor=clinician)


def sign_in(page, username: str) -> None:
    page.goto("/login")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("button", name="Sign out").wait_for()


def login_as(page, user: User) -> None:
    """Sign ``page``'s browser in as ``user`` without the form (a session cookie)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": page.live_url}])


def lose_the_next_answer(page, url: str) -> list[int]:
    """The page's next POST to ``url`` reaches the server, which does the work and answers, but
    the answer never reaches the page: the connection drops on its way back, as on a clinic's
    flaky network. Returns the statuses the server gave (one, once the POST has been sent)."""
    answered: list[int] = []

    def drop_the_answer(route) -> None:
        if route.request.method != "POST" or answered:
            route.fallback()
            return
        answered.append(route.fetch().status)
        route.abort("connectionreset")

    page.route(url, drop_the_answer)
    return answered


@functools.cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


def after_next_frames(page) -> None:
    """Two frames on: what the page marks after its next layout (a table's box that now scrolls
    sideways is made a focusable region) is marked before the page is judged."""
    page.evaluate(
        "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


# axe's violations, each element with its opening tag and its box as the check saw them: its
# scrolled and its visible width (a scroll box that was not marked tells whether it overflowed).
AXE_RUN_SCRIPT = """async () => {
  const found = await axe.run(document, {resultTypes: ["violations"]});
  return found.violations.map(v => ({...v, nodes: v.nodes.map(n => {
    // A target inside a shadow root or a frame is a path of selectors: not measured.
    const plain = n.target.length === 1 && typeof n.target[0] === "string";
    const element = plain ? document.querySelector(n.target[0]) : null;
    const box = element ? ` (${element.scrollWidth} px wide in ${element.clientWidth})` : "";
    return {target: n.target, seen: n.html.slice(0, 200) + box};
  })}));
}"""


def run_axe(page) -> list[dict]:
    """Serious and critical accessibility violations on the page as it is now."""
    # Evaluated through the browser's debugging protocol: a <script> tag would be refused by
    # the site's Content-Security-Policy (no inline scripts), as it should be.
    if not page.evaluate("typeof axe !== 'undefined'"):  # once a page, not once a check
        page.evaluate(_axe_source() + "\n;undefined")
    after_next_frames(page)
    result = page.evaluate(AXE_RUN_SCRIPT)
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [n["target"] for n in v["nodes"]][:5],
            "seen": [n["seen"] for n in v["nodes"]][:5],
        }
        for v in result
        if v["impact"] in ("serious", "critical")
    ]


def leave_game(page, user: User, pin: str | None = None) -> None:
    """Staff take a device in participant mode back: the PIN set at hand-over, or a sign-in."""
    page.get_by_test_id("leave-open").click()
    dialog = page.get_by_test_id("leave-dialog")
    if pin is not None:
        dialog.get_by_label("The PIN set when the device was handed over").fill(pin)
    else:
        dialog.get_by_label("User name").fill(user.username)
        dialog.get_by_label("Password").fill(PASSWORD)
    dialog.get_by_test_id("leave").click()
    dialog.wait_for(state="hidden")
