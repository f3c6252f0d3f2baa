"""The dose in the research export: what staff prescribe, plan, hold and explain through the
API on the services' clock comes out as the dose_weeks table, one row per programme week of each
participant the export holds, as their dose ledger and weekly plan read it, under export ids and
with no calendar date. With shifted times (the default) the table does not tell when the export
was made: made weeks later, it is the same."""

from __future__ import annotations

import csv
import io
import zipfile

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.common import clock
from apps.exports.schema import TABLES
from apps.participants.models import Participant
from apps.programmes.selectors import attendance, attendances, dose_ledger, dose_ledgers
from tests.apps.factories import make_study

pytestmark = pytest.mark.django_db
DAY = 86400
DOSE = {"sessions_per_week": 2, "minutes_per_session": 20, "weeks": 2}
SHOWN = ("week", "over", "prescribed", "prescribed_minutes", "planned", "plan_source", "held")
SHOWN += ("active_minutes", "missed", "missed_reason")


def _dose_weeks(owner, api, study, **asked) -> tuple[list[dict], str]:
    made = owner.post(
        f"/api/studies/{study.pk}/exports/", {"formats": ["csv"], **asked}, format="json"
    ).json()
    assert made["status"] == "ready", made
    data = b"".join(api.get(made["download_url"]).streaming_content)
    archive = zipfile.ZipFile(io.BytesIO(data))
    text = archive.read("csv/dose_weeks.csv").decode("utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == TABLES["dose_weeks"].names
    return rows, archive.read("csv/participants.csv").decode("utf-8")


def _prescribed_study(researcher, clinician, owner):
    """A study with a weekly protocol of four sessions and the prescription ``DOSE``, as its
    owner sets them up; and the protocol's id."""
    study = make_study(owners=[researcher], clinicians=[clinician])
    protocol = owner.post(
        f"/api/studies/{study.pk}/protocols/", {"name": "weekly", "sessions_per_week": 4}
    ).json()["id"]
    prescribed = owner.put(f"/api/studies/{study.pk}/programme/", DOSE, format="json")
    assert prescribed.status_code == 200, prescribed.json()
    return study, protocol


def test_each_programme_week_is_exported_with_its_dose_plan_and_sessions(
    researcher, clinician, client_for, api
):
    owner, team = client_for(researcher), client_for(clinician)
    with clock.installed(clock.ManualClock(timezone.now().replace(hour=9))) as moved:
        study, protocol = _prescribed_study(researcher, clinician, owner)
        pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
        consent = {"date": clock.today().isoformat(), "form_version": "1"}
        assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
        code = team.get(f"/api/participants/{pk}/").json()["code"]

        def hold() -> None:
            made = team.post("/api/sessions/", {"participant": pk, "protocol": protocol}).json()
            moved.advance(1200)
            assert team.post(f"/api/sessions/{made['id']}/complete/").status_code == 200

        moved.advance(3600)
        hold()  # week 1: one of the two prescribed
        moved.advance(7 * DAY)  # week 2, the last prescribed: the participant's own plan is 3
        plan = {"sessions_per_week": 3, "reason": "agreed"}
        assert team.patch(f"/api/participants/{pk}/", plan).status_code == 200
        hold()
        moved.advance(7 * DAY)  # week 3: after the programme, under the participant's plan
        missed = {"week": 1, "reason": "illness"}
        assert team.post(f"/api/participants/{pk}/dose/missed/", missed).status_code in (200, 201)

        real, _ = _dose_weeks(owner, api, study, shift_dates=False)
        shifted, participants = _dose_weeks(owner, api, study)
        moved.advance(5 * 7 * DAY)  # five weeks on, nothing more held
        later, _ = _dose_weeks(owner, api, study)

    assert [tuple(row[name] for name in SHOWN) for row in real] == [
        ("1", "true", "2", "40", "2", "prescribed", "1", "20.0", "1", "illness"),
        ("2", "true", "2", "40", "3", "own", "1", "20.0", "1", ""),
        ("3", "false", "0", "0", "3", "own", "0", "0.0", "", ""),
    ]
    # Shifted: the weeks end with the last one a session was held in, and that one is not told
    # as over (only the export's moment would tell).
    assert [tuple(row[name] for name in SHOWN) for row in shifted] == [
        ("1", "true", "2", "40", "2", "prescribed", "1", "20.0", "1", "illness"),
        ("2", "", "2", "40", "3", "own", "1", "20.0", "", ""),
    ]
    assert later == shifted
    (export_id,) = {row["participant_id"] for row in shifted}
    assert export_id in participants and code not in participants


def test_the_dose_table_reads_no_more_for_more_participants(researcher, clinician, client_for, api):
    """Participants of the kinds the ledger tells apart (the study's prescription, their own,
    their own weekly plan; one or two sessions held a week, one left unfinished, a missed one
    explained) come out as their own ledger and weekly plan read them one by one; and four
    more such participants add no read of the programme's records or sessions to the export
    (its dose table, and the study's flow it holds, read them in a fixed number of queries)."""
    owner, team = client_for(researcher), client_for(clinician)
    with clock.installed(clock.ManualClock(timezone.now().replace(hour=9))) as moved:
        study, protocol = _prescribed_study(researcher, clinician, owner)

        def enrol(kind: int) -> int:
            pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
            consent = {"date": clock.today().isoformat(), "form_version": "1"}
            assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
            if kind == 1:
                own = {**DOSE, "sessions_per_week": 3}
                put = team.put(f"/api/participants/{pk}/programme/", own, format="json")
                assert put.status_code == 200, put.json()
            if kind == 2:
                plan = {"sessions_per_week": 1, "reason": "agreed"}
                assert team.patch(f"/api/participants/{pk}/", plan).status_code == 200
            return pk

        def hold(pk: int) -> None:
            made = team.post("/api/sessions/", {"participant": pk, "protocol": protocol}).json()
            moved.advance(600)
            assert team.post(f"/api/sessions/{made['id']}/complete/").status_code == 200

        def week_of_records(pks: list[int]) -> None:
            """A week: each holds a session or two, the last starts one it never completes, and
            the first explains the one it missed."""
            moved.advance(3600)
            for i, pk in enumerate(pks):
                for _ in range(1 + i % 2):
                    hold(pk)
            started = team.post("/api/sessions/", {"participant": pks[-1], "protocol": protocol})
            assert started.status_code == 201, started.json()  # and never completed
            moved.advance(7 * DAY)
            missed = {"week": 1, "reason": "illness"}
            said = team.post(f"/api/participants/{pks[0]}/dose/missed/", missed)
            assert said.status_code in (200, 201), said.json()

        first = [enrol(kind) for kind in range(3)]
        week_of_records(first)
        rows_of_few, reads_of_few = _dose_reads(owner, api, study)
        more = [enrol(kind % 3) for kind in range(4)]
        week_of_records(more)
        rows, reads = _dose_reads(owner, api, study)
        everyone = Participant.objects.filter(pk__in=first + more).order_by("pk")
        one_by_one = {p.pk: (dose_ledger(p, clock.now()), attendance(p, now=clock.now()))
                      for p in everyone}  # fmt: skip
        batched = dose_ledgers(list(everyone), clock.now())
        attended = attendances(list(everyone), clock.now())

    assert len({row["participant_id"] for row in rows}) == 7
    assert len(rows) > len(rows_of_few) > 0
    assert {row["plan_source"] for row in rows} == {"prescribed", "own"}
    assert {row["missed_reason"] for row in rows} >= {"illness", ""}
    assert reads == reads_of_few, (reads_of_few, reads)
    for pk, (ledger, weeks) in one_by_one.items():
        assert batched[pk] == ledger and attended[pk] == weeks, pk


PROGRAMME_RECORDS = (
    "programmes_programme",
    "programmes_prescription",
    "programmes_misseddose",
    "participants_weeklyplan",
    "participants_allocationslot",
    "participants_protocol",
    "training_trainingsession",
)


def _dose_reads(owner, api, study) -> tuple[list[dict], int]:
    """The shifted export's dose rows, and its reads of the programme's records and sessions."""
    with CaptureQueriesContext(connection) as queries:
        rows, _ = _dose_weeks(owner, api, study)
    reads = sum(
        any(f'"{table}"' in q["sql"] for table in PROGRAMME_RECORDS)
        for q in queries.captured_queries
    )
    return rows, reads
