"""Sittings started at the same moment for one participant still get distinct numbers."""

import threading

import pytest
from django.db import connection

from apps.training.models import TrainingSession
from apps.training.services import session_create
from tests.apps.factories import make_participant, make_protocol, make_study, make_user


@pytest.mark.django_db(transaction=True)
def test_concurrent_starts_are_numbered_one_after_another():
    clinician = make_user(role="clinician")
    study = make_study(clinicians=[clinician])
    protocol = make_protocol(study=study)
    participant = make_participant(study=study, clinicians=[clinician], consent_date="2026-01-05")
    barrier = threading.Barrier(4)
    errors = []

    def start():
        try:
            barrier.wait()
            session_create(participant=participant, protocol=protocol, actor=clinician)
        except Exception as exc:  # surfaced below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    numbers = TrainingSession.objects.filter(participant=participant).values_list(
        "number", flat=True
    )
    assert sorted(numbers) == [1, 2, 3, 4]
