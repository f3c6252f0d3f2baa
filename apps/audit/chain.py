"""The audit trail as a hash chain: each entry stores the hash of its own content and the hash of
the entry before it, so an entry changed, removed or slipped in afterwards breaks a link.

The content is hashed as canonical JSON. Numbers are written the way PostgreSQL's ``jsonb`` gives
them back (an integral float such as ``1e16`` comes back as an int), so an entry read from the
database hashes to what was computed before it was written.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
from collections.abc import Iterable

GENESIS = "0" * 64  # the "previous hash" of the first entry

# The stored fields an entry's hash covers, in this order (with the previous entry's hash).
CONTENT_FIELDS = (
    "at",
    "actor_id",
    "actor_name",
    "action",
    "object_type",
    "object_id",
    "study_id",
    "before",
    "after",
    "ip",
    "reason",
)
# Fields the hash covers only when they hold something, so entries written before the field
# existed hash as they did.
OPTIONAL_FIELDS = frozenset({"reason"})


def _canonical(value):
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.UTC).isoformat()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {str(key): _canonical(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(item) for item in value]
    return value


def content_hash(content: dict, prev_hash: str) -> str:
    """The SHA-256 of an entry's content (``CONTENT_FIELDS``) and the
    previous entry's hash."""
    record = {
        name: _canonical(content[name])
        for name in CONTENT_FIELDS
        if name not in OPTIONAL_FIELDS or content.get(name)
    }
    record["prev_hash"] = prev_hash
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclasses.dataclass(frozen=True)
class BrokenLink:
    entry_id: int | None  # None: the break is at the chain's end
    reason: str

    def __str__(self) -> str:
        if self.entry_id is None:
            return f"the end of the chain: {self.reason}"
        return f"audit entry {self.entry_id}: {self.reason}"


@dataclasses.dataclass(frozen=True)
class ChainReport:
    entries: int
    head: str  # the last entry's hash: record it elsewhere to notice a cut-off tail later
    broken: BrokenLink | None


def chain_walk(rows: Iterable[dict]) -> ChainReport:
    """Check ``rows`` (in id order; each with ``id``, the content fields, ``prev_hash`` and
    ``entry_hash``) and name the first broken link."""
    previous, previous_id, count = GENESIS, None, 0
    for row in rows:
        count += 1
        if row["prev_hash"] != previous:
            after = f"entry {previous_id}" if previous_id is not None else "the start"
            reason = f"its previous hash does not match {after} (an entry removed or inserted)"
            return ChainReport(count, previous, BrokenLink(row["id"], reason))
        if content_hash(row, row["prev_hash"]) != row["entry_hash"]:
            reason = "its content does not match its hash (the entry was changed)"
            return ChainReport(count, previous, BrokenLink(row["id"], reason))
        previous, previous_id = row["entry_hash"], row["id"]
    return ChainReport(count, previous, None)
