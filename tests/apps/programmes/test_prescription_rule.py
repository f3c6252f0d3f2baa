"""The rule of which prescription measures which week, as two readers show it: the participant
list (this week and last, against the plan) and the dose ledger. Built as staff build it,
through the API on the injected clock; the two must agree at every week boundary and at the
very moments the prescriptions changed. And the study's flow reads the versions once, not once
a participant."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from apps.common import clock
from apps.programmes.prescriptions import week_end
from tests.apps.factories import make_study

pytestmark = pytest.mark.django_db

DAY = 86400
DOSE = {"minutes_per_session": 20, "weeks": 12}


def _dose(sessions: int) -> dict:
    return {**DOSE, "sessions_per_week": sessions}


@pytest.fixture
def world(researcher, clinician, client_for):
    """A study, its owner's and its clinical team's clients, ``enrol()`` (a consenting
    participant, week 1 from today), and a clock standing at 09:00 today."""
    study = make_study(owners=[researcher], clinicians=[clinician])
    owner, team = client_for(researcher), client_for(clinician)
    start = timezone.localtime().replace(hour=9, minute=0, second=0, microsecond=0)

    def enrol() -> int:
        pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
        consent = {"date": start.date().isoformat(), "form_version": "1"}
        assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
        return pk

    with clock.installed(clock.ManualClock(start)) as moved:
        yield study, owner, team, enrol, moved


def _sit(team, pk: int, protocol: int, moved) -> None:
    made = team.post("/api/sessions/", {"participant": pk, "protocol": protocol})
    assert made.status_code == 201, made.json()
    moved.advance(1200)
    assert team.post(f"/api/sessions/{made.json()['id']}/complete/").status_code == 200


def test_the_list_and_the_ledger_measure_each_week_against_the_same_prescription(world):
    """At every week boundary and around every change, a participant's row in the list says
    what their dose ledger says of this week and last: the sessions held, the sessions planned
    (the prescription's, none after the programme) and those missed; where no prescription
    measures a week, the list falls back to the study's newest protocol."""
    study, owner, team, enrol, moved = world
    protocol = owner.post(
        f"/api/studies/{study.pk}/protocols/", {"name": "weekly", "sessions_per_week": 7}
    )
    assert protocol.status_code == 201, protocol.json()
    start = moved.now()
    plain, own_then_cleared, own = enrol(), enrol(), enrol()
    people = (plain, own_then_cleared, own)
    study_url = f"/api/studies/{study.pk}/programme/"
    changes: list[datetime.datetime] = []

    def change(answer) -> None:
        assert answer.status_code in (200, 204), answer.content
        changes.append(moved.now())

    moved.advance(3600)
    _sit(team, plain, protocol.json()["id"], moved)  # before any prescription
    change(owner.put(study_url, _dose(3), format="json"))
    moved.advance(8 * DAY)  # week 2
    change(team.put(f"/api/participants/{own_then_cleared}/programme/", _dose(5), format="json"))
    for pk in people:
        _sit(team, pk, protocol.json()["id"], moved)
    moved.advance(2 * DAY)
    # Two changes at the one moment: the one recorded last is in force.
    change(team.put(f"/api/participants/{own}/programme/", _dose(4), format="json"))
    change(owner.put(study_url, _dose(2), format="json"))
    moved.advance(7 * DAY)  # week 3
    change(team.delete(f"/api/participants/{own_then_cleared}/programme/"))
    moved.advance(7 * DAY)  # week 4: the study's programme now ends with week 4
    change(owner.put(study_url, {**_dose(6), "weeks": 4}, format="json"))
    change(team.put(f"/api/participants/{own}/programme/", _dose(1), format="json"))

    def planned(row: dict) -> int | None:
        return row["prescribed"] if row["prescription"] is not None else 7

    tick = datetime.timedelta(microseconds=1)
    # Week 1 begins at midnight; the protocol and the participants are stored at 09:00.
    moments = [start] + [week_end(start.date(), week) for week in range(1, 7)]
    moments += [at + shift for at in changes for shift in (-tick, 0 * tick, tick)]
    seen = set()
    for moment in sorted(moments):
        with clock.installed(clock.ManualClock(moment)):
            for pk in people:
                row = team.get(f"/api/participants/{pk}/").json()
                ledger = team.get(f"/api/participants/{pk}/dose/").json()
                current = ledger["current_week"]
                this = ledger["weeks"][current - 1]
                said = (row["sessions_this_week"], row["sessions_per_week_planned"])
                assert said == (this["delivered"], planned(this)), (moment, pk)
                seen.add(planned(this))
                if current == 1:
                    assert row["sessions_planned_last_week"] is None, (moment, pk)
                    assert row["sessions_missed_last_week"] is None, (moment, pk)
                    continue
                last = ledger["weeks"][current - 2]
                missed = max(planned(last) - last["delivered"], 0)
                said = (
                    row["sessions_last_week"],
                    row["sessions_planned_last_week"],
                    row["sessions_missed_last_week"],
                )
                assert said == (last["delivered"], planned(last), missed), (moment, pk)
                seen.add(planned(last))
    # Every version measured a week, the protocol one before any, and none after the programme.
    assert seen == {0, 1, 2, 3, 4, 5, 6, 7}


def test_the_flow_reads_the_prescriptions_once_whatever_the_number_of_participants(world):
    study, owner, team, enrol, moved = world
    prescribed = owner.put(f"/api/studies/{study.pk}/programme/", _dose(3), format="json")
    assert prescribed.status_code == 200

    def flow() -> tuple[int, int]:
        """The sessions prescribed over the weeks that are over, and the prescription reads."""
        with CaptureQueriesContext(connection) as queries:
            answer = team.get(f"/api/studies/{study.pk}/flow/")
        assert answer.status_code == 200
        reads = sum('"programmes_prescription"' in q["sql"] for q in queries.captured_queries)
        return answer.json()["arms"][0]["prescribed"], reads

    first = enrol()
    own = team.put(f"/api/participants/{first}/programme/", _dose(5), format="json")
    assert own.status_code == 200
    moved.advance(8 * DAY)  # week 1 is over
    assert flow() == (5, 1)
    for _ in range(3):
        enrol()  # week 1 from the same day: over, at the study's 3
    assert flow() == (5 + 3 * 3, 1)


def test_a_new_protocol_version_plans_the_weeks_from_its_own_on(world):
    """With no prescription, the study's newest protocol plans a week, as that week had it: a
    version stored in week 2 plans week 2 and later, and week 1 keeps the plan it was held
    against, in the list and on the participant's progress page alike."""
    study, owner, team, enrol, moved = world
    protocols = f"/api/studies/{study.pk}/protocols/"
    first = owner.post(protocols, {"name": "weekly", "sessions_per_week": 3})
    assert first.status_code == 201, first.json()
    pk = enrol()
    token = team.post(f"/api/participants/{pk}/progress-link/").json()["token"]
    moved.advance(3600)
    _sit(team, pk, first.json()["id"], moved)
    moved.advance(7 * DAY)  # week 2
    again = owner.post(protocols, {"name": "weekly", "sessions_per_week": 5, "reason": "more"})
    assert again.status_code == 201, again.json()
    assert again.json()["version"] == 2

    def weeks() -> tuple:
        row = team.get(f"/api/participants/{pk}/").json()
        page = APIClient().get(f"/api/progress/{token}/").json()
        return (
            row["sessions_planned_last_week"],
            row["sessions_missed_last_week"],
            row["sessions_per_week_planned"],
            page["sessions_planned"],
        )

    assert weeks() == (3, 2, 5, 5)
    moved.advance(7 * DAY)  # week 3: week 2 keeps the 5 it was measured against
    assert weeks() == (5, 5, 5, 5)
