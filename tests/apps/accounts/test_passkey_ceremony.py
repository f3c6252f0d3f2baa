"""Adding a passkey through the API, answered by a software authenticator: the ceremony survives
the page's other calls, which save the session as they loaded it, and its answer counts once."""

from __future__ import annotations

import threading

import psycopg
import pytest
from django.core.cache import cache
from django.db import connection
from rest_framework.test import APIClient

from apps.accounts.middleware import RECHECK_SECONDS
from apps.common import clock
from tests.apps.accounts.soft_authenticator import SoftAuthenticator
from tests.conftest import PASSWORD, blocked_on_lock, current_database_url, wait_for


@pytest.fixture(autouse=True)
def _fresh_rate():
    cache.clear()


def _signed_in(api, username: str) -> None:
    answer = api.post("/api/auth/login", {"username": username, "password": PASSWORD})
    assert answer.status_code == 200, answer.content


def _in_flight(api) -> tuple[threading.Thread, list]:
    """The Security page's list of factors, asked on the same session from another thread: it
    loads the session (and notes the last-seen time in it), then waits on the authenticator
    apps' table, locked by the test, and saves its session once the lock is let go."""
    beside = APIClient()
    beside.cookies = api.cookies
    answers: list = []

    def ask() -> None:
        try:
            answers.append(beside.get("/api/me/second-factor"))
        finally:
            connection.close()

    return threading.Thread(target=ask), answers


@pytest.mark.django_db(transaction=True)
def test_a_passkey_added_while_another_call_saves_the_session_is_kept(api, clinician):
    with clock.installed(clock.ManualClock()) as manual:
        _signed_in(api, "claude")
        assert api.get("/api/me").status_code == 200
        manual.advance(RECHECK_SECONDS + 1)  # the next requests write the last-seen time
        with psycopg.connect(current_database_url()) as locker:
            locker.execute("LOCK TABLE otp_totp_totpdevice IN ACCESS EXCLUSIVE MODE")
            beside, answers = _in_flight(api)
            beside.start()
            assert wait_for(blocked_on_lock, 10), "the page's other call did not reach the lock"
            options = api.post("/api/auth/passkeys/register/options").json()
            locker.rollback()
        beside.join(timeout=10)
        assert answers and answers[0].status_code == 200

        credential = SoftAuthenticator().create(options)
        added = api.post("/api/auth/passkeys", {"credential": credential}, format="json")
        assert added.status_code == 201, added.content
        assert len(added.json()["recovery_codes"]) == 10
        assert api.get("/api/me/second-factor").json()["passkeys"] != []

        again = api.post("/api/auth/passkeys", {"credential": credential}, format="json")
        assert again.status_code == 400
        assert again.json()["error"]["code"] == "invalid_passkey"


@pytest.mark.django_db
def test_an_answer_without_the_options_is_refused_and_adds_nothing(api, clinician):
    _signed_in(api, "claude")
    options = {"challenge": "AAAA", "rp": {"id": "testserver"}}
    answer = api.post(
        "/api/auth/passkeys", {"credential": SoftAuthenticator().create(options)}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid_passkey"
    assert api.get("/api/me/second-factor").json()["passkeys"] == []
