"""Passkeys (WebAuthn) as a second factor, through django-otp-webauthn's helper (which leaves
the cryptography to py_webauthn). The ceremonies' state waits in the session between the
options and the answer; the site's own origin is the only one accepted."""

from __future__ import annotations

from django.conf import settings
from django_otp_webauthn.exceptions import OTPWebAuthnApiError
from django_otp_webauthn.helpers import WebAuthnHelper
from webauthn.helpers.exceptions import WebAuthnException

# A malformed or forged answer: py_webauthn and the helper raise these.
REFUSED = (WebAuthnException, OTPWebAuthnApiError, ValueError, KeyError, TypeError)

STATE_KEY = "signin.passkey"


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
    request.session[STATE_KEY] = {"kind": "register", "user": user.pk, **state}
    return options


def authenticate_options(request, user) -> dict:
    options, state = PasskeyHelper(request).authenticate_begin(
        user=user, require_user_verification=False
    )
    request.session[STATE_KEY] = {"kind": "authenticate", "user": user.pk, **state}
    return options


def _state(request, kind: str, user) -> dict | None:
    state = request.session.pop(STATE_KEY, None)
    if not state or state.get("kind") != kind or state.get("user") != user.pk:
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
