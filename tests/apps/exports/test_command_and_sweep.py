"""The export_study command, and the hourly sweep of old archives and dead builds."""

import io
import os
import time
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from apps.audit.models import AuditEntry
from apps.exports import archive
from apps.exports.models import Export
from apps.exports.services import exports_sweep
from tests.apps.factories import make_participant, make_study

pytestmark = pytest.mark.django_db


@pytest.fixture
def study(researcher):
    study = make_study(owners=[researcher], name="Command line study")
    make_participant(study=study, code="CLI-1", consent_date="2026-01-05")
    return study


def test_the_command_writes_a_folder_with_a_progress_bar_and_logs_the_export(study, tmp_path):
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "export"
    call_command(
        "export_study",
        study.name,
        "--format",
        "csv",
        "--format",
        "bids",
        "--out",
        str(target),
        stdout=out,
        stderr=err,
    )
    assert "100%" in err.getvalue() and "rows" in err.getvalue()
    assert "participants" in out.getvalue()
    assert (target / "csv" / "participants.csv").is_file()
    assert (target / "bids" / "participants.tsv").is_file()
    assert (target / "codebook.md").is_file() and (target / "SHA256SUMS").is_file()
    assert not (target / "parquet").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["export"]  # no work folder left
    export = Export.objects.get()
    assert export.run == "command" and export.status == "ready"
    assert export.requested_by is None and export.formats == ["csv", "bids"]
    entry = AuditEntry.objects.get(action="export")
    assert entry.actor is None and entry.after["row_counts"]["participants"] == 1


def test_the_command_refuses_a_folder_that_is_not_empty(study, tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    with pytest.raises(CommandError, match="not an empty folder"):
        call_command("export_study", str(study.pk), "--format", "csv", "--out", str(tmp_path))
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def test_the_command_refuses_an_unknown_study_or_participant(study, tmp_path):
    with pytest.raises(CommandError, match="no study"):
        call_command("export_study", "Nope", "--format", "csv", "--out", str(tmp_path / "a"))
    with pytest.raises(CommandError, match="Not in this study"):
        call_command(
            "export_study",
            str(study.pk),
            "--format",
            "csv",
            "--participant",
            "ZZ-9",
            "--out",
            str(tmp_path / "b"),
        )


@pytest.mark.parametrize(
    "args",
    [["--protocol", "99999999999999999999"], ["--protocol-version", "99999999999999999999"]],
)
def test_the_command_refuses_a_number_no_id_can_be_and_exits_non_zero(study, tmp_path, args):
    target = tmp_path / "out"
    argv = [str(study.pk), "--format", "csv", "--out", str(target), *args]
    with pytest.raises(CommandError) as refused:  # manage.py prints it, exits with its code
        call_command("export_study", *argv)
    said = str(refused.value)
    assert refused.value.returncode != 0
    assert "The export filters are invalid" in said and "less than or equal to" in said
    assert args[0].removeprefix("--").replace("-", "_") in said
    assert not Export.objects.exists() and not target.exists()


def test_the_sweep_deletes_old_archives_and_dead_work(
    study, researcher, client_for, settings, export_root
):
    body = client_for(researcher).post(
        f"/api/studies/{study.pk}/exports/", {"formats": ["csv"]}, format="json"
    )
    export = Export.objects.get(pk=body.json()["id"])
    path = archive.archive_path(export.archive_name)
    assert path.is_file()
    dead = archive.work_folder(999)
    stamp = time.time() - 3 * settings.EXPORT_TASK_TIME_LIMIT
    os.utime(dead, (stamp, stamp))
    fresh = archive.work_folder(1000)

    assert exports_sweep() == {"expired": 0, "work_removed": 1, "requeued": 0}
    assert not dead.exists() and fresh.exists() and path.is_file()

    later = timezone.now() + timedelta(days=settings.EXPORT_KEEP_DAYS + 1)
    assert exports_sweep(now=later)["expired"] == 1
    export.refresh_from_db()
    assert export.status == "expired" and not path.exists()
    response = client_for(researcher).get(f"/api/exports/{export.pk}/").json()
    assert response["download_url"] is None
