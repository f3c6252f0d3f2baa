"""The rule of which prescription is in force, read two ways: in SQL for a query of
participants (the participant list's last week) and in Python for one participant's timeline
(the ledger). Built as staff build it, through the API on the injected clock; the two must
agree at every week boundary and at the very moments the prescriptions changed. And the
study's flow reads the versions once, not once a participant."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.common import clock
from apps.participants.models import Participant
from apps.programmes.prescriptions import sessions_per_week_in_force, timeline_of, week_end
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


def test_the_sql_and_the_timeline_agree_on_the_prescription_in_force(world):
    study, owner, team, enrol, moved = world
    start = moved.now()
    plain, own_then_cleared, own = enrol(), enrol(), enrol()
    study_url = f"/api/studies/{study.pk}/programme/"
    changes: list[datetime.datetime] = []

    def change(answer) -> None:
        assert answer.status_code in (200, 204), answer.content
        changes.append(moved.now())

    moved.advance(3600)
    change(owner.put(study_url, _dose(3), format="json"))
    moved.advance(8 * DAY)  # week 2
    change(team.put(f"/api/participants/{own_then_cleared}/programme/", _dose(5), format="json"))
    moved.advance(2 * DAY)
    # Two changes at the one moment: the one recorded last is in force.
    change(team.put(f"/api/participants/{own}/programme/", _dose(4), format="json"))
    change(owner.put(study_url, _dose(2), format="json"))
    moved.advance(7 * DAY)  # week 3
    change(team.delete(f"/api/participants/{own_then_cleared}/programme/"))
    moved.advance(7 * DAY)  # week 4
    change(owner.put(study_url, _dose(6), format="json"))
    change(team.put(f"/api/participants/{own}/programme/", _dose(1), format="json"))
    moved.advance(14 * DAY)

    tick = datetime.timedelta(microseconds=1)
    boundaries = [week_end(start.date(), week) for week in range(7)]
    boundaries += [at + shift for at in changes for shift in (-tick, 0 * tick, tick)]
    people = Participant.objects.filter(pk__in=[plain, own_then_cleared, own]).order_by("pk")
    seen = set()
    for before in sorted(boundaries):
        sql = list(
            people.annotate(planned=sessions_per_week_in_force(before)).values_list("pk", "planned")
        )
        timelines = [(p.pk, timeline_of(p).in_force(before)) for p in people]
        python = [(pk, version and version.sessions_per_week) for pk, version in timelines]
        assert sql == python, before
        seen.update(planned for _, planned in sql)
    assert seen == {None, 1, 2, 3, 4, 5, 6}  # every version was in force at some boundary


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
