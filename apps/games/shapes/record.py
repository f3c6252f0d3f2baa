"""The full record of a game (staff, once it is over), as the schema describes it."""

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from apps.games.engine.memulation import PHASES as MEMULATION_PHASES
from apps.games.engine.mendikot import PHASES as MENDIKOT_PHASES
from apps.games.engine.mendikot import RESULTS as MENDIKOT_RESULTS
from apps.games.models import EventKind, Game
from apps.games.shapes.fields import (
    MEMULATION,
    MENDIKOT,
    RANK_CHOICES,
    SEAT_KINDS,
    SUIT_CHOICES,
    _cards,
    _choice,
    _per_seat,
)
from apps.games.shapes.seat import (
    CutRolesSerializer,
    MemulationOptionsSerializer,
    MendikotTrickCardSerializer,
    PositionSerializer,
    TrumpRevealedSerializer,
)
from apps.participants.models import GameType, Protocol


class StoredSeatSerializer(serializers.Serializer):
    kind = _choice(SEAT_KINDS)
    # A field named like Field.label: the stubs see the attribute, the metaclass the field.
    label = serializers.CharField(  # type: ignore[assignment]
        required=False, help_text="At a table: the seat's label."
    )
    examination_seconds = serializers.FloatField(
        required=False, help_text="A person's own examination time a hand (Memulation)."
    )
    bot = serializers.CharField(required=False)
    level = serializers.FloatField(required=False, help_text="The bot's opponent level.")
    version = serializers.IntegerField(
        required=False, help_text="The bot's VERSION (how it decides) when the game was created."
    )


class RecordTrickSerializer(serializers.Serializer):
    leader = serializers.IntegerField()
    cards = _cards("In play order, the card led first.")
    winner = serializers.IntegerField(allow_null=True, help_text="Null for a trick in play.")


class StragedyRecordSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    intended = serializers.CharField(allow_null=True)
    position = PositionSerializer()
    revealed = serializers.CharField()
    intended_position = PositionSerializer(
        allow_null=True, help_text="Where the intended card really lay (null: not in the piles)."
    )
    hit = serializers.BooleanField(allow_null=True)


class DealtSerializer(serializers.Serializer):
    A = _cards()
    B = _cards()


class MemulationDealRecordSerializer(serializers.Serializer):
    pritticut = serializers.CharField(allow_null=True)
    trump = _choice(SUIT_CHOICES, null=True)
    wild = _choice(RANK_CHOICES, null=True)
    hands = serializers.DictField(child=_cards(), allow_null=True)
    tricks = RecordTrickSerializer(many=True)
    tricks_won = _per_seat("Tricks per seat.")
    dealt = DealtSerializer()
    hand_a_seat = serializers.IntegerField(allow_null=True)
    stragedy = StragedyRecordSerializer(
        allow_null=True, required=False, help_text="The New Deal only."
    )


class MemulationSetupSerializer(serializers.Serializer):
    game = _choice(MEMULATION)
    seed = serializers.IntegerField(allow_null=True)
    deck = _cards(allow_null=True)
    lucky_duck = serializers.IntegerField(allow_null=True)
    options = MemulationOptionsSerializer()


class MemulationRoundRecordSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    seed = serializers.IntegerField()
    deck = _cards("The round's 52 cards, top first.")
    lucky_duck = serializers.IntegerField()
    roles = CutRolesSerializer()
    deals = MemulationDealRecordSerializer(many=True)
    score = _per_seat("Tricks per seat.")
    hands_now = serializers.DictField(
        child=_cards(), required=False, help_text="An unfinished round: the hands held now."
    )


class MemulationRecordSerializer(serializers.Serializer):
    game = _choice(MEMULATION)
    setup = MemulationSetupSerializer()
    phase = _choice(MEMULATION_PHASES)
    finished = serializers.BooleanField()
    match_score = _per_seat("Tricks per seat over the finished rounds.")
    rounds = MemulationRoundRecordSerializer(many=True)


class MendikotOptionsSerializer(serializers.Serializer):
    trump_rule = serializers.ChoiceField(choices=Protocol.TrumpRule.choices)
    rounds = serializers.IntegerField()


class MendikotSetupSerializer(serializers.Serializer):
    game = _choice(MENDIKOT)
    seed = serializers.IntegerField(allow_null=True)
    deck = _cards(allow_null=True)
    dealer = serializers.IntegerField()
    turn_up = serializers.CharField(allow_null=True)
    options = MendikotOptionsSerializer()


class MendikotRecordTrickSerializer(serializers.Serializer):
    leader = serializers.IntegerField()
    cards = MendikotTrickCardSerializer(many=True)
    winner = serializers.IntegerField(allow_null=True, help_text="Null for a trick in play.")


class MendikotRoundRecordSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    seed = serializers.IntegerField()
    deck = _cards("The round's 52 cards, dealt from the first.")
    dealer = serializers.IntegerField()
    trump_rule = serializers.ChoiceField(choices=Protocol.TrumpRule.choices)
    turn_up = serializers.CharField(allow_null=True)
    hands = serializers.DictField(child=_cards(), help_text="The hands as dealt.")
    trump = _choice(SUIT_CHOICES, null=True)
    trump_revealed = TrumpRevealedSerializer(allow_null=True)
    tricks = MendikotRecordTrickSerializer(many=True)
    tens = _per_seat("Tens per team.")
    tricks_won = _per_seat("Tricks per team.")
    winner = serializers.IntegerField(required=False, help_text="A finished round's winners.")
    result = serializers.ChoiceField(choices=MENDIKOT_RESULTS, required=False)
    next_dealer = serializers.IntegerField(required=False)
    hands_now = serializers.DictField(
        child=_cards(), required=False, help_text="An unfinished round: the hands held now."
    )
    hidden_trump = serializers.CharField(
        allow_null=True, required=False, help_text="An unfinished round: a trump still hidden."
    )


class MendikotRecordSerializer(serializers.Serializer):
    game = _choice(MENDIKOT)
    setup = MendikotSetupSerializer()
    phase = _choice(MENDIKOT_PHASES)
    finished = serializers.BooleanField()
    match_wins = _per_seat("Rounds won per team.")
    rounds = MendikotRoundRecordSerializer(many=True)


GAME_RECORD = PolymorphicProxySerializer(
    component_name="GameFullRecord",
    serializers={"memulation": MemulationRecordSerializer, "mendikot": MendikotRecordSerializer},
    resource_type_field_name="game",
)


class RecordEventSerializer(serializers.Serializer):
    """One row of the game's log, everything included."""

    seq = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=EventKind.choices)
    seat = serializers.IntegerField(allow_null=True)
    payload = serializers.DictField(help_text="The event as logged (actions, engine events).")
    server_time = serializers.DateTimeField()
    client_time = serializers.DateTimeField(allow_null=True)
    decision_ms = serializers.IntegerField(allow_null=True)


class GameRecordSerializer(serializers.Serializer):
    """Everything about a game that is over, hidden cards included: for staff review."""

    id = serializers.IntegerField()
    game_type = serializers.ChoiceField(choices=GameType.choices)
    status = serializers.ChoiceField(choices=Game.Status.choices)
    seed = serializers.IntegerField()
    seats = StoredSeatSerializer(many=True)
    record = GAME_RECORD
    events = RecordEventSerializer(many=True)
