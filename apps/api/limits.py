"""Limits on what a request may send: its size, how deeply its JSON nests, how large a number.

A request body larger than ``MAX_REQUEST_BYTES`` is answered 413 before any view sees it; a
JSON body nested more than ``MAX_JSON_DEPTH`` levels, or holding a number no float holds, is a
400. All in the one error shape.
"""

from __future__ import annotations

from collections.abc import Iterable
from json import JSONDecodeError

from django.conf import settings
from django.http import JsonResponse
from django.utils.translation import gettext
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.utils import json

from apps.common.errors import TooLarge, ValidationFailed, error_body
from apps.common.json_input import finite_number, only_characters

# Our JSON documents (game actions, protocols, notes) nest a few levels; 32 leaves room.
MAX_JSON_DEPTH = 32
# A refused body is read to its end (so the client hears the 413 instead of a reset
# connection) only up to this many bytes; beyond it the connection is simply closed.
DRAIN_BYTES = 64 * 1024 * 1024
_CHUNK = 64 * 1024


def too_large_body(limit: int) -> dict:
    return error_body(
        "body_too_large",
        gettext("The request body is larger than the limit of %(limit)s bytes.") % {"limit": limit},
        {"max_bytes": limit},
    )


def _content_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class BodyLimitMiddleware:
    """Answers 413 to a request whose declared body is over ``MAX_REQUEST_BYTES``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.MAX_REQUEST_BYTES
        length = _content_length(request)
        if length <= limit:
            return self.get_response(request)
        response = JsonResponse(too_large_body(limit), status=413)
        if length <= DRAIN_BYTES:
            while request.read(_CHUNK):
                pass
        response["Connection"] = "close"
        return response


def depth(value: object) -> int:
    """How deeply a parsed JSON value nests (a scalar is 0, ``[]`` is 1), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children: Iterable[object]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children)
    return deepest


def too_deep() -> ValidationFailed:
    return ValidationFailed(
        gettext("The JSON body nests more than %(MAX_JSON_DEPTH)s levels deep.")
        % {"MAX_JSON_DEPTH": MAX_JSON_DEPTH},
        code="nesting_too_deep",
        details={"max_depth": MAX_JSON_DEPTH},
    )


class LimitedJSONParser(JSONParser):
    """DRF's JSON parser, with the body size, the nesting depth and the numbers bounded, and
    text that is characters only."""

    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.MAX_REQUEST_BYTES
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise TooLarge(
                gettext("The request body is larger than the limit of %(limit)s bytes.")
                % {"limit": limit},
                details={"max_bytes": limit},
            )
        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        parse_constant = json.strict_constant if self.strict else None
        try:
            text = raw.decode(encoding)
            data = json.loads(text, parse_constant=parse_constant, parse_float=finite_number)
            only_characters(text, data)
        except RecursionError:
            raise too_deep() from None
        except ValueError as error:  # UnicodeDecodeError included
            raise ParseError(not_json(error)) from None
        if depth(data) > MAX_JSON_DEPTH:
            raise too_deep()
        return data


def not_json(error: ValueError) -> str:
    """Why a body is not JSON, wholly in the reader's language: the parser's own words are
    English, so it says where it stopped; a value our parsing refuses (a number out of range,
    half a character) says so in its own translated words."""
    if isinstance(error, JSONDecodeError):
        return gettext("The body is not valid JSON (line %(line)s, column %(column)s).") % {
            "line": error.lineno,
            "column": error.colno,
        }
    if isinstance(error, UnicodeDecodeError):
        return gettext("The body is not valid JSON.")
    return gettext("The body is not valid JSON: %(why)s.") % {"why": error}
