"""Sittings started at the same moment for one participant still get distinct numbers."""

import pytest

from apps.training.models import TrainingSession
from apps.training.services import session_create
from tests.apps.factories import make_participant, make_protocol, make_study, make_user
from tests.apps.threads import at_once


@pytest.mark.django_db(transaction=True)
def test_concurrent_starts_are_numbered_one_after_another():
    clinician = make_user(role="clinician")
    study = make_study(clinicians=[clinician])
    protocol = make_protocol(study=study)
    participant = make_participant(study=study, clinicians=[clinician], consent_date="2026-01-05")
    _, errors = at_once(
        lambda: session_create(participant=participant, protocol=protocol, actor=clinician), 4
    )
    assert errors == []
    numbers = TrainingSession.objects.filter(participant=participant).values_list(
        "number", flat=True
    )
    assert sorted(numbers) == [1, 2, 3, 4]
