"""The Celery app: tasks are autodiscovered from each app's ``tasks`` module.

Queue tasks with :func:`queue_after_commit` from services, so a task never runs against rows that
a rolled-back transaction never wrote.
"""

import logging
import os

from celery import Celery, signals
from django.db import transaction

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("memulation")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.setup_logging.connect
def keep_django_logging(**_) -> None:
    """Workers log through Django's ``LOGGING`` (JSON lines with request ids), not Celery's own."""


log = logging.getLogger(__name__)


def queue_after_commit(task, *args, **kwargs) -> None:
    """Send ``task`` with these arguments once the current transaction commits (now if none).

    A broker that is down must not undo or fail the work just committed: the failure is logged
    and the periodic sweepers find the work that was not queued.
    """

    def send() -> None:
        try:
            task.apply_async(args=args, kwargs=kwargs, retry=False)
        except Exception:
            log.exception("could not queue %s%s; a sweeper will pick it up", task.name, args)

    transaction.on_commit(send)
