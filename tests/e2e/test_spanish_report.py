"""A participant who reads Spanish has played a session; a clinician who reads English opens the
participant's page and downloads the report from its link: the report is in the participant's
language, and the games keep their names."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from django.utils import timezone

from apps.games.demo import demo_game_play
from apps.training.services import session_create
from tests.e2e.conftest import enrol_with_consent, login_as

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _text(body: bytes) -> str:
    """The report's words, its lines joined."""
    pages = [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(body)]
    return " ".join(" ".join(page.split()) for page in pages)


def test_a_spanish_participants_report_downloads_in_spanish(page, staff):
    participant = enrol_with_consent(staff["study"], staff["clinician"], language="es")
    # A sitting started by the clinician and its game played to the end through the engine
    # (the session completes and its measures are computed when the game ends).
    session = session_create(
        participant=participant, protocol=staff["memulation"], actor=staff["clinician"]
    )
    demo_game_play(
        session=session,
        start=timezone.now() - timedelta(hours=1),
        skill=0.7,
        rng=random.Random(11),
    )
    session.refresh_from_db()
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
