"""Clinician notes: free text for the clinical team, kept out of research data."""

from django.db import transaction
from django.utils.translation import gettext

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common.reasons import reason_required
from apps.participants import rules
from apps.participants.models import ClinicianNote, Participant


def note_audit_snapshot(note: ClinicianNote) -> dict:
    """What the audit trail keeps of a note: who wrote about whom and when, never the text
    (researchers read the trail of their studies)."""
    return {
        "id": note.pk,
        "participant_id": note.participant_id,
        "author_id": note.author_id,
        "created_at": note.created_at.isoformat() if note.created_at else None,
    }


@transaction.atomic
def clinician_note_create(*, participant: Participant, actor, text: str) -> ClinicianNote:
    rules.require(
        rules.cares_for(actor, participant),
        gettext("Clinician notes are for the participant's clinical team only."),
    )
    note = ClinicianNote.objects.create(participant=participant, author=actor, text=text)
    audit_record(
        actor=actor,
        action=AuditEntry.Action.CREATE,
        instance=note,
        after=note_audit_snapshot(note),
        study_id=participant.study_id,
    )
    return note


@transaction.atomic
def clinician_note_amend(*, note: ClinicianNote, actor, text: str, reason: str) -> ClinicianNote:
    """Correct a note (its author only), for the reason given. The audit entry keeps the text
    before and after; the audit trail shows note text only to the clinical team."""
    rules.require(note.author_id == actor.pk, gettext("Only the note's author corrects it."))
    reason = reason_required(reason)
    note = ClinicianNote.objects.select_for_update().get(pk=note.pk)
    before = {**note_audit_snapshot(note), "text": note.text}
    note.text = text
    note.save(update_fields=["text"])
    audit_record(
        actor=actor,
        action=AuditEntry.Action.UPDATE,
        instance=note,
        before=before,
        after={**note_audit_snapshot(note), "text": note.text},
        study_id=note.participant.study_id,
        reason=reason,
    )
    return note
