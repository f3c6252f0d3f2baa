"""Domain errors: what services raise. The API turns them into HTTP responses in one place.

Domain code never raises DRF exceptions; it raises one of these, with a stable ``code`` that
clients can rely on and a human ``message``.
"""

from __future__ import annotations


class DomainError(Exception):
    code = "invalid_request"
    status = 400

    def __init__(self, message: str, *, code: str | None = None, details: object = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.details = details


class NotFound(DomainError):
    code = "not_found"
    status = 404


class PermissionDenied(DomainError):
    code = "permission_denied"
    status = 403


class Conflict(DomainError):
    code = "conflict"
    status = 409


class ValidationFailed(DomainError):
    code = "validation_error"
    status = 400


class TooLarge(DomainError):
    code = "body_too_large"
    status = 413


# Rules refusals that mean "not now" rather than "never": the game's state is in the way.
RULES_CONFLICTS = frozenset({"wrong_phase", "not_your_turn", "game_over"})


def rules_status(code: str) -> int:
    """The HTTP status of an engine refusal with this RULES.md code."""
    return 409 if code in RULES_CONFLICTS else 400


def error_body(code: str, message: str, details: object = None) -> dict:
    """The one error shape of every response: ``{"error": {"code", "message", "details"}}``."""
    return {"error": {"code": code, "message": message, "details": details}}
