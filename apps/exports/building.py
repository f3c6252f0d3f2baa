"""Building an export's archive: one build at a time (an advisory lock), its progress saved on
the export row, and the finished export written to the audit trail.

A build writes into a work folder and moves the finished archive into place in one step, so a
build that dies half way leaves nothing behind a download link; building again starts clean.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common.errors import DomainError
from apps.exports import archive
from apps.exports.contents import export_write
from apps.exports.models import Export
from apps.exports.scope import ExportScope, Filters
from apps.programmes.selectors import study_flow

log = logging.getLogger(__name__)
Status = Export.Status
LOCK_CLASS = 0x45585054 % (2**31)  # "EXPT": the advisory-lock namespace of export builds


class BuildInProgress(Exception):
    """Another worker holds the export's build lock (its job was handed out twice)."""


class ProgressRecorder:
    """Counts rows written and saves the count on the export row now and then."""

    def __init__(self, export_id: int | None, *, every_seconds: float = 0.5, echo=None):
        self.export_id = export_id
        self.every = every_seconds
        self.echo = echo
        self.done = 0
        self._saved_at = 0.0

    def __call__(self, rows: int) -> None:
        self.done += rows
        if self.echo is not None:
            self.echo(self.done)
        if time.monotonic() - self._saved_at >= self.every:
            self.save()

    def save(self) -> None:
        self._saved_at = time.monotonic()
        if self.export_id is not None:
            Export.objects.filter(pk=self.export_id).update(rows_done=self.done)


@contextmanager
def _build_lock(export_id: int) -> Iterator[bool]:
    """Held while one build of the export runs (a second delivery of its job backs off)."""
    if connection.vendor != "postgresql":
        yield True
        return
    key = [LOCK_CLASS, export_id % (2**31)]
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", key)
        held = cursor.fetchone()[0]
    try:
        yield held
    finally:
        if held:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s, %s)", key)


def _about(export: Export, scope: ExportScope) -> dict:
    """What the codebook says about this export (participants by export id only)."""
    return {
        "export": export.pk,
        "study": export.study_id,
        "formats": export.formats,
        "filters": scope.filters_for_export(),
        "shift_dates": export.shift_dates,
        "k_anonymity": export.k_anonymity,
        # The study's CONSORT-style flow and adherence (counts only; exports are the owners').
        "flow": study_flow(study=export.study, show_arms=True),
        # Every real time is before the export's own: with shifted dates it would bound each
        # participant's shift (their latest shifted time is at most that far from it).
        **({} if export.shift_dates else {"created_at": export.created_at.isoformat()}),
    }


def write(export: Export, folder: Path, progress: Callable[[int], None]) -> dict[str, int]:
    scope = ExportScope(
        study=export.study,
        filters=Filters.from_json(export.filters),
        shift_dates=export.shift_dates,
    )
    return export_write(
        scope=scope,
        formats=export.formats,
        folder=folder,
        progress=progress,
        about=_about(export, scope),
    )


def fail(export_id: int, error: Exception) -> None:
    if isinstance(error, DomainError):
        message = error.message
    else:
        log.exception("export %s failed", export_id)
        message = "The export failed; the error has been logged."
    Export.objects.filter(pk=export_id).update(
        status=Status.FAILED, error=message[:300], finished_at=timezone.now()
    )


def finish(export: Export, counts: dict, sealed: archive.Sealed, done: int) -> Export:
    with transaction.atomic():
        export = Export.objects.select_for_update().get(pk=export.pk)
        export.status = Status.READY
        export.row_counts = counts
        export.files = sealed.files
        export.archive_name = sealed.name
        export.archive_bytes = sealed.bytes
        export.archive_sha256 = sealed.sha256
        export.rows_done = export.rows_total = done  # the count up front was an estimate
        export.finished_at = timezone.now()
        export.save()
        audit_record(
            actor=export.requested_by,
            action=AuditEntry.Action.EXPORT,
            instance=export,
            study_id=export.study_id,
            after={
                "export": export.pk,
                "run": export.run,
                "formats": export.formats,
                "filters": export.filters,
                "shift_dates": export.shift_dates,
                "row_counts": counts,
                "files": sealed.files,
                "archive": {"name": sealed.name, "bytes": sealed.bytes, "sha256": sealed.sha256},
            },
        )
    return export


def export_build(*, export_id: int) -> Export:
    """Build the export's archive. Safe to run again: a ready export is left alone, and an
    unfinished earlier build's files are removed first."""
    with _build_lock(export_id) as held:
        export = Export.objects.select_related("study", "requested_by").get(pk=export_id)
        if export.status in (Status.READY, Status.EXPIRED):
            return export
        if not held:
            raise BuildInProgress(f"Export {export_id} is being built by another worker.")
        Export.objects.filter(pk=export_id).update(
            status=Status.RUNNING,
            started_at=timezone.now(),
            finished_at=None,
            rows_done=0,
            attempts=F("attempts") + 1,
            error="",
        )
        archive.work_clean(export_id)
        folder = archive.work_folder(export_id)
        progress = ProgressRecorder(export_id)
        try:
            counts = write(export, folder, progress)
            sealed = archive.seal_archive(folder, export_id)
        except Exception as error:
            archive.work_clean(export_id)
            fail(export_id, error)
            raise
        return finish(export, counts, sealed, progress.done)
