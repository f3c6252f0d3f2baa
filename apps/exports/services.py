"""Asking for an export, building it, and sweeping up after it.

A small export (at most ``EXPORT_DIRECT_MAX_ROWS`` rows) is built while the request waits; a
larger one is built by the ``exports.build`` job, which reports its progress on the export row.
A build writes into a work folder and moves the finished archive into place in one step, so a
build that dies half way leaves nothing behind a download link; building again starts clean.
Every finished export is written to the audit trail with its row counts and checksums.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common.errors import Conflict, DomainError, ValidationFailed
from apps.exports import archive
from apps.exports.builder import export_write, rows_total
from apps.exports.models import Export
from apps.exports.scope import ExportScope, Filters
from apps.exports.selectors import export_study_get
from apps.participants.models import Participant, Protocol, Study
from config.celery import queue_after_commit

log = logging.getLogger(__name__)
Status = Export.Status
LOCK_CLASS = 0x45585054 % (2**31)  # "EXPT": the advisory-lock namespace of export builds


# -- asking --------------------------------------------------------------------------------------


def _filters_checked(study: Study, data: dict) -> Filters:
    """The filters, once every participant and protocol named is known to be the study's."""
    filters = Filters.from_json(data)
    problems = {}
    if filters.date_from and filters.date_to and filters.date_from > filters.date_to:
        problems["date_to"] = ["Must not be before date_from."]
    for name, model, ids in (
        ("participants", Participant, filters.participants),
        ("protocols", Protocol, filters.protocols),
    ):
        known = set(model.objects.filter(study=study, pk__in=ids).values_list("pk", flat=True))
        if unknown := sorted(set(ids) - known):
            problems[name] = [f"Not in this study: {', '.join(map(str, unknown))}."]
    if problems:
        raise ValidationFailed("The export filters are invalid.", details={"filters": problems})
    return filters


def export_request(
    *, actor, study_id: int, formats: list[str], filters: dict, shift_dates: bool = True
) -> Export:
    """Record the export and build it now (small) or queue its job (large)."""
    study = export_study_get(user=actor, study_id=study_id)
    checked = _filters_checked(study, filters)
    formats = [f for f in Export.Format.values if f in formats]
    scope = ExportScope(study=study, filters=checked, shift_dates=shift_dates)
    total = rows_total(scope, formats)
    direct = total <= settings.EXPORT_DIRECT_MAX_ROWS
    with transaction.atomic():
        export = Export.objects.create(
            study=study,
            requested_by=actor,
            formats=formats,
            filters=checked.to_json(),
            shift_dates=shift_dates,
            run=Export.Run.DIRECT if direct else Export.Run.JOB,
            rows_total=total,
        )
        if not direct:
            from apps.exports.tasks import export_build_job

            queue_after_commit(export_build_job, export.pk)
    if direct:
        export_build(export_id=export.pk)
        export.refresh_from_db()
    return export


# -- building ------------------------------------------------------------------------------------


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
def _build_lock(export_id: int):
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
        "created_at": export.created_at.isoformat(),
    }


def _write(export: Export, folder: Path, progress: Callable[[int], None]) -> dict[str, int]:
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


def _fail(export_id: int, error: Exception) -> None:
    if isinstance(error, DomainError):
        message = error.message
    else:
        log.exception("export %s failed", export_id)
        message = "The export failed; the error has been logged."
    Export.objects.filter(pk=export_id).update(
        status=Status.FAILED, error=message[:300], finished_at=timezone.now()
    )


def _finish(export: Export, counts: dict, sealed: archive.Sealed, done: int) -> Export:
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
            counts = _write(export, folder, progress)
            sealed = archive.seal_archive(folder, export_id)
        except Exception as error:
            archive.work_clean(export_id)
            _fail(export_id, error)
            raise
        return _finish(export, counts, sealed, progress.done)


def export_to_folder(
    *,
    study: Study,
    formats: list[str],
    filters: dict,
    out: Path,
    shift_dates: bool = True,
    echo: Callable[[int, int], None] | None = None,
) -> Export:
    """The command line's export: the same files, unzipped, moved into ``out`` when complete."""
    out = out.resolve()
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise Conflict(f"{out} exists and is not an empty folder.", code="out_not_empty")
    checked = _filters_checked(study, filters)
    formats = [f for f in Export.Format.values if f in formats]
    scope = ExportScope(study=study, filters=checked, shift_dates=shift_dates)
    total = rows_total(scope, formats)
    export = Export.objects.create(
        study=study,
        formats=formats,
        filters=checked.to_json(),
        shift_dates=shift_dates,
        run=Export.Run.COMMAND,
        status=Status.RUNNING,
        rows_total=total,
        started_at=timezone.now(),
        attempts=1,
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    folder = out.parent / f".{out.name}.partial-{export.pk}"
    archive.remove_path(folder)
    folder.mkdir()
    progress = ProgressRecorder(export.pk, echo=(lambda done: echo(done, total)) if echo else None)
    try:
        counts = _write(export, folder, progress)
        sealed = archive.seal_folder(folder, out)
    except Exception as error:
        archive.remove_path(folder)
        _fail(export.pk, error)
        raise
    return _finish(export, counts, sealed, progress.done)


# -- sweeping ------------------------------------------------------------------------------------


def exports_sweep(*, now=None) -> dict[str, int]:
    """Delete archives past ``EXPORT_KEEP_DAYS``, remove work files of builds that died, and
    queue again the jobs that were lost (never started, or whose worker died for good)."""
    from apps.exports.tasks import export_build_job

    now = now or timezone.now()
    old = Export.objects.filter(
        status=Status.READY, finished_at__lt=now - timedelta(days=settings.EXPORT_KEEP_DAYS)
    ).exclude(run=Export.Run.COMMAND)
    expired = 0
    for export in old:
        archive.archive_remove(export.archive_name)
        expired += Export.objects.filter(pk=export.pk, status=Status.READY).update(
            status=Status.EXPIRED, archive_name=""
        )
    limit = settings.EXPORT_TASK_TIME_LIMIT
    work = archive.work_sweep(older_than_seconds=2 * limit)
    lost = Export.objects.filter(run=Export.Run.JOB).filter(
        Q(status=Status.QUEUED, created_at__lt=now - timedelta(minutes=10))
        | Q(status=Status.RUNNING, started_at__lt=now - timedelta(seconds=limit + 300))
    )
    requeued = 0
    for export_id in lost.values_list("pk", flat=True):
        export_build_job.delay(export_id)
        requeued += 1
    return {"expired": expired, "work_removed": work, "requeued": requeued}
