from rest_framework import serializers

from apps.common.errors import ValidationFailed
from apps.games.services import EXAMINATION_EVENTS, PERSON_ACTIONS, Request


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

    def to_internal_value(self, data):
        # A move is exactly what it says: a field we do not know is refused, never ignored.
        if isinstance(data, dict):
            unknown = sorted(str(name)[:40] for name in set(data) - set(self.fields))
            if unknown:
                raise ValidationFailed(
                    f"Unknown field(s): {', '.join(unknown[:10])}.",
                    code="unknown_fields",
                    details={"unknown": unknown[:50], "allowed": sorted(self.fields)},
                )
        return super().to_internal_value(data)

    def client_request(self) -> Request:
        data = self.validated_data
        return Request(
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
        raise serializers.ValidationError(
            "A card is written like 7H or 10S (at most 3 characters), or 0 or 1 in a 'Stragedy."
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


class SeatViewSerializer(serializers.Serializer):
    """The caller's view of a game (see the engine's view documentation for ``state``)."""

    id = serializers.IntegerField()
    game_type = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField()
    seats = serializers.ListField(child=serializers.DictField())
    examination = serializers.DictField(allow_null=True)
    state = serializers.DictField()
    recent = serializers.ListField(child=serializers.DictField())


class PlayLinkRequestSerializer(serializers.Serializer):
    revoke_previous = serializers.BooleanField(default=False)


class PlayLinkSerializer(serializers.Serializer):
    token = serializers.CharField()
    path = serializers.CharField()
    expires_in_seconds = serializers.IntegerField()


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game_type = serializers.CharField()
    status = serializers.CharField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    examination_seconds = serializers.SerializerMethodField(
        help_text="Seconds per hand this game examines with (the protocol's, or adaptive)."
    )

    def get_examination_seconds(self, game) -> float | None:
        return game.options.get("examination_seconds") if game.game_type == "memulation" else None


class GameRecordSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game_type = serializers.CharField()
    status = serializers.CharField()
    seed = serializers.IntegerField()
    seats = serializers.ListField(child=serializers.DictField())
    record = serializers.DictField()
    events = serializers.ListField(child=serializers.DictField())
