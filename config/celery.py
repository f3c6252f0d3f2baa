"""The Celery app: tasks are autodiscovered from each app's ``tasks`` module.

Queue tasks with :func:`queue_after_commit` from services, so a task never runs against rows that
a rolled-back transaction never wrote.
"""

import os
from functools import partial

from celery import Celery
from django.db import transaction

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("memulation")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def queue_after_commit(task, *args, **kwargs) -> None:
    """Send ``task`` with these arguments once the current transaction commits (now if none)."""
    transaction.on_commit(partial(task.apply_async, args=args, kwargs=kwargs))
