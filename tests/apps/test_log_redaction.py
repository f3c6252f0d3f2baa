"""No log line carries a whole play-link token (or a download token)."""

import logging

import pytest

from apps.common.logs import REDACTED, RedactSecrets, redact
from apps.games import services
from tests.apps.factories import make_participant, make_protocol, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(clinician):
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(study=participant.study, opponent="random", rounds=1)
    session = make_session(participant=participant, protocol=protocol, status="started")
    return services.game_create(session=session)


def test_a_refused_play_link_request_logs_no_token(api, game, caplog, clinician, client_for):
    staff = client_for(clinician)
    old = staff.post(f"/api/games/{game.pk}/link/").json()["token"]
    staff.post(f"/api/games/{game.pk}/link/", {"revoke_previous": True})
    with caplog.at_level(logging.INFO):
        assert api.get(f"/api/play/{old}/").status_code == 403
        assert api.post(f"/api/play/{old}/actions/", {"type": "ask_trump"}).status_code == 403
    lines = [r for r in caplog.records if r.name == "django.request"]
    assert len(lines) == 2
    for record in lines:
        assert old not in record.getMessage()
        assert f"/api/play/{REDACTED}/" in record.getMessage()
    assert old not in caplog.text


def test_the_root_handler_redacts():
    (console,) = [h for h in logging.getLogger().handlers if h.get_name() == "console"]
    assert any(isinstance(f, RedactSecrets) for f in console.filters)


def test_tracebacks_and_arguments_are_redacted(caplog):
    logger = logging.getLogger("apps.test")
    token = "eyJnIjo3LCJ2IjowfQ:1vQ2Zx:abcDEF123_-xyz"
    try:
        raise ValueError(f"no game for /api/play/{token}/actions/")
    except ValueError:
        logger.exception("failed %s", f"/play/{token}")
    record = caplog.records[-1]  # as the root's handler left it
    assert token not in record.getMessage() and token not in record.exc_text
    assert token not in caplog.text
    assert redact(f"/api/exports/3/download?token={token}&x=1") == (
        f"/api/exports/3/download?token={REDACTED}&x=1"
    )
