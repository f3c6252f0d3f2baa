"""One error shape for every error: ``{"error": {"code", "message", "details"}}``.

DRF exceptions, domain errors, the engine's rules errors and Django's own 400/403/404/500 pages
all come out through :func:`error_response`.
"""

from __future__ import annotations

import math
import sys

from django import db
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, JsonResponse
from django.utils.translation import gettext, ngettext
from rest_framework import exceptions
from rest_framework.response import Response

from apps.common.errors import DomainError, error_body, rules_status
from apps.common.refusals import rules_message
from apps.games.engine.errors import RulesError

_DRF_CODES = {
    exceptions.ParseError: "malformed_request",
    exceptions.ValidationError: "validation_error",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
}


def error_response(code: str, message: str, http_status: int, details: object = None) -> Response:
    return Response(error_body(code, message, details), status=http_status)


def _drf_error(exc: exceptions.APIException) -> tuple[str, str, object]:
    code = next((c for cls, c in _DRF_CODES.items() if isinstance(exc, cls)), None)
    detail = exc.detail
    if isinstance(exc, exceptions.ValidationError):
        details = detail if isinstance(detail, dict) else {"non_field_errors": detail}
        return "validation_error", gettext("The request has invalid fields."), details
    wait = getattr(exc, "wait", None)
    if isinstance(exc, exceptions.Throttled) and wait is not None:
        # DRF picks the plural by English's rule before translating: Arabic read "56 ثواني".
        return code or exc.default_code, throttled_words(math.ceil(wait)), None
    return code or exc.default_code, str(detail), None


def throttled_words(wait: int) -> str:
    return ngettext(
        "Too many requests: try again in %(wait)s second.",
        "Too many requests: try again in %(wait)s seconds.",
        wait,
    ) % {"wait": wait}


def exception_handler(exc, context) -> Response | None:
    """DRF's ``EXCEPTION_HANDLER``: everything a view raises, in the one shape."""
    if isinstance(exc, DomainError):
        return error_response(exc.code, exc.message, exc.status, exc.details)
    if isinstance(exc, RulesError):
        return error_response(exc.code, rules_message(exc), rules_status(exc.code))
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None  # a real bug: Django's 500 handler answers, in the same shape
    code, message, details = _drf_error(exc)
    response = error_response(code, message, exc.status_code, details)
    # NotAuthenticated and AuthenticationFailed carry a challenge, Throttled a wait.
    if challenge := getattr(exc, "auth_header", None):
        response["WWW-Authenticate"] = challenge
    if wait := getattr(exc, "wait", None):
        response["Retry-After"] = str(math.ceil(wait))
    return response


# Django's own error views (outside DRF), in the same shape.


def bad_request(request, exception=None):
    return JsonResponse(
        error_body("bad_request", gettext("The request could not be understood.")), status=400
    )


def permission_denied(request, exception=None):
    return JsonResponse(
        error_body("permission_denied", gettext("You may not do that.")), status=403
    )


def not_found(request, exception=None):
    return JsonResponse(error_body("not_found", gettext("Nothing is here.")), status=404)


def server_error(request):
    # Called while the uncaught exception is being handled: a database that cannot be reached
    # (down, restarting) is an outage to wait out, not a fault in the request.
    if isinstance(sys.exc_info()[1], db.OperationalError | db.InterfaceError):
        body = error_body(
            "service_unavailable", gettext("The service is briefly unavailable; try again shortly.")
        )
        response = JsonResponse(body, status=503)
        response["Retry-After"] = "2"
        return response
    body = error_body(
        "server_error", gettext("Something went wrong on our side; it has been logged.")
    )
    return JsonResponse(body, status=500)


def csrf_failure(request, reason=""):
    body = error_body(
        "csrf_failed", gettext("The CSRF check failed; reload the page."), {"reason": reason}
    )
    return JsonResponse(body, status=403)
