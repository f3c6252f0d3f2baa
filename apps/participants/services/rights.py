"""A participant's rights: erasure of what the platform need not keep, with what is kept and
why. (The access request, a copy of their data, is :mod:`apps.reports.services`.)"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common import clock
from apps.participants import rules
from apps.participants.models import Participant
from apps.participants.signals import consent_withdrawn, participant_erased
from apps.participants.validation import refuse

# What stays after an erasure, and why: the audit entry keeps these words, the answer gives
# them in the reader's language.
KEPT = [
    {
        "what": gettext_noop(
            "pseudonymous research records: sessions, games, card plays, metrics, assessment visits"
        ),
        "why": gettext_noop(
            "kept for the research the participant consented to (GDPR Art. 89); never "
            "exported again after withdrawal; the game log is append-only"
        ),
    },
    {
        "what": gettext_noop("the consent record and its withdrawal"),
        "why": gettext_noop("proof of what was agreed and when it ended"),
    },
    {
        "what": gettext_noop("the log of reminders due (when, sent or why not; no address)"),
        "why": gettext_noop("the record of the programme as it was delivered"),
    },
    {
        "what": gettext_noop("the audit trail"),
        "why": gettext_noop(
            "the record of who did what, which the platform must keep; it holds no note text"
        ),
    },
]


@transaction.atomic
def participant_erase(*, participant: Participant, actor, reason: str) -> dict:
    """Withdraw the participant (if not yet) and erase what identifies them beyond the research
    record: the clinical team's notes (free text), the group label, and what other apps hold
    (``participant_erased``: the reminders' e-mail address). Study owners only."""
    rules.require(
        rules.owns_study(actor, participant.study),
        gettext("Only the study's owners erase a participant's data."),
    )
    if not reason.strip():
        raise refuse("reason", gettext("Say why (for example: the participant asked for erasure)."))
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    now = clock.now()
    erased = {
        "clinician_notes": participant.notes.count(),
        "group": bool(participant.group),
        "withdrawn_now": participant.consent_withdrawn_at is None,
    }
    participant.notes.all().delete()
    participant.group = ""
    if participant.consent_withdrawn_at is None:
        participant.consent_withdrawn_at = now
    participant.save(update_fields=["group", "consent_withdrawn_at"])
    if erased["withdrawn_now"]:
        consent_withdrawn.send(sender=Participant, participant=participant)
    for _receiver, more in participant_erased.send(sender=Participant, participant=participant):
        if isinstance(more, dict):
            erased.update(more)
    outcome = {
        "participant": participant.code,
        "erased_at": now.isoformat(),
        "erased": erased,
        "kept": KEPT,
    }
    audit_record(
        actor=actor,
        action=AuditEntry.Action.DELETE,
        object_type="participants.erasure",
        object_id=str(participant.pk),
        after={**outcome, "reason": reason},
        study_id=participant.study_id,
    )
    kept = [{key: gettext(words) for key, words in item.items()} for item in KEPT]
    return {**outcome, "kept": kept}
