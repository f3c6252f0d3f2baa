"""Every exported table and column, defined once.

The CSV and Parquet writers, the BIDS writer, the codebook and the tests all read these
definitions: a column exists in an export if and only if it is listed here, in this order.

>>> [c.name for c in TABLES["participants"].columns]
['participant_id', 'age_band', 'group', 'arm', 'stratum']
>>> TABLES["plays"].column("card").kind
'string'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_noop

from apps.games.engine.cards import CARD_NAMES, SUITS
from apps.games.models import Game
from apps.metrics.models import MetricValue
from apps.metrics.selectors import CHANGE_STATUSES, METRICS, READING_ROLES, TREND_STATUSES
from apps.participants.models import OPPONENTS, AssessmentPoint, Participant, Protocol
from apps.programmes.models import MissedDose
from apps.programmes.selectors import PLAN_SOURCES
from apps.training.models import TrainingSession
from apps.visits.models import Visit, VisitWindow

# Column kinds, with their Parquet types (see apps.exports.parquet).
STRING, INTEGER, NUMBER, BOOLEAN, DATETIME = "string", "integer", "number", "boolean", "datetime"
KINDS = (STRING, INTEGER, NUMBER, BOOLEAN, DATETIME)

# How a missing value is written in each format.
MISSING_CODES = {"csv": "", "parquet": None, "bids": "n/a"}

# Why a value may be missing; every column that may be empty names its reasons.
NOT_APPLICABLE, NOT_RECORDED, ABANDONED, NOT_ENOUGH_DATA, WITHHELD = (
    "not_applicable",
    "not_recorded",
    "abandoned",
    "not_enough_data",
    "withheld",
)
NOT_ENOUGH = (NOT_APPLICABLE, NOT_ENOUGH_DATA)  # neutral metrics, baselines; too little data
MISSING_REASONS = {
    NOT_APPLICABLE: gettext_noop(
        "The column does not apply to the row (a Mendikot setting in a Memulation "
        "session, a participant value in a session column, ...)."
    ),
    NOT_RECORDED: gettext_noop(
        "It applies, but was not recorded (no card named, no browser timing, ...)."
    ),
    ABANDONED: gettext_noop("The session or game was abandoned before the value came to be."),
    NOT_ENOUGH_DATA: gettext_noop(
        "Too few sessions, observations or reference data to compute it."
    ),
    WITHHELD: gettext_noop(
        "Left out of an export with shifted times: it would tell when the export was made, "
        "which would bound each participant's shift."
    ),
}


@dataclass(frozen=True)
class Column:
    name: str
    kind: str
    description: str
    unit: str = ""
    allowed: tuple[str, ...] | None = None
    nullable: bool = False
    missing: tuple[str, ...] = ()  # why the value may be empty (MISSING_REASONS)
    # For the tables of the typed event log: the field the value is read from ("": the
    # column's own name; DERIVED: worked out from the others as the row is made).
    source: str = ""

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.kind
        assert set(self.missing) <= set(MISSING_REASONS), self.missing
        if self.nullable and not self.missing:  # a column that may be empty says why
            object.__setattr__(self, "missing", (NOT_RECORDED,))


DERIVED = "<derived>"
SERVER_TIME = "event__server_time"  # when the server logged the event the row records


@dataclass(frozen=True)
class Table:
    name: str
    description: str
    key: tuple[str, ...]
    columns: tuple[Column, ...] = field(default_factory=tuple)

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.columns]

    def column(self, name: str) -> Column:
        return next(c for c in self.columns if c.name == name)

    def read(self, after: int = 0) -> tuple[Column, ...]:
        """The columns read from the database (not derived), after the first ``after`` (a key
        that comes from elsewhere)."""
        return tuple(c for c in self.columns[after:] if c.source != DERIVED)

    def sources(self, after: int = 0) -> tuple[str, ...]:
        """The fields those columns are read from, in column order."""
        return tuple(c.source or c.name for c in self.read(after))


def _values(choices) -> tuple[str, ...]:
    return tuple(value for value, _ in choices)


CARDS = tuple(sorted(CARD_NAMES))
SEATS = gettext_noop(
    "Seat at the table: 0..1 in Memulation, 0..3 in Mendikot (partners sit opposite)."
)
# Sentences that end (or begin) the descriptions of several columns: the codebook translates a
# description made of them piece by piece (apps.exports.codebook.translated).
TIME_NOTE = gettext_noop(
    "UTC, ISO 8601; shifted by the participant's date offset when the export shifts dates (the "
    "default)."
)
CARD_NOTE = gettext_noop("Rank (2-9, T, J, Q, K, A) then suit (S, H, D, C), e.g. TD.")
PARTICIPANT_SEAT = gettext_noop("The participant's seat.")
SEAT_CHANGED = gettext_noop("The seat taken over or given back (empty: the whole table).")
PARTICIPANT_VALUE = gettext_noop("Empty: a participant value.")
GAME_VALUE = gettext_noop("Empty unless a game value.")
PIECES = (
    TIME_NOTE,
    CARD_NOTE,
    SEATS,
    PARTICIPANT_SEAT,
    SEAT_CHANGED,
    PARTICIPANT_VALUE,
    GAME_VALUE,
)
ACTORS = ("participant", "bot", "person", "clinician", "takeover")

# -- identifiers, shared by every table ------------------------------------------------------

PARTICIPANT_ID = Column(
    "participant_id",
    STRING,
    gettext_noop(
        "Pseudonymous export id of the participant: the first 16 hex digits of HMAC-SHA256 of the "
        "participant's code under the study's key. Stable across exports made with the same key; "
        "the code itself is never exported."
    ),
)
SESSION = Column(
    "session", INTEGER, gettext_noop("Session number of the participant (1 for their first).")
)
GAME = Column(
    "game", INTEGER, gettext_noop("Game number within the session (1 for its first game).")
)
ROUND = Column("round", INTEGER, gettext_noop("Round of the game, counted from 0."))
DEAL = Column(
    "deal",
    INTEGER,
    gettext_noop(
        "Deal of the round: 1 the Old Deal, 2 the New Deal (Memulation); always 1 in Mendikot."
    ),
)
SEAT = Column("seat", INTEGER, SEATS)
ACTOR = Column(
    "actor",
    STRING,
    gettext_noop(
        "Who made the move: the participant, a computer opponent (bot), a clinician at the table "
        "(staff: never anyone's data, never counted), another person, or the takeover opponent "
        "playing a person's seat (its turn timer ran out, the seat was silent and taken over, or "
        "the clinician put the computer in it; leave these out of analyses of the person's play)."
    ),
    allowed=ACTORS,
)
DECISION_MS = Column(
    "decision_ms",
    INTEGER,
    gettext_noop(
        "Decision time measured in the browser, from the choice being offered to the action."
    ),
    unit="ms",
    nullable=True,
)
GAME_KEY = (PARTICIPANT_ID, SESSION, GAME)
ARM = Column(
    "arm",
    STRING,
    gettext_noop(
        "The study arm the participant was allocated to, after consent and confirmed eligibility, "
        "by minimisation with a random element (empty: not allocated, or the study has no arms)."
    ),
    nullable=True,
    missing=(NOT_APPLICABLE,),
)
STRATUM = Column(
    "stratum",
    STRING,
    gettext_noop(
        "The age band when the participant was allocated, frozen then: the stratum the allocation "
        "balanced, whatever later corrections of age_band say (empty: not allocated)."
    ),
    allowed=_values(Participant.AgeBand.choices),
    nullable=True,
    missing=(NOT_APPLICABLE,),
)


def _time(
    name: str, description: str, *, nullable: bool = False, missing=(), source: str = ""
) -> Column:
    return Column(
        name,
        DATETIME,
        f"{description} {TIME_NOTE}",
        nullable=nullable,
        missing=missing,
        source=source,
    )


def _number(name: str, description: str, *, missing=None) -> Column:
    """A number that may be missing: by default because the metric is not read this way or
    there is not enough data yet."""
    return Column(name, NUMBER, description, nullable=True, missing=missing or NOT_ENOUGH)


def _card(name: str, description: str, *, nullable: bool = False) -> Column:
    return Column(
        name,
        STRING,
        f"{description} {CARD_NOTE}",
        allowed=CARDS,
        nullable=nullable,
    )


# -- the tidy tables -----------------------------------------------------------------------------

_TABLES = (
    Table(
        "participants",
        gettext_noop("One row per participant with recorded, not withdrawn, consent."),
        ("participant_id",),
        (
            PARTICIPANT_ID,
            Column(
                "age_band",
                STRING,
                gettext_noop("Age band recorded at enrolment ('unknown': not recorded)."),
                allowed=_values(Participant.AgeBand.choices),
            ),
            Column(
                "group",
                STRING,
                gettext_noop(
                    "The participant's group: one of the study's group codes (a group recorded "
                    "otherwise is left empty, so free text never reaches an export)."
                ),
                nullable=True,
                missing=(NOT_RECORDED,),
            ),
            ARM,
            STRATUM,
        ),
    ),
    Table(
        "sessions",
        gettext_noop("One row per training session (a sitting) that started."),
        ("participant_id", "session"),
        (
            PARTICIPANT_ID,
            SESSION,
            Column(
                "status",
                STRING,
                gettext_noop("Where the session ended up."),
                allowed=("started", "completed", "abandoned"),
            ),
            Column(
                "protocol",
                INTEGER,
                gettext_noop("Platform id of the protocol version the session ran."),
            ),
            Column("protocol_version", INTEGER, gettext_noop("Version number of that protocol.")),
            Column(
                "game_type",
                STRING,
                gettext_noop("The game the protocol plays."),
                allowed=_values(Game._meta.get_field("game_type").choices),
            ),
            Column("rounds", INTEGER, gettext_noop("Rounds per game in the protocol.")),
            Column(
                "examination_seconds",
                INTEGER,
                gettext_noop(
                    "Examination time per hand in the protocol (the game may differ: adaptive; "
                    "Memulation; empty in Mendikot)."
                ),
                unit="s",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "roles",
                STRING,
                gettext_noop(
                    "How Lucky Duck and Lame Duck are decided (Memulation; empty in Mendikot)."
                ),
                allowed=_values(Protocol.Roles.choices),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "opponent",
                STRING,
                gettext_noop("Computer opponent type."),
                allowed=tuple(sorted({o for kinds in OPPONENTS.values() for o in kinds})),
            ),
            Column(
                "opponent_level",
                NUMBER,
                gettext_noop("Opponent strength in the protocol, 0..1."),
                unit="0..1",
            ),
            Column(
                "wild_tie",
                STRING,
                gettext_noop("Which card wins a wild tie (Memulation; empty in Mendikot)."),
                allowed=_values(Protocol.WildTie.choices),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "trump_rule",
                STRING,
                gettext_noop("How trump is set (Mendikot; empty in Memulation)."),
                allowed=_values(Protocol.TrumpRule.choices),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "stragedy_intent",
                BOOLEAN,
                gettext_noop(
                    "Whether Lame Duck names the card they mean to find in the 'Stragedy "
                    "(Memulation; empty in Mendikot)."
                ),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "recall_probes",
                INTEGER,
                gettext_noop(
                    "Recall probes asked at each probe point, 0 for none (Memulation; empty in "
                    "Mendikot)."
                ),
                unit="count",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column("adaptive", BOOLEAN, gettext_noop("Whether adaptive difficulty was on.")),
            Column(
                "opponent_pace_seconds",
                NUMBER,
                gettext_noop(
                    "How long an opponent took to play, before a jitter of a quarter either way "
                    "(0: at once; empty: sessions from before the setting, whose opponents "
                    "played at "
                    "once)."
                ),
                unit="s",
                nullable=True,
                missing=(NOT_RECORDED,),
            ),
            Column(
                "turn_seconds",
                INTEGER,
                gettext_noop(
                    "A person's turn timer: at its end the takeover opponent made the move "
                    "(empty: no timer)."
                ),
                unit="s",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "takeover_seconds",
                INTEGER,
                gettext_noop(
                    "At a table of two or more people, a seat silent this long while it had to act "
                    "was played by an opponent until its person returned (empty: never)."
                ),
                unit="s",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "takeover_level",
                NUMBER,
                gettext_noop("Strength of the opponent that played a silent seat, 0..1."),
                unit="0..1",
                nullable=True,
                missing=(NOT_RECORDED,),
            ),
            _time("started_at", "When the session started."),
            _time(
                "completed_at",
                "When the session completed (empty: abandoned, or still going).",
                nullable=True,
                missing=(ABANDONED, NOT_APPLICABLE),
            ),
            _time(
                "abandoned_at",
                "When the session was abandoned (empty: it was not).",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "duration_seconds",
                NUMBER,
                gettext_noop("Completed minus started (empty: abandoned, or still going)."),
                unit="s",
                nullable=True,
                missing=(ABANDONED, NOT_APPLICABLE),
            ),
        ),
    ),
    Table(
        "games",
        gettext_noop(
            "One row per game played in a session (finished or abandoned; games in play are left "
            "out). A participant's practice round (the short game before their first real one) is "
            "logged on the platform but is not research data: it is left out of this and every "
            "other table, and out of the metrics."
        ),
        ("participant_id", "session", "game"),
        (
            *GAME_KEY,
            Column(
                "game_type",
                STRING,
                gettext_noop("Memulation or Mendikot."),
                allowed=_values(Game._meta.get_field("game_type").choices),
            ),
            Column(
                "status",
                STRING,
                gettext_noop("How the game ended."),
                allowed=(Game.Status.FINISHED, Game.Status.ABANDONED),
            ),
            Column("participant_seat", INTEGER, f"{PARTICIPANT_SEAT} {SEATS}"),
            Column("seats", INTEGER, gettext_noop("Number of seats at the table.")),
            Column(
                "opponent",
                STRING,
                gettext_noop("Computer opponent type (empty: no computer opponent)."),
                allowed=tuple(sorted({o for kinds in OPPONENTS.values() for o in kinds})),
                nullable=True,
            ),
            Column(
                "opponent_level",
                NUMBER,
                gettext_noop("Opponent strength in this game, 0..1."),
                unit="0..1",
                nullable=True,
            ),
            Column(
                "opponent_version",
                INTEGER,
                gettext_noop(
                    "Version of the computer opponent's way of playing that sat at the table "
                    "(empty: "
                    "no computer opponent, or a game created before versions were kept)."
                ),
                nullable=True,
                missing=(NOT_APPLICABLE, NOT_RECORDED),
            ),
            Column("rounds", INTEGER, gettext_noop("Rounds in the game.")),
            Column(
                "examination_seconds",
                INTEGER,
                gettext_noop(
                    "Examination time offered per hand in this game to this participant (their own "
                    "at a table of several people; Memulation)."
                ),
                unit="s",
                nullable=True,
            ),
            Column(
                "people",
                INTEGER,
                gettext_noop("People at the table (1: the participant against the computer)."),
                unit="count",
            ),
            Column(
                "opponent_pace_seconds",
                NUMBER,
                gettext_noop(
                    "The pace this game's computer opponents played at, before a jitter of a "
                    "quarter "
                    "either way (0: at once; empty: a game from before the setting, at once)."
                ),
                unit="s",
                nullable=True,
                missing=(NOT_RECORDED,),
            ),
            Column(
                "turn_seconds",
                INTEGER,
                gettext_noop("The turn timer this game ran with (empty: none)."),
                unit="s",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "takeover_seconds",
                INTEGER,
                gettext_noop(
                    "The silence after which this game's seats were taken over (empty: never; only "
                    "at a table of two or more people)."
                ),
                unit="s",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "takeover_level",
                NUMBER,
                gettext_noop(
                    "Strength of the opponent that played a seat taken over in this game, 0..1."
                ),
                unit="0..1",
                nullable=True,
                missing=(NOT_RECORDED,),
            ),
            Column(
                "recall_probes",
                INTEGER,
                gettext_noop(
                    "Recall probes asked at each probe point of this game, to each participant "
                    "(0: none; Memulation)."
                ),
                unit="count",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            _time("started_at", "When the game was created (its first event)."),
            _time("finished_at", "When the game finished.", nullable=True),
        ),
    ),
    Table(
        "deals",
        gettext_noop(
            "One row per deal of a game: who had which role and how many tricks each side took."
        ),
        ("participant_id", "session", "game", "round", "deal"),
        (
            *GAME_KEY,
            ROUND,
            DEAL,
            Column(
                "participant_role",
                STRING,
                gettext_noop("The participant's role in the round (Memulation)."),
                allowed=("lucky_duck", "lame_duck"),
                nullable=True,
            ),
            Column(
                "hand_chosen",
                STRING,
                gettext_noop("The hand Lucky Duck chose to play (Memulation)."),
                allowed=("A", "B"),
                nullable=True,
            ),
            _card(
                "pritticut",
                "The Pritticut of the deal: turned up (Old Deal) or found by the 'Stragedy "
                "(New Deal); Memulation only.",
                nullable=True,
            ),
            Column(
                "trump",
                STRING,
                gettext_noop(
                    "The trump suit: the Pritticut's (Memulation); once known (Mendikot; empty: "
                    "never revealed)."
                ),
                allowed=tuple(SUITS),
                nullable=True,
            ),
            Column(
                "tricks_participant",
                INTEGER,
                gettext_noop(
                    "Tricks taken by the participant (Mendikot: by the participant's team)."
                ),
                unit="tricks",
                nullable=True,
            ),
            Column(
                "tricks_opponents",
                INTEGER,
                gettext_noop("Tricks taken by the other side."),
                unit="tricks",
                nullable=True,
            ),
            _time("started_at", "When the deal was dealt."),
            _time(
                "ended_at", "When its last trick was taken (empty: not played out).", nullable=True
            ),
        ),
    ),
    Table(
        "examination_periods",
        gettext_noop("One row per hand shown to the participant for examination."),
        ("participant_id", "session", "game", "round", "deal", "hand"),
        (
            *GAME_KEY,
            ROUND,
            DEAL,
            Column("hand", STRING, gettext_noop("The hand on show."), allowed=("A", "B")),
            SEAT,
            Column("planned_seconds", NUMBER, gettext_noop("Examination time offered."), unit="s"),
            Column("actual_seconds", NUMBER, gettext_noop("Time the hand was on show."), unit="s"),
            Column(
                "ended_early", BOOLEAN, gettext_noop("Ended by the participant before its time.")
            ),
            Column(
                "sorts",
                INTEGER,
                gettext_noop("Times the hand was re-ordered while on show."),
                unit="count",
            ),
            Column(
                "page_hidden_seconds",
                NUMBER,
                gettext_noop(
                    "Seconds the page was hidden (another tab or app) while the hand was on show."
                ),
                unit="s",
            ),
            _time("shown_at", "When the hand was shown."),
            _time("hidden_at", "When it was hidden again."),
        ),
    ),
    Table(
        "plays",
        gettext_noop("One row per card played, by anyone at the table."),
        ("participant_id", "session", "game", "round", "deal", "trick", "position"),
        (
            *GAME_KEY,
            ROUND,
            DEAL,
            Column("trick", INTEGER, gettext_noop("Trick of the deal, counted from 0.")),
            Column("position", INTEGER, gettext_noop("Place in the trick: 0 for the card led.")),
            SEAT,
            ACTOR,
            _card("card", "The card played."),
            DECISION_MS,
            Column(
                "server_ms",
                INTEGER,
                gettext_noop(
                    "Decision time measured on the server, from the turn starting to the request."
                ),
                unit="ms",
                nullable=True,
            ),
            Column(
                "legal_count",
                INTEGER,
                gettext_noop("Cards the player could legally play."),
                unit="count",
            ),
            _time("played_at", "When the card was played.", source=SERVER_TIME),
        ),
    ),
    Table(
        "recall_attempts",
        gettext_noop(
            "One row per 'Stragedy: the card Lame Duck meant to find, where they looked, what was "
            "there."
        ),
        ("participant_id", "session", "game", "round"),
        (
            *GAME_KEY,
            ROUND,
            Column(
                "deal",
                INTEGER,
                gettext_noop("The deal the 'Stragedy belongs to: always 2 (New Deal)."),
                source=DERIVED,
            ),
            SEAT,
            ACTOR,
            _card(
                "intended_card",
                "The card Lame Duck named as the one they meant to find (empty: none named).",
                nullable=True,
            ),
            Column(
                "pile", INTEGER, gettext_noop("Pile looked in (the seat that won those tricks).")
            ),
            Column(
                "pile_trick",
                INTEGER,
                gettext_noop(
                    "Place of the trick looked at within its pile, counted from 0 (not the trick "
                    "number of the deal: see `trick` in plays)."
                ),
                source="trick",
            ),
            Column("card_index", INTEGER, gettext_noop("Card within the trick: 0 the card led.")),
            _card("revealed_card", "The card found there."),
            Column(
                "hit",
                BOOLEAN,
                gettext_noop("The revealed card is the intended one (empty: no card named)."),
                nullable=True,
                source=DERIVED,
            ),
            Column(
                "intended_pile",
                INTEGER,
                gettext_noop(
                    "Where the intended card really lay: pile (empty: not among the old tricks)."
                ),
                nullable=True,
            ),
            Column(
                "intended_pile_trick",
                INTEGER,
                gettext_noop("... place of the trick within that pile."),
                nullable=True,
                missing=(NOT_RECORDED,),
                source="intended_trick",
            ),
            Column(
                "intended_card_index",
                INTEGER,
                gettext_noop("... card within that trick."),
                nullable=True,
                missing=(NOT_RECORDED,),
            ),
            DECISION_MS,
            _time("attempted_at", "When the 'Stragedy was made.", source=SERVER_TIME),
        ),
    ),
    Table(
        "recall_probes",
        gettext_noop(
            "One row per recall probe answered (protocol setting recall_probes): where a named "
            "card "
            "lies among the Old Deal's face-down tricks (where), or whether a named card was in "
            "the "
            "other hand (which_hand). The probes do not change the game; their correctness is not "
            "shown to the participant during it."
        ),
        ("participant_id", "session", "game", "round", "deal", "kind", "number"),
        (
            *GAME_KEY,
            ROUND,
            Column(
                "deal",
                INTEGER,
                gettext_noop(
                    "The deal the probe asks about: 1 for a where-probe (the Old Deal's tricks, "
                    "asked "
                    "before the New Deal's examination); for a which-hand probe the deal whose "
                    "hands "
                    "were just chosen."
                ),
            ),
            Column(
                "kind",
                STRING,
                gettext_noop(
                    "where: the card's place among the face-down tricks; which_hand: was it in the "
                    "other hand."
                ),
                allowed=("where", "which_hand"),
            ),
            Column(
                "number",
                INTEGER,
                gettext_noop("Place of the probe among those asked together, from 1."),
            ),
            SEAT,
            _card("card", "The card the probe names."),
            Column(
                "pile",
                INTEGER,
                gettext_noop(
                    "Answer (where): the pile pointed at, the seat that won those tricks."
                ),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "pile_trick",
                INTEGER,
                gettext_noop("Answer (where): place of the trick within its pile, counted from 0."),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "card_index",
                INTEGER,
                gettext_noop("Answer (where): card within the trick, 0 the card led."),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "in_other_hand",
                BOOLEAN,
                gettext_noop(
                    "Answer (which_hand): the participant said the card was in the other hand."
                ),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "correct",
                BOOLEAN,
                gettext_noop(
                    "The answer was right: the exact position (where), or yes/no as it was "
                    "(which_hand)."
                ),
            ),
            Column(
                "true_pile",
                INTEGER,
                gettext_noop("Where the card really lay (where): pile."),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "true_pile_trick",
                INTEGER,
                gettext_noop("... place of the trick within that pile."),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "true_card_index",
                INTEGER,
                gettext_noop("... card within that trick."),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "truly_in_other_hand",
                BOOLEAN,
                gettext_noop(
                    "Whether the card really was in the other hand (which_hand): a signal trial if "
                    "true, a noise trial if false."
                ),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            DECISION_MS,
            _time("asked_at", "When the probe was put to the participant."),
            _time("answered_at", "When it was answered.", source=SERVER_TIME),
        ),
    ),
    Table(
        "illegal_attempts",
        gettext_noop("One row per move refused by the rules (data, not noise)."),
        ("participant_id", "session", "game", "attempted_at"),
        (
            *GAME_KEY,
            ROUND,
            Column("deal", INTEGER, DEAL.description, nullable=True),
            SEAT,
            Column(
                "action_type",
                STRING,
                gettext_noop("The move tried."),
                allowed=("play", "choose_hand", "stragedy", "hide_trump", "ask_trump"),
            ),
            _card("card", "The card tried (plays only).", nullable=True),
            Column(
                "code",
                STRING,
                gettext_noop("Why it was refused (the codes of RULES.md)."),
                allowed=(
                    "cannot_ask",
                    "card_not_in_hand",
                    "invalid_choice",
                    "invalid_position",
                    "must_follow_suit",
                    "must_play_trump",
                    "not_your_turn",
                ),
            ),
            DECISION_MS,
            _time("attempted_at", "When the move was tried.", source=SERVER_TIME),
        ),
    ),
    Table(
        "table_events",
        gettext_noop(
            "One row per event that changed who played or whether play went on, at any game: a "
            "seat "
            "taken over by the computer (silent, or put there by the clinician) and given back, "
            "the "
            "table paused and resumed, a game ended or cancelled before its end. Another "
            "participant's seat's takeovers are theirs, and left out of this participant's rows."
        ),
        ("participant_id", "session", "game", "at"),
        (
            *GAME_KEY,
            Column(
                "event",
                STRING,
                gettext_noop(
                    "What happened: seat_takeover (the computer plays the seat from now), "
                    "seat_return (its person plays it again), table_paused, table_resumed, "
                    "game_abandoned (ended or cancelled before its end)."
                ),
                allowed=(
                    "seat_takeover",
                    "seat_return",
                    "table_paused",
                    "table_resumed",
                    "game_abandoned",
                ),
            ),
            Column(
                "seat",
                INTEGER,
                f"{SEAT_CHANGED} {SEATS}",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "reason",
                STRING,
                gettext_noop(
                    "Why: silent (no move or Start for the takeover time), clinician (the "
                    "clinician "
                    "did it), or the seat's person came back (acted, examination, probe, "
                    "reconnected, message); for a pause or an end, the clinician's action."
                ),
                nullable=True,
            ),
            _time("at", "When it happened."),
        ),
    ),
    Table(
        "metrics",
        gettext_noop(
            "One row per metric value (long format). Game and session values cover the "
            "exported games and sessions. A participant value is one game's (game_type): the "
            "value of the participant's latest completed session of that game among the exported "
            "sessions (its n counts those sessions with a value), current metric versions only; "
            "the trend, reliable change and z-scores over all their sessions are in the inference "
            "table. Definitions: the codebook's metrics, by key and version."
        ),
        ("level", "subject_id", "game_type", "key", "version"),
        (
            Column(
                "level",
                STRING,
                gettext_noop("What the value describes."),
                allowed=_values(MetricValue.Level.choices),
            ),
            Column(
                "subject_id",
                STRING,
                gettext_noop(
                    "The subject as one id: sub-<participant_id>, then _ses-<session> for sessions "
                    "and games, then _game-<game> for games."
                ),
            ),
            PARTICIPANT_ID,
            Column(
                SESSION.name,
                INTEGER,
                f"{SESSION.description} {PARTICIPANT_VALUE}",
                nullable=True,
            ),
            Column(GAME.name, INTEGER, f"{GAME.description} {GAME_VALUE}", nullable=True),
            Column(
                "game_type",
                STRING,
                gettext_noop(
                    "The game the value is of: the game's, or the session's; a participant value "
                    "rests on that game's sessions only."
                ),
                allowed=_values(Game._meta.get_field("game_type").choices),
            ),
            Column(
                "key",
                STRING,
                gettext_noop("Metric key (see the codebook's metrics)."),
                allowed=tuple(m.key for m in METRICS),
            ),
            Column("version", INTEGER, gettext_noop("Version of the metric's definition.")),
            Column(
                "value",
                NUMBER,
                gettext_noop(
                    "The value, in the metric's unit (empty: not defined for the subject)."
                ),
                nullable=True,
            ),
            Column("n", INTEGER, gettext_noop("Observations behind the value."), unit="count"),
            _number(
                "ci_low",
                gettext_noop(
                    "Interval of the value, lower end, for a metric estimated with one (the "
                    "interval of memory_fidelity: the profile-likelihood interval, and for several "
                    "games also their bootstrap interval; how often such intervals held the true "
                    "value in simulation: see the codebook's metric and docs/readings.md; a "
                    "participant value: its latest session's). Empty: the metric has no interval, "
                    "or too little data for one."
                ),
                missing=NOT_ENOUGH,
            ),
            _number("ci_high", gettext_noop("... upper end."), missing=NOT_ENOUGH),
        ),
    ),
    Table(
        "inference",
        gettext_noop(
            "Every reading the clinician's dashboard has shown, with every input it rests on: one "
            "row per participant, metric, game, time of computing and assessment point (a primary "
            "metric has a row per declared point after the baseline; any other metric one row, its "
            "exploratory trend). A reading is added when what it says changes and never changed, "
            "so the table is their history: the readings shown at a time are, per participant, "
            "metric and game, the rows with the latest computed_at up to then. Computed over all "
            "the participant's completed sessions, whatever the export's filters. The trend's and "
            "the change's numbers can be recomputed from the session values of the metrics table "
            "and these columns; see docs/readings.md."
        ),
        ("participant_id", "key", "version", "game_type", "computed_at", "point"),
        (
            PARTICIPANT_ID,
            ARM,
            Column(
                "key",
                STRING,
                gettext_noop("Metric key (see the codebook's metrics)."),
                allowed=tuple(m.key for m in METRICS),
            ),
            Column("version", INTEGER, gettext_noop("Version of the metric's definition.")),
            Column(
                "game_type",
                STRING,
                gettext_noop(
                    "The game whose sessions the reading is on (each game is its own series)."
                ),
                allowed=_values(Game._meta.get_field("game_type").choices),
            ),
            _time("computed_at", "When the reading was computed."),
            Column(
                "role",
                STRING,
                gettext_noop(
                    "primary: a primary metric of the study, read at its assessment points; "
                    "exploratory: any other metric, its trend Holm-corrected across the trends "
                    "shown; context: a chance baseline, never read."
                ),
                allowed=READING_ROLES,
            ),
            Column(
                "point",
                STRING,
                gettext_noop(
                    "The assessment point of a primary reading, named as in the visits table: its "
                    "kind and label, with its number where two points share them (empty: not a "
                    "primary reading)."
                ),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "point_session",
                INTEGER,
                gettext_noop("The session that stands for the point."),
                nullable=True,
                missing=(NOT_APPLICABLE, NOT_ENOUGH_DATA),
            ),
            Column(
                "sessions", INTEGER, gettext_noop("Completed sessions of the game."), unit="count"
            ),
            Column(
                "counted",
                INTEGER,
                gettext_noop(
                    "Of them, sessions a reading may rest on (min_trials observations; not played "
                    "while the staircase adapted, for the measures it steers on)."
                ),
                unit="count",
            ),
            Column(
                "min_trials",
                INTEGER,
                gettext_noop("Fewest observations a session's value needs to count."),
                unit="count",
            ),
            _number("latest", gettext_noop("The latest session's value, in the metric's unit.")),
            Column(
                "latest_n",
                INTEGER,
                gettext_noop("Observations behind the latest value."),
                unit="count",
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            Column(
                "trend_status",
                STRING,
                gettext_noop(
                    "ok: fitted; not_enough_points: fewer than 5 counted sessions; no_variation: "
                    "every counted session has the same value; no_fit: a proportion at an end of "
                    "its scale or jumping between its ends; exact_line: the sessions lie exactly "
                    "on a line, with nothing left to test it against; staircase: each session's "
                    "level carries on from the last one's, and no trend is tested; "
                    "protocol_differs: the sessions from the baseline to the point ran with "
                    "different protocol settings, and no trend is tested across them."
                ),
                allowed=TREND_STATUSES,
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "trend_points",
                INTEGER,
                gettext_noop(
                    "Counted sessions the trend rests on (a primary reading: from the baseline to "
                    "the point; an exploratory one: those played with the latest one's protocol "
                    "settings)."
                ),
                unit="count",
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            Column(
                "trend_scale",
                STRING,
                gettext_noop(
                    "linear: weighted least squares (weights: each session's observations); logit: "
                    "a quasi-binomial logistic regression, for a proportion."
                ),
                allowed=("linear", "logit"),
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            _number("slope", gettext_noop("Change per session (logit: in log-odds).")),
            _number("slope_ci_low", gettext_noop("95% CI of the slope, lower end (t, n - 2 df).")),
            _number("slope_ci_high", gettext_noop("... upper end.")),
            _number(
                "trend_change",
                gettext_noop(
                    "The fitted change from the first to the last counted session, in the metric's "
                    "unit."
                ),
            ),
            _number("trend_change_low", gettext_noop("Its 95% CI, lower end.")),
            _number("trend_change_high", gettext_noop("... upper end.")),
            _number("trend_p", gettext_noop("Two-sided p of the slope.")),
            _number(
                "trend_p_adjusted",
                gettext_noop(
                    "The p after the correction for the readings shown: Holm across the trends "
                    "shown (exploratory); Holm across the point's readings times the number of "
                    "points after the baseline (primary). Below 0.05: a word is shown."
                ),
            ),
            Column(
                "change_status",
                STRING,
                gettext_noop(
                    "Whether a reliable change was computed at the point, and if not, why."
                ),
                allowed=tuple(CHANGE_STATUSES),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            _number("baseline", gettext_noop("The baseline session's value.")),
            Column(
                "baseline_session",
                INTEGER,
                gettext_noop("The session that stands for the baseline."),
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            Column(
                "baseline_n",
                INTEGER,
                gettext_noop("Observations behind the baseline value."),
                unit="count",
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            _number("point_value", gettext_noop("The point's session's value.")),
            Column(
                "point_n",
                INTEGER,
                gettext_noop("Observations behind the point's value."),
                unit="count",
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            _number(
                "practice_gain",
                gettext_noop(
                    "The control arm's mean change between the same two points, the participant "
                    "left out (subtracted from the change)."
                ),
            ),
            _number("practice_sd", gettext_noop("SD of the control arm's changes.")),
            Column(
                "practice_n",
                INTEGER,
                gettext_noop("Control-arm participants behind the practice gain."),
                unit="count",
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            _number("sd", gettext_noop("One-session SD of the error model.")),
            _number("retest_r", gettext_noop("Test-retest reliability of the error model.")),
            Column(
                "reliability_source",
                STRING,
                gettext_noop(
                    "Where r and SD come from: a norms row (citation, retest n) or the study's "
                    "retest protocol (its ICC(A,1), interval and n)."
                ),
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            Column(
                "reliability_n",
                INTEGER,
                gettext_noop("People the reliability rests on."),
                unit="count",
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            _number(
                "sem",
                gettext_noop("Standard error of measurement of one session: SD * sqrt(1 - r)."),
            ),
            _number(
                "s_diff",
                gettext_noop(
                    "Standard error of the difference: sqrt(2 SEM^2 + practice_sd^2 / practice_n)."
                ),
            ),
            _number("rci", gettext_noop("(point - baseline - practice_gain) / s_diff.")),
            _number(
                "rci_df",
                gettext_noop(
                    "Degrees of freedom of the RCI's t (Satterthwaite: the reliability's sample "
                    "less 2, the control arm's less 1)."
                ),
            ),
            _number(
                "rci_p", gettext_noop("Two-sided p of the RCI against Student's t with rci_df.")
            ),
            _number(
                "rci_p_adjusted", gettext_noop("The p after the correction (see trend_p_adjusted).")
            ),
            _number(
                "z_norm",
                gettext_noop("The latest counted session as a z-score in the age-band norms."),
            ),
            _number("norm_mean", gettext_noop("Mean of the norms used.")),
            _number("norm_sd", gettext_noop("SD of the norms used.")),
            Column(
                "norm_n",
                INTEGER,
                gettext_noop("People in the norm sample."),
                unit="count",
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            Column(
                "norm_source",
                STRING,
                gettext_noop("Citation of the norms."),
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            Column(
                "norm_protocol",
                STRING,
                gettext_noop("The norms' protocol settings: game, examination seconds, opponent."),
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            _number(
                "z_cohort",
                gettext_noop(
                    "The latest counted session as a z-score among the study's control arm at the "
                    "same session (consented, the participant left out)."
                ),
            ),
            _number("cohort_mean", gettext_noop("Mean of the control arm at that session.")),
            _number("cohort_sd", gettext_noop("SD of the control arm at that session.")),
            Column(
                "cohort_n",
                INTEGER,
                gettext_noop("Control-arm participants at that session."),
                unit="count",
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            _number(
                "cohort_t",
                gettext_noop(
                    "Crawford and Howell's t of the latest counted session against the control "
                    "arm: (value - cohort_mean) / (cohort_sd * sqrt(1 + 1 / cohort_n))."
                ),
            ),
            Column(
                "cohort_df",
                INTEGER,
                gettext_noop("Degrees of freedom of cohort_t: cohort_n - 1."),
                unit="count",
                nullable=True,
                missing=NOT_ENOUGH,
            ),
            _number(
                "cohort_p",
                gettext_noop(
                    "Two-sided p of cohort_t. Below 0.05 the reading says better or worse than "
                    "most of the arm; otherwise, not distinguishable from it."
                ),
            ),
            _number(
                "cohort_below",
                gettext_noop(
                    "The share of the control arm's population estimated below the value (the "
                    "t distribution's CDF at cohort_t), from 0 to 1."
                ),
            ),
            Column(
                "words",
                STRING,
                gettext_noop(
                    "The flag words the reading shows (reliable improvement, decline, ...), "
                    "separated by '; ' (empty: none)."
                ),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "reading", STRING, gettext_noop("The reading in the words the dashboard shows.")
            ),
        ),
    ),
)
VISIT_POINT = Column(
    "point",
    STRING,
    gettext_noop(
        "The assessment point as the study declared it: its kind, then its label if it has one; "
        "where two points would have the same name, each is followed by its number among them "
        "in the order declared (follow_up #1, follow_up #2). The same name as in the inference "
        "table and the BIDS phenotype files."
    ),
)
_VISIT_TABLES = (
    Table(
        "visits",
        gettext_noop(
            "One row per assessment visit a blinded assessor recorded: held (with the day, "
            "counted from the window's anchor, and whether it fell inside the window) or missed "
            "(with the reason). A point with nothing recorded has no row. Every recorded visit of "
            "the participants the export holds, whatever its session and day filters."
        ),
        ("participant_id", "point"),
        (
            PARTICIPANT_ID,
            VISIT_POINT,
            Column(
                "point_kind",
                STRING,
                gettext_noop("The kind of assessment point."),
                allowed=_values(AssessmentPoint.Kind.choices),
            ),
            Column(
                "anchor",
                STRING,
                gettext_noop(
                    "What the visit window counts its days from: the participant's enrolment or "
                    "their allocation (empty: the point has no window now)."
                ),
                allowed=_values(VisitWindow.Anchor.choices),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "window_opens_day",
                INTEGER,
                gettext_noop("First day of the visit window, counted from the anchor."),
                unit="days",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "window_closes_day",
                INTEGER,
                gettext_noop("Last day of the visit window (included), counted from the anchor."),
                unit="days",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "status",
                STRING,
                gettext_noop("done: the visit was held; missed: it was not."),
                allowed=_values(Visit.Status.choices),
            ),
            Column(
                "held_day",
                INTEGER,
                gettext_noop(
                    "The day the visit was held, counted from the anchor (0: the anchor's day)."
                ),
                unit="days",
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "in_window",
                BOOLEAN,
                gettext_noop("The visit was held inside its window (as the window is now)."),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            Column(
                "missed_reason",
                STRING,
                gettext_noop("Why the visit was missed, from a fixed list (never free text)."),
                allowed=_values(Visit.MissedReason.choices),
                nullable=True,
                missing=(NOT_APPLICABLE,),
            ),
            _time("recorded_at", gettext_noop("When the assessor last recorded the visit.")),
        ),
    ),
    Table(
        "visit_measures",
        gettext_noop(
            "One row per measure of each held visit: the assessment's measure code, as the "
            "assessor recorded it, and its value."
        ),
        ("participant_id", "point", "measure"),
        (
            PARTICIPANT_ID,
            VISIT_POINT,
            Column(
                "measure",
                STRING,
                gettext_noop("The measure's code (lower-case letters, digits and _), e.g. moca."),
            ),
            Column("value", NUMBER, gettext_noop("The measure's value.")),
        ),
    ),
)
_DOSE_TABLE = Table(
    "dose_weeks",
    gettext_noop(
        "One row per programme week of each participant, as the dose ledger counts them: week "
        "1 is the seven days from the participant's start (allocation, else consent, else "
        "enrolment) in the clinic's time zone, so no calendar date leaves. With real times, "
        "from week 1 to the week under way when the export was made; with shifted times, to "
        "the last week in which a session was held or a missed week explained, so that the "
        "table does not tell when the export was made. Every such week of the participants "
        "the export holds, whatever its session and day filters."
    ),
    ("participant_id", "week"),
    (
        PARTICIPANT_ID,
        Column("week", INTEGER, gettext_noop("The programme week (1: the first).")),
        Column(
            "over",
            BOOLEAN,
            gettext_noop(
                "The week had ended when the export was made (false: under way). With shifted "
                "times, empty where only the export's moment would tell."
            ),
            nullable=True,
            missing=(WITHHELD,),
        ),
        Column(
            "prescribed",
            INTEGER,
            gettext_noop(
                "Sessions the prescription measuring the week prescribed for it: the one in "
                "force on its last day (the week under way: the one in force when the export "
                "was made), the participant's own, else the study's. 0 after the programme and "
                "between its boosters; empty: no prescription."
            ),
            nullable=True,
            missing=(NOT_APPLICABLE,),
        ),
        Column(
            "prescribed_minutes",
            INTEGER,
            gettext_noop("Minutes of training that prescription prescribed for the week."),
            unit="min",
            nullable=True,
            missing=(NOT_APPLICABLE,),
        ),
        Column(
            "planned",
            INTEGER,
            gettext_noop(
                "Sessions planned for the week, as the clinical team's screens and the "
                "participant's progress page count it: the participant's own weekly plan, else "
                "the prescription's, else the study's newest protocol's by then. Empty: no plan."
            ),
            nullable=True,
            missing=(NOT_APPLICABLE,),
        ),
        Column(
            "plan_source",
            STRING,
            gettext_noop(
                "Whose plan that is: own (the participant's weekly plan), prescribed or protocol."
            ),
            allowed=PLAN_SOURCES,
            nullable=True,
            missing=(NOT_APPLICABLE,),
        ),
        Column(
            "scheduled",
            INTEGER,
            gettext_noop("Sessions scheduled for a moment in the week."),
        ),
        Column(
            "held",
            INTEGER,
            gettext_noop("Sessions completed, each counted in the week it was started in."),
        ),
        Column(
            "active_minutes",
            NUMBER,
            gettext_noop("Minutes from start to completion of the sessions held, added up."),
            unit="min",
        ),
        Column(
            "missed",
            INTEGER,
            gettext_noop(
                "Prescribed sessions not held, for a week that is over (empty: the week under "
                "way, a week not told as over, or no prescription)."
            ),
            nullable=True,
            missing=(NOT_APPLICABLE, WITHHELD),
        ),
        Column(
            "missed_reason",
            STRING,
            gettext_noop(
                "Why sessions of the week were missed, from a fixed list (never free text)."
            ),
            allowed=_values(MissedDose.Reason.choices),
            nullable=True,
            missing=(NOT_APPLICABLE, NOT_RECORDED),
        ),
    ),
)
TABLES: dict[str, Table] = {table.name: table for table in (*_TABLES, *_VISIT_TABLES, _DOSE_TABLE)}
assert set(_values(TrainingSession.Status.choices)) >= {"started", "completed", "abandoned"}


# -- BIDS-style behavioural files ------------------------------------------------------------

TRIAL_TYPES = {
    "examination": "A hand on show for examination (duration: how long it was shown).",
    "play": "A card played by the participant.",
    "other_play": "A card played by anyone else at the table.",
    "recall": "The participant's 'Stragedy (recall attempt).",
    "other_recall": "A 'Stragedy by anyone else at the table.",
    "illegal_attempt": "A move by the participant that the rules refused.",
    "probe_where": "A where-probe answered: where does the named card lie among the face-down "
    "tricks?",
    "probe_which_hand": "A which-hand probe answered: was the named card in the other hand?",
}

BIDS_EVENTS = Table(
    "events",
    gettext_noop(
        "sub-<participant_id>_ses-<session>_task-<game_type>[_run-<game>]_events.tsv: one row per "
        "event of one game, in order of onset (missing values: n/a)."
    ),
    ("onset",),
    (
        Column("onset", NUMBER, gettext_noop("Time from the start of the game."), unit="s"),
        Column(
            "duration", NUMBER, gettext_noop("How long the event lasted (0: an instant)."), unit="s"
        ),
        Column("trial_type", STRING, gettext_noop("What happened."), allowed=tuple(TRIAL_TYPES)),
        Column(
            "response_time",
            NUMBER,
            gettext_noop("Decision time measured in the browser before the action."),
            unit="s",
            nullable=True,
        ),
        Column("round", INTEGER, ROUND.description),
        Column("deal", INTEGER, DEAL.description, nullable=True),
        Column(
            "hand",
            STRING,
            gettext_noop("The hand on show (examination)."),
            allowed=("A", "B"),
            nullable=True,
        ),
        Column(
            "trick",
            INTEGER,
            gettext_noop("Trick of the deal, counted from 0 (plays)."),
            nullable=True,
            missing=(NOT_APPLICABLE,),
        ),
        Column(
            "pile_trick",
            INTEGER,
            gettext_noop(
                "Place of the trick looked at within its pile, counted from 0 (recall, "
                "probe_where)."
            ),
            nullable=True,
            missing=(NOT_APPLICABLE,),
        ),
        Column(
            "position",
            INTEGER,
            gettext_noop("Place in the trick, 0 for the card led (plays)."),
            nullable=True,
        ),
        Column("seat", INTEGER, SEATS, nullable=True),
        Column("actor", STRING, ACTOR.description, allowed=ACTORS, nullable=True),
        _card("card", "The card played or tried, or the card a probe names.", nullable=True),
        Column(
            "legal_count",
            INTEGER,
            gettext_noop("Cards the player could legally play (plays)."),
            unit="count",
            nullable=True,
        ),
        _card("intended_card", "The card Lame Duck meant to find (recall).", nullable=True),
        _card("revealed_card", "The card found (recall).", nullable=True),
        Column(
            "pile", INTEGER, gettext_noop("Pile looked in (recall, probe_where)."), nullable=True
        ),
        Column(
            "card_index",
            INTEGER,
            gettext_noop("Card within the trick looked at (recall, probe_where)."),
            nullable=True,
        ),
        Column(
            "hit",
            BOOLEAN,
            gettext_noop("The revealed card is the intended one (recall)."),
            nullable=True,
        ),
        Column(
            "in_other_hand",
            BOOLEAN,
            gettext_noop("The answer to a which-hand probe: yes, the card was in the other hand."),
            nullable=True,
            missing=(NOT_APPLICABLE,),
        ),
        Column(
            "correct",
            BOOLEAN,
            gettext_noop(
                "The probe's answer was right (probe_where: the exact position; probe_which_hand)."
            ),
            nullable=True,
            missing=(NOT_APPLICABLE,),
        ),
        Column(
            "code",
            STRING,
            gettext_noop("Why the move was refused (illegal_attempt)."),
            nullable=True,
            allowed=TABLES["illegal_attempts"].column("code").allowed,
        ),
        Column(
            "ended_early",
            BOOLEAN,
            gettext_noop("Examination ended before its time."),
            nullable=True,
        ),
        Column(
            "sorts",
            INTEGER,
            gettext_noop("Re-orderings while on show (examination)."),
            unit="count",
            nullable=True,
        ),
    ),
)

BIDS_PARTICIPANTS = Table(
    "participants",
    gettext_noop("participants.tsv: one row per participant in the BIDS folder."),
    ("participant_id",),
    (
        Column(
            "participant_id",
            STRING,
            gettext_noop("sub-<participant_id> (see the participants table)."),
        ),
        TABLES["participants"].column("age_band"),
        TABLES["participants"].column("group"),
        ARM,
        STRATUM,
    ),
)

BIDS_VISITS = Table(
    "visits",
    gettext_noop(
        "phenotype/visits<N>.tsv: one file for each assessment point N (1 for the first "
        "declared) with a recorded visit, one row per participant: the visits table's columns "
        "(participants as sub-<participant_id>), then a column measure_<code> for each measure "
        "recorded at that point (n/a: not measured)."
    ),
    ("participant_id",),
    (BIDS_PARTICIPANTS.column("participant_id"), *TABLES["visits"].columns[1:]),
)
