"""The vocabulary the schema-only shapes share: the games' words as inline enums, seats' and
cards' fields."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.games.engine.cards import RANKS, SUITS

SUIT_CHOICES = tuple(SUITS)
RANK_CHOICES = tuple(RANKS)
HAND_CHOICES = ("A", "B")
ROLE_METHODS = ("cut", "alternate", "fixed", "given")  # how Lucky Duck was decided
SEAT_KINDS = ("participant", "person", "clinician", "bot")
TABLE_SEAT_KINDS = ("participant", "clinician", "bot")
SEAT_STATES = ("person", "taken_over", "bot")
TAKEN_OVER_BY = ("silent", "clinician")
MEMULATION = ("memulation",)  # the discriminators of the unions
MENDIKOT = ("mendikot",)


def _per_seat(help_text: str, **kwargs) -> serializers.DictField:
    """Numbers keyed by seat or team ("0", "1", ...), as the engine's JSON writes them."""
    return serializers.DictField(child=serializers.IntegerField(), help_text=help_text, **kwargs)


def _cards(help_text: str = "", **kwargs) -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), help_text=help_text, **kwargs)


def _choice(values, *, null: bool = False, **kwargs) -> serializers.CharField:
    """A string from the games' vocabulary, as an enum written inline in the schema (the same
    words recur in many bodies, and shared enum components would collide on their names)."""
    schema = {"type": "string", "enum": [*values, *([None] if null else [])]}
    field_class = extend_schema_field(schema)(type("Choice", (serializers.CharField,), {}))
    return field_class(allow_null=null, **kwargs)


def _kind(name: str) -> serializers.CharField:
    """The discriminator of one member of a union of events."""
    return _choice([name])
