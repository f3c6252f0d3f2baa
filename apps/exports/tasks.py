"""Export jobs. Each takes ids and is idempotent: a ready export is left alone, and a build
killed half way is started again from nothing (acknowledged late, so a dead worker's job is
handed out again)."""

from celery import shared_task
from django.conf import settings
from django.db import DatabaseError

from apps.exports.building import BuildInProgress, export_build
from apps.exports.sweep import exports_sweep

LIMIT = settings.EXPORT_TASK_TIME_LIMIT


@shared_task(
    bind=True,
    name="exports.build",
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(DatabaseError, ConnectionError),
    retry_backoff=5,
    retry_backoff_max=120,
    max_retries=3,
    soft_time_limit=LIMIT - 30,
    time_limit=LIMIT,
)
def export_build_job(self, export_id: int) -> int:
    """Build one export's archive, reporting progress on the export row. While another worker
    still holds the build (a job handed out twice), try again a little later."""
    try:
        export_build(export_id=export_id)
    except BuildInProgress as busy:
        raise self.retry(exc=busy, countdown=10, max_retries=LIMIT // 10) from None
    return export_id


@shared_task(name="exports.sweep", soft_time_limit=240, time_limit=300)
def exports_sweep_job() -> dict:
    """Hourly: delete archives past their keeping time, stale work files, and queue lost jobs."""
    return exports_sweep(requeue=export_build_job.delay)
