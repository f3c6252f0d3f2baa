"""Staff sessions: signed out after ``STAFF_IDLE_SECONDS`` without a request, and signed out
when the account now needs a second factor the session did not give (a study's owners turned
the rule on, or the account became an admin). Participants' play links carry no session."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.models import AnonymousUser

from apps.accounts.selectors import second_factor_required
from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common import clock

SEEN_KEY = "staff.seen_at"
RECHECK_SECONDS = 30  # how often the last-seen time is written and the factor rule re-read


class StaffSessionMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        session = getattr(request, "session", None)
        if session is not None and SESSION_KEY in session:
            self._check(request, session)
        return self.get_response(request)

    def _check(self, request, session) -> None:
        now = clock.now().timestamp()
        seen = session.get(SEEN_KEY)
        if seen is not None and now - seen < RECHECK_SECONDS:
            return
        user = request.user
        reason = None
        if seen is not None and now - seen > settings.STAFF_IDLE_SECONDS:
            reason = "idle"
        elif user.is_authenticated and second_factor_required(user) and not user.is_verified():
            reason = "second_factor_required"
        if reason is None:
            session[SEEN_KEY] = now
            return
        if user.is_authenticated:
            audit_record(
                actor=user,
                action=AuditEntry.Action.LOGOUT,
                after={"reason": reason},
                request=request,
            )
        session.flush()
        request.user = AnonymousUser()
