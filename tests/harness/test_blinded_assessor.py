"""A blinded assessor is refused arms, training metrics and notes on every route, and the
refusals leak nothing: every route of the authorisation matrix is asked, as the assessor, about
the own study's records (the study they assess, with arms, an allocated participant, metric
values and a clinician's note) and the other study's, and the answers are compared.

- Outside the visits, the assessor gets the same answer about their own study's records as
  about a study they have nothing to do with (the same status, the same error body): nothing
  says a record exists, still less its arm.
- No answer carries an arm's name, a note's text or a metric value's key.
- The assessor records the visit's assessment (the matrix has it: 201).
"""

from __future__ import annotations

import json
import re

import pytest
from django.db import transaction

from apps.metrics.models import MetricValue
from apps.metrics.services import session_metrics_compute
from apps.participants.services import participant_allocate, study_open
from tests.harness.test_authorisation_matrix import MATRIX, answer
from tests.harness.world import harness_world, with_finished_games, with_tables

ARMS = [{"name": "Zebra-arm"}, {"name": "Yak-arm", "control": True}]
# The credential of these is a link, not an account: whoever holds the own one gets the page.
LINKS = ("{token}", "{progress}", "{download}", "{stop}")
VISITS = ("visits/", "assessors/", "visit-windows/")
# Answers that name nobody's records: the assessor's own account, the sign-in, descriptions.
ABOUT_NOBODY = (
    "healthz",
    "readyz",
    "api/auth/",
    "api/me",
    "api/metrics/catalogue/",
    "api/fhir/CodeSystem/",
    "api/schema/",
    "api/docs/",
    "api/live-protocol",
    "^(?!api/",
)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        world = with_tables(with_finished_games(harness_world()))
        study_open(study=world.own.study, actor=world.researcher, arms=ARMS)
        participant_allocate(
            participant=world.own.participant, actor=world.clinician, eligibility_confirmed=[]
        )
        session_metrics_compute(session_id=world.own.finished.session_id, with_solver=False)
        world.metric_keys = set(
            MetricValue.objects.filter(participant=world.own.participant).values_list(
                "key", flat=True
            )
        )
        assert world.metric_keys, "the world's finished game has metric values"
        yield world
        transaction.set_rollback(True)


def _secrets(world, route: str) -> list[str]:
    notes = [world.own.note.text, world.other.note.text]
    keys = sorted(world.metric_keys) if _about_records(route) else []  # the catalogue lists all
    return [arm["name"] for arm in ARMS] + notes + keys


def _unnumbered(response) -> str:
    """The refusal with the ids the request named taken out (each names what it was asked)."""
    return re.sub(r"\d+", "#", response.content.decode())


def _about_records(route: str) -> bool:
    return not route.startswith(ABOUT_NOBODY)


@pytest.mark.django_db
def test_the_assessor_learns_nothing_outside_the_visits(world):
    wrong = []
    for (route, method), rule in MATRIX.items():
        own = answer(world, method, rule, "assessor", "own")
        foreign = answer(world, method, rule, "assessor", "foreign")
        for whose, response in (("own", own), ("foreign", foreign)):
            raw = b"".join(response.streaming_content) if response.streaming else response.content
            text = raw.decode(errors="replace")
            if route.startswith(("api/schema/", "api/docs/")):
                continue  # the API's own description names fields, never records
            leaked = [s for s in _secrets(world, route) if s in text]
            if leaked:
                wrong.append(f"{method} {route} ({whose}) shows {leaked}")
        if any(part in route for part in VISITS) or any(link in rule.path for link in LINKS):
            continue
        if not _about_records(route):
            continue
        if own.status_code != foreign.status_code:
            wrong.append(f"{method} {route}: {own.status_code} own, {foreign.status_code} other")
        elif own.status_code >= 400 and _unnumbered(own) != _unnumbered(foreign):
            wrong.append(f"{method} {route}: the refusals differ: {own.json()} / {foreign.json()}")
        elif own.status_code < 300 and method == "GET":
            body = own.json()
            items = body.get("results", body) if isinstance(body, dict) else body
            if items:
                wrong.append(f"{method} {route}: the assessor is shown {json.dumps(items)[:200]}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.django_db
def test_the_assessor_reads_and_records_the_visits_without_an_arm(world):
    rule = MATRIX["api/participants/<int:pk>/visits/", "GET"]
    visits = answer(world, "GET", rule, "assessor", "own").json()
    assert [v["status"] for v in visits] == ["due", "upcoming"]
    assert all("arm" not in v for v in visits)
    record = MATRIX["api/participants/<int:pk>/visits/<int:point_id>/", "POST"]
    recorded = answer(world, "POST", record, "assessor", "own")
    assert recorded.status_code == 201 and recorded.json()["measures"] == {"moca": 27.0}
    # The same record made by the participant's clinician, who may see the study, is refused.
    refused = answer(world, "POST", record, "clinician", "own")
    assert refused.status_code == 403
