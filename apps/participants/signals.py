"""Signals the participants app sends."""

from django.dispatch import Signal

# Sent inside an erasure's transaction, with ``participant``: each app that holds something
# identifying the participant beyond the research record erases it and answers a dict of what
# it erased (its counts join the erasure's outcome, which the audit entry keeps).
participant_erased = Signal()
# Sent inside the transaction that records a withdrawal of consent (or an erasure, which
# withdraws it), with ``participant``: each app stops what would record more about them.
consent_withdrawn = Signal()
