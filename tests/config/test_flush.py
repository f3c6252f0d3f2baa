"""The flush after a test that committed (tests/flush.py) leaves the database as a freshly
migrated one: every table empty but the content types and permissions, which are all there."""

from __future__ import annotations

from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.core.management.sql import emit_post_migrate_signal
from django.db import connection

from apps.participants.services import participant_enrol, study_create
from tests.conftest import make_staff
from tests.flush import KEPT, tables_with_rows


def test_a_flush_empties_what_tests_wrote_and_keeps_what_migrating_wrote(transactional_db):
    kept = set(ContentType.objects.values_list("pk", flat=True)), Permission.objects.count()
    assert kept[1] > 0
    researcher = make_staff("rosalind", "researcher")
    clinician = make_staff("claude", "clinician")
    study = study_create(actor=researcher, name="Flushed", clinicians=[clinician])
    participant_enrol(study=study, actor=clinician)
    tables = connection.introspection.django_table_names(only_existing=True)
    assert len(tables_with_rows(connection.ops, tables)) > len(KEPT)

    # As pytest-django's teardown of a transactional test calls it.
    call_command("flush", verbosity=0, interactive=False, reset_sequences=False)

    assert set(tables_with_rows(connection.ops, tables)) == KEPT
    assert (set(ContentType.objects.values_list("pk", flat=True)), Permission.objects.count()) == (
        kept
    )
    # Nothing was missing: what migrating writes afterwards finds every row in place.
    emit_post_migrate_signal(0, False, "default")
    assert Permission.objects.count() == kept[1]
