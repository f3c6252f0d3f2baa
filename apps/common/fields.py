"""Serializer fields the HTTP edges of every app share."""

from __future__ import annotations

from rest_framework import serializers


class IdField(serializers.PrimaryKeyRelatedField):
    """A record named by its id. Django's lookup would take ``1.5`` as id 1, so a number with a
    fraction is refused as DRF's integer fields refuse it; ``1.0`` and ``"1"`` stay ids."""

    def to_internal_value(self, data):
        if isinstance(data, float) and not data.is_integer():
            self.fail("incorrect_type", data_type=type(data).__name__)
        return super().to_internal_value(data)
