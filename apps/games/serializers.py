import copy

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from apps.common.errors import ValidationFailed
from apps.games.engine.cards import RANKS, SUITS
from apps.games.engine.memulation import PHASES as MEMULATION_PHASES
from apps.games.engine.mendikot import PHASES as MENDIKOT_PHASES
from apps.games.engine.mendikot import RESULTS as MENDIKOT_RESULTS
from apps.games.models import EventKind, Game
from apps.games.services import EXAMINATION_EVENTS, PERSON_ACTIONS, ClientFacts
from apps.participants.models import GameType, Protocol


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
                    f"Unknown field(s): {', '.join(unknown[:10])}.",
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


# -- the views: what a seat is sent (apps.games.services.seat_view) ---------------------------
# Schema only: the services build these bodies; tests check real bodies against the schema.

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


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": ["cut", "alternate"]},
            {"type": "integer"},
            {"type": "array", "items": {"type": "integer"}},
        ]
    }
)
class RolesField(serializers.JSONField):
    """How Lucky Duck is decided: "cut", "alternate", a fixed seat, or one seat per round."""


class MemulationOptionsSerializer(serializers.Serializer):
    rounds = serializers.IntegerField()
    wild_tie = serializers.ChoiceField(choices=Protocol.WildTie.choices)
    stragedy_intent = serializers.BooleanField()
    examination = serializers.BooleanField()
    examination_seconds = serializers.FloatField()
    roles = RolesField()


class HandOnShowSerializer(serializers.Serializer):
    """During an examination: the one hand on show now (none between hands)."""

    done = serializers.BooleanField(help_text="This seat has ended the deal's examination.")
    hand = _choice(HAND_CHOICES, null=True)
    cards = _cards("The hand on show, in dealing order.", allow_null=True)


class MemulationTrickSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="0-based trick of the deal.")
    leader = serializers.IntegerField()
    cards = _cards("The card led, once it is played.")


class StragedySerializer(serializers.Serializer):
    pile = serializers.IntegerField()
    trick = serializers.IntegerField()
    card = serializers.IntegerField(help_text="0 the card led, 1 the card that followed.")
    revealed = serializers.CharField(help_text="The card turned up: the New Deal's Pritticut.")
    intended = serializers.CharField(
        allow_null=True, required=False, help_text="Lame Duck's own view only."
    )


class MemulationRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    lucky_duck = serializers.IntegerField()
    score = _per_seat("Tricks per seat over the round.")
    deal_scores = serializers.ListField(child=_per_seat("Tricks per seat in one deal."))


class MemulationLastTrickSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="0-based trick number in the deal.")
    leader = serializers.IntegerField()
    cards = _cards("The card led, then the card that followed.")
    winner = serializers.IntegerField()


class MemulationViewSerializer(serializers.Serializer):
    """What one seat of a Memulation game may see (docs/rules.md, "What a seat sees")."""

    game = _choice(MEMULATION)
    seat = serializers.IntegerField()
    phase = _choice(MEMULATION_PHASES)
    to_act = serializers.ListField(child=serializers.IntegerField())
    finished = serializers.BooleanField()
    round = serializers.IntegerField(help_text="0-based.")
    rounds = serializers.IntegerField()
    deal = serializers.IntegerField(help_text="1 the Old Deal, 2 the New Deal.")
    lucky_duck = serializers.IntegerField()
    lame_duck = serializers.IntegerField()
    roles_method = _choice(ROLE_METHODS)
    roles_cut = serializers.ListField(
        child=_cards(),
        allow_null=True,
        help_text="The cards cut for the roles, each draw [seat 0's, seat 1's], until the Old "
        "Deal's play begins (null otherwise).",
    )
    options = MemulationOptionsSerializer()
    examination = HandOnShowSerializer(allow_null=True)
    hand = _cards("The seat's own hand once chosen.", allow_null=True)
    hand_label = _choice(HAND_CHOICES, null=True)
    hand_counts = _per_seat("Cards in each hand.", allow_null=True)
    pritticut = serializers.CharField(allow_null=True)
    trump = _choice(SUIT_CHOICES, null=True)
    wild = _choice(RANK_CHOICES, null=True)
    trick = MemulationTrickSerializer(allow_null=True, help_text="The trick in play.")
    last_trick = MemulationLastTrickSerializer(
        allow_null=True, help_text="The deal's last trick taken (in play only), for a second look."
    )
    piles = _per_seat("Tricks each seat has taken in this deal.")
    old_piles = serializers.DictField(
        child=serializers.ListField(
            child=serializers.ListField(
                child=serializers.BooleanField(), min_length=2, max_length=2
            )
        ),
        allow_null=True,
        help_text="New Deal: per pile, per trick, whether each card is still face down.",
    )
    stragedy = StragedySerializer(allow_null=True)
    legal = _cards("The cards this seat may play now.")
    deal_scores = serializers.ListField(child=_per_seat("Tricks per seat in a finished deal."))
    round_score = _per_seat("Tricks per seat in this round so far.")
    match_score = _per_seat("Tricks per seat over the finished rounds.")
    rounds_played = MemulationRoundSerializer(many=True)


class MendikotTrickCardSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    card = serializers.CharField()
    trump = serializers.BooleanField(help_text="Counts as a trump (trump was in force).")


class MendikotTrickSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    leader = serializers.IntegerField()
    cards = MendikotTrickCardSerializer(many=True)


class MendikotLastTrickCardSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    card = serializers.CharField()


class MendikotLastTrickSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="0-based trick number in the round.")
    leader = serializers.IntegerField()
    cards = MendikotLastTrickCardSerializer(many=True)
    winner = serializers.IntegerField()


class TrumpRevealedSerializer(serializers.Serializer):
    trick = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="The seat at whose turn trump came into force.")


class MendikotRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    dealer = serializers.IntegerField()
    trump = _choice(SUIT_CHOICES, null=True)
    tens = _per_seat("Tens per team.")
    tricks_won = _per_seat("Tricks per team.")
    winner = serializers.IntegerField(help_text="The winning team.")
    result = _choice(MENDIKOT_RESULTS)
    next_dealer = serializers.IntegerField()


class MendikotViewSerializer(serializers.Serializer):
    """What one seat of a Mendikot game may see (docs/rules.md, "What a seat sees")."""

    game = _choice(MENDIKOT)
    seat = serializers.IntegerField()
    team = serializers.IntegerField()
    phase = _choice(MENDIKOT_PHASES)
    to_act = serializers.ListField(child=serializers.IntegerField())
    finished = serializers.BooleanField()
    round = serializers.IntegerField()
    rounds = serializers.IntegerField()
    dealer = serializers.IntegerField()
    trump_rule = serializers.ChoiceField(choices=Protocol.TrumpRule.choices)
    turn_up = serializers.CharField(allow_null=True)
    trump = _choice(SUIT_CHOICES, null=True)
    trump_revealed = TrumpRevealedSerializer(allow_null=True)
    trump_hidden = serializers.BooleanField()
    hidden_trump = serializers.CharField(allow_null=True, help_text="Its owner's view only.")
    hidden_owner = serializers.IntegerField(allow_null=True)
    hand = _cards()
    hand_counts = _per_seat("Cards in each hand.")
    trick = MendikotTrickSerializer(allow_null=True)
    last_trick = MendikotLastTrickSerializer(
        allow_null=True, help_text="The round's last trick taken (in play only)."
    )
    tricks_won = _per_seat("Tricks per team.")
    tens = _per_seat("Tens per team.")
    legal = _cards("The cards this seat may play (or hide) now.")
    can_ask = serializers.BooleanField()
    match_wins = _per_seat("Rounds won per team.")
    rounds_played = MendikotRoundSerializer(many=True)


GAME_VIEW = PolymorphicProxySerializer(
    component_name="GameView",
    serializers={"memulation": MemulationViewSerializer, "mendikot": MendikotViewSerializer},
    resource_type_field_name="game",
)


# -- the public events of ``recent`` (apps.games.engine.bots.public_events) ------------------


class PositionSerializer(serializers.Serializer):
    pile = serializers.IntegerField()
    trick = serializers.IntegerField()
    card = serializers.IntegerField()


class CutRolesSerializer(serializers.Serializer):
    method = _choice(ROLE_METHODS)
    lucky_duck = serializers.IntegerField()
    cut = serializers.ListField(
        child=_cards(), allow_null=True, help_text="Each draw: [seat 0's card, seat 1's card]."
    )


@extend_schema_field(
    {
        "oneOf": [
            {"type": "array", "items": {"type": "string"}},
            {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"seat": {"type": "integer"}, "card": {"type": "string"}},
                    "required": ["seat", "card"],
                },
            },
        ]
    }
)
class TrickCardsField(serializers.JSONField):
    """Memulation: the cards in play order; Mendikot: each with the seat that played it."""


class RoundStartedEvent(serializers.Serializer):
    type = _kind("round_started")
    round = serializers.IntegerField()
    lucky_duck = serializers.IntegerField(required=False)
    roles = CutRolesSerializer(required=False)
    dealer = serializers.IntegerField(required=False)
    turn_up = serializers.CharField(allow_null=True, required=False)
    trump = _choice(SUIT_CHOICES, null=True, required=False)


class DealStartedEvent(serializers.Serializer):
    type = _kind("deal_started")
    round = serializers.IntegerField()
    deal = serializers.IntegerField()
    pritticut = serializers.CharField(allow_null=True)


class ExaminationOverEvent(serializers.Serializer):
    type = _kind("examination_over")
    deal = serializers.IntegerField()


class HandChosenEvent(serializers.Serializer):
    type = _kind("hand_chosen")
    seat = serializers.IntegerField()
    hand = _choice(HAND_CHOICES)
    deal = serializers.IntegerField()


class StragedyEvent(serializers.Serializer):
    type = _kind("stragedy")
    seat = serializers.IntegerField()
    position = PositionSerializer()
    revealed = serializers.CharField()
    intended = serializers.CharField(allow_null=True, required=False)
    hit = serializers.BooleanField(allow_null=True, required=False)


class TrumpHiddenEvent(serializers.Serializer):
    type = _kind("trump_hidden")
    seat = serializers.IntegerField()
    card = serializers.CharField(required=False, help_text="Its owner's view only.")


class CardPlayedEvent(serializers.Serializer):
    type = _kind("card_played")
    seat = serializers.IntegerField()
    card = serializers.CharField()
    trick = serializers.IntegerField()
    deal = serializers.IntegerField(required=False)
    trump = serializers.BooleanField(required=False, help_text="Mendikot: counts as a trump.")


class TrickWonEvent(serializers.Serializer):
    type = _kind("trick_won")
    trick = serializers.IntegerField()
    leader = serializers.IntegerField()
    cards = TrickCardsField()
    winner = serializers.IntegerField()
    deal = serializers.IntegerField(required=False)


class TrumpRevealedEvent(serializers.Serializer):
    type = _kind("trump_revealed")
    cause = _choice(("void", "ask", "empty_hand"))
    seat = serializers.IntegerField()
    owner = serializers.IntegerField()
    card = serializers.CharField()
    trump = _choice(SUIT_CHOICES)
    trick = serializers.IntegerField()


class TrumpFixedEvent(serializers.Serializer):
    type = _kind("trump_fixed")
    seat = serializers.IntegerField()
    card = serializers.CharField()
    trump = _choice(SUIT_CHOICES)
    trick = serializers.IntegerField()


class DealEndedEvent(serializers.Serializer):
    type = _kind("deal_ended")
    round = serializers.IntegerField()
    deal = serializers.IntegerField()
    tricks_won = _per_seat("Tricks per seat.")


class RoundEndedEvent(serializers.Serializer):
    type = _kind("round_ended")
    round = serializers.IntegerField()
    score = _per_seat("Memulation: tricks per seat.", required=False)
    deal_scores = serializers.ListField(child=_per_seat("Tricks per seat."), required=False)
    match_score = _per_seat("Memulation: tricks per seat so far.", required=False)
    winner = serializers.IntegerField(required=False, help_text="Mendikot: the winning team.")
    result = _choice(MENDIKOT_RESULTS, required=False)
    tens = _per_seat("Mendikot: tens per team.", required=False)
    tricks_won = _per_seat("Mendikot: tricks per team.", required=False)
    next_dealer = serializers.IntegerField(required=False)
    match_wins = _per_seat("Mendikot: rounds won per team.", required=False)


class MatchEndedEvent(serializers.Serializer):
    type = _kind("match_ended")
    score = _per_seat("Memulation: tricks per seat.", required=False)
    match_wins = _per_seat("Mendikot: rounds won per team.", required=False)


SEAT_EVENTS = {
    "round_started": RoundStartedEvent,
    "deal_started": DealStartedEvent,
    "examination_over": ExaminationOverEvent,
    "hand_chosen": HandChosenEvent,
    "stragedy": StragedyEvent,
    "trump_hidden": TrumpHiddenEvent,
    "card_played": CardPlayedEvent,
    "trick_won": TrickWonEvent,
    "trump_revealed": TrumpRevealedEvent,
    "trump_fixed": TrumpFixedEvent,
    "deal_ended": DealEndedEvent,
    "round_ended": RoundEndedEvent,
    "match_ended": MatchEndedEvent,
}
SEAT_EVENT = PolymorphicProxySerializer(
    component_name="SeatEvent",
    serializers=SEAT_EVENTS,
    resource_type_field_name="type",
    many=True,
)


# -- the body of every game endpoint ---------------------------------------------------------


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    kind = _choice(SEAT_KINDS)
    bot = serializers.CharField(allow_null=True, help_text="The bot's kind, for a bot seat.")
    state = _choice(
        SEAT_STATES,
        help_text="person: its person plays; taken_over: played by an opponent until its person "
        "returns; bot: a computer opponent.",
    )
    taken_over_by = _choice(
        TAKEN_OVER_BY,
        null=True,
        help_text="Why the computer plays a person's seat: silent (the person fell silent; it "
        "returns when they send anything) or clinician (until the clinician gives it back).",
    )


class TurnSerializer(serializers.Serializer):
    """Whose turn it is on the server clock (null during an examination and after the game)."""

    to_act = serializers.ListField(child=serializers.IntegerField())
    started_at = serializers.DateTimeField(help_text="When the turn started (server clock).")
    thinking = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Seats to act whose move the server makes (opponents, seats taken over).",
    )
    thinking_until = serializers.DateTimeField(
        allow_null=True, help_text="When the thinking seat plays (server clock)."
    )
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="When a person's turn timer runs out (null: no timer)."
    )
    seconds_left = serializers.FloatField(
        allow_null=True, help_text="Seconds left on the turn timer, by the server clock."
    )
    next_due_in_seconds = serializers.FloatField(
        allow_null=True,
        help_text="Seconds until the server acts by itself (an opponent's move, a timer).",
    )


class ExaminationClockSerializer(serializers.Serializer):
    """The server's examination clock for the hand on show (or about to be)."""

    round = serializers.IntegerField()
    deal = serializers.IntegerField()
    hand = _choice(HAND_CHOICES)
    planned_seconds = serializers.FloatField()
    seconds_left = serializers.FloatField()
    waiting = serializers.BooleanField(
        help_text="The clock waits for the device's start event; no card of either hand is shown."
    )
    starts_in_seconds = serializers.FloatField(
        allow_null=True,
        help_text="Seconds until the hand is shown (0 once it is; null while the clock waits).",
    )
    ready = serializers.BooleanField(
        help_text="This seat is done with the deal's examination (both hands studied, or its "
        "time ran out); the table may still wait for others (waiting_for)."
    )


class TableSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    kind = _choice(SEAT_KINDS)
    label = serializers.CharField(help_text="A participant's code, Clinician or Computer.")
    joined = serializers.BooleanField()


class TableBlockSerializer(serializers.Serializer):
    """A table's seats, as every seat may see them, and which one is the caller's."""

    seats = TableSeatSerializer(many=True)
    you = serializers.IntegerField(allow_null=True)


class ProbeSerializer(serializers.Serializer):
    """A recall probe waiting for the participant's answer: the card named and the question."""

    kind = _choice(("where", "which_hand"))
    card = serializers.CharField(help_text="The card the probe names.")
    round = serializers.IntegerField()
    deal = serializers.IntegerField(
        help_text="The deal it asks about: 1 (where: the Old Deal's face-down tricks) or the "
        "deal whose hands were just chosen (which_hand)."
    )
    number = serializers.IntegerField(help_text="1-based place among the probes asked now.")
    of = serializers.IntegerField(help_text="Probes asked now.")


class SeatViewSerializer(serializers.Serializer):
    """The caller's view of a game: the seat's view and what just happened, as it may see it."""

    id = serializers.IntegerField()
    game_type = serializers.ChoiceField(choices=GameType.choices)
    practice = serializers.BooleanField(
        help_text="A practice round: logged, but kept out of the metrics and the export."
    )
    status = serializers.ChoiceField(choices=Game.Status.choices)
    version = serializers.IntegerField(help_text="Send it back with a move (stale_version).")
    seat = serializers.IntegerField()
    seats = SeatSerializer(many=True)
    waiting_for = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The person seats the table waits for now (a move, a hand to examine, a recall "
        "probe's answer).",
    )
    next_change_in_seconds = serializers.FloatField(
        allow_null=True,
        help_text="Seconds until the game changes with no one acting (null: it waits for a "
        "person).",
    )
    examination = ExaminationClockSerializer(
        allow_null=True, help_text="This seat's own examination clock."
    )
    turn = TurnSerializer(allow_null=True)
    probe = ProbeSerializer(
        allow_null=True, help_text="A recall probe waiting: the game waits for its answer."
    )
    state = GAME_VIEW
    recent = SEAT_EVENT
    table = TableBlockSerializer(
        allow_null=True, help_text="The table's seats (null: a game for one participant)."
    )


class PracticeSerializer(serializers.Serializer):
    offered = serializers.BooleanField(
        help_text="The session should begin with a practice round (the participant's first "
        "game of this kind, and the protocol's practice_round on)."
    )
    game = serializers.IntegerField(allow_null=True, help_text="The session's practice game.")
    status = serializers.ChoiceField(choices=Game.Status.choices, allow_null=True)


class PlayLinkRequestSerializer(serializers.Serializer):
    revoke_previous = serializers.BooleanField(default=False)


class PlayLinkSerializer(serializers.Serializer):
    token = serializers.CharField()
    path = serializers.CharField()
    expires_in_seconds = serializers.IntegerField()


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


# -- the full record of a game (staff, once it is over) ---------------------------------------


class StoredSeatSerializer(serializers.Serializer):
    kind = _choice(SEAT_KINDS)
    label = serializers.CharField(required=False, help_text="At a table: the seat's label.")
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


# -- tables (several people at one game) -------------------------------------------------------


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
                "A participant seat names its participant.",
                code="invalid_seats",
                details={"seats": ["A participant seat names its participant."]},
            )
        if attrs["kind"] != "participant":
            attrs.pop("participant", None)
        return attrs


class TableCreateSerializer(serializers.Serializer):
    protocol = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    seats = TableSeatRequestSerializer(many=True, max_length=8)


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
                "Name the seat.", code="invalid_input", details={"seat": ["Name the seat."]}
            )
        return attrs
