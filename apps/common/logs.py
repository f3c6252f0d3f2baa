"""A logging filter that keeps credentials out of every log line.

Play-link tokens travel in request paths (``/play/<token>``, ``/api/play/<token>/...``) and
export download tokens in query strings (``?token=``); whoever reads the logs must not be able
to replay them. The filter sits on the root handlers, so every logger's lines pass through it.
"""

from __future__ import annotations

import logging
import re

REDACTED = "[redacted]"
_SECRETS = (
    (re.compile(r"(/play/)[^/?#\s\"'<>]+"), rf"\g<1>{REDACTED}"),
    (re.compile(r"([?&]token=)[^&#\s\"'<>]+"), rf"\g<1>{REDACTED}"),
    (re.compile(r"(\bToken\s+)[0-9a-fA-F]{20,}"), rf"\g<1>{REDACTED}"),
)


def redact(text: str) -> str:
    for pattern, replacement in _SECRETS:
        text = pattern.sub(replacement, text)
    return text


class RedactSecrets(logging.Filter):
    """Rewrites a record's message (and its traceback text) with the secrets blanked out."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True
