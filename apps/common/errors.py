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
