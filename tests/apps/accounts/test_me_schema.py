"""``/api/me`` agrees with its schema: the email is an address or null, never ``""``."""

import jsonschema
import pytest
from drf_spectacular.generators import SchemaGenerator

from apps.accounts.models import User

pytestmark = pytest.mark.django_db


def json_schema(openapi: dict, name: str) -> dict:
    """An OpenAPI 3.0 component as a JSON Schema (``nullable`` becomes a ``null`` type)."""
    schema = dict(openapi["components"]["schemas"][name])
    properties = {}
    for key, prop in schema["properties"].items():
        prop = dict(prop)
        if prop.pop("nullable", False):
            prop["type"] = [prop["type"], "null"]
        properties[key] = prop
    return {**schema, "properties": properties, "components": openapi["components"]}


@pytest.mark.parametrize("email", ["", "claude@example.org"])
def test_me_matches_its_schema(client_for, email):
    user = User.objects.create_user(username="claude", password="x" * 12, email=email)
    body = client_for(user).get("/api/me").json()
    assert body["email"] == (email or None)
    schema = json_schema(SchemaGenerator().get_schema(request=None, public=True), "Me")
    jsonschema.validate(body, schema, format_checker=jsonschema.FormatChecker())


def test_me_says_the_clinics_time_zone(client_for, settings):
    settings.TIME_ZONE = "America/Los_Angeles"
    user = User.objects.create_user(username="claude", password="x" * 12)
    assert client_for(user).get("/api/me").json()["time_zone"] == "America/Los_Angeles"
