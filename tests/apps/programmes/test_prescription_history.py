"""A change of prescription takes effect in the week under way and never rewrites a week that
has ended: each week is measured against the prescription in force on its last day, and the
versions are kept with when they took effect and who made them. Reached as staff reach it:
prescriptions and sessions through the API, weeks passing on the injected clock."""

import datetime

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from apps.common import clock
from tests.apps.factories import make_protocol, make_study

pytestmark = pytest.mark.django_db

WEEK = 7 * 86400
THREE = {"sessions_per_week": 3, "minutes_per_session": 20, "weeks": 12}
FIVE = {"sessions_per_week": 5, "minutes_per_session": 10, "weeks": 12}


@pytest.fixture
def world(researcher, clinician, client_for):
    """A study, its owner's and its clinical team's clients, and a clock standing at 09:00 of
    the day the participant is enrolled and consents (their week 1 begins)."""
    study = make_study(owners=[researcher], clinicians=[clinician])
    protocol = make_protocol(study=study)
    owner, team = client_for(researcher), client_for(clinician)
    start = timezone.localtime().replace(hour=9, minute=0, second=0, microsecond=0)
    with clock.installed(clock.ManualClock(start)) as moved:
        pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
        consent = {"date": start.date().isoformat(), "form_version": "1"}
        assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
        yield study, protocol, owner, team, pk, moved


def _sit(team, pk, protocol, moved, times=1):
    for _ in range(times):
        made = team.post("/api/sessions/", {"participant": pk, "protocol": protocol.pk})
        assert made.status_code == 201, made.json()
        moved.advance(1200)
        assert team.post(f"/api/sessions/{made.json()['id']}/complete/").status_code == 200
        moved.advance(3600)


def _prescribed(ledger) -> list[tuple[int, int | None]]:
    return [(w["prescribed"], w["missed"]) for w in ledger["weeks"]]


def _progress(team, pk) -> dict:
    token = team.post(f"/api/participants/{pk}/progress-link/").json()["token"]
    answer = APIClient().get(f"/api/progress/{token}/")  # the participant's own device
    assert answer.status_code == 200
    return answer.json()


def test_a_study_s_new_prescription_counts_from_the_week_it_is_made(world):
    study, protocol, owner, team, pk, moved = world
    url = f"/api/studies/{study.pk}/programme/"
    assert owner.put(url, THREE, format="json").status_code == 200
    _sit(team, pk, protocol, moved, times=3)  # week 1: 3 of 3
    moved.advance(WEEK)
    _sit(team, pk, protocol, moved, times=3)  # week 2: 3 of 3
    moved.advance(WEEK)
    changed_at = moved.now()
    assert owner.put(url, {**THREE, "sessions_per_week": 5}, format="json").status_code == 200

    ledger = team.get(f"/api/participants/{pk}/dose/").json()
    assert ledger["current_week"] == 3
    assert _prescribed(ledger) == [(3, 0), (3, 0), (5, None)]
    assert (ledger["prescribed"], ledger["held_as_prescribed"], ledger["adherence"]) == (6, 6, 1.0)
    assert ledger["missed"] == 0 and ledger["missed_unexplained"] == 0
    assert ledger["programme"]["sessions_per_week"] == 5  # the one in force now
    new, old = ledger["prescriptions"]  # newest first
    assert (new["sessions_per_week"], old["sessions_per_week"]) == (5, 3)
    assert new["made_by"] == "rosalind" and not new["own"] and not new["cleared"]
    assert datetime.datetime.fromisoformat(new["effective_at"]) == changed_at
    assert [w["prescription"] for w in ledger["weeks"]] == [old["id"], old["id"], new["id"]]

    progress = _progress(team, pk)
    assert (progress["week"], progress["sessions_planned"], progress["streak_weeks"]) == (3, 5, 2)
    assert "rosalind" not in str(progress) and "prescriptions" not in progress

    history = owner.get(url).json()["history"]
    assert [v["sessions_per_week"] for v in history] == [5, 3]

    moved.advance(WEEK)  # week 3 is over: it keeps the prescription of its last day
    ledger = team.get(f"/api/participants/{pk}/dose/").json()
    assert _prescribed(ledger) == [(3, 0), (3, 0), (5, 5), (5, None)]
    assert (ledger["prescribed"], ledger["missed"]) == (11, 5)


def test_a_participant_s_own_prescription_then_cleared_keeps_its_weeks(world):
    study, protocol, owner, team, pk, moved = world
    own_url = f"/api/participants/{pk}/programme/"
    assert owner.put(f"/api/studies/{study.pk}/programme/", THREE, format="json").status_code == 200
    _sit(team, pk, protocol, moved, times=3)  # week 1: the study's 3, all held
    moved.advance(WEEK)
    assert team.put(own_url, FIVE, format="json").status_code == 200

    ledger = team.get(f"/api/participants/{pk}/dose/").json()
    assert _prescribed(ledger) == [(3, 0), (5, None)]  # week 1 still the study's
    assert ledger["weeks"][1]["prescribed_minutes"] == 50
    _sit(team, pk, protocol, moved, times=3)  # week 2: 3 of their own 5
    moved.advance(WEEK)
    assert team.delete(own_url).status_code == 204  # back to the study's in week 3

    ledger = team.get(f"/api/participants/{pk}/dose/").json()
    assert _prescribed(ledger) == [(3, 0), (5, 2), (3, None)]
    assert [w["prescribed_minutes"] for w in ledger["weeks"]] == [60, 50, 60]
    assert ledger["programme"]["own"] is False
    cleared, own, study_s = ledger["prescriptions"]
    assert cleared["cleared"] and cleared["own"] and cleared["made_by"] == "claude"
    assert own["own"] and not own["cleared"] and not study_s["own"]
    assert [w["prescription"] for w in ledger["weeks"]] == [study_s["id"], own["id"], study_s["id"]]
    assert (ledger["prescribed"], ledger["held_as_prescribed"], ledger["missed"]) == (8, 6, 2)

    progress = _progress(team, pk)
    assert (progress["week"], progress["sessions_planned"]) == (3, 3)
    assert progress["streak_weeks"] == 0  # week 2 fell short of the 5 prescribed then
    assert "claude" not in str(progress)


def test_last_week_s_missed_sessions_are_counted_against_last_week_s_prescription(
    researcher, clinician, client_for
):
    study = make_study(owners=[researcher], clinicians=[clinician])
    protocol = make_protocol(study=study)
    owner, team = client_for(researcher), client_for(clinician)
    local = timezone.localtime()
    monday = (local - datetime.timedelta(days=local.weekday())).replace(
        hour=9, minute=0, second=0, microsecond=0
    )
    with clock.installed(clock.ManualClock(monday)) as moved:
        url = f"/api/studies/{study.pk}/programme/"
        assert owner.put(url, THREE, format="json").status_code == 200
        pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
        consent = {"date": monday.date().isoformat(), "form_version": "1"}
        assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
        moved.advance(WEEK)
        _sit(team, pk, protocol, moved, times=3)  # the three of that week
        moved.advance(WEEK)
        assert owner.put(url, {**THREE, "sessions_per_week": 5}, format="json").status_code == 200

        row = team.get(f"/api/participants/{pk}/").json()
    assert row["sessions_missed_last_week"] == 0  # 3 of the 3 prescribed then
    assert (row["sessions_last_week"], row["sessions_planned_last_week"]) == (3, 3)
    assert row["sessions_per_week_planned"] == 5
