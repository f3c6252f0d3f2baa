"""Signals the training app sends, and what it does on others'."""

from django.dispatch import Signal, receiver

from apps.participants.models import Participant
from apps.participants.signals import consent_withdrawn

# Sent when a sitting is abandoned from outside its games (by staff, or for a withdrawal),
# inside that transaction, with ``session`` and ``reason``: its games still open stop too.
session_abandoned = Signal()


@receiver(consent_withdrawn, sender=Participant, dispatch_uid="training-consent-withdrawn")
def _no_more_sittings(sender, participant: Participant, **kwargs) -> None:
    """A participant who withdrew plays no more: their sittings not yet over are abandoned."""
    from apps.training.services import participant_sittings_abandon

    participant_sittings_abandon(participant=participant, reason="consent withdrawn")
