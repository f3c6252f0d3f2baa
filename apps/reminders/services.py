"""Writes of the reminders: the plan the participant chose (set by them, or by staff on their
behalf with how they agreed), opting out, the periodic sending, and opening a reminder's
single-use link.

A reminder says only that it is time for a training session: no score, no diagnosis, no study
name, no code. Its links are signed: one opens the participant's progress once, within 48
hours; the other stops the reminders.
"""

from __future__ import annotations

import datetime
import logging
import re
from collections import Counter
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record, audit_snapshot
from apps.common import clock
from apps.common.errors import Conflict, NotFound, ValidationFailed
from apps.participants.models import Participant
from apps.participants.selectors import rules
from apps.programmes.selectors import participant_progress
from apps.programmes.services import progress_link_by_reminder
from apps.reminders import links
from apps.reminders.models import ReminderLog, ReminderPlan
from apps.reminders.selectors import due_slots, in_quiet_hours

log = logging.getLogger(__name__)

CATCH_UP = datetime.timedelta(hours=2)  # a reminder due longer ago than this is let go
MAX_TIMES = 6
TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
# The message, in the participant's language; it holds no health data (nothing says what the
# training is for) and names no one.
SUBJECT = gettext_noop("A reminder you asked for")
BODY = gettext_noop(
    """Hello,

This is the reminder you asked for: it is a good time for your next training session.

Open your page (the link works once, for 48 hours):
%(open)s

To stop these reminders:
%(stop)s
"""
)


def refuse(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(gettext("The request has invalid fields."), details={field: [message]})


def _check(
    *, email: str, time_zone: str, times: list[str], weekdays: list[int], quiet: tuple
) -> None:
    try:
        validate_email(email)
    except Exception:
        raise refuse("email", gettext("Enter a valid e-mail address.")) from None
    try:
        ZoneInfo(time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise refuse("time_zone", gettext("An IANA time zone, e.g. Europe/London.")) from None
    if not 1 <= len(set(times)) <= MAX_TIMES or not all(TIME.match(t) for t in times):
        raise refuse("times", gettext("1 to %(most)d times of day as HH:MM.") % {"most": MAX_TIMES})
    if not set(weekdays) <= set(range(7)):
        raise refuse("weekdays", gettext("Days 0 (Monday) to 6 (Sunday); none: every day."))
    if (quiet[0] is None) != (quiet[1] is None) or (quiet[0] is not None and quiet[0] == quiet[1]):
        raise refuse("quiet_start", gettext("Quiet hours need a start and a different end."))


def _audit_after(plan: ReminderPlan) -> dict:
    """The plan for the audit trail, without the address (which erasure must be able to take)."""
    return {**audit_snapshot(plan), "email": "(withheld)"}


@transaction.atomic
def reminder_plan_set(
    *,
    participant: Participant,
    actor,
    email: str,
    time_zone: str,
    times: list[str],
    weekdays: list[int] = (),  # type: ignore[assignment]
    quiet_start: datetime.time | None = None,
    quiet_end: datetime.time | None = None,
    active: bool = True,
    agreed_how: str = ReminderPlan.AgreedHow.OWN_DEVICE,
) -> ReminderPlan:
    """The participant's reminders: chosen by the participant (``actor`` None: through their
    own link) or set by the study's owners or clinical team on their behalf, saying how the
    participant agreed."""
    if actor is not None:
        rules.require(
            rules.may_run_sessions(actor, participant),
            gettext("Only the study's owners and the participant's clinical team set reminders."),
        )
        if agreed_how not in ReminderPlan.AgreedHow.values:
            raise refuse("agreed_how", gettext("Say how the participant chose these reminders."))
    Participant.objects.select_for_update().filter(pk=participant.pk).first()
    participant.refresh_from_db()
    if not participant.has_consent:
        raise Conflict(
            gettext("Reminders are for consenting participants."), code="consent_missing"
        )
    _check(
        email=email,
        time_zone=time_zone,
        times=times,
        weekdays=list(weekdays),
        quiet=(quiet_start, quiet_end),
    )
    plan = ReminderPlan.objects.filter(participant=participant).first()
    before = _audit_after(plan) if plan else None
    now = clock.now()
    plan = plan or ReminderPlan(participant=participant)
    plan.email = email
    plan.time_zone = time_zone
    plan.times = sorted(set(times))
    plan.weekdays = sorted(set(weekdays))
    plan.quiet_start, plan.quiet_end = quiet_start, quiet_end
    if not active:  # kept from when they opted out, else now
        plan.opted_out_at = plan.opted_out_at if plan.pk and not plan.active else now
    else:
        plan.opted_out_at = None
    plan.active = active
    plan.chosen_by = ReminderPlan.ChosenBy.STAFF if actor else ReminderPlan.ChosenBy.PARTICIPANT
    plan.agreed_how = agreed_how if actor else ReminderPlan.AgreedHow.OWN_DEVICE
    plan.set_by = actor
    plan.starts_at = now  # a reminder is for what is chosen now, never for a slot gone by
    plan.save()
    audit_record(
        actor=actor,
        action=AuditEntry.Action.UPDATE if before else AuditEntry.Action.CREATE,
        instance=plan,
        before=before,
        after=_audit_after(plan),
        study_id=participant.study_id,
    )
    return plan


@transaction.atomic
def reminder_opt_out(*, participant: Participant, actor=None) -> ReminderPlan | None:
    """No more reminders (the participant's stop link, or staff on their word)."""
    if actor is not None:
        rules.require(
            rules.may_run_sessions(actor, participant),
            gettext("Only the study's owners and the participant's clinical team set reminders."),
        )
    plan = ReminderPlan.objects.select_for_update().filter(participant=participant).first()
    if plan is None or not plan.active:
        return plan
    before = _audit_after(plan)
    plan.active = False
    plan.opted_out_at = clock.now()
    plan.save(update_fields=["active", "opted_out_at", "updated_at"])
    audit_record(
        actor=actor,
        action=AuditEntry.Action.UPDATE,
        instance=plan,
        before=before,
        after={**_audit_after(plan), "by": "staff" if actor else "participant"},
        study_id=participant.study_id,
    )
    return plan


def _why_not(plan: ReminderPlan, now: datetime.datetime) -> str:
    participant = plan.participant
    if not plan.active:
        return ReminderLog.Why.OPTED_OUT
    if participant.consent_withdrawn_at is not None:
        return ReminderLog.Why.WITHDRAWN
    if in_quiet_hours(plan, now):
        return ReminderLog.Why.QUIET_HOURS
    # This week as the participant's progress page shows it: a reminder is of a session it plans
    # (the participant's own plan may go on after the programme).
    progress = participant_progress(participant, now)
    if not progress["sessions_planned"]:
        if progress["programme_over"]:
            return ReminderLog.Why.PROGRAMME_OVER
        return ReminderLog.Why.NOTHING_PLANNED
    if progress["sessions_done"] >= progress["sessions_planned"]:
        return ReminderLog.Why.WEEK_DONE
    return ReminderLog.Why.NONE


def _decide(plan_id: int, due_at: datetime.datetime, local: datetime.datetime, now):
    """The slot's log row, written once under the plan's lock (None: written before)."""
    with transaction.atomic():
        plan = (
            ReminderPlan.objects.select_for_update()
            .select_related("participant")
            .filter(pk=plan_id)
            .first()
        )
        if (
            plan is None
            or ReminderLog.objects.filter(
                participant_id=plan.participant_id, due_at=due_at
            ).exists()
        ):
            return None, None
        why = _why_not(plan, now)
        entry = ReminderLog.objects.create(
            participant_id=plan.participant_id,
            due_at=due_at,
            local_time=f"{local:%Y-%m-%d %H:%M} {plan.time_zone}",
            outcome=ReminderLog.Outcome.SKIPPED if why else ReminderLog.Outcome.SENT,
            why=why,
            decided_at=now,
        )
    return plan, entry


def _message(plan: ReminderPlan, entry: ReminderLog) -> EmailMessage:
    site = settings.SITE_URL.rstrip("/")
    stop = f"{site}/reminders/stop/{links.stop_token(plan.participant_id)}"
    with translation.override(plan.participant.language):
        subject = gettext(SUBJECT)
        body = gettext(BODY) % {"open": f"{site}/r/{links.open_token(entry.pk)}", "stop": stop}
    return EmailMessage(
        subject=subject, body=body, to=[plan.email], headers={"List-Unsubscribe": f"<{stop}>"}
    )


def reminders_send_due(*, now: datetime.datetime | None = None) -> dict[str, int]:
    """Send the reminders due since the job last looked (at most ``CATCH_UP`` ago, never from
    before a plan was set), each once: its log row is written under the plan's lock before
    the message goes, so a second run finds it and sends nothing. A mail server that refuses
    leaves the row ``failed`` (not retried: the next reminder will come)."""
    now = now or clock.now()
    counts: Counter[str] = Counter()
    for plan in ReminderPlan.objects.all():
        since = max(plan.starts_at, now - CATCH_UP)
        for due_at, local in due_slots(plan, since=since, until=now):
            locked, entry = _decide(plan.pk, due_at, local, now)
            if entry is None or locked is None:
                continue
            if entry.outcome == ReminderLog.Outcome.SENT:
                try:
                    _message(locked, entry).send(fail_silently=False)
                except Exception as failure:
                    # No traceback and no message: a mail server's refusal holds the address
                    # (SMTPRecipientsRefused's), and the address is the participant's alone.
                    log.error(
                        "reminder %s for participant %s could not be sent: %s",
                        entry.pk,
                        locked.participant_id,
                        type(failure).__name__,
                    )
                    entry.outcome = ReminderLog.Outcome.FAILED
                    entry.why = ReminderLog.Why.SEND_FAILED
                    entry.save(update_fields=["outcome", "why"])
            counts[entry.outcome] += 1
    return dict(counts)


@transaction.atomic
def reminder_link_open(*, token: str) -> str:
    """Open a reminder's link, once: a progress link for the participant it was sent to."""
    entry = ReminderLog.objects.select_for_update().filter(pk=links.open_claim(token)).first()
    if entry is None or entry.outcome != ReminderLog.Outcome.SENT:
        raise NotFound(gettext("This link is not valid (or has expired)."))
    if entry.link_used_at is not None:
        raise Conflict(gettext("This link has been used: it works once."), code="link_used")
    participant = Participant.objects.get(pk=entry.participant_id)
    if participant.consent_withdrawn_at is not None:
        raise NotFound(gettext("This link is not valid (or has expired)."))
    entry.link_used_at = clock.now()
    entry.save(update_fields=["link_used_at"])
    return progress_link_by_reminder(participant=participant)


def reminders_erase(sender, *, participant: Participant, **kwargs) -> dict[str, int]:
    """On a participant's erasure: their reminder plan goes, e-mail address and all (no more
    reminders); the log of what fell due stays, as it holds no address."""
    erased, _ = ReminderPlan.objects.filter(participant=participant).delete()
    return {"reminder_address": erased}
