"""Reminders in the browser: the participant chooses a reminder on their own progress page, the
periodic job sends it through a real SMTP server at their time of day, its link opens their
page once, and its stop link stops the reminders; the clinical team reads what happened."""

from __future__ import annotations

import datetime
import re
from zoneinfo import ZoneInfo

from apps.common import clock
from apps.programmes.services import programme_set, progress_link_issue
from apps.reminders.models import ReminderPlan
from apps.reminders.tasks import reminders_send_job
from tests.apps.reminders.conftest import smtp_server  # noqa: F401  (a fixture)
from tests.e2e.conftest import enrol_with_consent, login_as, run_axe

ZONE = "America/New_York"  # not the clinic's: the times are the participant's own


def _link(message, site: str, kind: str) -> str:
    found = re.search(rf"{re.escape(site)}(/{kind}/\S+)", message.get_content())
    assert found, message.get_content()
    return found.group(1)


def test_a_participant_chooses_a_reminder_and_stops_them_from_the_e_mail(
    request, new_page, staff, settings, live_server, service_clock, shot
):
    inbox = request.getfixturevalue("smtp_server")  # a real SMTP server (aiosmtpd)
    settings.SITE_URL = live_server.url
    # The study's prescription, as its Programme tab saves it: reminders are for its weeks.
    dose = {"sessions_per_week": 2, "minutes_per_session": 20, "weeks": 4}
    programme_set(study=staff["study"], actor=staff["researcher"], **dose)
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    token, _ = progress_link_issue(participant=participant, actor=staff["clinician"])

    phone = new_page(390, 844)  # the participant's own phone: no account, no sign-in
    phone.goto(f"/progress/{token}")
    form = phone.get_by_test_id("reminder-form")
    form.get_by_label("E-mail address for the reminders").fill("reader@example.org")
    soon = clock.now().astimezone(ZoneInfo(ZONE)) + datetime.timedelta(minutes=30)
    form.get_by_label("Reminder time 1").fill(f"{soon:%H:%M}")
    form.get_by_label("Time zone").fill(ZONE)
    assert run_axe(phone) == []
    form.get_by_role("button", name="Save the reminders").click()
    phone.get_by_test_id("own-reminders-saved").wait_for()
    state = phone.get_by_test_id("own-reminders-state").inner_text()
    assert f"{soon:%H:%M} ({ZONE})" in state
    shot(phone, "reminders-01-chosen")
    plan = ReminderPlan.objects.get(participant=participant)
    assert (plan.chosen_by, plan.times, plan.active) == ("participant", [f"{soon:%H:%M}"], True)

    service_clock.advance(31 * 60)
    assert reminders_send_job.apply().get() == {"sent": 1}
    (message,) = inbox.wait_for(1)
    assert inbox.recipients == [["reader@example.org"]]

    phone.goto(_link(message, live_server.url, "r"))
    phone.wait_for_url(re.compile(r"/progress/"))
    phone.get_by_test_id("progress-words").wait_for()

    phone.goto(_link(message, live_server.url, "reminders/stop"))
    phone.get_by_role("button", name="Stop the reminders").click()
    phone.get_by_test_id("reminders-stopped").wait_for()
    shot(phone, "reminders-02-stopped")
    plan.refresh_from_db()
    assert not plan.active and plan.opted_out_at is not None

    service_clock.advance(86400)
    assert reminders_send_job.apply().get() == {"skipped": 1}
    assert len(inbox.messages) == 1

    clinic = new_page()
    login_as(clinic, staff["clinician"])
    clinic.goto(f"/participants/{participant.pk}")
    assert "Stopped" in clinic.get_by_test_id("reminders-state").inner_text()
    rows = clinic.get_by_test_id("reminder-log").locator("tbody tr")
    assert rows.count() == 2
    assert "The participant opted out" in rows.nth(0).inner_text()
    assert "Sent" in rows.nth(1).inner_text()
    for seen in (phone, clinic):
        assert seen.console_errors == []
