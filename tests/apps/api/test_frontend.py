"""Page routes serve the browser app; API routes never do."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings

from apps.games import links
from tests.apps.factories import make_game, make_participant, make_session, make_user


def test_page_routes_serve_the_app(client, db, tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    with override_settings(FRONTEND_DIST=tmp_path):
        for route in ("/", "/participants/12", "/play/abc"):
            response = client.get(route)
            assert response.status_code == 200
            assert b"id=root" in response.content
            assert "csrftoken" in response.cookies
        assert client.get("/api/nowhere").status_code == 404


def test_an_unbuilt_app_says_so(client, db, tmp_path):
    with override_settings(FRONTEND_DIST=tmp_path):
        response = client.get("/")
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "frontend_not_built"


INDEX = '<!doctype html>\n<html lang="en">\n<head></head><div id=root></div>\n</html>'


def _html_tag(response) -> str:
    return re.search(r"<html[^>]*>", response.content.decode()).group(0)


def test_the_page_is_in_the_browsers_language_before_its_script_runs(client, db, tmp_path):
    (tmp_path / "index.html").write_text(INDEX)
    with override_settings(FRONTEND_DIST=tmp_path):
        arabic = client.get("/", HTTP_ACCEPT_LANGUAGE="ar,en;q=0.5")
        french = client.get("/participants/12", HTTP_ACCEPT_LANGUAGE="fr-CA")
    # No reader known yet (the sign-in page): the browser's language.
    assert _html_tag(arabic) == '<html lang="ar" dir="rtl">'
    assert _html_tag(french) == '<html lang="fr" dir="ltr">'
    assert "Accept-Language" in arabic["Vary"]


def test_the_page_is_in_its_readers_language(client, db, tmp_path):
    """A staff member signed in reads it in theirs, and a participant's play link in the
    participant's, whatever the browser asks for."""
    (tmp_path / "index.html").write_text(INDEX)
    staff = make_user()
    staff.language = "de"
    staff.save(update_fields=["language"])
    participant = make_participant(language="ar")
    game = make_game(session=make_session(participant=participant, status="started"))
    with override_settings(FRONTEND_DIST=tmp_path):
        device = client.get(f"/play/{links.play_link_token(game)}", HTTP_ACCEPT_LANGUAGE="en")
        assert _html_tag(device) == '<html lang="ar" dir="rtl" data-link-language="ar">'
        client.force_login(staff)
        signed_in = client.get("/participants/12", HTTP_ACCEPT_LANGUAGE="ar")
    assert _html_tag(signed_in) == '<html lang="de" dir="ltr">'
    assert b"id=root" in signed_in.content


def test_the_first_page_loads_no_chart_library():
    """What every page loads before it draws (a participant's card table too: the entry's script
    and the modules it preloads) holds no charting code: the charts come with the staff pages
    that draw them."""
    dist = Path(settings.FRONTEND_DIST)
    if not (dist / "index.html").exists():  # failed, not skipped: it would pass without the app
        pytest.fail("the browser app is not built: `make test` builds it (npm run build)")
    index = (dist / "index.html").read_text()
    first = re.findall(r'(?:src|href)="/static/(assets/[^"]+\.js)"', index)
    assert first, index
    assert [name for name in first if "recharts-" in (dist / name).read_text()] == []
    # What is looked for is in the chart library's code: its class names.
    assert any("recharts-" in chunk.read_text() for chunk in (dist / "assets").glob("*.js"))
