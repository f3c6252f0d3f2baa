"""A table as staff see it, and what someone watching a game is shown, as the schema describes
them."""

from rest_framework import serializers

from apps.games.models import Game
from apps.games.shapes.fields import (
    HAND_CHOICES,
    SEAT_STATES,
    TAKEN_OVER_BY,
    _choice,
)
from apps.games.shapes.seat import (
    SEAT_EVENT,
    TableSeatSerializer,
)
from apps.participants.models import GameType


class TableStaffSeatSerializer(TableSeatSerializer):
    taken_over_by = _choice(TAKEN_OVER_BY, null=True, help_text="Why the computer plays it.")
    session = serializers.IntegerField(
        allow_null=True, help_text="The participant's own training session at this table."
    )
    link = serializers.URLField(
        allow_null=True, help_text="The seat's device link (null: a bot, or the game is over)."
    )


class TableSerializer(serializers.Serializer):
    """A table as staff see it: each seat, who has joined, and each person seat's link."""

    game = serializers.IntegerField()
    game_type = serializers.ChoiceField(choices=GameType.choices)
    status = serializers.ChoiceField(choices=Game.Status.choices)
    seats = TableStaffSeatSerializer(many=True)
    watch = serializers.CharField(help_text="The spectator page's path.")


class WatchSeatClockSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    hand = _choice(HAND_CHOICES)
    planned_seconds = serializers.FloatField()
    seconds_left = serializers.FloatField()
    waiting = serializers.BooleanField(help_text="The hand waits for this person's Start.")
    done = serializers.BooleanField(help_text="This person is done with the deal's examination.")


class WatchClockSerializer(serializers.Serializer):
    """The examination's timing for a spectator, each person's own: never its cards."""

    round = serializers.IntegerField()
    deal = serializers.IntegerField()
    seats = WatchSeatClockSerializer(many=True)


class PresenceSerializer(serializers.Serializer):
    connected = serializers.BooleanField(help_text="A device of the seat has its socket open.")
    last_heard_at = serializers.DateTimeField(
        allow_null=True, help_text="When the seat's person last sent anything."
    )
    idle_seconds = serializers.FloatField(
        allow_null=True, help_text="Seconds since then, when the view was made."
    )


class WatchSeatSerializer(TableSeatSerializer):
    state = _choice(SEAT_STATES)
    taken_over_by = _choice(TAKEN_OVER_BY, null=True)
    presence = PresenceSerializer(allow_null=True, help_text="Person seats only.")


class WatchViewSerializer(serializers.Serializer):
    """A spectator's view: public information while the game runs, the whole record after."""

    id = serializers.IntegerField()
    game_type = serializers.ChoiceField(choices=GameType.choices)
    status = serializers.ChoiceField(choices=Game.Status.choices)
    version = serializers.IntegerField()
    seats = WatchSeatSerializer(many=True)
    waiting_for = serializers.ListField(child=serializers.IntegerField())
    next_change_in_seconds = serializers.FloatField(allow_null=True)
    examination = WatchClockSerializer(allow_null=True)
    state = serializers.DictField(
        help_text="The seat view's fields with no seat's own: seat, hand, examination null; "
        "legal empty; no hidden trump, no 'Stragedy intention."
    )
    recent = SEAT_EVENT
    record = serializers.DictField(
        allow_null=True, help_text="The full record (as in the replay), once the game is over."
    )
