"""Clinician notes: free text for the clinical team, kept out of research data."""

from django.db import transaction

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
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
        "Clinician notes are for the participant's clinical team only.",
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
