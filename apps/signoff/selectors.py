"""What a signature covers, as a hash of its content, and the signatures of a record with
whether each still covers the record as it is now."""

from __future__ import annotations

import hashlib
import json

from django.core.serializers.json import DjangoJSONEncoder

from apps.exports.models import Export
from apps.signoff.models import Signature


def content_hash(content: object) -> str:
    """The SHA-256 of what is signed (a report's content is worked out by
    :func:`apps.reports.selectors.report_content`, next to what the report prints)."""
    text = json.dumps(content, cls=DjangoJSONEncoder, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def export_content_hash(export: Export) -> str:
    """An export is its archive: its checksum, and each file's (empty until it is built)."""
    return content_hash({"archive": export.archive_sha256, "files": export.files})


def signature_item(signature: Signature, content_hash: str) -> dict:
    """A signature as listed; ``superseded`` once what it signed is no longer ``content_hash``
    (the record's content now)."""
    return {
        "id": signature.pk,
        "signer": signature.signer_name,
        "signer_id": signature.signer_id,
        "meaning": signature.meaning,
        "signed_at": signature.signed_at,
        "content_hash": signature.content_hash,
        "superseded": signature.content_hash != content_hash,
    }


def signature_list(*, kind: str, object_id: int, content_hash: str) -> list[dict]:
    """The record's signatures, newest first."""
    return [
        signature_item(s, content_hash)
        for s in Signature.objects.filter(kind=kind, object_id=object_id)
    ]
