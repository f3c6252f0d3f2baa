"""Every response carries the Content-Security-Policy (Django's own middleware)."""

import pytest

pytestmark = pytest.mark.django_db


def directives(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.mark.parametrize("path", ["/", "/play/some-link", "/api/me", "/admin/login/", "/healthz"])
def test_every_response_has_the_policy(client, path):
    policy = directives(client.get(path))
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in policy["style-src"]


def test_the_docs_page_allows_its_cdn_and_runs_no_inline_script(client):
    page = client.get("/api/docs/")
    policy = directives(page)
    assert "https://cdn.jsdelivr.net" in policy["script-src"]
    assert "'unsafe-inline'" not in policy["script-src"]
    html = page.content.decode()
    assert "<script>" not in html  # every script has a src
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()
