"""What a signature covers, as a hash of its content, and the signatures of a record with
whether each still covers the record as it is now."""

from __future__ import annotations

import hashlib
import json

from django.core.serializers.json import DjangoJSONEncoder

from apps.exports.models import Export
from apps.metrics.selectors import participant_summary
from apps.signoff.models import Signature


def _hash(content: object) -> str:
    text = json.dumps(content, cls=DjangoJSONEncoder, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def report_content_hash(participant) -> str:
    """The report's clinical content: who (code, study, age band, group), sessions completed
    and every reported metric with its readings. Left out: when it was drawn or recomputed, and
    the arm (shown or not depending on who looks)."""
    summary = participant_summary(participant=participant)
    who = {k: v for k, v in summary["participant"].items() if k != "arm"}
    metrics = [{k: v for k, v in m.items() if k != "computed_at"} for m in summary["metrics"]]
    return _hash({"participant": who, "metrics": metrics})


def export_content_hash(export: Export) -> str:
    """An export is its archive: its checksum, and each file's (empty until it is built)."""
    return _hash({"archive": export.archive_sha256, "files": export.files})


def signature_list(*, kind: str, object_id: int, content_hash: str) -> list[dict]:
    """The record's signatures, newest first; ``superseded`` once what they signed changed."""
    return [
        {
            "id": s.pk,
            "signer": s.signer_name,
            "signer_id": s.signer_id,
            "meaning": s.meaning,
            "signed_at": s.signed_at,
            "content_hash": s.content_hash,
            "superseded": s.content_hash != content_hash,
        }
        for s in Signature.objects.filter(kind=kind, object_id=object_id)
    ]
