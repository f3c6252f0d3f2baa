"""Free text reachable by the API is bounded, with a 400 that names the limit."""

import pytest

from apps.participants.models import ClinicianNote, Study
from apps.participants.serializers import DESCRIPTION_MAX_CHARS, FILTER_MAX_CHARS, NOTE_MAX_CHARS
from tests.apps.api.test_errors import assert_error
from tests.apps.factories import make_participant, make_study
from tests.apps.games.test_actions import lame_duck_game, to_play, url

pytestmark = pytest.mark.django_db


def test_a_note_over_the_limit_is_refused_naming_it(clinician, client_for):
    participant = make_participant(clinicians=[clinician])
    notes = f"/api/participants/{participant.pk}/notes/"
    client = client_for(clinician)
    error = assert_error(
        client.post(notes, {"text": "x" * (NOTE_MAX_CHARS + 1)}), 400, "validation_error"
    )
    assert str(NOTE_MAX_CHARS) in error["details"]["text"][0]
    assert not ClinicianNote.objects.exists()
    assert client.post(notes, {"text": "x" * NOTE_MAX_CHARS}).status_code == 201


def test_a_two_megabyte_note_is_refused_before_it_is_read(clinician, client_for):
    participant = make_participant(clinicians=[clinician])
    response = client_for(clinician).post(
        f"/api/participants/{participant.pk}/notes/", {"text": "x" * 2_000_000}
    )
    assert_error(response, 413, "body_too_large")
    assert not ClinicianNote.objects.exists()


def test_a_study_description_over_the_limit_is_refused(researcher, client_for):
    client = client_for(researcher)
    long = "x" * (DESCRIPTION_MAX_CHARS + 1)
    error = assert_error(
        client.post("/api/studies/", {"name": "Long", "description": long}), 400, "validation_error"
    )
    assert str(DESCRIPTION_MAX_CHARS) in error["details"]["description"][0]
    study = make_study(owners=[researcher])
    response = client.patch(f"/api/studies/{study.pk}/", {"description": long})
    assert_error(response, 400, "validation_error")
    assert Study.objects.get(pk=study.pk).description == ""


@pytest.mark.parametrize(
    "path",
    [
        "/api/participants/?search={}",
        "/api/participants/?group={}",
        "/api/audit/?object_type={}",
    ],
)
def test_search_text_is_bounded(admin_user, client_for, path):
    response = client_for(admin_user).get(path.format("x" * (FILTER_MAX_CHARS + 1)))
    error = assert_error(response, 400, "validation_error")
    assert str(FILTER_MAX_CHARS) in str(error["details"])


def test_a_card_is_the_size_of_a_card(clinician, client_for):
    api = client_for(clinician)
    game = lame_duck_game(clinician, seed=2)
    to_play(api, game)
    response = api.post(url(game, "actions/"), {"type": "play", "card": "7H" * 50_000})
    error = assert_error(response, 400, "invalid_card")  # RULES.md's code for a non-card
    assert "3 characters" in error["details"]["card"][0]
    assert len(response.content) < 1000
