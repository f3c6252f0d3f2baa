"""Adding a passkey through the API, answered by a software authenticator: the ceremony survives
the page's other calls, which save the session as they loaded it, and its answer counts once."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils.module_loading import import_string

from apps.accounts.middleware import RECHECK_SECONDS, SEEN_KEY
from apps.common import clock
from tests.apps.accounts.soft_authenticator import SoftAuthenticator

pytestmark = pytest.mark.django_db

SessionStore = import_string(f"{settings.SESSION_ENGINE}.SessionStore")


@pytest.fixture(autouse=True)
def _fresh_rate():
    cache.clear()


def _signed_in(api, username: str) -> str:
    answer = api.post(
        "/api/auth/login", {"username": username, "password": "correct horse battery staple"}
    )
    assert answer.status_code == 200, answer.content
    return api.cookies[settings.SESSION_COOKIE_NAME].value


def test_a_passkey_added_while_another_call_saves_the_session_is_kept(api, clinician):
    with clock.installed(clock.ManualClock()) as manual:
        session_key = _signed_in(api, "claude")
        assert api.get("/api/me").status_code == 200
        manual.advance(RECHECK_SECONDS + 1)  # the next request writes the last-seen time
        # The page's other call, in flight beside the ceremony: its session loaded before the
        # options were asked for, saved after, as Django's session middleware does.
        beside = SessionStore(session_key)
        beside[SEEN_KEY] = manual.now().timestamp()
        options = api.post("/api/auth/passkeys/register/options").json()
        beside.save()

        credential = SoftAuthenticator().create(options)
        added = api.post("/api/auth/passkeys", {"credential": credential}, format="json")
        assert added.status_code == 201, added.content
        assert len(added.json()["recovery_codes"]) == 10
        assert api.get("/api/me/second-factor").json()["passkeys"] != []

        again = api.post("/api/auth/passkeys", {"credential": credential}, format="json")
        assert again.status_code == 400
        assert again.json()["error"]["code"] == "invalid_passkey"


def test_an_answer_without_the_options_is_refused_and_adds_nothing(api, clinician):
    _signed_in(api, "claude")
    options = {"challenge": "AAAA", "rp": {"id": "testserver"}}
    answer = api.post(
        "/api/auth/passkeys", {"credential": SoftAuthenticator().create(options)}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid_passkey"
    assert api.get("/api/me/second-factor").json()["passkeys"] == []
