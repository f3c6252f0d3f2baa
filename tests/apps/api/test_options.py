"""``OPTIONS`` on every API route, as anonymous and as each staff role: never a 5xx."""

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def routes(resolver=None, prefix: str = "") -> list[str]:
    """Every concrete route of the URL configuration (path patterns; parameters filled in)."""
    found = []
    for entry in (resolver or get_resolver()).url_patterns:
        pattern = str(entry.pattern)
        if isinstance(entry, URLResolver):
            found += routes(entry, prefix + pattern)
        elif isinstance(entry, URLPattern) and not pattern.startswith("^"):
            found.append(
                "/" + PARAM.sub(lambda m: "1" if m[1] == "int" else "x1", prefix + pattern)
            )
    return found


API_ROUTES = sorted({r for r in routes() if r.startswith("/api/")})


def test_the_routes_include_the_bodyless_posts():
    for route in ("/api/sessions/1/start/", "/api/participants/1/withdraw/"):
        assert route in API_ROUTES


@pytest.mark.parametrize("role", ["anonymous", "clinician", "researcher", "admin_user"])
def test_options_never_fails(role, request, client_for):
    client = APIClient() if role == "anonymous" else client_for(request.getfixturevalue(role))
    failures = {}
    for route in API_ROUTES:
        response = client.options(route)
        if response.status_code >= 500:
            failures[route] = response.status_code
        elif response.status_code == 200 and response["Content-Type"] == "application/json":
            assert "name" in response.json(), route
    assert failures == {}
