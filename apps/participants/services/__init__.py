"""Writes for studies, protocols, participants, consent and clinician notes.

Every service runs in one transaction, locks the row it changes, checks the actor's rights
(:mod:`apps.participants.rules`) and writes the audit entry before it commits.
"""

from apps.participants.services.allocation import participant_allocate, study_open
from apps.participants.services.notes import clinician_note_amend, clinician_note_create
from apps.participants.services.participants import (
    participant_consent_record,
    participant_enrol,
    participant_language_set,
    participant_plan_set,
    participant_update,
    participant_withdraw,
)
from apps.participants.services.studies import protocol_create, study_create, study_update

__all__ = [
    "clinician_note_amend",
    "clinician_note_create",
    "participant_allocate",
    "participant_consent_record",
    "participant_enrol",
    "participant_language_set",
    "participant_plan_set",
    "participant_update",
    "participant_withdraw",
    "protocol_create",
    "study_create",
    "study_open",
    "study_update",
]
