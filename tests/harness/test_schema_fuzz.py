"""schemathesis over the whole OpenAPI schema, in-process through the WSGI app, as anonymous,
as each staff role and through a participant's play link: no 5xx, and every response valid
against the schema (its body, content type and headers for the status it documents).

Each (role, operation) is one test, with a bounded, derandomised number of examples: half aim
at the caller's own records (real ids and a real play link), half are generated freely. An
operation's cases are drawn once and sent as every role: derandomised, each role's draws were the
same anyway but for the literal strings Hypothesis borrows from the modules loaded at the time,
and the drawing was half the module's CPU. The tests of an operation form one group, so one
worker draws them.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import Case, GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import Failure, FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
)

from tests.harness import figures
from tests.harness.world import STAFF_ROLES, harness_world, headers_for

EXAMPLES = 6
CHECKS = [
    not_a_server_error,
    response_schema_conformance,
    content_type_conformance,
    response_headers_conformance,
]
ROLES = ("anonymous", *STAFF_ROLES, "participant")


SCHEMA = SchemaGenerator().get_schema(request=None, public=True)
OPERATIONS = [(method.upper(), path) for path, ops in SCHEMA["paths"].items() for method in ops]

# Known defects, keyed by (role, method, path): each is marked xfail(strict), so the case turns
# red once the fix lands and its mark goes then. None is open.
KNOWN: dict[tuple[str, str, str], str] = {}


def _cases():
    for method, path in OPERATIONS:
        for role in ROLES:
            # A play link is the participant device's only credential: other routes are the
            # anonymous caller's, run above.
            if role == "participant" and not path.startswith("/api/play/"):
                continue
            marks = [pytest.mark.xdist_group(f"fuzz:{method} {path}")]
            if (role, method, path) in KNOWN:
                marks.append(pytest.mark.xfail(strict=True, reason=KNOWN[role, method, path]))
            yield pytest.param(role, method, path, id=f"{role}-{method}-{path}", marks=marks)


@pytest.fixture(scope="module")
def api_schema(django_db_blocker, world):
    # As Django's test client does: a request must not close the test's connection (and its
    # transaction) at its start or end. After the world is made: its sign-ins go through
    # Django's test client, which connects the handlers again after each request.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        with django_db_blocker.unblock():
            yield schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """One world for the module; each test's changes are rolled back at its end."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield harness_world()
        transaction.set_rollback(True)


def _own_path(world, path: str) -> dict[str, object]:
    """Path parameters naming the caller's own side's records."""
    own = world.own
    first = path.removeprefix("/api/").split("/")[0]
    ids = {
        "studies": own.study.pk,
        "participants": own.participant.pk,
        "sessions": own.session.pk,
        "protocols": own.protocol.pk,
        "exports": own.export.pk,
        "games": own.game.pk,
    }
    values = {
        "token": own.token,
        "game_id": own.game.pk,
        "session_id": own.session.pk,
        "note_id": own.note.pk,
        "point_id": own.point.pk,
    }
    if first in ids:
        values["id"] = ids[first]
    return {name: values[name] for name in _path_names(path)}


def _path_names(path: str) -> list[str]:
    return [part[1:-1] for part in path.split("/") if part.startswith("{")]


@pytest.fixture(scope="module")
def drawn_cases() -> dict[tuple[str, str], list[Case]]:
    """Each operation's cases by (method, path), for the module's world (they name its ids)."""
    return {}


def _draw(api_schema, world, method: str, path: str) -> list[Case]:
    operation = api_schema[path][method]
    own = _own_path(world, path)
    strategies = [operation.as_strategy(), operation.as_strategy(GenerationMode.NEGATIVE)]
    if own:
        strategies.append(operation.as_strategy(path_parameters=own))
    drawn: list[Case] = []

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=st.one_of(strategies))
    def draw(case):
        drawn.append(case)

    draw()
    return drawn


@pytest.mark.django_db
@pytest.mark.parametrize(("role", "method", "path"), list(_cases()))
def test_every_operation_answers_within_the_schema(
    api_schema, world, drawn_cases, role, method, path
):
    if (method, path) not in drawn_cases:  # the worker's first test of the operation
        drawn_cases[method, path] = _draw(api_schema, world, method, path)
    cases = drawn_cases[method, path]
    headers = headers_for(world, role)
    failures: list[str] = []
    for case in cases:  # sent as they were drawn: no hook of schemathesis's changes them here
        response = case.call(headers=headers)
        try:
            case.validate_response(response, checks=CHECKS, headers=headers)
        except (Failure, FailureGroup) as error:  # collected, then reported at once
            failures.append(f"answered {response.status_code}:\n{str(error)[:2000]}")

    known = (role, method, path) in KNOWN
    label = f"{method} {path}"
    figures.add_fuzz(operation=label, cases=len(cases), failures=failures, known=known)
    assert not failures, f"{len(failures)} of {len(cases)} cases failed; first:\n{failures[0]}"
