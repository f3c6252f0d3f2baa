"""Sign-in throttling: per address (X-Forwarded-For believed only from trusted proxies), and a
per-account lockout kept in Redis, so it holds across web processes."""

from __future__ import annotations

import http.client
import json
import uuid

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import override_settings
from rest_framework.settings import api_settings
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from apps.accounts.models import User
from tests.apps.server import running_server
from tests.conftest import PASSWORD


@pytest.fixture
def user(db):
    return User.objects.create_user(username=f"u-{uuid.uuid4().hex[:8]}", password=PASSWORD)


def from_address(address: str) -> APIClient:
    return APIClient(REMOTE_ADDR=address)


def fresh_address() -> str:
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250 + 1}"


def login(client, username, password, **headers):
    return client.post(
        "/api/auth/login", {"username": username, "password": password}, format="json", **headers
    )


def test_the_cache_is_redis_shared_by_every_process():
    assert settings.CACHES["default"]["BACKEND"].endswith("RedisCache")
    assert settings.CACHES["default"]["LOCATION"] == settings.REDIS_URL


def test_a_new_forwarded_for_header_does_not_buy_new_guesses(user):
    client = from_address(fresh_address())
    codes = [
        login(client, user.username, "wrong", HTTP_X_FORWARDED_FOR=f"203.0.113.{i}").status_code
        for i in range(40)
    ]
    assert codes[:10] == [400] * 10
    assert set(codes[10:]) == {429}
    # the right password, from another address, does not work either: the account is locked
    response = login(from_address(fresh_address()), user.username, PASSWORD)
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "account_locked"
    assert response.json()["error"]["details"]["retry_after_seconds"] > 0


def test_a_trusted_proxy_forwards_the_client_address(user, monkeypatch):
    monkeypatch.setattr(api_settings, "NUM_PROXIES", 1)  # as TRUSTED_PROXIES=1 sets it
    proxy = from_address(fresh_address())
    blocked = fresh_address()
    for _ in range(10):
        login(proxy, "nobody-" + uuid.uuid4().hex, "x", HTTP_X_FORWARDED_FOR=blocked)
    assert login(proxy, "nobody", "x", HTTP_X_FORWARDED_FOR=blocked).status_code == 429
    # another client behind the same proxy is not held back
    other = login(proxy, user.username, PASSWORD, HTTP_X_FORWARDED_FOR=fresh_address())
    assert other.status_code == 200


def test_the_lockout_is_per_account_and_a_success_resets_the_count(user):
    for _ in range(settings.LOGIN_LOCKOUT_FAILURES - 1):
        assert login(from_address(fresh_address()), user.username, "wrong").status_code == 400
    assert login(from_address(fresh_address()), user.username, PASSWORD).status_code == 200
    # the count started again: nine more wrong guesses still leave the account open
    for _ in range(settings.LOGIN_LOCKOUT_FAILURES - 1):
        login(from_address(fresh_address()), user.username, "wrong")
    assert login(from_address(fresh_address()), user.username, PASSWORD).status_code == 200
    # ... and another account is never held back by this one's failures
    with override_settings(LOGIN_LOCKOUT_FAILURES=1):
        login(from_address(fresh_address()), user.username, "wrong")
        stranger = User.objects.create_user(username=user.username + "-2", password=PASSWORD)
        ok = login(from_address(fresh_address()), stranger.username, PASSWORD)
        assert ok.status_code == 200
        locked = login(from_address(fresh_address()), user.username, PASSWORD)
        assert locked.status_code == 429


def post_login(port: int, username: str, password: str) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = json.dumps({"username": username, "password": password})
    connection.request(
        "POST",
        "/api/auth/login",
        body=body,
        headers={"Content-Type": "application/json", "Host": "localhost"},
    )
    response = connection.getresponse()
    return response.status, json.loads(response.read())


@pytest.mark.django_db(transaction=True)
def test_the_lockout_holds_across_two_processes():
    user = User.objects.create_user(username=f"x-{uuid.uuid4().hex[:8]}", password=PASSWORD)
    limit = settings.LOGIN_LOCKOUT_FAILURES
    # The server sees every request come from 127.0.0.1: start that address's rate afresh
    # (other tests of the run share the cache, and may have used it up).
    cache.delete(ScopedRateThrottle.cache_format % {"scope": "login", "ident": "127.0.0.1"})
    with running_server() as port:
        # half the guesses here, the rest in the server process (another address each time
        # here, so the per-address limit is not what stops them)
        for _ in range(limit // 2):
            assert login(from_address(fresh_address()), user.username, "wrong").status_code == 400
        for _ in range(limit - limit // 2):
            status, body = post_login(port, user.username, "wrong")
            assert status == 400, body
        status, body = post_login(port, user.username, PASSWORD)
        assert (status, body["error"]["code"]) == (429, "account_locked")
        here = login(from_address(fresh_address()), user.username, PASSWORD)
        assert here.status_code == 429
