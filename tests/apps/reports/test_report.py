"""The participant report (PDF): rendered page by page with PDFium and read back for its
sections; the same access rules as the participant; clinician notes only on request."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from apps.metrics.catalogue import CATALOGUE
from apps.metrics.models import MetricValue
from apps.metrics.norms import norms_load
from apps.metrics.services import participant_readings_refresh
from apps.participants.models import ClinicianNote
from apps.participants.services import study_update
from tests.apps.factories import (
    enrol_with_consent,
    make_participant,
    make_protocol,
    make_session,
    make_study,
)
from tests.conftest import make_staff

pytestmark = pytest.mark.django_db

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "reports"
SECRET_NOTE = "Mentioned trouble sleeping since the move"


def _pages(body: bytes) -> list[str]:
    """Each page rendered to pixels (it must draw something) and its text, lines joined."""
    document = pdfium.PdfDocument(body)
    texts = []
    for page in document:
        bitmap = page.render(scale=1).to_pil().convert("L")
        assert bitmap.getextrema()[0] < 128, "a blank page"
        texts.append(" ".join(page.get_textpage().get_text_range().split()))  # lines joined
    return texts


NORMS = (
    "key,version,age_band,game,examination_seconds,opponent,mean,sd,n,source,retest_r,retest_n,"
    "retest_source\n"
    'tricks_won,1,70-79,memulation,30,greedy,12,2.5,118,Example norms,0.8,64,"Example 2027, '
    'Table 5"\n'
)


@pytest.fixture
def world(clinician, researcher):
    study = make_study(owners=[researcher], clinicians=[clinician])
    study = study_update(
        study=study,
        actor=researcher,
        primary_metrics=["tricks_won"],
        assessment_points=[
            {"kind": "baseline", "session": 1},
            {"kind": "post_training", "label": "After six sessions", "session": 6},
        ],
    )
    protocol = make_protocol(study=study, sessions_per_week=3)
    # A row, for its chosen code: the report draws Arabic in visual order, and pdfium (which
    # reads the Arabic report back in tests/i18n) guesses each line's direction; a generated
    # code such as MX-QE9EP turns its guess for the title line to left to right.
    participant = make_participant(
        study=study,
        clinicians=[clinician],
        code="P00012",
        age_band="70-79",
        sessions_per_week=2,
    )
    norms_load(io.StringIO(NORMS))
    for i, (tricks, fidelity) in enumerate(zip([15, 14, 15, 10, 11, 10], [0.8] * 6, strict=True)):
        session = make_session(participant=participant, protocol=protocol, status="completed")
        for key, value, details in (
            ("tricks_won", tricks, {}),
            ("recall_hit", i % 2, {}),
            ("memory_fidelity", fidelity, {"low": 0.55, "high": 0.93, "informative": 14}),
        ):
            MetricValue.objects.create(
                level="session", subject_id=session.pk, participant=participant,
                session=session, key=key, version=CATALOGUE[key].version, value=value, n=3,
                details=details,
            )  # fmt: skip
    participant_readings_refresh(participant=participant)
    ClinicianNote.objects.create(participant=participant, author=clinician, text=SECRET_NOTE)
    return participant


def test_the_report_prints_its_sections(world, clinician, client_for):
    response = client_for(clinician).get(f"/api/participants/{world.pk}/report/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert f"participant-{world.code}.pdf" in response["Content-Disposition"]
    pages = _pages(response.content)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "participant-report.pdf").write_bytes(response.content)
    text = "\n".join(pages)
    assert f"Participant report: {world.code}" in pages[0]
    assert "Sessions attended against the plan" in text
    assert "Plan: 2 sessions a week (the participant's plan)" in text
    assert "(this week)" in text
    assert "Progress" in text and "'Stragedy hit rate" in text
    assert "Memory fidelity" in text and "55% to 93%" in text
    assert "each session (by number)" in text  # the chart's legend
    # Tricks won fell by more than measurement error at the declared point, and the report
    # says on what grounds (in the planned readings and beside the chart).
    assert "Planned readings" in text
    primary = "Tricks won: After six sessions (session 6): Reliable decline since the baseline"
    assert f"{primary}: 15" in text
    assert "RCI -3.16" in text and "no practice correction (the study has no control arm)" in text
    # Every value with its n, the session it is from and how many sessions count.
    assert "Latest 10 at session 6 (n = 3). 6 of 6 sessions count" in text
    # Recall: one observation a session is too few for any session to count.
    assert "0 of 6 sessions count for readings (a session counts with 10" in text
    assert "Exploratory. No trend yet: 0 of the 5 sessions" in text
    assert SECRET_NOTE not in text and "Clinician notes" not in text


def test_notes_only_on_request_and_only_for_the_clinical_team(
    world, clinician, researcher, client_for
):
    url = f"/api/participants/{world.pk}/report/"
    text = "\n".join(_pages(client_for(clinician).get(url, {"notes": "true"}).content))
    assert "Clinician notes (included on request)" in text
    assert SECRET_NOTE in text
    refused = client_for(researcher).get(url, {"notes": "true"})
    assert refused.status_code == 403
    assert refused.json()["error"]["code"]
    assert client_for(researcher).get(url).status_code == 200  # the study's owner, no notes


def test_the_report_follows_the_participants_access_rules(world, client_for, api):
    url = f"/api/participants/{world.pk}/report/"
    stranger = make_staff("stranger", "clinician")
    response = client_for(stranger).get(url)
    assert response.status_code == 404
    assert response.json()["error"]["code"]
    assert api.get(url).status_code in (401, 403)
    bad = client_for(world.clinicians.first()).get(url, {"notes": "perhaps"})
    assert bad.status_code == 400
    assert set(bad.json()["error"]) == {"code", "message", "details"}


def test_a_participant_without_sessions_gets_a_short_report(clinician, client_for):
    participant = make_participant(study=make_study(clinicians=[clinician]), clinicians=[clinician])
    response = client_for(clinician).get(f"/api/participants/{participant.pk}/report/")
    text = "\n".join(_pages(response.content))
    assert "No weekly plan set." in text
    assert "No metrics yet" in text


def test_after_the_programme_the_report_plans_no_session(researcher, clinician, client_for):
    """A one-week programme, prescribed through the API ten days ago: the week under way is
    after it, so the report plans no session (and counts none missed), saying whose plan."""
    from datetime import timedelta

    from apps.common import clock

    study = make_study(owners=[researcher], clinicians=[clinician])
    dose = {"sessions_per_week": 2, "minutes_per_session": 20, "weeks": 1}
    with clock.installed(clock.ManualClock(clock.now() - timedelta(days=10))):
        prescribed = client_for(researcher).put(
            f"/api/studies/{study.pk}/programme/", dose, format="json"
        )
        assert prescribed.status_code == 200, prescribed.content
        participant = enrol_with_consent(study, clinician)
    response = client_for(clinician).get(f"/api/participants/{participant.pk}/report/")
    text = "\n".join(_pages(response.content))
    assert "No session planned this week (the prescription in force)." in text
    assert "Plan:" not in text


def test_attendance_counts_missed_sessions_in_the_weeks_that_are_over(world, clinician):
    """The participant's own weeks (from their consent), each against its plan: the weeks that
    are over count what was missed, the week under way nothing yet."""
    from datetime import timedelta

    from django.utils import timezone

    from apps.common import clock
    from apps.reports.selectors import WEEKS_SHOWN, attendance

    now = clock.now()
    with clock.installed(clock.ManualClock(now - timedelta(days=16))):
        make_protocol(study=world.study, sessions_per_week=3)  # a plan from before week 1
        person = enrol_with_consent(world.study, clinician)  # week 3 is under way
    make_session(participant=person, status="completed", at=now - timedelta(days=9))  # week 2
    weeks = attendance(person, WEEKS_SHOWN)
    assert [(w.week, w.completed, w.planned, w.missed, w.current) for w in weeks] == [
        (1, 0, 3, 3, False),  # the study's newest protocol by then: 3 a week
        (2, 1, 3, 2, False),
        (3, 0, 3, None, True),  # this week is not over: nothing is missed yet
    ]
    assert weeks[0].starts_on == timezone.localdate(now - timedelta(days=16))
