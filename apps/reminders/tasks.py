"""The reminders job, every minute from beat: safe to run twice (each reminder is logged once
before it is sent)."""

from celery import shared_task

from apps.reminders.services import reminders_send_due


@shared_task(name="reminders.send")
def reminders_send_job() -> dict[str, int]:
    return reminders_send_due()
