"""Requests outside the schema, on every route of the matrix, from a signed-in admin and from
an anonymous caller: ``OPTIONS``, a deeply nested JSON body, a JSON body whose every field is a
number no float holds (``1e400``) or a string with half a character (``"\\ud800"``), and text
no field takes in every query parameter (a NUL, which PostgreSQL cannot hold; a digit int()
refuses; a number no column holds; bytes that are not UTF-8). None may answer 5xx; a refusal
comes in the error shape. And a number with a fraction in every field that takes an integer or
an id, which is refused by the field's name."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from django.db import transaction
from rest_framework.test import APIClient

from tests.harness.test_authorisation_matrix import MATRIX, _side_values
from tests.harness.test_schema_fuzz import SCHEMA, _own_path
from tests.harness.world import harness_world, headers_for, with_finished_games, with_tables

NESTED = "[" * 5000 + "]" * 5000  # about 10 KB
ROLES = ("anonymous", "admin")
# Query strings as sent, already percent-encoded.
HOSTILE_QUERIES = {
    "a NUL": "a%00b",
    "a superscript digit": "%C2%B2",
    "thirty digits": "9" * 30,
    "bytes that are not UTF-8": "%ED%A0%80%FF",
}
COMPONENTS = SCHEMA["components"]["schemas"]


def _resolved(schema: dict) -> dict:
    while "$ref" in schema:
        schema = COMPONENTS[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _body_properties(operation: dict) -> dict[str, dict]:
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    properties = _resolved(body.get("schema", {})).get("properties", {})
    return {name: _resolved(schema) for name, schema in properties.items()}


def _body_fields(operation: dict) -> list[str]:
    return sorted(_body_properties(operation))


def _integer_fields(operation: dict) -> dict[str, bool]:
    """The body's fields that take an integer (an id among them), each with whether it takes a
    list of them."""
    fields = {}
    for name, schema in _body_properties(operation).items():
        if schema.get("type") == "integer":
            fields[name] = False
        elif _resolved(schema.get("items", {})).get("type") == "integer":
            fields[name] = True
    return fields


BODY_FIELDS = {
    (method.upper(), path): names
    for path, operations in SCHEMA["paths"].items()
    for method, operation in operations.items()
    if (names := _body_fields(operation))
}
INTEGER_FIELDS = {
    (method.upper(), path): fields
    for path, operations in SCHEMA["paths"].items()
    for method, operation in operations.items()
    if (fields := _integer_fields(operation))
}
QUERY_PARAMETERS = {
    (method.upper(), path): names
    for path, operations in SCHEMA["paths"].items()
    for method, operation in operations.items()
    if (names := [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"])
}
PATHS = sorted({(rule.path, method) for (_, method), rule in MATRIX.items()})

# Known defects, by (request kind, method, path template): each is marked xfail(strict), so the
# case turns red once the fix lands and its mark goes then. None is open.
KNOWN: dict[tuple[str, str, str], str] = {}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        yield with_tables(with_finished_games(harness_world()))
        transaction.set_rollback(True)


def _send(world, role: str, kind: str, method: str, path: str):
    url = path.format(**_side_values(world, "own"))
    if kind == "OPTIONS":
        return _answer(world, role, "OPTIONS", url)
    return _answer(world, role, method, url, NESTED)


def _answer(world, role: str, method: str, url: str, body: str = ""):
    """The answer to one request as ``role``, whatever it changed rolled back."""
    client = APIClient(raise_request_exception=False)  # a 500 is an answer here
    cache.clear()
    with transaction.atomic():
        response = client.generic(
            method, url, body, "application/json", headers=headers_for(world, role)
        )
        transaction.set_rollback(True)
    return response


def _wrong_answers(response, role: str) -> list[str]:
    if response.status_code >= 500:
        return [f"{role}: {response.status_code}"]
    if response.status_code >= 400 and "json" in response.get("Content-Type", ""):
        error = response.json().get("error", {})
        if not (error.get("code") and error.get("message")):
            return [f"{role}: {response.status_code} not in the error shape"]
    return []


def _cases():
    """OPTIONS once per path; the nested body on every method that takes a body."""
    wanted = {("OPTIONS", "", path) for path, _ in PATHS}
    wanted |= {("nested", method, path) for path, method in PATHS if method in ("POST", "PATCH")}
    for kind, method, path in sorted(wanted):
        marks = []
        if (kind, method, path) in KNOWN:
            marks.append(pytest.mark.xfail(strict=True, reason=KNOWN[kind, method, path]))
        yield pytest.param(kind, method, path, id=f"{kind}-{method}-{path}", marks=marks)


@pytest.mark.django_db
@pytest.mark.parametrize(("kind", "method", "path"), list(_cases()))
def test_no_request_outside_the_schema_answers_5xx(world, kind, method, path):
    wrong = []
    for role in ROLES:
        wrong += _wrong_answers(_send(world, role, kind, method, path), role)
    assert not wrong, f"{kind} {method} {path}: " + "; ".join(wrong)


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path"), sorted(QUERY_PARAMETERS))
def test_no_query_parameter_answers_5xx_to_text_no_field_takes(world, method, path):
    url = path.format(**_own_path(world, path))
    wrong = []
    for role in ROLES:
        for name in QUERY_PARAMETERS[method, path]:
            for what, value in HOSTILE_QUERIES.items():
                response = _answer(world, role, method, f"{url}?{name}={value}")
                wrong += [f"{name}, {what}: {w}" for w in _wrong_answers(response, role)]
    assert not wrong, f"{method} {path}: " + "; ".join(wrong)


def test_every_known_defect_names_a_case_that_is_run():
    run = {(kind, method, path) for kind, method, path in (c.values for c in _cases())}
    assert set(KNOWN) <= run


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path"), sorted(BODY_FIELDS))
def test_no_body_answers_5xx_to_values_no_field_takes(world, method, path):
    """Numbers no float holds, and a string with half a character (valid JSON, no text)."""
    url = path.format(**_own_path(world, path))
    wrong = []
    for role in ROLES:
        for value in ("1e400", "-1e400", '"a\\ud800b"'):
            fields = ", ".join(f'"{name}": {value}' for name in BODY_FIELDS[method, path])
            response = _answer(world, role, method, url, "{" + fields + "}")
            wrong += [f"{value}: {w}" for w in _wrong_answers(response, role)]
    assert not wrong, f"{method} {path}: " + "; ".join(wrong)


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path"), sorted(INTEGER_FIELDS))
def test_a_number_with_a_fraction_is_refused_where_an_integer_or_an_id_goes(world, method, path):
    """Django's lookup takes ``1.5`` as id 1: sent alone, it must be refused by the field's
    name, never looked up (nor counted, nor stored) as the integer below it."""
    values = _own_path(world, path)
    if "{token}/reminders" in path:  # a progress link, as a clinician issues one
        issued = _answer(
            world, "admin", "POST", f"/api/participants/{world.own.participant.pk}/progress-link/"
        )
        values["token"] = issued.json()["token"]
    if path.startswith("/api/tables/"):
        values["game_id"] = world.own.table.pk
    url = path.format(**values)
    wrong = []
    for name, many in INTEGER_FIELDS[method, path].items():
        body = json.dumps({name: [1.5] if many else 1.5})
        response = _answer(world, "admin", method, url, body)
        details = response.json()["error"]["details"] if response.status_code == 400 else None
        if not (isinstance(details, dict) and name in details):
            wrong.append(f"{name}: {response.status_code} {response.content[:200]!r}")
    assert not wrong, f"{method} {path}: " + "; ".join(wrong)
