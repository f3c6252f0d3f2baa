"""Whether a reminder that falls due is sent or skipped, decided from the participant's
weekly plan week by week as their progress page shows it: the current week is the one that
holds today (a session scheduled for a later week changes nothing), a week whose sessions are
all held is `week_done`, and a week with nothing planned, or any week after the programme
without a plan of the participant's own, gets no reminder either. Everything is reached
through the API and the injected clock."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

import pytest

from apps.common import clock
from apps.reminders.services import reminders_send_due
from apps.reminders.tasks import reminders_send_job
from tests.apps.factories import make_protocol, make_study
from tests.apps.reminders.conftest import DOSE

pytestmark = pytest.mark.django_db
ZONE = "Asia/Kolkata"  # no summer time: the clock moves months on, a slot stays put
DAY = 86400


def _at(minutes: int) -> str:
    """The participant's wall-clock time ``minutes`` from now, as HH:MM."""
    local = clock.now().astimezone(ZoneInfo(ZONE)) + datetime.timedelta(minutes=minutes)
    return f"{local:%H:%M}"


@pytest.fixture
def participant(consenting, study, clinician, client_for, api):
    """The participant, their team's client, a protocol, and their own progress link."""
    team = client_for(clinician)
    token = team.post(f"/api/participants/{consenting}/progress-link/").json()["token"]
    return {
        "pk": consenting,
        "team": team,
        "protocol": make_protocol(study=study),
        "progress": f"/api/progress/{token}/",
        "device": api,
    }


def _hold(who: dict, service_clock) -> None:
    """A session started now and completed twenty minutes later."""
    made = who["team"].post(
        "/api/sessions/", {"participant": who["pk"], "protocol": who["protocol"].pk}
    )
    assert made.status_code == 201, made.json()
    service_clock.advance(20 * 60)
    done = who["team"].post(f"/api/sessions/{made.json()['id']}/complete/")
    assert done.status_code == 200, done.json()


def _schedule(who: dict, when: datetime.datetime) -> None:
    made = who["team"].post(
        "/api/sessions/",
        {
            "participant": who["pk"],
            "protocol": who["protocol"].pk,
            "scheduled_for": when.isoformat(),
        },
    )
    assert made.status_code == 201, made.json()
    assert made.json()["status"] == "scheduled"


def _progress(who: dict) -> tuple:
    body = who["device"].get(who["progress"]).json()
    return body["week"], body["sessions_done"], body["sessions_planned"], body["streak_weeks"]


def _remind_every_day(who: dict) -> None:
    """Reminders at a time in an hour, every day (chosen on the participant's own page)."""
    chosen = who["device"].put(
        f"{who['progress']}reminders/",
        {"email": "me@example.org", "time_zone": ZONE, "times": [_at(60)]},
        format="json",
    )
    assert chosen.status_code == 200, chosen.json()


def _log(who: dict) -> list[tuple[str, str]]:
    body = who["team"].get(f"/api/participants/{who['pk']}/reminders/").json()
    return [(entry["outcome"], entry["why"]) for entry in reversed(body["log"])]


def test_a_session_scheduled_for_next_week_changes_neither_this_week_nor_its_reminder(
    participant, smtp_server, service_clock
):
    who = participant
    _remind_every_day(who)
    _hold(who, service_clock)
    before = _progress(who)
    assert before == (1, 1, 2, 0)
    words = who["device"].get(who["progress"]).json()["words"]
    assert words[0] == "You have done 1 of 2 sessions planned this week."

    _schedule(who, clock.now() + datetime.timedelta(days=7))
    assert _progress(who) == before
    assert who["device"].get(who["progress"]).json()["words"] == words
    ledger = who["team"].get(f"/api/participants/{who['pk']}/dose/").json()
    assert [(w["week"], w["current"], w["scheduled"]) for w in ledger["weeks"]] == [
        (1, True, 0),
        (2, False, 1),
    ]

    _hold(who, service_clock)  # this week's second: the week is done
    assert _progress(who) == (1, 2, 2, 1)
    service_clock.advance(60 * 60)
    assert reminders_send_job.apply().get() == {"skipped": 1}
    assert _log(who) == [("skipped", "week_done")]
    assert smtp_server.messages == []


def test_a_reminder_decided_for_a_moment_reads_the_prescription_in_force_then(
    participant, researcher, study, client_for, smtp_server, service_clock
):
    """A reminder decided for a moment before a change of prescription is decided by the
    prescription in force at that moment, not by one made after it."""
    who = participant
    _remind_every_day(who)
    for _ in range(DOSE["sessions_per_week"]):  # this week's are all held
        _hold(who, service_clock)
    service_clock.advance(60 * 60)  # the reminder falls due
    due = clock.now()
    service_clock.advance(60)
    more = DOSE | {"sessions_per_week": DOSE["sessions_per_week"] + 1}
    raised = client_for(researcher).put(f"/api/studies/{study.pk}/programme/", more, format="json")
    assert raised.status_code == 200, raised.json()
    assert _progress(who)[1:3] == (2, 3)  # now, one more to go

    assert reminders_send_due(now=due) == {"skipped": 1}
    assert _log(who) == [("skipped", "week_done")]  # as it stood when it fell due
    assert smtp_server.messages == []


def test_the_streak_counts_the_weeks_before_this_one_whatever_is_scheduled_later(
    participant, smtp_server, service_clock
):
    who = participant
    for _ in range(DOSE["sessions_per_week"]):  # week 1 kept
        _hold(who, service_clock)
    service_clock.advance(7 * DAY)
    _hold(who, service_clock)  # week 2: one of two so far
    assert _progress(who) == (2, 1, 2, 1)
    _schedule(who, clock.now() + datetime.timedelta(days=7))
    _schedule(who, clock.now() + datetime.timedelta(days=14))
    assert _progress(who) == (2, 1, 2, 1)


def test_no_reminder_in_a_week_with_nothing_planned_nor_after_the_programme(
    participant, researcher, study, client_for, smtp_server, service_clock
):
    who = participant
    with_booster = DOSE | {"boosters": [{"start_week": 6, "weeks": 1, "sessions_per_week": 1}]}
    owner = client_for(researcher)
    changed = owner.put(f"/api/studies/{study.pk}/programme/", with_booster, format="json")
    assert changed.status_code == 200, changed.json()
    _remind_every_day(who)
    service_clock.advance(60 * 60)  # week 1, nothing held yet: a reminder
    assert reminders_send_job.apply().get() == {"sent": 1}

    service_clock.advance(4 * 7 * DAY)  # week 5: between the programme's 4 weeks and the booster
    assert _progress(who) == (5, 0, 0, 0)
    assert reminders_send_job.apply().get() == {"skipped": 1}
    service_clock.advance(7 * DAY)  # week 6: the booster's session
    assert reminders_send_job.apply().get() == {"sent": 1}
    service_clock.advance(7 * DAY)  # week 7: the programme is over
    assert _progress(who)[2] == 0
    assert reminders_send_job.apply().get() == {"skipped": 1}
    service_clock.advance(30 * 7 * DAY)  # and so on, for good
    assert reminders_send_job.apply().get() == {"skipped": 1}

    assert _log(who) == [
        ("sent", ""),
        ("skipped", "nothing_planned"),
        ("sent", ""),
        ("skipped", "programme_over"),
        ("skipped", "programme_over"),
    ]
    assert len(smtp_server.wait_for(2)) == 2


def test_the_participant_s_own_plan_is_reminded_after_the_programme(
    participant, smtp_server, service_clock
):
    """The programme is over, so nothing is prescribed; the clinician agrees a plan of one
    session a week with the participant, which their page and their reminders then follow."""
    who = participant
    _remind_every_day(who)
    service_clock.advance(4 * 7 * DAY + 60 * 60)  # week 5: the programme's 4 weeks are over
    assert _progress(who) == (5, 0, 0, 0)
    assert reminders_send_job.apply().get() == {"skipped": 1}

    url = f"/api/participants/{who['pk']}/"
    agreed = who["team"].patch(url, {"sessions_per_week": 1, "reason": "keeping it up"})
    assert agreed.status_code == 200, agreed.json()
    assert agreed.json()["sessions_per_week_planned"] == 1
    service_clock.advance(DAY)
    assert _progress(who) == (5, 0, 1, 0)
    assert reminders_send_job.apply().get() == {"sent": 1}
    _hold(who, service_clock)
    service_clock.advance(DAY)
    assert _progress(who) == (5, 1, 1, 1)
    assert reminders_send_job.apply().get() == {"skipped": 1}

    cleared = who["team"].patch(
        url, {"sessions_per_week": None, "reason": "stopping"}, format="json"
    )
    assert cleared.status_code == 200, cleared.json()
    service_clock.advance(7 * DAY)  # week 6: no plan of their own, and the programme over
    assert _progress(who)[2] == 0
    assert reminders_send_job.apply().get() == {"skipped": 1}
    assert _log(who) == [
        ("skipped", "programme_over"),
        ("sent", ""),
        ("skipped", "week_done"),
        ("skipped", "programme_over"),
    ]
    assert len(smtp_server.wait_for(1)) == 1


def test_a_study_s_protocol_plan_is_reminded_without_a_programme(
    clinician, client_for, api, smtp_server, service_clock
):
    """With no programme, the study's protocol plans the week (as the clinical team's list and
    the participant's page say): reminded until the week's session is held."""
    team = client_for(clinician)
    study = make_study(clinicians=[clinician])
    protocol = make_protocol(study=study, sessions_per_week=1)
    pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
    consent = {"date": clock.today().isoformat(), "form_version": "1"}
    assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
    token = team.post(f"/api/participants/{pk}/progress-link/").json()["token"]
    who = {"pk": pk, "team": team, "protocol": protocol, "progress": f"/api/progress/{token}/"}
    who["device"] = api
    _remind_every_day(who)
    assert _progress(who) == (1, 0, 1, 0)
    assert team.get(f"/api/participants/{pk}/").json()["sessions_per_week_planned"] == 1
    service_clock.advance(60 * 60)
    assert reminders_send_job.apply().get() == {"sent": 1}
    _hold(who, service_clock)
    service_clock.advance(DAY)
    assert reminders_send_job.apply().get() == {"skipped": 1}
    assert _log(who) == [("sent", ""), ("skipped", "week_done")]
    assert len(smtp_server.wait_for(1)) == 1


def test_no_reminder_without_a_programme_nor_a_protocol(
    clinician, client_for, api, smtp_server, service_clock
):
    """A participant whose study neither prescribes nor has a protocol has no session planned in
    any week (as their progress page says), so no reminder of one is sent."""
    team = client_for(clinician)
    unprescribed = make_study(clinicians=[clinician])
    pk = team.post("/api/participants/", {"study": unprescribed.pk}).json()["id"]
    consent = {"date": clock.today().isoformat(), "form_version": "1"}
    assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
    token = team.post(f"/api/participants/{pk}/progress-link/").json()["token"]
    who = {"pk": pk, "team": team, "progress": f"/api/progress/{token}/", "device": api}
    _remind_every_day(who)
    assert _progress(who) == (1, 0, 0, 0)
    service_clock.advance(60 * 60)
    assert reminders_send_job.apply().get() == {"skipped": 1}
    assert _log(who) == [("skipped", "nothing_planned")]
    assert smtp_server.messages == []
