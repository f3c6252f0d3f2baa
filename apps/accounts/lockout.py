"""Sign-in lockout per account, counted in the shared cache so it holds across processes.

After ``LOGIN_LOCKOUT_FAILURES`` wrong passwords for one username (whether the account exists
or not, so the answer tells nothing), that username cannot sign in for
``LOGIN_LOCKOUT_SECONDS``, even with the right password. The per-address rate limit of the
login views comes on top (see :class:`LoginThrottle`).

With ``REDIS_URL`` set the cache is Redis, shared by every web process; if it cannot be
reached, sign-in goes on without the lockout (logged) rather than failing.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext
from rest_framework.throttling import ScopedRateThrottle

from apps.common.errors import DomainError

log = logging.getLogger(__name__)


class AccountLocked(DomainError):
    code = "account_locked"
    status = 429


def _key(kind: str, username: str) -> str:
    digest = hashlib.sha256(username.casefold().encode()).hexdigest()[:32]
    return f"login-{kind}:{digest}"


def check(username: str) -> None:
    """``AccountLocked`` while ``username`` is locked out."""
    try:
        until = cache.get(_key("locked", username))
    except Exception:  # the cache is down: no lockout rather than no sign-in
        log.warning("sign-in lockout unavailable: the cache cannot be reached", exc_info=True)
        return
    if until is not None and until > time.time():
        wait = math.ceil(until - time.time())
        raise AccountLocked(
            gettext("Too many failed sign-ins for this account; try again in %(wait)s seconds.")
            % {"wait": wait},
            details={"retry_after_seconds": wait},
        )


def failed(username: str) -> None:
    """Count a wrong password; the last one allowed locks the account."""
    seconds = settings.LOGIN_LOCKOUT_SECONDS
    key = _key("failures", username)
    try:
        cache.add(key, 0, seconds)
        count = cache.incr(key)  # atomic in Redis: processes do not lose each other's counts
        if count >= settings.LOGIN_LOCKOUT_FAILURES:
            cache.set(_key("locked", username), time.time() + seconds, seconds)
            cache.delete(key)
            log.warning("sign-in locked for %s seconds after %s failures", seconds, count)
    except Exception:
        log.warning("sign-in lockout unavailable: the cache cannot be reached", exc_info=True)


def succeeded(username: str) -> None:
    try:
        cache.delete(_key("failures", username))
    except Exception:
        log.warning("sign-in lockout unavailable: the cache cannot be reached", exc_info=True)


class LoginThrottle(ScopedRateThrottle):
    """The per-address rate of the sign-in views. The address is the connection's, or the one
    ``TRUSTED_PROXIES`` proxies in front vouch for in ``X-Forwarded-For`` (DRF's
    ``NUM_PROXIES``); a header sent by anyone else is not believed."""

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except Exception:
            log.warning(
                "sign-in rate limit unavailable: the cache cannot be reached", exc_info=True
            )
            return True
