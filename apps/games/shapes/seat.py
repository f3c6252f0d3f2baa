"""What a seat is sent (``runtime.views.seat_view``): its view of the game, the public events
of what just happened, its clocks; and the small bodies beside it (a practice round, a link).
Schema only: the runtime builds these bodies; tests check real bodies against the schema."""

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from apps.games.engine.memulation import PHASES as MEMULATION_PHASES
from apps.games.engine.mendikot import PHASES as MENDIKOT_PHASES
from apps.games.engine.mendikot import RESULTS as MENDIKOT_RESULTS
from apps.games.models import Game
from apps.games.shapes.fields import (
    HAND_CHOICES,
    MEMULATION,
    MENDIKOT,
    RANK_CHOICES,
    ROLE_METHODS,
    SEAT_KINDS,
    SEAT_STATES,
    SUIT_CHOICES,
    TAKEN_OVER_BY,
    _cards,
    _choice,
    _kind,
    _per_seat,
)
from apps.participants.models import GameType, Protocol


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


SEAT_EVENTS: dict[str, type[serializers.Serializer] | serializers.Serializer] = {
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
    # A field named like Field.label: the stubs see the attribute, the metaclass the field.
    label = serializers.CharField(  # type: ignore[assignment]
        help_text="A participant's code, Clinician or Computer."
    )
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


class PlayLinkSerializer(serializers.Serializer):
    token = serializers.CharField()
    path = serializers.CharField()
    expires_in_seconds = serializers.IntegerField()
