"""Model validation as a domain error, so refusals reach clients in the uniform error shape."""

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext, gettext_noop

from apps.common.errors import ValidationFailed

INVALID = gettext_noop("The request has invalid fields.")


def clean_or_refuse(instance: models.Model, *, exclude: list[str] | None = None) -> None:
    try:
        instance.full_clean(exclude=exclude)
    except ValidationError as exc:
        raise ValidationFailed(gettext(INVALID), details=exc.message_dict) from None


def refuse(field: str, message: str) -> ValidationFailed:
    """A validation error about one field, in the same shape as the serializers' errors."""
    return ValidationFailed(gettext(INVALID), details={field: [message]})
