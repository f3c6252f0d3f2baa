"""The programme: a prescribed dose, and the dose ledger per participant and programme week
(prescribed, scheduled, delivered, active minutes, missed with reason), reached as staff reach
it: prescriptions and sessions through the API, weeks passing on the injected clock."""

import datetime

import pytest
from django.utils import timezone

from apps.audit.models import AuditEntry
from apps.common import clock
from tests.apps.factories import make_protocol, make_study

pytestmark = pytest.mark.django_db

DOSE = {
    "sessions_per_week": 3,
    "minutes_per_session": 20,
    "weeks": 2,
    "boosters": [{"start_week": 4, "weeks": 1, "sessions_per_week": 2}],
}


@pytest.fixture
def world(researcher, clinician, client_for):
    study = make_study(owners=[researcher], clinicians=[clinician])
    protocol = make_protocol(study=study)
    owner, team = client_for(researcher), client_for(clinician)
    assert owner.put(f"/api/studies/{study.pk}/programme/", DOSE, format="json").status_code == 200
    made = team.post("/api/participants/", {"study": study.pk})
    pk = made.json()["id"]
    today = timezone.localdate().isoformat()
    consent = {"date": today, "form_version": "1"}
    assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
    return study, protocol, owner, team, pk


def _sit(team, pk, protocol, minutes, moved: clock.ManualClock):
    made = team.post("/api/sessions/", {"participant": pk, "protocol": protocol.pk})
    assert made.status_code == 201, made.json()
    moved.advance(minutes * 60)
    done = team.post(f"/api/sessions/{made.json()['id']}/complete/")
    assert done.status_code == 200, done.json()
    moved.advance(3600)


def test_the_ledger_counts_the_dose_week_by_week(world):
    study, protocol, _, team, pk = world
    start = timezone.now().replace(hour=9)
    with clock.installed(clock.ManualClock(start)) as moved:
        for minutes in (20, 25, 15):
            _sit(team, pk, protocol, minutes, moved)
        moved.advance(7 * 86400)
        _sit(team, pk, protocol, 30, moved)
        later = moved.now() + datetime.timedelta(days=7)
        scheduled = team.post(
            "/api/sessions/",
            {"participant": pk, "protocol": protocol.pk, "scheduled_for": later.isoformat()},
        )
        assert scheduled.status_code == 201
        moved.advance(7 * 86400)
        ledger = team.get(f"/api/participants/{pk}/dose/").json()

        assert ledger["current_week"] == 3 and ledger["programme"]["weeks"] == 2
        one, two, three = ledger["weeks"]
        assert (one["prescribed"], one["delivered"], one["missed"]) == (3, 3, 0)
        assert one["active_minutes"] == 60.0 and one["prescribed_minutes"] == 60
        assert (two["prescribed"], two["delivered"], two["missed"]) == (3, 1, 2)
        assert two["missed_reason"] is None
        assert three["current"] and three["prescribed"] == 0 and three["missed"] is None
        assert three["scheduled"] == 1
        assert (ledger["prescribed"], ledger["delivered"], ledger["adherence"]) == (6, 4, 0.667)
        assert ledger["missed_unexplained"] == 1

        url = f"/api/participants/{pk}/dose/missed/"
        for week, code in ((3, "week_not_over"), (1, "nothing_missed")):
            refused = team.post(url, {"week": week, "reason": "illness"})
            assert refused.status_code == 409 and refused.json()["error"]["code"] == code
        bad = team.post(url, {"week": 2, "reason": "Mrs Smith was in hospital"})
        assert bad.status_code == 400 and "reason" in bad.json()["error"]["details"]
        recorded = team.post(url, {"week": 2, "reason": "illness"})
        assert recorded.status_code == 201
        assert recorded.json()["weeks"][1]["missed_reason"] == "illness"
        assert recorded.json()["missed_unexplained"] == 0
        entry = AuditEntry.objects.filter(object_type="programmes.misseddose").get()
        assert entry.after["reason"] == "illness" and entry.study_id == study.pk

        moved.advance(7 * 86400)  # week 4: the booster
        assert team.get(f"/api/participants/{pk}/dose/").json()["weeks"][3]["prescribed"] == 2


def test_a_participant_s_own_dose_overrides_the_study_s(world):
    *_, team, pk = world
    own = {"sessions_per_week": 5, "minutes_per_session": 10, "weeks": 6}
    put = team.put(f"/api/participants/{pk}/programme/", own, format="json")
    assert put.status_code == 200 and put.json()["own"] is True
    ledger = team.get(f"/api/participants/{pk}/dose/").json()
    assert ledger["programme"]["sessions_per_week"] == 5
    assert ledger["weeks"][0]["prescribed"] == 5
    assert team.delete(f"/api/participants/{pk}/programme/").status_code == 204
    assert team.get(f"/api/participants/{pk}/dose/").json()["programme"]["own"] is False


def test_bad_prescriptions_are_refused_and_change_nothing(world):
    study, _, owner, team, _ = world
    url = f"/api/studies/{study.pk}/programme/"
    assert team.put(url, DOSE, format="json").status_code == 403  # the owners prescribe
    for bad in (
        {**DOSE, "sessions_per_week": 0},
        {**DOSE, "weeks": 500},
        {**DOSE, "boosters": [{"start_week": 2, "weeks": 1, "sessions_per_week": 2}]},
        {**DOSE, "boosters": [{"start_week": 5, "weeks": 40, "sessions_per_week": 2}]},
    ):
        response = owner.put(url, bad, format="json")
        assert response.status_code == 400, bad
        assert set(response.json()["error"]) == {"code", "message", "details"}
    assert owner.get(url).json()["programme"]["sessions_per_week"] == 3


def test_the_participant_report_prints_the_dose_against_what_was_held(world):
    import pypdfium2 as pdfium

    _, protocol, _, team, pk = world
    with clock.installed(clock.ManualClock(timezone.now().replace(hour=9))) as moved:
        _sit(team, pk, protocol, 20, moved)
        moved.advance(7 * 86400)
        report = team.get(f"/api/participants/{pk}/report/")
    assert report.status_code == 200
    text = " ".join(
        " ".join(page.get_textpage().get_text_range().split())
        for page in pdfium.PdfDocument(report.content)
    )
    assert "Prescribed dose against sessions held" in text
    assert "3 sessions a week of 20 minutes for 2 weeks." in text
    assert "1 of 3 prescribed sessions held (33%)" in text


def test_sessions_beyond_a_weeks_prescription_are_said_apart_from_the_share(world):
    """Four sittings in a week of three and one in the next: 4 of the 6 prescribed held (67%),
    and one more beyond the prescription; never "5 of 6 prescribed held (67%)"."""
    import pypdfium2 as pdfium

    _, protocol, _, team, pk = world
    with clock.installed(clock.ManualClock(timezone.now().replace(hour=9))) as moved:
        for minutes in (20, 20, 20, 20):
            _sit(team, pk, protocol, minutes, moved)
        moved.advance(7 * 86400)
        _sit(team, pk, protocol, 20, moved)
        moved.advance(7 * 86400)
        ledger = team.get(f"/api/participants/{pk}/dose/").json()
        report = team.get(f"/api/participants/{pk}/report/")
    assert (ledger["prescribed"], ledger["delivered"], ledger["held_as_prescribed"]) == (6, 5, 4)
    assert ledger["adherence"] == 0.667
    text = " ".join(
        " ".join(page.get_textpage().get_text_range().split())
        for page in pdfium.PdfDocument(report.content)
    )
    assert (
        "4 of 6 prescribed sessions held (67%). 1 more session was held beyond the "
        "prescription." in text
    )
