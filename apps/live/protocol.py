"""The messages of the live protocol (docs/live-protocol.asyncapi.yaml), checked on arrival.

A client sends one JSON object a message: ``act``, ``examine`` and ``probe`` carry ``data``, the
body the HTTP endpoints take; ``resume`` asks for the events after sequence number ``since``;
``view`` asks for the seat's view now. Anything else is refused with a code, and changes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from apps.common import clock
from apps.common.json_input import finite_number, only_characters

MAX_MESSAGE_BYTES = 4096
FIELDS = {
    "act": {"data"},
    "examine": {"data"},
    "probe": {"data"},
    "resume": {"since"},
    "view": set(),
}


class Refused(Exception):
    def __init__(self, code: str, message: str, details: object = None):
        super().__init__(message)
        self.code, self.message, self.details = code, message, details


@dataclass(frozen=True)
class Message:
    type: str
    ref: str | None = None
    data: dict[str, Any] | None = None
    since: int | None = None


def ref_of(raw: str | None) -> str | None:
    """The ``ref`` of a message, if it has a usable one: a refusal names it even when the rest
    of the message is refused (rate limited, too large, of an unknown type)."""
    if raw is None or len(raw) > 4 * MAX_MESSAGE_BYTES:
        return None
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    ref = value.get("ref") if isinstance(value, dict) else None
    return ref if isinstance(ref, str) and len(ref) <= 64 else None


def parse(raw: str | None, *, binary: bool = False) -> Message:
    """The message ``raw`` (a text frame), or :class:`Refused` with a code."""
    if binary or raw is None:
        raise Refused(
            "malformed_message", gettext("A message is one JSON object, sent as text (not binary).")
        )
    if len(raw.encode("utf-8", errors="surrogatepass")) > MAX_MESSAGE_BYTES:
        raise Refused(
            "message_too_large",
            gettext("A message may be at most %(MAX_MESSAGE_BYTES)s bytes.")
            % {"MAX_MESSAGE_BYTES": MAX_MESSAGE_BYTES},
            {"limit": MAX_MESSAGE_BYTES},
        )
    try:
        value = json.loads(raw, parse_float=finite_number)  # as the HTTP edge reads a number
        only_characters(raw, value)
    except (json.JSONDecodeError, RecursionError):
        raise Refused("malformed_message", gettext("A message is one JSON object.")) from None
    except ValueError as error:  # a number no float holds, half a character
        raise Refused("malformed_message", str(error)) from None
    if not isinstance(value, dict):
        raise Refused("malformed_message", gettext("A message is one JSON object."))
    kind = value.get("type")
    if kind not in FIELDS:
        raise Refused(
            "invalid_input", gettext("type must be one of %(join)s.") % {"join": ", ".join(FIELDS)}
        )
    unknown = sorted(set(value) - {"type", "ref"} - FIELDS[kind])
    if unknown:
        raise Refused(
            "unknown_fields",
            gettext("A %(kind)s message has no %(join)s.")
            % {"kind": kind, "join": ", ".join(unknown)},
            {"fields": unknown},
        )
    ref = value.get("ref")
    if ref is not None and not (isinstance(ref, str) and len(ref) <= 64):
        raise Refused("invalid_input", gettext("ref is a string of at most 64 characters."))
    data, since = value.get("data"), value.get("since")
    if "data" in FIELDS[kind] and not isinstance(data, dict):
        raise Refused(
            "invalid_input",
            gettext("A %(kind)s message carries data, a JSON object.") % {"kind": kind},
        )
    if kind == "resume" and (not isinstance(since, int) or isinstance(since, bool) or since < -1):
        raise Refused(
            "invalid_input", gettext("since is the last sequence number seen (-1 for none).")
        )
    return Message(type=kind, ref=ref, data=data, since=since)


class Bucket:
    """A per-socket rate limit: ``rate`` messages a second, bursts of up to ``burst``. Time is
    the services' clock, which a test holds still to count a flood exactly."""

    def __init__(self, rate: float = 10.0, burst: float = 20.0):
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, clock.now()

    def take(self) -> bool:
        now = clock.now()
        elapsed = max(0.0, (now - self.at).total_seconds())  # a clock set back refills nothing
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
