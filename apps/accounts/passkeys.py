"""Passkeys (WebAuthn) as a second factor, through django-otp-webauthn's helper (which leaves
the cryptography to py_webauthn). A ceremony's state waits between the options and the answer
in the cache, under the session's key, and is used once; the site's own origin is the only one
accepted.

Not in the session itself: a request running beside the ceremony (the page's other calls, one
of which writes the staff session's last-seen time) saves the whole session as it loaded it,
from before the options, and the answer would then find no ceremony."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django_otp_webauthn.exceptions import OTPWebAuthnApiError
from django_otp_webauthn.helpers import WebAuthnHelper
from django_otp_webauthn.settings import app_settings
from webauthn.helpers.exceptions import WebAuthnException

# A malformed or forged answer: py_webauthn and the helper raise these.
REFUSED = (WebAuthnException, OTPWebAuthnApiError, ValueError, KeyError, TypeError)

CEREMONY_PREFIX = "passkey-ceremony:"


def relying_party_id(request) -> str:
    """The host name passkeys belong to: ``WEBAUTHN_RP_ID``, else the request's own host
    (already limited by ``ALLOWED_HOSTS``)."""
    return settings.WEBAUTHN_RP_ID or request.get_host().rsplit(":", 1)[0].strip("[]")


class PasskeyHelper(WebAuthnHelper):
    def get_allowed_origins(self) -> list[str]:
        request = self.request
        return [f"{request.scheme}://{request.get_host()}"]


def register_options(request, user) -> dict:
    options, state = PasskeyHelper(request).register_begin(user)
    _begin(request, "register", user, state)
    return options


def authenticate_options(request, user) -> dict:
    options, state = PasskeyHelper(request).authenticate_begin(
        user=user, require_user_verification=False
    )
    _begin(request, "authenticate", user, state)
    return options


def _begin(request, kind: str, user, state: dict) -> None:
    session = request.session
    if session.session_key is None:
        session.save()  # a key to keep the ceremony under (the sign-in step has one already)
    ceremony = {"kind": kind, "user": user.pk, **state}
    # kept as long as the browser is asked to wait for the authenticator
    cache.set(
        CEREMONY_PREFIX + session.session_key, ceremony, app_settings.OTP_WEBAUTHN_TIMEOUT_SECONDS
    )


def _state(request, kind: str, user) -> dict | None:
    """The ceremony this session began, taken: an answer sent twice finds none the second
    time (of two sent at once, only the one whose delete removed it goes on)."""
    session_key = request.session.session_key
    if session_key is None:
        return None
    key = CEREMONY_PREFIX + session_key
    state = cache.get(key)
    if not state or not cache.delete(key):
        return None
    if state.get("kind") != kind or state.get("user") != user.pk:
        return None
    return state


def register(request, user, credential: dict):
    """The new passkey device, or ``None`` when the answer does not verify."""
    state = _state(request, "register", user)
    if state is None:
        return None
    try:
        return PasskeyHelper(request).register_complete(user, state, credential)
    except REFUSED:
        return None


def authenticate(request, user, credential: dict):
    """The passkey device that signed the challenge, or ``None``."""
    state = _state(request, "authenticate", user)
    if state is None:
        return None
    try:
        return PasskeyHelper(request).authenticate_complete(user, state, credential)
    except REFUSED:
        return None
