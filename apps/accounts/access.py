"""The access review (ISO 27001 A.5.18): every staff account, its role, the studies it may
reach and how, when each access was granted and by whom (read back from the audit trail), its
second factor, its last sign-in, and whether it has gone unused for ``UNUSED_DAYS``."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

from apps.accounts.models import User
from apps.accounts.selectors import factor_methods
from apps.audit.models import AuditEntry
from apps.common import clock
from apps.common.spreadsheet import formula_safe
from apps.participants.models import Participant, Study

UNUSED_DAYS = 90
RELATIONS = {"owners": "owner", "clinicians": "clinical_team"}


def _grants() -> dict[tuple[int, int, str], dict]:
    """(user, study, relation) -> {"at", "by"}: the audit entry that first listed the user on
    the study's owners or clinical team (a study's entries in order, membership compared with
    the entry before)."""
    found: dict[tuple[int, int, str], dict] = {}
    entries = (
        AuditEntry.objects.filter(object_type="participants.study", action__in=["create", "update"])
        .order_by("id")
        .values("object_id", "after", "before", "at", "actor_name")
    )
    for entry in entries.iterator():
        after, before = entry["after"] or {}, entry["before"] or {}
        for field, relation in RELATIONS.items():
            added = set(after.get(field) or ()) - set(before.get(field) or ())
            for user_id in added:
                key = (user_id, int(entry["object_id"]), relation)
                found[key] = {"at": entry["at"], "by": entry["actor_name"] or None}
    return found


def _last_review() -> dict | None:
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.ACCESS_REVIEWED).first()
    return {"at": entry.at, "by": entry.actor_name} if entry else None


def access_review() -> dict:
    """Every account (active or not) with its access, for the review page and its export."""
    now = clock.now()
    cutoff = now - timedelta(days=UNUSED_DAYS)
    grants = _grants()
    studies = {s.pk: s for s in Study.objects.prefetch_related("owners", "clinicians")}
    caring: dict[int, dict[int, int]] = {}
    for user_id, study_id in Participant.clinicians.through.objects.values_list(
        "user_id", "participant__study_id"
    ):
        caring.setdefault(user_id, {}).setdefault(study_id, 0)
        caring[user_id][study_id] += 1
    accounts = []
    for user in User.objects.order_by("username"):
        access = []
        for study in studies.values():
            for field, relation in RELATIONS.items():
                if any(u.pk == user.pk for u in getattr(study, field).all()):
                    grant = grants.get((user.pk, study.pk, relation), {})
                    access.append(
                        {
                            "study": study.pk,
                            "study_name": study.name,
                            "relation": relation,
                            "participants": None,
                            "granted_at": grant.get("at"),
                            "granted_by": grant.get("by"),
                        }
                    )
        for study_id, count in sorted(caring.get(user.pk, {}).items()):
            access.append(
                {
                    "study": study_id,
                    "study_name": studies[study_id].name,
                    "relation": "caring",
                    "participants": count,
                    "granted_at": None,
                    "granted_by": None,
                }
            )
        seen = user.last_login or user.date_joined
        accounts.append(
            {
                "id": user.pk,
                "username": user.username,
                "name": user.get_full_name(),
                "role": user.role,
                "active": user.is_active,
                "joined": user.date_joined,
                "last_login": user.last_login,
                "unused": user.is_active and seen < cutoff,
                "second_factor": factor_methods(user),
                "access": access,
            }
        )
    return {"unused_days": UNUSED_DAYS, "last_review": _last_review(), "accounts": accounts}


CSV_COLUMNS = [
    "username", "name", "role", "active", "second_factor", "last_login", "unused_90_days",
    "study", "relation", "participants", "granted_at", "granted_by",
]  # fmt: skip


def access_review_csv(review: dict) -> str:
    """One row per account and access (an account without any: one row with no study); a name
    that starts like a formula is quoted, as in the exports."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for a in review["accounts"]:
        head = [
            a["username"], a["name"], a["role"], a["active"], " ".join(a["second_factor"]),
            a["last_login"].isoformat() if a["last_login"] else "", a["unused"],
        ]  # fmt: skip
        for x in a["access"] or [None]:
            tail = (
                [x["study_name"], x["relation"], x["participants"] or "",
                 x["granted_at"].isoformat() if x["granted_at"] else "", x["granted_by"] or ""]
                if x else ["", "", "", "", ""]
            )  # fmt: skip
            writer.writerow([formula_safe(cell) for cell in head + tail])
    return out.getvalue()
