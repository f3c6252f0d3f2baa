"""Staff sign-in in two steps. A right password signs in at once only an account that needs
no second factor and has none; otherwise the sign-in waits in the session (for
``SECOND_FACTOR_WAIT_SECONDS``), unauthenticated, until a code, a recovery code or a passkey
completes it, or, for an account that must have a factor and has none yet, until one is
enrolled. Nothing but these steps sees a waiting sign-in: every other view, the admin site and
the live sockets see an anonymous visitor."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import authenticate, login
from django.utils.translation import gettext

from apps.accounts import lockout
from apps.accounts.models import User
from apps.accounts.selectors import factor_methods, has_factor_device, second_factor_required
from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common import clock
from apps.common.errors import Conflict, DomainError

PENDING_KEY = "signin.pending"


class BadCredentials(DomainError):
    code = "invalid_credentials"
    status = 400


def password_check(request, *, username: str, password: str) -> User:
    """The account, if the password is right (lockout and failures counted)."""
    lockout.check(username)
    user = authenticate(request, username=username, password=password)
    if user is None:
        lockout.failed(username)
        raise BadCredentials(gettext("Unknown username or wrong password."))
    lockout.succeeded(username)
    return user


def challenge(user: User) -> dict | None:
    """What the account still needs after its password: ``None`` (nothing), or
    ``{"second_factor": "verify" | "enrol", "methods": [...]}``."""
    methods = factor_methods(user)
    if methods:
        return {"second_factor": "verify", "methods": methods}
    if second_factor_required(user):
        return {"second_factor": "enrol", "methods": []}
    return None


def begin(request, user: User) -> dict | None:
    """Sign in now (``None``), or hold the sign-in for its second factor (the challenge)."""
    needed = challenge(user)
    if needed is None:
        login(request, user)
        return None
    request.session.cycle_key()  # whatever the visitor held before, the key is new now
    request.session[PENDING_KEY] = {
        "user": user.pk,
        "at": clock.now().timestamp(),
        "hash": user.get_session_auth_hash(),
        "backend": user.backend,
    }
    return needed


def pending_user(request) -> User | None:
    """The account whose sign-in waits for its second factor, if any (and still in time)."""
    held = request.session.get(PENDING_KEY)
    if not held or clock.now().timestamp() - held["at"] > settings.SECOND_FACTOR_WAIT_SECONDS:
        return None
    user = User.objects.filter(pk=held["user"], is_active=True).first()
    if user is None or user.get_session_auth_hash() != held["hash"]:
        return None  # the password changed meanwhile
    user.backend = held["backend"]
    return user


def waiting_user(request) -> User:
    user = pending_user(request)
    if user is None:
        raise Conflict(
            gettext("No sign-in is waiting for a second factor: sign in with your password first."),
            code="no_sign_in_pending",
        )
    return user


def enrolling_user(request) -> tuple[User, bool]:
    """Who may add a second factor now: the signed-in member of staff, or one whose sign-in
    waits and who has no factor yet (``True``: completing it signs them in)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return user, False
    waiting = waiting_user(request)
    if has_factor_device(waiting):
        raise Conflict(
            gettext("Sign in with your second factor first, then add another."),
            code="factor_exists",
        )
    return waiting, True


def finish(request, user: User, device) -> None:
    """The second factor was given: sign in, with the session marked as verified by it."""
    request.session.pop(PENDING_KEY, None)
    user.otp_device = device  # type: ignore[attr-defined]  # django-otp keeps it in the session
    login(request, user, backend=user.backend)


def factor_failed(request, user: User, kind: str) -> None:
    lockout.failed(user.get_username())
    audit_record(
        actor=None,
        action=AuditEntry.Action.LOGIN_FAILED,
        after={"username": user.get_username(), "second_factor": kind},
        request=request,
    )
