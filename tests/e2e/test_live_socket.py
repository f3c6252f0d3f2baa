"""End-to-end on the ASGI server (uvicorn, as ``make run`` serves it): a participant's device
plays a whole game in Chromium over the live socket, with no polling and no move sent over HTTP.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request

import pytest

from apps.games import links
from apps.games.models import Game
from tests.conftest import current_database_url, free_port
from tests.e2e.conftest import ROOT, TRICK_PAUSE_MS, enrol_with_consent, protocol_add
from tests.e2e.players import play_mendikot
from tests.e2e.test_browser import start_session

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def asgi_server(transactional_db):
    """uvicorn serving config.asgi on the test's database and Redis."""
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "TEST_DATABASE_URL": current_database_url(),
        # The browser app's files are served from frontend/dist by the static finders.
        "DEBUG": "1",
    }
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--log-level", "warning"]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60  # a loaded machine takes a while to import Django
        while True:
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("uvicorn did not start")
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_a_whole_mendikot_round_is_played_over_the_live_socket(browser, staff, asgi_server):
    clinician = staff["clinician"]
    participant = enrol_with_consent(staff["study"], clinician)
    game = start_session(participant, staff["mendikot"], clinician)
    token = links.play_link_token(game)

    context = browser.new_context(base_url=asgi_server, reduced_motion="reduce")
    context.add_init_script(
        "window.localStorage.setItem('memulation.display', "
        f"JSON.stringify({{palette: 'two', largePrint: false, trickPauseMs: {TRICK_PAUSE_MS}}}));"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors, sockets, requests = [], [], []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.on("request", lambda r: "/api/" in r.url and requests.append((r.method, r.url)))
    try:
        page.goto(f"/play/{token}")
        play_mendikot(page)
    finally:
        context.close()

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert any("/ws/play/" in url for url in sockets), sockets
    # The view was asked for once, on opening; every move went over the socket.
    assert [m for m, _ in requests].count("POST") == 0, requests
    assert len(requests) <= 2, requests
    assert not errors, errors


def test_paced_opponents_are_pushed_to_the_browser_as_they_play(browser, staff, asgi_server):
    """Opponents take their time (the protocol's pace): the device shows who is thinking, and
    each move arrives pushed by the server's clock, with no polling."""
    protocol = protocol_add(
        staff,
        name="Mendikot at a human pace",
        game="mendikot",
        rounds=1,
        trump_rule="turn_up",
        opponent="random",
        opponent_pace_seconds=0.4,
    )
    clinician = staff["clinician"]
    participant = enrol_with_consent(staff["study"], clinician)
    game = start_session(participant, protocol, clinician)
    token = links.play_link_token(game)

    context = browser.new_context(base_url=asgi_server, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    requests, thinking = [], []
    page.on("request", lambda r: "/api/" in r.url and requests.append((r.method, r.url)))
    try:
        page.goto(f"/play/{token}")
        line = page.get_by_test_id("turn-line")
        line.wait_for()
        page.wait_for_function(
            "() => /is thinking|^Your turn/.test("
            "document.querySelector('[data-testid=turn-line]')?.textContent ?? '')"
        )
        thinking.append(line.text_content())
        play_mendikot(page)
    finally:
        context.close()

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert [m for m, _ in requests].count("POST") == 0, requests
    assert len(requests) <= 2, requests
