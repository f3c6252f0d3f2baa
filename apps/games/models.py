"""Games and their append-only event log.

The log is the record: a game's state is derived from its events through the engine
(``Game.state`` is a cache of that derivation, checked by tests). Typed rows for research
queries (examination periods, plays, recall attempts, recall probes, illegal attempts) are
written with their event in the same transaction and are append-only too.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from apps.participants.models import GameType
from apps.training.models import TrainingSession

# The seat kinds a person sits in (their moves are theirs; every other kind is a computer's).
PERSON_KINDS = ("participant", "person", "clinician")


class Game(models.Model):
    class Status(models.TextChoices):
        # A table opened for several people: nothing is due until every person is seated.
        WAITING = "waiting", "Waiting for players"
        ACTIVE = "active", "In play"
        # A table the clinician has paused: its clocks stand still, nobody may act.
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"
        ABANDONED = "abandoned", "Abandoned"

    # Not over yet: a game in any of these may still be played.
    OPEN = (Status.WAITING, Status.ACTIVE, Status.PAUSED)

    session = models.ForeignKey(TrainingSession, on_delete=models.PROTECT, related_name="games")
    game_type = models.CharField(max_length=20, choices=GameType.choices)
    seed = models.BigIntegerField()
    # The engine's creation options (wild_tie, trump_rule, rounds, roles, ...).
    options = models.JSONField(default=dict)
    # One entry per seat: {"kind": "participant" | "clinician" | "bot" | "person", "bot": type,
    # "level": x, "version": the bot's VERSION}; a table's seats (see GameSeat) also carry their
    # "label".
    seats = models.JSONField()
    # The seat of ``session``'s participant (another participant's seat: GameSeat.session).
    participant_seat = models.PositiveSmallIntegerField(default=0)
    # A practice round before the participant's first real game: logged like any game, but it
    # neither completes its session nor counts in the metrics or the research export.
    practice = models.BooleanField(default=False)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    state = models.JSONField(help_text="The engine state after the last event (a cache).")
    # Each person's examination clock in the deal being examined (apps.games.runtime.examination):
    # {"round": r, "deal": d, "seats": {seat: {"hand": "A"|"B", "shown_at": iso, ...}}}.
    examination = models.JSONField(null=True, blank=True)
    # Recall probes (apps.games.probes): how many per probe point and the ones waiting for an
    # answer, with their true answers (null: the protocol asks none).
    probes = models.JSONField(null=True, blank=True, editable=False)
    # What the computer opponents remember, as versioned JSON (see apps.games.opponents).
    opponents = models.JSONField(null=True, blank=True, editable=False)
    next_seq = models.PositiveIntegerField(default=0)
    # When the seat now to act got its turn: the start of a server-measured decision time, and
    # of an opponent's pace or a turn timer (see apps.games.turns).
    turn_started_at = models.DateTimeField(null=True, blank=True)
    # Person seats' turn clocks: {"silent_since": {seat: iso}, "taken_over": {seat: {"at": iso,
    # "reason": "silent" | "clinician"}}, "paused_at": iso while the table is paused}.
    turns = models.JSONField(null=True, blank=True)
    # Bumped to revoke every single-game link handed out so far.
    link_generation = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "finished_at"])]

    def __str__(self) -> str:
        return f"{self.game_type} #{self.pk}"


class EventKind(models.TextChoices):
    GAME_CREATED = "game_created"
    ROLES = "roles"
    DEAL = "deal"
    EXAMINATION_SHOWN = "examination_shown"
    EXAMINATION_HIDDEN = "examination_hidden"
    EXAMINATION_SORT = "examination_sort"
    EXAMINATION_READY = "examination_ready"
    EXAMINATION_OVER = "examination_over"
    PAGE_HIDDEN = "page_hidden"
    PAGE_VISIBLE = "page_visible"
    HAND_CHOICE = "hand_choice"
    STRAGEDY = "stragedy"
    PLAY = "play"
    HIDE_TRUMP = "hide_trump"
    ASK_TRUMP = "ask_trump"
    TRUMP_REVEALED = "trump_revealed"
    TRICK = "trick"
    ILLEGAL_ATTEMPT = "illegal_attempt"
    RECALL_PROBE = "recall_probe"
    DEAL_RESULT = "deal_result"
    ROUND_RESULT = "round_result"
    MATCH_RESULT = "match_result"
    GAME_ABANDONED = "game_abandoned"
    SEAT_JOINED = "seat_joined"
    TABLE_STARTED = "table_started"
    SEAT_TAKEOVER = "seat_takeover"
    SEAT_RETURN = "seat_return"
    TABLE_PAUSED = "table_paused"
    TABLE_RESUMED = "table_resumed"


class GameSeat(models.Model):
    """Who sits where at a table opened for several people (a one-participant game has none).

    Each participant seat has its own training session, whose metrics come from this seat."""

    class Kind(models.TextChoices):
        PARTICIPANT = "participant"
        CLINICIAN = "clinician"
        BOT = "bot"

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="table_seats")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=Kind.choices)
    label = models.CharField(max_length=40, help_text="Participant code, Clinician or Computer")
    session = models.ForeignKey(
        TrainingSession,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="table_seats",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    joined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="game_seat_unique"),
            models.UniqueConstraint(
                fields=["game", "session"],
                condition=Q(session__isnull=False),
                name="game_seat_session_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.seat} {self.label}"


class GameEvent(models.Model):
    """One thing that happened in a game. Never updated or deleted (a database trigger refuses)."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=30, choices=EventKind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The engine action for moves ({"type": "play", "seat": 1, "card": "7H"}) and what followed.
    payload = models.JSONField(default=dict)
    server_time = models.DateTimeField(default=timezone.now)
    client_time = models.DateTimeField(null=True, blank=True)
    # Client-measured decision time (performance.now() in the browser), when a person acted.
    decision_ms = models.PositiveIntegerField(null=True, blank=True)
    # Chosen by the client for idempotency: the same id again returns the original answer.
    event_id = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001 (null: none given)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="game_event_seq_unique"),
            models.UniqueConstraint(
                fields=["game", "event_id"],
                condition=Q(event_id__isnull=False),
                name="game_event_id_unique",
            ),
        ]
        indexes = [models.Index(fields=["kind", "server_time"])]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.seq} {self.kind}"


class _TypedRow(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    event = models.OneToOneField(GameEvent, on_delete=models.PROTECT, related_name="+")
    round = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()

    class Meta:
        abstract = True


class ExaminationPeriod(_TypedRow):
    """A hand shown for examination, written when it is hidden again: one row for each person
    seat that examined it (at a table, several seats share the event)."""

    event = models.ForeignKey(GameEvent, on_delete=models.PROTECT, related_name="+")

    deal = models.PositiveSmallIntegerField()
    hand = models.CharField(max_length=1)
    planned_seconds = models.FloatField()
    actual_seconds = models.FloatField()
    ended_early = models.BooleanField(default=False)
    sorts = models.PositiveIntegerField(default=0)
    page_hidden_seconds = models.FloatField(default=0)
    shown_at = models.DateTimeField()
    hidden_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["game", "round", "deal"])]
        constraints = [
            models.UniqueConstraint(fields=["event", "seat"], name="examination_period_seat")
        ]


class Play(_TypedRow):
    """A card played, by a person or an opponent."""

    deal = models.PositiveSmallIntegerField()
    trick = models.PositiveSmallIntegerField(help_text="0-based trick number in the deal")
    position = models.PositiveSmallIntegerField(help_text="0 for the card led")
    card = models.CharField(max_length=2)
    actor = models.CharField(max_length=20)
    decision_ms = models.PositiveIntegerField(null=True, blank=True)
    server_ms = models.PositiveIntegerField(null=True, blank=True)
    legal_count = models.PositiveSmallIntegerField()

    class Meta:
        indexes = [models.Index(fields=["game", "round", "deal", "trick"])]


class RecallAttempt(_TypedRow):
    """A 'Stragedy: the card Lame Duck meant to find, where they looked, and what was there."""

    intended_card = models.CharField(max_length=2, blank=True)
    pile = models.PositiveSmallIntegerField()
    trick = models.PositiveSmallIntegerField()
    card_index = models.PositiveSmallIntegerField()
    revealed_card = models.CharField(max_length=2)
    # Where the intended card really lay among the old tricks (null: it was not there).
    intended_pile = models.PositiveSmallIntegerField(null=True, blank=True)
    intended_trick = models.PositiveSmallIntegerField(null=True, blank=True)
    intended_card_index = models.PositiveSmallIntegerField(null=True, blank=True)
    actor = models.CharField(max_length=20)
    decision_ms = models.PositiveIntegerField(null=True, blank=True)


class RecallProbe(_TypedRow):
    """A recall probe answered: where a named card lies among the Old Deal's face-down tricks
    (``where``), or whether a named card was in the other hand (``which_hand``)."""

    class Kind(models.TextChoices):
        WHERE = "where", "Where does this card lie among the face-down tricks?"
        WHICH_HAND = "which_hand", "Was this card in the other hand?"

    deal = models.PositiveSmallIntegerField(help_text="The deal the probe is about")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    number = models.PositiveSmallIntegerField(help_text="1-based place among the probes asked")
    card = models.CharField(max_length=2)
    asked_at = models.DateTimeField()
    # The answer: a position (where) or yes/no (which_hand).
    pile = models.PositiveSmallIntegerField(null=True, blank=True)
    pile_trick = models.PositiveSmallIntegerField(null=True, blank=True)
    card_index = models.PositiveSmallIntegerField(null=True, blank=True)
    in_other_hand = models.BooleanField(null=True, blank=True)
    correct = models.BooleanField()
    # The truth: where the card lay, or whether it was in the other hand.
    true_pile = models.PositiveSmallIntegerField(null=True, blank=True)
    true_pile_trick = models.PositiveSmallIntegerField(null=True, blank=True)
    true_card_index = models.PositiveSmallIntegerField(null=True, blank=True)
    truly_in_other_hand = models.BooleanField(null=True, blank=True)
    decision_ms = models.PositiveIntegerField(null=True, blank=True)


class IllegalAttempt(_TypedRow):
    """A refused move by a person: data, not noise."""

    deal = models.PositiveSmallIntegerField(null=True, blank=True)
    action_type = models.CharField(max_length=30)
    card = models.CharField(max_length=3, blank=True)
    code = models.CharField(max_length=30)
    decision_ms = models.PositiveIntegerField(null=True, blank=True)


class ActionReceipt(models.Model):
    """The answer given to a client request carrying an event id, kept so that a retry of the
    same request gets the same answer and changes nothing."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    event_id = models.CharField(max_length=64)
    seat = models.PositiveSmallIntegerField()
    status = models.PositiveSmallIntegerField()
    # The answer's JSON exactly as it was sent, so that a retry gets the same bytes.
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "event_id"], name="action_receipt_unique")
        ]
