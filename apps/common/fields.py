"""Serializer fields the HTTP edges of every app share."""

from __future__ import annotations

from rest_framework import serializers

# The largest id there is: every table's key is a BigAutoField (a 64-bit integer in PostgreSQL and
# SQLite alike). A larger number names no record, and the database drivers refuse to send it at
# all (OverflowError), so a field that takes ids as plain numbers refuses it as out of range.
ID_MAX = 2**63 - 1
# The largest PositiveIntegerField (a version number): PostgreSQL's integer.
POSITIVE_INT_MAX = 2**31 - 1


class IdField(serializers.PrimaryKeyRelatedField):
    """A record named by its id. Django's lookup would take ``1.5`` as id 1, so a number with a
    fraction is refused as DRF's integer fields refuse it; ``1.0`` and ``"1"`` stay ids."""

    def to_internal_value(self, data):
        if isinstance(data, float) and not data.is_integer():
            self.fail("incorrect_type", data_type=type(data).__name__)
        return super().to_internal_value(data)


def id_number(**kwargs) -> serializers.IntegerField:
    """An id taken as a number, where the record it names is looked up later (in a list of ids,
    say): as a key can be, from 1 to :data:`ID_MAX`."""
    return serializers.IntegerField(min_value=1, max_value=ID_MAX, **kwargs)
