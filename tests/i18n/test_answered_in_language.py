"""Requests answered in the reader's language: a staff member's refusals in theirs, a device's in
its participant's, the participant's report (PDF) in the participant's, Arabic right to left;
the codes never change."""

from __future__ import annotations

import re
import unicodedata

import pypdfium2 as pdfium
import pytest
from rest_framework.test import APIClient

from apps.games.models import Game
from tests.apps.factories import make_participant, make_protocol, make_session, make_study
from tests.apps.reports.test_report import ARTIFACTS, world  # noqa: F401 (its fixture)

pytestmark = pytest.mark.django_db


def signed_in(user, language: str) -> APIClient:
    """A browser session of ``user``, who chose ``language`` in their account settings."""
    client = APIClient()
    client.force_login(user)
    assert client.patch("/api/me", {"language": language}, format="json").status_code == 200
    return client


def test_a_spanish_staff_member_is_refused_in_spanish(clinician, researcher):
    study = make_study(owners=[researcher], clinicians=[clinician])
    participant = make_participant(study=study, clinicians=[clinician])
    client = signed_in(clinician, "es")
    response = client.patch(
        f"/api/participants/{participant.pk}/",
        {"age_band": "70-79", "reason": "Corrección"},
        format="json",
    )
    assert response.status_code == 403
    assert response["Content-Language"] == "es"
    assert response.json()["error"] == {
        "code": "permission_denied",  # codes stay English
        "message": "Solo los responsables del estudio pueden cambiar los datos de un participante.",
        "details": None,
    }
    # The same refusal to a colleague who reads English.
    english = signed_in(researcher, "en").get(f"/api/participants/{participant.pk + 999}/")
    assert english.json()["error"]["message"] == "There is no such participant."


def test_a_device_is_refused_in_its_participants_language(clinician):
    study = make_study(clinicians=[clinician])
    staff = signed_in(clinician, "en")
    enrolled = staff.post("/api/participants/", {"study": study.pk, "language": "fr"})
    participant_id = enrolled.json()["id"]
    protocol = make_protocol(study=study, opponent="random", rounds=1)
    session = make_session(
        participant=study.participants.get(pk=participant_id), protocol=protocol, status="started"
    )
    game = staff.post(f"/api/sessions/{session.pk}/games/").json()
    token = staff.post(f"/api/games/{game['id']}/link/").json()["token"]
    device = APIClient()
    view = device.get(f"/api/play/{token}/")
    assert view["Content-Language"] == "fr"
    # A card played while the hands are still to be examined: refused by the rules.
    refused = device.post(f"/api/play/{token}/actions/", {"type": "play", "card": "AS"})
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "wrong_phase"
    assert refused.json()["error"]["message"] == (
        "Ce coup ne se joue pas à ce moment de la partie."
    )
    assert Game.objects.get(pk=game["id"]).status == "active"  # nothing changed


def _text(body: bytes) -> list[str]:
    return [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(body)]


def _report(client, participant) -> bytes:
    response = client.get(f"/api/participants/{participant.pk}/report/")
    assert response.status_code == 200
    return response.content


def test_the_report_is_in_the_participants_language_not_the_readers(world, clinician):  # noqa: F811
    staff = signed_in(clinician, "de")  # the reader's language is not the report's
    staff.patch(f"/api/participants/{world.pk}/", {"language": "es", "reason": "Lee en español"})
    body = _report(staff, world)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "report-es.pdf").write_bytes(body)
    pages = _text(body)
    text = " ".join(" ".join(page.split()) for page in pages)
    assert f"Informe del participante: {world.code}" in text
    assert "Sesiones realizadas frente al plan" in text
    assert "Lecturas previstas" in text and "Progreso" in text
    # Readings' words, the catalogue's labels and numbers in Spanish (a decimal comma).
    assert "Bazas ganadas" in text
    assert re.search(r"RCI -?\d+,\d\d, p = 0,\d+", text)  # the decimal comma
    assert re.search(r"\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic) 20\d\d", text)
    assert "Memulation y Mendikot son juegos de cartas" in text
    assert "Page " not in text and "Participant report" not in text


def _boxes(textpage, phrase: str) -> list[tuple[float, float, float, float]]:
    """The boxes of the characters that read ``phrase`` (Arabic drawn in its joined forms is
    read back folded to its letters)."""
    raw = textpage.get_text_range()
    letters, at = [], []
    for i, char in enumerate(raw):
        for letter in unicodedata.normalize("NFKC", char):
            letters.append(letter)
            at.append(i)
    start = "".join(letters).index(phrase)
    return [textpage.get_charbox(at[k]) for k in range(start, start + len(phrase))]


def test_the_report_in_arabic_runs_right_to_left(world, clinician, client_for):  # noqa: F811
    signed_in(clinician, "en").patch(
        f"/api/participants/{world.pk}/", {"language": "ar", "reason": "يقرأ بالعربية"}
    )
    body = _report(client_for(clinician), world)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "report-ar.pdf").write_bytes(body)
    page = pdfium.PdfDocument(body)[0]
    textpage = page.get_textpage()
    text = unicodedata.normalize("NFKC", textpage.get_text_range())
    for words in ("تقرير المشارك:", "الجلسات المحضورة مقابل الخطة", "القراءات المخطط لها"):
        assert words in text
    # Right-aligned: the title's line ends at the right margin (18 mm and the frame's 6 pt),
    # far from the left one.
    boxes = _boxes(textpage, "تقرير المشارك:")
    right_margin = page.get_width() - 18 * 72 / 25.4 - 6
    assert abs(max(box[2] for box in boxes) - right_margin) < 3
    assert min(box[0] for box in boxes) > page.get_width() / 2
    # Drawn right to left: the title's first letter lies right of its last.
    assert boxes[0][0] > boxes[-1][0]
    # A Latin name keeps its apostrophe before it, left to right, in the Arabic lines: drawn
    # just left of the name's S, never after its y.
    named = 0
    for number in range(len(pages := pdfium.PdfDocument(body))):
        lines = pages[number].get_textpage()
        raw = lines.get_text_range()
        for found in re.finditer("Stragedy", raw):
            near = [k for k in range(found.start() - 3, found.end() + 3) if raw[k] == "'"]
            assert len(near) == 1, raw[found.start() - 3 : found.end() + 3]
            apostrophe, s = lines.get_charbox(near[0]), lines.get_charbox(found.start())
            assert apostrophe[2] <= s[0] + 0.5, (apostrophe, s)
            named += 1
    assert named >= 2  # the games' names explained, and a reading of the 'Stragedy


def test_the_codebook_comes_in_each_language(world, researcher):  # noqa: F811
    """Exports stay English (codes, column names); the codebook's descriptions are offered in
    every shipped language beside it."""
    from django.utils import translation

    from apps.exports.codebook import codebook, codebook_markdown

    about = {"formats": ["csv"], "shift_dates": True}
    with translation.override("en"):
        english = codebook_markdown(codebook(export=about))
    with translation.override("de"):
        german = codebook_markdown(codebook(export=about))
    assert "| `participant_id` |" in english and "| `participant_id` |" in german
    assert "Pseudonymous export id of the participant" in english
    assert "Pseudonyme Export-ID der teilnehmenden Person" in german
    # A description made of the schema's shared sentences is translated piece by piece.
    assert "UTC, ISO 8601; um den Datumsversatz" in german
    assert "shifted by the participant's date offset" not in german


def test_the_cohort_and_a_missing_reliability_read_in_the_readers_language(clinician, researcher):
    """A German reader's Cohort tab names the measures and what the reliability gate lacks in
    German, and so does a change reading that has no reliability to rest on."""
    import random

    from django.test import TestCase
    from django.utils import timezone

    from apps.games.demo import demo_game_play
    from apps.participants.services import study_create

    study = study_create(
        actor=researcher,
        name="Zwei Sitzungen",
        primary_metrics=["tricks_won"],
        assessment_points=[
            {"kind": "baseline", "session": 1},
            {"kind": "post_training", "session": 2},
        ],
    )
    study.clinicians.add(clinician)
    person = make_participant(
        study=study, clinicians=[clinician], consent_date=timezone.localdate()
    )
    protocol = make_protocol(study=study, opponent="random", roles="participant_lame", rounds=3)
    for seed in (1, 2):
        session = make_session(participant=person, protocol=protocol, status="started")
        with TestCase.captureOnCommitCallbacks(execute=True):  # the metrics job, as on commit
            demo_game_play(
                session=session, start=timezone.now(), skill=0.8, rng=random.Random(seed)
            )

    cohort = signed_in(researcher, "de").get(f"/api/studies/{study.pk}/cohort/").json()
    tricks = next(m for m in cohort["metrics"] if m["key"] == "tricks_won")
    assert tricks["label"] == "Gewonnene Stiche"
    assert tricks["retest"]["missing"] == "die Studie legt kein Retest-Protokoll fest"

    summary = signed_in(clinician, "de").get(f"/api/participants/{person.pk}/summary/").json()
    tricks = next(m for m in summary["metrics"] if m["key"] == "tricks_won")
    [point] = tricks["assessments"]
    assert point["change"]["status"] == "no_reliability"
    assert point["reading"].startswith(
        "Keine Veränderungslesart: Keine verwendbare Test-Retest-Reliabilität: keine Normzeile"
    )


def test_seats_are_named_in_the_readers_language(clinician, client_for):
    """A table's clinician and computer seats, and a one-person game's seats on the watch page,
    are named in the reader's language (the record keeps its English names)."""
    from tests.apps.games.tables import game_of, open_table, protocol_for, token_of

    person = make_participant(clinicians=[clinician], consent_date="2026-01-05", language="fr")
    protocol = protocol_for([person], game="mendikot")
    seats = [
        {"kind": "participant", "participant": person.pk},
        {"kind": "clinician"},
        {"kind": "bot"},
        {"kind": "bot"},
    ]
    table = open_table(client_for(clinician), protocol, seats)
    device = APIClient().get(f"/api/play/{token_of(table['seats'][0])}/")
    assert device["Content-Language"] == "fr"
    labels = [s["label"] for s in device.json()["table"]["seats"]]
    assert labels == [person.code, "Clinicien", "Ordinateur", "Ordinateur"]
    assert game_of(table).seats[1]["label"] == "Clinician"  # the record's

    solo = make_session(
        participant=person, protocol=make_protocol(study=person.study), status="started"
    )
    game = client_for(clinician).post(f"/api/sessions/{solo.pk}/games/").json()["id"]
    watched = signed_in(clinician, "de").get(f"/api/games/{game}/watch/").json()
    assert [s["label"] for s in watched["seats"]] == ["Teilnehmende Person", "Computer"]


def test_a_body_that_is_not_json_is_refused_wholly_in_the_readers_language(clinician):
    """The parser's own English words are not mixed into the refusal; where it stopped is."""
    response = signed_in(clinician, "de").generic(
        "POST", "/api/sessions/", b"{participant: 1}", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "malformed_request"
    assert response.json()["error"]["message"] == (
        "Der Inhalt ist kein gültiges JSON (Zeile 1, Spalte 2)."
    )


def test_a_visits_point_is_timed_in_the_readers_language(clinician, researcher):
    from apps.participants.services import study_create

    study = study_create(
        actor=researcher,
        name="Besuche",
        assessment_points=[
            {"kind": "baseline", "session": 1},
            {"kind": "follow_up", "window_start_days": 80, "window_end_days": 90},
        ],
    )
    study.clinicians.add(clinician)
    person = make_participant(study=study, clinicians=[clinician], consent_date="2026-01-05")
    visits = signed_in(clinician, "de").get(f"/api/participants/{person.pk}/visits/").json()
    whens = sorted(v["when"] for v in visits)
    assert whens == ["Sitzung 1", "Tage 80-90 nach der Aufnahme"]


def test_field_limits_address_a_german_reader_as_the_platform_does(researcher):
    """DRF's own German words say "du" ("Stelle sicher, ..."); the platform says "Sie"."""
    refused = signed_in(researcher, "de").post("/api/studies/", {"name": "x" * 201}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["details"]["name"] == [
        "Dieses Feld darf höchstens 200 Zeichen lang sein."
    ]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", r"Too many requests: try again in \d+ seconds\."),
        ("ar", r"طلبات كثيرة جدًا: أعد المحاولة بعد \d+ (ثانية|ثوانٍ)\."),
    ],
)
def test_a_held_back_request_says_how_long_in_the_readers_language(language, words):
    """The wait is counted in the reader's own plural (DRF counted it in English's)."""
    device = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    answers = [device.post("/api/join/", {"code": f"BBBB{n:02}"}, format="json") for n in range(12)]
    held = answers[-1]
    assert held.status_code == 429 and held.json()["error"]["code"] == "throttled"
    assert re.fullmatch(words, held.json()["error"]["message"])
    wait = int(re.search(r"\d+", held.json()["error"]["message"]).group())
    assert held["Retry-After"] == str(wait)
