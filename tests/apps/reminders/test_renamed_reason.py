"""The skip reason for a week with no session planned was once stored as `nothing_prescribed`:
upgrading renames the rows written before, so the log and its API speak one code, and going
back restores them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from apps.reminders.models import ReminderLog

BEFORE = [("reminders", "0002_why_nothing_prescribed_programme_over")]
AFTER = [("reminders", "0003_why_nothing_planned")]


def _migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor


@pytest.mark.django_db(transaction=True)
def test_rows_written_before_the_rename_carry_the_new_code(consenting, clinician, client_for):
    plan = {
        "email": "p@example.org",
        "time_zone": "UTC",
        "times": ["09:00"],
        "agreed_how": "in_person",
    }
    set_up = client_for(clinician).put(
        f"/api/participants/{consenting}/reminders/", plan, format="json"
    )
    assert set_up.status_code == 200, set_up.json()
    try:
        old = (
            _migrate(BEFORE).loader.project_state(BEFORE).apps.get_model("reminders", "ReminderLog")
        )
        now = timezone.now()
        for days, why in enumerate(("nothing_prescribed", "week_done")):  # one row a slot
            old.objects.create(
                participant_id=consenting, due_at=now - timedelta(days=days), local_time="09:00",
                outcome="skipped", why=why, decided_at=now,
            )  # fmt: skip
    finally:
        _migrate(AFTER)
    assert sorted(ReminderLog.objects.values_list("why", flat=True)) == [
        "nothing_planned",
        "week_done",
    ]
    logged = client_for(clinician).get(f"/api/participants/{consenting}/reminders/").json()
    assert sorted(row["why"] for row in logged["log"]) == ["nothing_planned", "week_done"]

    _migrate(BEFORE)
    try:
        assert sorted(ReminderLog.objects.values_list("why", flat=True)) == [
            "nothing_prescribed",
            "week_done",
        ]
    finally:
        _migrate(AFTER)
