"""The games app's requests, parsed: moves, examination events, probe answers, links, tables
and their controls (and a session's list of games). What the app answers with is described by
the schema-only shapes in ``apps.games.shapes``."""

import copy

from django.conf import settings
from django.utils.translation import gettext
from rest_framework import serializers

from apps.common.errors import DomainError, ValidationFailed
from apps.common.refusals import RULES_MESSAGES
from apps.games.models import Game
from apps.games.services import EXAMINATION_EVENTS, PERSON_ACTIONS, ClientFacts
from apps.games.shapes.fields import TABLE_SEAT_KINDS
from apps.participants.models import GameType


class _ClientFacts(serializers.Serializer):
    event_id = serializers.CharField(
        max_length=64, required=False, help_text="Chosen by the client; a retry reuses it."
    )
    decision_ms = serializers.IntegerField(
        min_value=0, max_value=86_400_000, required=False, help_text="performance.now() delta"
    )
    client_time = serializers.DateTimeField(required=False)
    version = serializers.IntegerField(
        min_value=0, required=False, help_text="The view's version the move was made on."
    )

    def get_fields(self):
        # DRF deep-copies every declared field for every request, a good part of a card play's
        # CPU. A bound field keeps nothing but its name and parent, so a shallow copy of each is
        # enough; fields with a child field of their own are still deep-copied.
        return {
            name: copy.deepcopy(field) if hasattr(field, "child") else copy.copy(field)
            for name, field in self._declared_fields.items()
        }

    def to_internal_value(self, data):
        # A move is exactly what it says: a field we do not know is refused, never ignored.
        if isinstance(data, dict):
            unknown = sorted(str(name)[:40] for name in set(data) - set(self.fields))
            if unknown:
                raise ValidationFailed(
                    gettext("Unknown field(s): %(join)s.") % {"join": ", ".join(unknown[:10])},
                    code="unknown_fields",
                    details={"unknown": unknown[:50], "allowed": sorted(self.fields)},
                )
        return super().to_internal_value(data)

    def client_request(self) -> ClientFacts:
        data = self.validated_data
        return ClientFacts(
            event_id=data.get("event_id"),
            decision_ms=data.get("decision_ms"),
            client_time=data.get("client_time"),
            version=data.get("version"),
        )


class ActionSerializer(_ClientFacts):
    type = serializers.ChoiceField(choices=PERSON_ACTIONS)
    card = serializers.JSONField(
        required=False, help_text="A card (`7H`) for play/hide_trump; 0 or 1 for a 'Stragedy"
    )
    hand = serializers.CharField(max_length=1, required=False)
    pile = serializers.IntegerField(required=False)
    trick = serializers.IntegerField(required=False)
    intended = serializers.CharField(max_length=3, required=False)

    ENGINE_FIELDS = ("type", "card", "hand", "pile", "trick", "intended")

    def validate_card(self, value):
        # The engine names what was sent in its refusal: keep that to the size of a card.
        if value is None or (isinstance(value, str) and len(value) <= 3):
            return value
        if isinstance(value, int) and -100 < value < 100:
            return value
        # Not a card, whatever the move: RULES.md's code for it, not a field error.
        raise DomainError(
            gettext(RULES_MESSAGES["invalid_card"]),
            code="invalid_card",
            details={
                "card": [
                    gettext(
                        "A card is written like 7H or 10S (at most 3 characters), or 0 or 1 in "
                        "a 'Stragedy."
                    )
                ]
            },
        )

    def engine_action(self) -> dict:
        return {k: v for k, v in self.validated_data.items() if k in self.ENGINE_FIELDS}


class ExaminationEventSerializer(_ClientFacts):
    type = serializers.ChoiceField(choices=EXAMINATION_EVENTS)
    cards = serializers.ListField(
        child=serializers.CharField(max_length=3), required=False, help_text="For sort"
    )

    def examination_event(self) -> dict:
        return {k: v for k, v in self.validated_data.items() if k in ("type", "cards")}


class ProbeAnswerSerializer(_ClientFacts):
    """The answer to the recall probe waiting: a position for a where-probe (as a 'Stragedy),
    yes or no for a which-hand probe."""

    pile = serializers.IntegerField(required=False, min_value=-100, max_value=100)
    trick = serializers.IntegerField(
        required=False, min_value=-100, max_value=100, help_text="The trick's place in the pile."
    )
    card = serializers.IntegerField(
        required=False, min_value=-100, max_value=100, help_text="0 the card led, 1 the other."
    )
    in_other_hand = serializers.BooleanField(
        required=False, help_text="Which-hand probe: the card was in the other hand."
    )

    ANSWER_FIELDS = ("pile", "trick", "card", "in_other_hand")

    def probe_answer(self) -> dict:
        return {k: v for k, v in self.validated_data.items() if k in self.ANSWER_FIELDS}


class JoinCodeSerializer(serializers.Serializer):
    code = serializers.CharField(
        max_length=16, help_text="The short code shown beside a device link's QR code."
    )


class PlayLinkRequestSerializer(serializers.Serializer):
    revoke_previous = serializers.BooleanField(default=False)


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game_type = serializers.ChoiceField(choices=GameType.choices)
    practice = serializers.BooleanField(help_text="A practice round before the real game.")
    status = serializers.ChoiceField(choices=Game.Status.choices)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    examination_seconds = serializers.SerializerMethodField(
        help_text="Seconds per hand this game examines with (the protocol's, or adaptive)."
    )

    def get_examination_seconds(self, game) -> float | None:
        return game.options.get("examination_seconds") if game.game_type == "memulation" else None


class TableSeatRequestSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=TABLE_SEAT_KINDS)
    participant = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=2**31 - 1,
        help_text="For a participant seat: who sits there.",
    )

    def validate(self, attrs):
        if attrs["kind"] == "participant" and "participant" not in attrs:
            raise ValidationFailed(
                gettext("A participant seat names its participant."),
                code="invalid_seats",
                details={"seats": [gettext("A participant seat names its participant.")]},
            )
        if attrs["kind"] != "participant":
            attrs.pop("participant", None)
        return attrs


class TableCreateSerializer(serializers.Serializer):
    protocol = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    seats = TableSeatRequestSerializer(many=True, max_length=8)  # type: ignore[call-arg]


TABLE_CONTROLS = ("cancel", "pause", "resume", "end", "seat_computer", "seat_person")


class TableControlSerializer(serializers.Serializer):
    """The clinician running a table."""

    action = serializers.ChoiceField(
        choices=TABLE_CONTROLS,
        help_text="cancel (a table still waiting), pause, resume, end (a table in play), "
        "seat_computer (the computer plays a person's seat), seat_person (give it back).",
    )
    seat = serializers.IntegerField(
        required=False, min_value=0, max_value=3, help_text="For seat_computer and seat_person."
    )

    def validate(self, attrs):
        if attrs["action"].startswith("seat_") and "seat" not in attrs:
            raise ValidationFailed(
                gettext("Name the seat."),
                code="invalid_input",
                details={"seat": [gettext("Name the seat.")]},
            )
        return attrs


class SeatLanguageSerializer(serializers.Serializer):
    """The language of the participant at a device's seat: its play screen's and its answers'."""

    language = serializers.ChoiceField(choices=settings.LANGUAGES)
