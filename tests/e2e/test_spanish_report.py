"""A participant who reads Spanish has played a session; a clinician who reads English opens the
participant's page and downloads the report from its link: the report is in the participant's
language, and the games keep their names."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from rest_framework.test import APIClient

from apps.training.models import TrainingSession
from tests.apps.games.playing import play_through
from tests.e2e.conftest import enrol_with_consent, login_as

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _text(body: bytes) -> str:
    """The report's words, its lines joined."""
    pages = [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(body)]
    return " ".join(" ".join(page.split()) for page in pages)


def test_a_spanish_participants_report_downloads_in_spanish(page, staff):
    participant = enrol_with_consent(staff["study"], staff["clinician"], language="es")
    # A sitting started by the clinician and its game played to the end through the API, as a
    # handed-over device plays it (the session completes and its measures are computed when the
    # game ends).
    clinician = APIClient()
    clinician.force_authenticate(user=staff["clinician"])
    made = clinician.post(
        "/api/sessions/", {"participant": participant.pk, "protocol": staff["memulation"].pk}
    )
    assert made.status_code == 201, made.json()
    game = clinician.post(f"/api/sessions/{made.json()['id']}/games/").json()["id"]
    play_through(clinician, f"/api/games/{game}/", seed=11)
    session = TrainingSession.objects.get(pk=made.json()["id"])
    assert session.status == "completed"

    login_as(page, staff["clinician"])
    page.goto(f"/participants/{participant.pk}")
    page.get_by_test_id("session-table").wait_for()
    with page.expect_download() as info:
        page.get_by_test_id("report-link").click()
    assert info.value.suggested_filename == f"participant-{participant.code}.pdf"
    body = Path(info.value.path()).read_bytes()
    assert body.startswith(b"%PDF")
    text = _text(body)

    # The catalogue's Spanish (locale/es/LC_MESSAGES/django.po), not the English.
    for spanish in (
        f"Informe del participante: {participant.code}",
        "Sesiones realizadas frente al plan",
        "Progreso",
        "Bazas ganadas",
    ):
        assert spanish in text, (spanish, text)
    for english in (
        "Participant report",
        "Sessions attended against the plan",
        "Tricks won",
        "Page ",
    ):
        assert english not in text, (english, text)
    # The games' names are names in every language.
    assert "Memulation y Mendikot son juegos de cartas" in text
    assert "'Stragedy" in text
    assert not page.console_errors, page.console_errors
