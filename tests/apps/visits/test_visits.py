"""Assessment visits through the API as a study runs: the owners place a blinded assessor and
set the windows, the assessor works through the visits as days pass, records each one held
(with its assessment) or missed (with a reason), and corrects one with a reason."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.accounts.models import User
from apps.audit.models import AuditEntry
from apps.participants.models import Participant
from tests.apps.factories import make_study, withdraw_consent
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db
POINTS = [
    {"kind": "baseline", "session": 1},
    {"kind": "follow_up", "label": "One-month follow-up", "window_start_days": 28,
     "window_end_days": 35},
]  # fmt: skip


@pytest.fixture
def assessor(db):
    return make_staff("ann", User.Role.ASSESSOR)


@pytest.fixture
def trial(researcher, clinician, assessor, client_for):
    study = make_study(owners=[researcher], clinicians=[clinician])
    owner, team = client_for(researcher), client_for(clinician)
    changed = owner.patch(f"/api/studies/{study.pk}/", {"assessment_points": POINTS}, format="json")
    assert changed.status_code == 200, changed.json()
    placed = owner.put(
        f"/api/studies/{study.pk}/assessors/", {"assessors": [assessor.pk]}, format="json"
    )
    assert placed.status_code == 200, placed.json()
    assert [a["username"] for a in placed.json()] == ["ann"]
    points = [p["id"] for p in changed.json()["assessment_points"]]
    windows = {"windows": [{"point": points[0], "anchor": "enrolment", "opens_day": 0,
                            "closes_day": 7}]}  # fmt: skip
    set_windows = owner.put(f"/api/studies/{study.pk}/visit-windows/", windows, format="json")
    assert set_windows.status_code == 200, set_windows.json()
    pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
    consent = {"date": timezone.localdate().isoformat(), "form_version": "1"}
    assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
    return study, pk, points


def test_the_assessor_works_through_the_visits_as_days_pass(
    trial, assessor, clinician, client_for, service_clock
):
    _, pk, (baseline, follow_up) = trial
    ann = client_for(assessor)
    work = ann.get("/api/visits/").json()
    assert [(v["code"], v["label"], v["status"]) for v in work] == [
        (work[0]["code"], "Baseline", "due"),
        (work[0]["code"], "One-month follow-up", "upcoming"),
    ]
    today = timezone.localdate()
    assert work[1]["opens_on"] == (today + datetime.timedelta(days=28)).isoformat()
    assert set(work[0]) >= {"participant", "code", "study_name", "opens_on", "closes_on"}
    assert not {"arm", "age_band", "group", "notes", "metrics"} & set(work[0])

    held = {"status": "done", "held_on": today.isoformat(), "measures": {"moca": 26, "tmt_b": 81.5}}
    answer = ann.post(f"/api/participants/{pk}/visits/{baseline}/", held, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["status"] == "done" and answer.json()["in_window"] is True
    assert answer.json()["measures"] == {"moca": 26.0, "tmt_b": 81.5}

    # The clinical team sees the visits but does not record them.
    team = client_for(clinician)
    assert [v["status"] for v in team.get(f"/api/participants/{pk}/visits/").json()] == [
        "done",
        "upcoming",
    ]
    refused = team.post(f"/api/participants/{pk}/visits/{follow_up}/", held, format="json")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "permission_denied"

    service_clock.advance(30 * 86400)
    assert [v["status"] for v in ann.get("/api/visits/?status=due").json()] == ["due"]
    service_clock.advance(10 * 86400)
    overdue = ann.get(f"/api/participants/{pk}/visits/").json()[1]
    assert overdue["status"] == "overdue"
    missed = {"status": "missed", "missed_reason": "unreachable"}
    assert ann.post(f"/api/participants/{pk}/visits/{follow_up}/", missed).status_code == 201

    # A correction needs its reason, and the audit trail keeps both versions.
    again = {"status": "missed", "missed_reason": "illness"}
    no_reason = ann.post(f"/api/participants/{pk}/visits/{follow_up}/", again)
    assert no_reason.status_code == 400 and "reason" in no_reason.json()["error"]["details"]
    again["reason"] = "the family called back"
    assert ann.post(f"/api/participants/{pk}/visits/{follow_up}/", again).status_code == 201
    entry = AuditEntry.objects.filter(object_type="visits.visit").order_by("pk").last()
    assert entry.reason == "the family called back"
    assert (entry.before["missed_reason"], entry.after["missed_reason"]) == (
        "unreachable",
        "illness",
    )
    assert ann.get(f"/api/participants/{pk}/visits/").json()[1]["missed_reason"] == "illness"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"status": "done", "measures": {"moca": 26}}, "held_on"),
        ({"status": "done", "held_on": "2999-01-01", "measures": {"moca": 26}}, "held_on"),
        ({"status": "done", "held_on": "{today}", "measures": {}}, "measures"),
        ({"status": "done", "held_on": "{today}", "measures": {"Mrs Smith": 1}}, "measures"),
        ({"status": "done", "held_on": "{today}", "measures": {"moca": "high"}}, "measures"),
        # A measure is a JSON number: neither true (1) nor a number written as text.
        ({"status": "done", "held_on": "{today}", "measures": {"moca": True}}, "measures"),
        ({"status": "done", "held_on": "{today}", "measures": {"moca": "27"}}, "measures"),
        ({"status": "done", "held_on": "{today}", "measures": {"moca\n": 27}}, "measures"),
        # What does not belong to the status recorded is refused, never dropped.
        ({"status": "missed", "missed_reason": "away", "measures": {"moca": 27}}, "measures"),
        ({"status": "missed", "missed_reason": "away", "held_on": "{today}"}, "held_on"),
        (
            {
                "status": "done",
                "held_on": "{today}",
                "measures": {"moca": 27},
                "missed_reason": "away",
            },
            "missed_reason",
        ),
        ({"status": "missed", "missed_reason": "she was sad"}, "missed_reason"),
        ({"status": "maybe"}, "status"),
    ],
)
def test_bad_records_are_refused_and_change_nothing(trial, assessor, client_for, body, field):
    _, pk, (baseline, _) = trial
    body = {k: (timezone.localdate().isoformat() if v == "{today}" else v) for k, v in body.items()}
    answer = client_for(assessor).post(
        f"/api/participants/{pk}/visits/{baseline}/", body, format="json"
    )
    assert answer.status_code == 400, answer.json()
    assert field in answer.json()["error"]["details"]
    assert client_for(assessor).get(f"/api/participants/{pk}/visits/").json()[0]["status"] == "due"


def test_a_visit_is_missed_only_once_its_window_has_opened(trial, assessor, client_for):
    _, pk, (_, follow_up) = trial
    ann = client_for(assessor)
    missed = {"status": "missed", "missed_reason": "away"}
    early = ann.post(f"/api/participants/{pk}/visits/{follow_up}/", missed)
    assert early.status_code == 409 and early.json()["error"]["code"] == "window_not_open"
    assert ann.get(f"/api/participants/{pk}/visits/").json()[1]["status"] == "upcoming"


def test_a_visit_recorded_before_withdrawal_is_not_rewritten_after_it(
    trial, assessor, client_for, service_clock
):
    _, pk, (baseline, follow_up) = trial
    ann = client_for(assessor)
    today = timezone.localdate().isoformat()
    held = {"status": "done", "held_on": today, "measures": {"moca": 26}}
    assert (
        ann.post(f"/api/participants/{pk}/visits/{baseline}/", held, format="json").status_code
        == 201
    )
    withdraw_consent(Participant.objects.get(pk=pk))
    audited = AuditEntry.objects.count()
    for body in (
        {"status": "missed", "missed_reason": "withdrew", "reason": "she left the study"},
        {**held, "measures": {"moca": 20}, "reason": "a typo"},
    ):
        refused = ann.post(f"/api/participants/{pk}/visits/{baseline}/", body, format="json")
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "consent_withdrawn"
    [visit, _] = ann.get(f"/api/participants/{pk}/visits/").json()
    assert (visit["status"], visit["measures"]) == ("done", {"moca": 26.0})
    assert AuditEntry.objects.count() == audited

    # A visit missed after withdrawal is recorded then, and may be corrected.
    service_clock.advance(30 * 86400)
    missed = {"status": "missed", "missed_reason": "away"}
    assert ann.post(f"/api/participants/{pk}/visits/{follow_up}/", missed).status_code == 201
    corrected = {"status": "missed", "missed_reason": "withdrew", "reason": "she left the study"}
    assert ann.post(f"/api/participants/{pk}/visits/{follow_up}/", corrected).status_code == 201


def test_in_window_follows_the_window_as_the_owners_change_it(
    trial, assessor, researcher, client_for
):
    study, pk, (baseline, _) = trial
    ann = client_for(assessor)
    held = {"status": "done", "held_on": timezone.localdate().isoformat(), "measures": {"moca": 1}}
    answer = ann.post(f"/api/participants/{pk}/visits/{baseline}/", held, format="json")
    assert answer.json()["in_window"] is True
    later = {"windows": [{"point": baseline, "anchor": "enrolment", "opens_day": 5,
                          "closes_day": 10}]}  # fmt: skip
    owner = client_for(researcher)
    assert (
        owner.put(f"/api/studies/{study.pk}/visit-windows/", later, format="json").status_code
        == 200
    )
    assert ann.get(f"/api/participants/{pk}/visits/").json()[0]["in_window"] is False
    assert ann.get("/api/visits/?status=done").json()[0]["in_window"] is False


def test_a_point_without_a_window_is_not_scheduled_and_cannot_be_recorded(
    assessor, researcher, clinician, client_for
):
    study = make_study(owners=[researcher], clinicians=[clinician])
    owner = client_for(researcher)
    changed = owner.patch(f"/api/studies/{study.pk}/", {"assessment_points": POINTS}, format="json")
    baseline = changed.json()["assessment_points"][0]["id"]
    owner.put(f"/api/studies/{study.pk}/assessors/", {"assessors": [assessor.pk]}, format="json")
    # The follow-up's window is its own days after enrolment; the baseline (a session number)
    # has none until the owners set one.
    windows = owner.get(f"/api/studies/{study.pk}/visit-windows/").json()
    assert [(w["anchor"], w["opens_day"], w["closes_day"], w["default"]) for w in windows] == [
        (None, None, None, False),
        ("enrolment", 28, 35, True),
    ]
    team = client_for(clinician)
    pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
    consent = {"date": timezone.localdate().isoformat(), "form_version": "1"}
    team.post(f"/api/participants/{pk}/consent/", consent)
    ann = client_for(assessor)
    assert [v["status"] for v in ann.get(f"/api/visits/?study={study.pk}").json()] == [
        "not_scheduled",
        "upcoming",
    ]
    missed = {"status": "missed", "missed_reason": "away"}
    refused = ann.post(f"/api/participants/{pk}/visits/{baseline}/", missed)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "no_visit_window"
    # Windows of another study's points are refused, and so is a window closing before it opens.
    bad = {"windows": [{"point": baseline, "anchor": "enrolment", "opens_day": 9, "closes_day": 2}]}
    assert (
        owner.put(f"/api/studies/{study.pk}/visit-windows/", bad, format="json").status_code == 400
    )
    other = make_study(owners=[researcher])
    foreign = {"windows": [{"point": baseline, "anchor": "allocation", "opens_day": 0,
                            "closes_day": 2}]}  # fmt: skip
    answer = owner.put(f"/api/studies/{other.pk}/visit-windows/", foreign, format="json")
    assert answer.status_code == 400 and "windows" in answer.json()["error"]["details"]
    assert ann.get(f"/api/visits/?study={other.pk}").json() == []


def test_only_assessors_are_placed_and_only_by_the_owners(
    trial, assessor, clinician, researcher, client_for
):
    study, *_ = trial
    path = f"/api/studies/{study.pk}/assessors/"
    refused = client_for(researcher).put(path, {"assessors": [clinician.pk]}, format="json")
    assert refused.status_code == 400 and "assessors" in refused.json()["error"]["details"]
    assert client_for(clinician).put(path, {"assessors": []}, format="json").status_code == 403
    assert [a["id"] for a in client_for(researcher).get(path).json()] == [assessor.pk]


def test_recorded_points_stay_as_declared(trial, assessor, researcher, client_for):
    study, pk, (baseline, _) = trial
    held = {"status": "done", "held_on": timezone.localdate().isoformat(), "measures": {"moca": 1}}
    client_for(assessor).post(f"/api/participants/{pk}/visits/{baseline}/", held, format="json")
    answer = client_for(researcher).patch(
        f"/api/studies/{study.pk}/", {"assessment_points": POINTS[:1]}, format="json"
    )
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "points_in_use"


@pytest.mark.parametrize(
    ("query", "field"),
    [("status=lost", "status"), ("study=%C2%B2", "study"), ("status=a%00b", "status")],
)
def test_a_worklist_filter_no_visit_matches_is_refused(trial, assessor, client_for, query, field):
    answer = client_for(assessor).get(f"/api/visits/?{query}")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] and error["message"] and field in error["details"]


def test_the_worklist_takes_no_more_queries_for_more_participants(
    trial, assessor, researcher, clinician, client_for
):
    """The assessor's worklist says of each participant what their own visits page says, and
    four more participants (one visit held, one missed) add no query to it."""
    study, first, (baseline, follow_up) = trial
    owner, team, ann = client_for(researcher), client_for(clinician), client_for(assessor)
    windows = {"windows": [
        {"point": baseline, "anchor": "enrolment", "opens_day": 0, "closes_day": 7},
        {"point": follow_up, "anchor": "allocation", "opens_day": 28, "closes_day": 35},
    ]}  # fmt: skip
    set_windows = owner.put(f"/api/studies/{study.pk}/visit-windows/", windows, format="json")
    assert set_windows.status_code == 200, set_windows.json()

    def worklist() -> tuple[list[dict], int]:
        with CaptureQueriesContext(connection) as queries:
            answer = ann.get("/api/visits/")
        assert answer.status_code == 200, answer.json()
        return answer.json(), len(queries.captured_queries)

    _, alone = worklist()
    more = []
    for _ in range(4):
        pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
        consent = {"date": timezone.localdate().isoformat(), "form_version": "1"}
        assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
        more.append(pk)
    held = {"status": "done", "held_on": timezone.localdate().isoformat(), "measures": {"moca": 27}}
    missed = {"status": "missed", "missed_reason": "illness"}
    for pk, record in ((more[0], held), (more[1], missed)):
        said = ann.post(f"/api/participants/{pk}/visits/{baseline}/", record, format="json")
        assert said.status_code == 201, said.json()
    work, together = worklist()

    assert together == alone
    assert len(work) == 2 * 5
    assert {v["status"] for v in work} >= {"done", "missed", "due", "upcoming"}
    for pk in [first, *more]:
        own = ann.get(f"/api/participants/{pk}/visits/").json()
        listed = [v for v in work if v["participant"] == pk]
        assert [{k: v[k] for k in own[0]} for v in listed] == own, pk
