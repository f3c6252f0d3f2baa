"""Sweeping up: archives past their keeping time, work files of builds that died, and build
jobs that were lost."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from apps.exports import archive
from apps.exports.models import Export

Status = Export.Status


def exports_sweep(*, requeue: Callable[[int], object], now=None) -> dict[str, int]:
    """Delete archives past ``EXPORT_KEEP_DAYS``, remove work files of builds that died, and
    queue again (``requeue(export_id)``) the jobs that were lost (never started, or whose
    worker died for good)."""
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
        requeue(export_id)
        requeued += 1
    return {"expired": expired, "work_removed": work, "requeued": requeued}
