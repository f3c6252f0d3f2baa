"""Reads of the reminders: a participant's plan and log, and when a plan's reminders fall due."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from zoneinfo import ZoneInfo

from apps.common.errors import NotFound
from apps.participants.models import Participant
from apps.reminders import links
from apps.reminders.models import ReminderLog, ReminderPlan

LOG_LENGTH = 100


def plan_get(participant: Participant) -> ReminderPlan | None:
    return ReminderPlan.objects.filter(participant=participant).first()


def reminder_log(participant: Participant, limit: int | None = LOG_LENGTH) -> list[ReminderLog]:
    """The newest entries first; ``limit=None``: all of them (an access request)."""
    return list(ReminderLog.objects.filter(participant=participant)[:limit])


def open_link_language(token: str) -> str | None:
    """The language of the participant a reminder's link was sent to (None: not a valid link)."""
    try:
        reminder = links.open_claim(token)
    except NotFound:
        return None
    sent_to = Participant.objects.filter(reminder_logs=reminder)
    return sent_to.values_list("language", flat=True).first()


def stop_link_language(token: str) -> str | None:
    """The language of the participant whose reminders a stop link stops (None: not valid)."""
    try:
        participant = links.stop_claim(token)
    except NotFound:
        return None
    return Participant.objects.filter(pk=participant).values_list("language", flat=True).first()


def due_slots(
    plan: ReminderPlan, *, since: datetime.datetime, until: datetime.datetime
) -> Iterator[tuple[datetime.datetime, datetime.datetime]]:
    """Each reminder of the plan due in ``(since, until]``: (the instant, the participant's
    local time then). A time of day is the participant's wall clock in their time zone, so it
    stays 08:30 across a change of summer time (zoneinfo; a time the change skips is sent an
    hour later, fold 0)."""
    zone = ZoneInfo(plan.time_zone)
    first = since.astimezone(zone).date() - datetime.timedelta(days=1)
    last = until.astimezone(zone).date()
    day = first
    while day <= last:
        if not plan.weekdays or day.weekday() in plan.weekdays:
            for text in sorted(plan.times):
                local = datetime.datetime.combine(day, datetime.time.fromisoformat(text), zone)
                instant = local.astimezone(datetime.UTC)
                if since < instant <= until:
                    yield instant, local
        day += datetime.timedelta(days=1)


def in_quiet_hours(plan: ReminderPlan, moment: datetime.datetime) -> bool:
    """Is ``moment`` inside the plan's quiet hours (the participant's wall clock; a span
    passing midnight, 21:00-07:00, is quiet from the start to the end the next morning)?"""
    if plan.quiet_start is None or plan.quiet_end is None:
        return False
    now = moment.astimezone(ZoneInfo(plan.time_zone)).time()
    start, end = plan.quiet_start, plan.quiet_end
    if start <= end:
        return start <= now < end
    return now >= start or now < end
