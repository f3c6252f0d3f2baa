"""A logging filter that keeps credentials out of every log line.

Link tokens travel in request paths: a device's play link (``/play/<token>``,
``/api/play/<token>/...``, ``/ws/play/<token>/``), a participant's progress link
(``/progress/<token>``, ``/api/progress/<token>/...``) and a reminder's two links (``/r/<token>``,
``/api/reminders/open/<token>/``, ``/reminders/stop/<token>``, ``/api/reminders/stop/<token>/``).
Export download tokens travel in query strings (``?token=``). Whoever reads the logs must not
be able to replay them. The filter sits on the root handlers, so every logger's lines pass
through it.
"""

from __future__ import annotations

import logging
import re

REDACTED = "[redacted]"
_SECRETS = (
    (
        re.compile(r"(/(?:play|progress|r|reminders/open|reminders/stop)/)[^/?#\s\"'<>]+"),
        rf"\g<1>{REDACTED}",
    ),
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
