"""Reminders as a participant lives with them: chosen (by staff on their behalf, or on their
own device), sent by the periodic job at their own time of day through a real SMTP server,
skipped in quiet hours and after opting out, each logged once; the message holds no health
data and its link opens the participant's progress once."""

from __future__ import annotations

import datetime
import logging
import re
from zoneinfo import ZoneInfo

import pytest

from apps.common import clock
from apps.reminders.models import ReminderLog, ReminderPlan
from apps.reminders.selectors import due_slots
from apps.reminders.tasks import reminders_send_job

pytestmark = pytest.mark.django_db
ZONE = "America/New_York"  # not the clinic's (UTC): times are the participant's own


def _in(minutes: int, zone: str = ZONE) -> str:
    """The participant's wall-clock time ``minutes`` from now, as HH:MM."""
    local = clock.now().astimezone(ZoneInfo(zone)) + datetime.timedelta(minutes=minutes)
    return f"{local:%H:%M}"


def _plan(**changes) -> dict:
    plan = {
        "email": "reader@example.org",
        "time_zone": ZONE,
        "times": [_in(30)],
        "agreed_how": "in_person",
    }
    return plan | changes


def _link(message, kind: str) -> str:
    found = re.search(rf"https://memulation\.example\.org/{kind}/(\S+)", message.get_content())
    assert found, message.get_content()
    return found.group(1)


def test_a_chosen_reminder_arrives_once_and_its_link_works_once(
    smtp_server, consenting, clinician, client_for, api, service_clock
):
    team = client_for(clinician)
    path = f"/api/participants/{consenting}/reminders/"
    chosen = team.put(path, _plan(), format="json")
    assert chosen.status_code == 200, chosen.json()
    assert chosen.json()["plan"]["chosen_by"] == "staff"
    assert chosen.json()["plan"]["agreed_how"] == "in_person"

    assert reminders_send_job.apply().get() == {}  # not due yet
    service_clock.advance(31 * 60)
    assert reminders_send_job.apply().get() == {"sent": 1}
    assert reminders_send_job.apply().get() == {}  # the job may run twice: sent once
    (message,) = smtp_server.wait_for(1)
    assert smtp_server.recipients == [["reader@example.org"]]
    text = message["Subject"] + message.get_content()
    code = team.get(f"/api/participants/{consenting}/").json()["code"]
    for health_data in ("Alzheimer", "Study", code, "score", "memory", "dementia"):
        assert health_data.lower() not in text.lower()
    assert message["List-Unsubscribe"].startswith("<https://memulation.example.org/reminders/")

    token = _link(message, "r")
    opened = api.post(f"/api/reminders/open/{token}/")
    assert opened.status_code == 200, opened.json()
    progress = opened.json()["path"].removeprefix("/progress/")
    assert api.get(f"/api/progress/{progress}/").status_code == 200
    again = api.post(f"/api/reminders/open/{token}/")
    assert again.status_code == 409 and again.json()["error"]["code"] == "link_used"

    (entry,) = team.get(path).json()["log"]
    assert entry["outcome"] == "sent" and entry["why"] == ""
    assert entry["local_time"].endswith(ZONE) and entry["link_used_at"] is not None


def test_a_reminders_link_expires(
    smtp_server, consenting, clinician, client_for, api, service_clock
):
    client_for(clinician).put(f"/api/participants/{consenting}/reminders/", _plan(), format="json")
    service_clock.advance(31 * 60)
    reminders_send_job.apply()
    token = _link(smtp_server.wait_for(1)[0], "r")
    forged = api.post(f"/api/reminders/open/{token[:-2]}xx/")
    assert forged.status_code == 404
    service_clock.advance(49 * 3600)
    expired = api.post(f"/api/reminders/open/{token}/")
    assert expired.status_code == 404 and "expired" in expired.json()["error"]["message"]


def test_quiet_hours_and_opting_out_skip_reminders_and_say_why(
    smtp_server, consenting, clinician, client_for, api, service_clock
):
    team = client_for(clinician)
    path = f"/api/participants/{consenting}/reminders/"
    quiet = _plan(times=[_in(30), _in(90)], quiet_start=_in(20), quiet_end=_in(40))
    assert team.put(path, quiet, format="json").status_code == 200
    service_clock.advance(31 * 60)
    assert reminders_send_job.apply().get() == {"skipped": 1}
    service_clock.advance(60 * 60)
    assert reminders_send_job.apply().get() == {"sent": 1}
    (message,) = smtp_server.wait_for(1)

    stop = _link(message, "reminders/stop")
    assert api.get(f"/api/reminders/stop/{stop}/").json() == {"active": True}
    assert api.post(f"/api/reminders/stop/{stop}/").json() == {"active": False}
    assert api.get(f"/api/reminders/stop/{stop}/").json() == {"active": False}
    service_clock.advance(24 * 3600)  # the next day's two
    assert reminders_send_job.apply().get() == {"skipped": 2}
    assert len(smtp_server.messages) == 1

    body = team.get(path).json()
    assert [(e["outcome"], e["why"]) for e in body["log"]] == [
        ("skipped", "opted_out"),
        ("skipped", "opted_out"),
        ("sent", ""),
        ("skipped", "quiet_hours"),
    ]
    assert body["plan"]["active"] is False and body["plan"]["opted_out_at"]


def test_the_participant_chooses_on_their_own_device(
    smtp_server, consenting, clinician, client_for, api, service_clock
):
    link = client_for(clinician).post(f"/api/participants/{consenting}/progress-link/")
    token = link.json()["token"]
    assert api.get(f"/api/progress/{token}/reminders/").json() == {"plan": None}
    chosen = api.put(
        f"/api/progress/{token}/reminders/",
        {
            "email": "me@example.org",
            "time_zone": "Asia/Kolkata",
            "times": [_in(10, "Asia/Kolkata")],
        },
        format="json",
    )
    assert chosen.status_code == 200, chosen.json()
    assert (chosen.json()["plan"]["chosen_by"], chosen.json()["plan"]["agreed_how"]) == (
        "participant",
        "own_device",
    )
    service_clock.advance(11 * 60)
    assert reminders_send_job.apply().get() == {"sent": 1}
    assert smtp_server.wait_for(1) and smtp_server.recipients == [["me@example.org"]]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"email": "not an address"}, "email"),
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"times": ["25:00"]}, "times"),
        ({"times": []}, "times"),
        ({"weekdays": [7]}, "weekdays"),
        ({"quiet_start": "22:00"}, "quiet_start"),
        ({"agreed_how": "assumed"}, "agreed_how"),
    ],
)
def test_a_bad_choice_is_refused_and_changes_nothing(
    consenting, clinician, client_for, change, field
):
    path = f"/api/participants/{consenting}/reminders/"
    answer = client_for(clinician).put(path, _plan(**change), format="json")
    assert answer.status_code == 400, answer.json()
    assert field in answer.json()["error"]["details"]
    assert client_for(clinician).get(path).json()["plan"] is None


def test_only_the_team_sets_reminders_and_only_for_consenting_participants(
    consenting, clinician, outsider, client_for
):
    path = f"/api/participants/{consenting}/reminders/"
    assert client_for(outsider).put(path, _plan(), format="json").status_code == 404
    withdraw = {"reason": "moved away"}
    client_for(clinician).post(f"/api/participants/{consenting}/withdraw/", withdraw)
    refused = client_for(clinician).put(path, _plan(), format="json")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "consent_missing"
    assert not ReminderPlan.objects.exists()


def test_times_are_the_participants_wall_clock_across_a_change_of_summer_time():
    plan = ReminderPlan(time_zone="Europe/London", times=["08:30"], weekdays=[])
    since = datetime.datetime(2026, 3, 27, 12, tzinfo=datetime.UTC)
    until = datetime.datetime(2026, 3, 31, 12, tzinfo=datetime.UTC)
    instants = [f"{at:%m-%d %H:%M}" for at, _ in due_slots(plan, since=since, until=until)]
    # Clocks go forward on 29 March: 08:30 in London is 08:30 UTC before, 07:30 UTC after.
    assert instants == ["03-28 08:30", "03-29 07:30", "03-30 07:30", "03-31 07:30"]


def _reads(team, participant: int, language: str) -> None:
    """The participant's language set by their team, as the participant page sets it."""
    changed = team.patch(
        f"/api/participants/{participant}/",
        {"language": language, "reason": "The participant reads it"},
        format="json",
    )
    assert changed.status_code == 200, changed.json()


def test_the_reminder_comes_in_the_participants_language(
    smtp_server, consenting, clinician, client_for, service_clock
):
    team = client_for(clinician)
    _reads(team, consenting, "es")
    team.put(f"/api/participants/{consenting}/reminders/", _plan(), format="json")
    service_clock.advance(31 * 60)
    assert reminders_send_job.apply().get() == {"sent": 1}
    (message,) = smtp_server.wait_for(1)
    assert message["Subject"] == "Un recordatorio que usted pidió"
    text = message.get_content()
    assert "es un buen momento para su próxima sesión" in text
    assert "To stop these reminders" not in text and "Hello" not in text
    _link(message, "r")  # the links are whole, as in English
    _link(message, "reminders/stop")


def test_a_refused_recipient_is_logged_without_the_address(
    smtp_server, consenting, clinician, client_for, service_clock, caplog
):
    """The mail server refuses the mailbox (550 at RCPT TO): the reminder is logged as failed,
    and the log line names the reminder, the participant's id and what went wrong, never the
    address (the refusal's own text holds it)."""
    smtp_server.refused.add("gone@example.org")
    team = client_for(clinician)
    path = f"/api/participants/{consenting}/reminders/"
    team.put(path, _plan(email="gone@example.org"), format="json")
    service_clock.advance(31 * 60)
    with caplog.at_level(logging.DEBUG):
        assert reminders_send_job.apply().get() == {"failed": 1}
    (entry,) = team.get(path).json()["log"]
    assert (entry["outcome"], entry["why"]) == ("failed", "send_failed")
    assert smtp_server.messages == []

    # The mail server's own log (aiosmtpd's, in this process) is not the platform's.
    ours = [r for r in caplog.records if not r.name.startswith("mail.")]
    (failure,) = [r for r in ours if r.name == "apps.reminders.services"]
    assert failure.levelno == logging.ERROR
    assert failure.getMessage() == (
        f"reminder {ReminderLog.objects.get().pk} for participant {consenting} could not be sent: "
        "SMTPRecipientsRefused"
    )
    for record in ours:
        written = logging.Formatter().format(record)
        assert "gone@example.org" not in written and "example.org" not in written


def test_the_participants_own_reminder_pages_answer_in_their_language(
    smtp_server, consenting, clinician, client_for, api, service_clock
):
    """A French participant's progress link, reminder link and stop link are answered in French
    (and say so), whatever language the device asks for."""
    team = client_for(clinician)
    _reads(team, consenting, "fr")
    token = team.post(f"/api/participants/{consenting}/progress-link/").json()["token"]
    own = f"/api/progress/{token}/reminders/"
    english = {"HTTP_ACCEPT_LANGUAGE": "en"}

    refused = api.put(own, _plan(email="pas une adresse"), format="json", **english)
    assert refused.status_code == 400
    assert refused["Content-Language"] == "fr"
    assert refused.json()["error"]["message"] == "La requête contient des champs non valides."
    assert refused.json()["error"]["details"]["email"] == ["Saisissez une adresse e-mail valide."]
    chosen = api.put(own, _plan(), format="json", **english)
    assert chosen.status_code == 200 and chosen["Content-Language"] == "fr"
    assert api.get(own, **english)["Content-Language"] == "fr"
    assert api.get(f"/api/progress/{token}/", **english)["Content-Language"] == "fr"

    service_clock.advance(31 * 60)
    assert reminders_send_job.apply().get() == {"sent": 1}
    (message,) = smtp_server.wait_for(1)
    opened = f"/api/reminders/open/{_link(message, 'r')}/"
    assert api.post(opened, **english)["Content-Language"] == "fr"
    again = api.post(opened, **english)
    assert again.status_code == 409 and again["Content-Language"] == "fr"
    assert again.json()["error"]["message"].startswith("Ce lien a déjà servi")
    stop = f"/api/reminders/stop/{_link(message, 'reminders/stop')}/"
    assert api.get(stop, **english)["Content-Language"] == "fr"
    assert api.post(stop, **english)["Content-Language"] == "fr"

    # A link that names no one is answered in the device's language, as a play link is.
    forged = api.get(f"/api/progress/{token[:-4]}abcd/reminders/", **english)
    assert forged.status_code == 404 and forged["Content-Language"] == "en"
