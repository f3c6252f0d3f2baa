"""A reason for changing a clinical record (21 CFR Part 11.10(e)): every service that changes
one asks for it, and the audit entry keeps it beside the old and new values."""

from django.utils.translation import gettext

from apps.common.errors import ValidationFailed


def reason_required(reason: str) -> str:
    """The reason, trimmed; refused (in the serializers' error shape) when there is none."""
    if not reason.strip():
        raise ValidationFailed(
            gettext("The request has invalid fields."),
            details={
                "reason": [gettext("Say why the record is changed: the audit trail keeps it.")]
            },
        )
    return reason.strip()
