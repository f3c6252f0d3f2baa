"""Page routes serve the browser app; API routes never do."""

from django.test import override_settings


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
