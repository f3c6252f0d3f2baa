"""The participant's own progress: opened with a link their clinical team issues, in plain
words, with no score of any kind."""

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from apps.audit.models import AuditEntry
from apps.common import clock
from tests.apps.factories import make_protocol, make_study

pytestmark = pytest.mark.django_db
DOSE = {"sessions_per_week": 2, "minutes_per_session": 20, "weeks": 8}


def test_the_progress_link_shows_the_week_and_the_streak_in_words(
    researcher, clinician, client_for
):
    study = make_study(owners=[researcher], clinicians=[clinician])
    protocol = make_protocol(study=study)
    owner, team = client_for(researcher), client_for(clinician)
    pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
    consent = {"date": timezone.localdate().isoformat(), "form_version": "1"}
    team.post(f"/api/participants/{pk}/consent/", consent)

    link = team.post(f"/api/participants/{pk}/progress-link/")
    assert link.status_code == 201
    body = link.json()
    assert body["path"] == f"/progress/{body['token']}"
    assert AuditEntry.objects.filter(object_type="programmes.progress_link").count() == 1
    device = APIClient()  # the participant's own device: no account, no session
    url = f"/api/progress/{body['token']}/"

    with clock.installed(clock.ManualClock(timezone.now().replace(hour=9))) as moved:
        # Prescribed on the clock the weeks are read by, so it is in force from its first read.
        owner.put(f"/api/studies/{study.pk}/programme/", DOSE, format="json")
        for _ in range(2):  # week 1: both sessions
            made = team.post("/api/sessions/", {"participant": pk, "protocol": protocol.pk})
            moved.advance(1200)
            team.post(f"/api/sessions/{made.json()['id']}/complete/")
        first = device.get(url).json()
        assert (first["sessions_done"], first["sessions_planned"], first["streak_weeks"]) == (
            2,
            2,
            1,
        )
        assert "all 2 sessions" in first["words"][0]
        moved.advance(7 * 86400)  # week 2: none yet
        second = device.get(url).json()
        assert (second["week"], second["sessions_done"], second["streak_weeks"]) == (2, 0, 1)
        assert second["words"] == [
            "You have done 0 of 2 sessions planned this week.",
            "2 sessions to go.",
            "You have kept to your plan 1 week in a row.",
        ]
        moved.advance(7 * 86400)  # week 3: week 2 was missed, the streak is over
        assert device.get(url).json()["streak_weeks"] == 0

    shown = str(device.get(url).json())
    for word in ("score", "recall", "metric", "arm", "z_", "rci"):
        assert word not in shown
    forged = device.get(url.replace(body["token"][-6:], "abcdef"))
    assert forged.status_code == 404 and forged.json()["error"]["code"] == "not_found"
    team.post(f"/api/participants/{pk}/withdraw/", {"reason": "asked to stop"})
    assert device.get(url).status_code == 404  # withdrawn: the link no longer opens


def test_the_progress_page_counts_against_the_plan_the_clinician_reads(
    researcher, clinician, client_for
):
    """The study's protocol, then a prescription, then the participant's own plan: at each step
    the participant's page counts this week against the plan their clinical team's list shows
    beside them, and the streak judges a week by the plan it had."""
    with clock.installed(clock.ManualClock(timezone.now().replace(hour=9))) as moved:
        study = make_study(owners=[researcher], clinicians=[clinician])
        protocol = make_protocol(study=study, sessions_per_week=4)
        owner, team = client_for(researcher), client_for(clinician)
        pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
        consent = {"date": timezone.localdate().isoformat(), "form_version": "1"}
        team.post(f"/api/participants/{pk}/consent/", consent)
        device = APIClient()
        url = (
            f"/api/progress/{team.post(f'/api/participants/{pk}/progress-link/').json()['token']}/"
        )

        def both() -> tuple:
            row = team.get(f"/api/participants/{pk}/").json()
            page = device.get(url).json()
            listed = (row["sessions_this_week"], row["sessions_per_week_planned"])
            return listed, (page["sessions_done"], page["sessions_planned"])

        assert both() == ((0, 4), (0, 4))  # no prescription: the protocol's plan
        owner.put(f"/api/studies/{study.pk}/programme/", DOSE, format="json")
        assert both() == ((0, 2), (0, 2))
        agreed = team.patch(
            f"/api/participants/{pk}/", {"sessions_per_week": 3, "reason": "agreed"}
        )
        assert agreed.status_code == 200, agreed.json()
        assert both() == ((0, 3), (0, 3))
        for _ in range(2):
            made = team.post("/api/sessions/", {"participant": pk, "protocol": protocol.pk})
            moved.advance(1200)
            team.post(f"/api/sessions/{made.json()['id']}/complete/")
        assert both() == ((2, 3), (2, 3))
        assert device.get(url).json()["words"] == [
            "You have done 2 of 3 sessions planned this week.",
            "1 session to go.",
        ]
        moved.advance(7 * 86400)  # week 2: week 1 held 2 of its 3, so no streak
        page = device.get(url).json()
        assert (page["week"], page["sessions_planned"], page["streak_weeks"]) == (2, 3, 0)


def test_the_progress_says_which_language_it_speaks(clinician, client_for):
    """The sentences come in the participant's language, and the answer names it: the page
    follows it (a phone set to English still reads the participant's Spanish)."""
    study = make_study(clinicians=[clinician])
    team = client_for(clinician)
    pk = team.post("/api/participants/", {"study": study.pk, "language": "es"}).json()["id"]
    consent = {"date": timezone.localdate().isoformat(), "form_version": "1"}
    team.post(f"/api/participants/{pk}/consent/", consent)
    token = team.post(f"/api/participants/{pk}/progress-link/").json()["token"]

    answer = APIClient().get(f"/api/progress/{token}/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    assert answer["Content-Language"] == "es"
    body = answer.json()
    assert body["language"] == "es"
    assert body["words"][0] == "Esta semana no tiene sesiones previstas."
