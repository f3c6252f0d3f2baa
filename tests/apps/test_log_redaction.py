"""No log line carries a whole link credential (a play, progress or reminder link's token) or
a download token."""

import logging
import re
from pathlib import Path

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from apps.common.logs import REDACTED, RedactSecrets, redact
from apps.games import services
from apps.live.routing import websocket_urlpatterns
from apps.reminders import links as reminder_links
from tests.apps.factories import make_participant, make_protocol, make_session, make_study

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(clinician):
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(study=participant.study, opponent="random", rounds=1)
    session = make_session(participant=participant, protocol=protocol, status="started")
    return services.game_create(session=session)


def test_a_refused_play_link_request_logs_no_token(api, game, caplog, clinician, client_for):
    staff = client_for(clinician)
    old = staff.post(f"/api/games/{game.pk}/link/").json()["token"]
    staff.post(f"/api/games/{game.pk}/link/", {"revoke_previous": True})
    with caplog.at_level(logging.INFO):
        assert api.get(f"/api/play/{old}/").status_code == 403
        assert api.post(f"/api/play/{old}/actions/", {"type": "ask_trump"}).status_code == 403
    lines = [r for r in caplog.records if r.name == "django.request"]
    assert len(lines) == 2
    for record in lines:
        assert old not in record.getMessage()
        assert f"/api/play/{REDACTED}/" in record.getMessage()
    assert old not in caplog.text


def test_a_refused_progress_or_reminder_link_request_logs_no_token(
    api, caplog, clinician, client_for
):
    """The progress link (valid 180 days) and a reminder's links, refused with a 4xx on each of
    their routes, API and page alike: Django's request log line names the path without them."""
    team = client_for(clinician)
    enrolled = team.post("/api/participants/", {"study": make_study(clinicians=[clinician]).pk})
    pk = enrolled.json()["id"]
    consent = {"date": timezone.localdate().isoformat(), "form_version": "1"}
    assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
    progress = team.post(f"/api/participants/{pk}/progress-link/").json()["token"]
    stop = reminder_links.stop_token(pk)
    opened = reminder_links.open_token(1)  # names no reminder that was sent
    with caplog.at_level(logging.INFO):
        bad = {"email": "not an address", "time_zone": "UTC", "times": ["08:00"]}
        refused = api.put(f"/api/progress/{progress}/reminders/", bad, format="json")
        assert refused.status_code == 400
        assert api.post(f"/api/progress/{progress}/").status_code == 405
        assert api.post(f"/api/reminders/open/{opened}/").status_code == 404
        assert api.put(f"/api/reminders/stop/{stop}/").status_code == 405
        for page in (f"/progress/{progress}", f"/r/{opened}", f"/reminders/stop/{stop}"):
            assert api.post(page).status_code == 405  # the browser app's pages are GET only
    lines = [r for r in caplog.records if r.name == "django.request"]
    assert len(lines) == 7
    for record in lines:
        assert REDACTED in record.getMessage(), record.getMessage()
    for token in (progress, stop, opened):
        assert token not in caplog.text
        assert not any(token in r.getMessage() for r in caplog.records)


def _routes(patterns, prefix: str = "/"):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern)


def test_every_route_with_a_token_in_its_path_is_redacted():
    """Every route that takes a string in its path (the server's, the live sockets' and the
    browser app's pages) is one whose credential the filter blanks out: a new link route is
    covered, or this fails."""
    app = (Path(__file__).resolve().parents[2] / "frontend/src/App.tsx").read_text()
    pages = [
        re.sub(r":\w+", "<str:token>", p) for p in re.findall(r'path="(/[^"]*:token[^"]*)"', app)
    ]
    routes = [
        *(r for r in _routes(get_resolver().url_patterns) if "<str:" in r),
        *(r for r in _routes(websocket_urlpatterns) if "<str:" in r),
        *pages,
    ]
    for route in (
        "/api/progress/<str:token>/reminders/",
        "/r/<str:token>",
        "/ws/play/<str:token>/",
    ):
        assert route in routes
    token = "eyJwIjo3fQ:1vQ2Zx:abcDEF123_-xyz"
    for route in routes:
        path = re.sub(r"<str:\w+>", token, route)
        assert redact(f"Not Found: {path}") == f"Not Found: {path.replace(token, REDACTED)}"


def test_the_root_handler_redacts():
    (console,) = [h for h in logging.getLogger().handlers if h.get_name() == "console"]
    assert any(isinstance(f, RedactSecrets) for f in console.filters)


def test_tracebacks_and_arguments_are_redacted(caplog):
    logger = logging.getLogger("apps.test")
    token = "eyJnIjo3LCJ2IjowfQ:1vQ2Zx:abcDEF123_-xyz"
    try:
        raise ValueError(f"no game for /api/play/{token}/actions/")
    except ValueError:
        logger.exception("failed %s", f"/play/{token}")
    record = caplog.records[-1]  # as the root's handler left it
    assert token not in record.getMessage() and token not in record.exc_text
    assert token not in caplog.text
    assert redact(f"/api/exports/3/download?token={token}&x=1") == (
        f"/api/exports/3/download?token={REDACTED}&x=1"
    )
