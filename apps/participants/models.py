"""Studies, their versioned protocols, and pseudonymous participants.

No participant has a name, an address or any contact detail here: a participant is a generated
code, an age band and a group. Clinician notes are free text and live apart from research data
(they are never exported).
"""

from typing import Literal, TypedDict

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext, gettext_lazy

from apps.common import clock


class GameType(models.TextChoices):
    MEMULATION = "memulation", "Memulation"
    MENDIKOT = "mendikot", "Mendikot"


# Recall probes asked at each probe point at most (the other hand holds 13 cards).
MAX_RECALL_PROBES = 8

# The opponents each game's bots offer (see the engine); a protocol names one of them.
OPPONENTS: dict[str, tuple[str, ...]] = {
    GameType.MEMULATION: ("random", "greedy", "memory", "perfect"),
    GameType.MENDIKOT: ("random", "heuristic", "tracker"),
}

# Limits of the turn settings (seconds).
PACE_MAX_SECONDS = 10
TURN_MIN_SECONDS = 5


class Adaptive(TypedDict):
    """Adaptive difficulty: what a protocol stores (``Protocol.adaptive``)."""

    enabled: bool
    target_recall: float
    step_seconds: int
    min_seconds: int
    max_seconds: int
    adjust_opponent: bool


AdaptiveNumber = Literal["target_recall", "step_seconds", "min_seconds", "max_seconds"]
ADAPTIVE_DEFAULTS = Adaptive(
    enabled=False,
    target_recall=0.8,
    step_seconds=5,
    min_seconds=10,
    max_seconds=120,
    adjust_opponent=False,
)
ADAPTIVE_LIMITS: dict[AdaptiveNumber, tuple[float, float]] = {
    "target_recall": (0.0, 1.0),
    "step_seconds": (1, 60),
    "min_seconds": (5, 600),
    "max_seconds": (5, 600),
}


def adaptive_problems(adaptive: object) -> list[str]:
    """What is wrong with an ``adaptive`` setting (empty when nothing is)."""
    if not isinstance(adaptive, dict):
        return [gettext("Must be an object.")]
    problems = [
        gettext("Unknown setting '%(key)s'.") % {"key": key}
        for key in adaptive
        if key not in ADAPTIVE_DEFAULTS
    ]
    for key in ("enabled", "adjust_opponent"):
        if key in adaptive and not isinstance(adaptive[key], bool):
            problems.append(gettext("'%(key)s' must be true or false.") % {"key": key})
    for key, (low, high) in ADAPTIVE_LIMITS.items():
        value = adaptive.get(key, ADAPTIVE_DEFAULTS[key])
        whole = key != "target_recall"
        if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
            problems.append(
                gettext("'%(key)s' must be a whole number.") % {"key": key}
                if whole
                else gettext("'%(key)s' must be a number.") % {"key": key}
            )
        elif not low <= value <= high:
            problems.append(
                gettext("'%(key)s' must be between %(low)s and %(high)s.")
                % {"key": key, "low": low, "high": high}
            )
    shortest, longest = adaptive.get("min_seconds"), adaptive.get("max_seconds")
    if isinstance(shortest, int) and isinstance(longest, int) and shortest > longest:
        problems.append(gettext("'min_seconds' must not be more than 'max_seconds'."))
    return problems


class Study(models.Model):
    name = models.CharField(max_length=200, unique=True)
    description = models.TextField(blank=True)
    owners = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="owned_studies", blank=True
    )
    # The study's clinical team: clinicians who may enrol participants into it.
    clinicians = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="clinical_studies", blank=True
    )
    # The name of the setting that holds this study's pseudonymisation key (the key itself is
    # never stored in the database). Empty: the platform-wide default key.
    pseudonymisation_key_ref = models.CharField(max_length=100, blank=True)
    # How the study's published data name their authors and licence (dataset_description.json
    # of the BIDS and Psych-DS exports); the staff's accounts are never exported.
    dataset_authors = models.JSONField(default=list, blank=True)
    dataset_license = models.CharField(max_length=50, default="CC-BY-4.0", blank=True)
    dataset_institution = models.CharField(max_length=200, blank=True)
    dataset_institution_address = models.CharField(max_length=300, blank=True)
    dataset_department = models.CharField(max_length=200, blank=True)
    # What the study will claim: the metric keys (apps.metrics' catalogue) read for reliable
    # change and trend at its assessment points (AssessmentPoint). Every other reading is
    # exploratory.
    primary_metrics = models.JSONField(default=list, blank=True)
    # The study's built-in retest protocol: each participant's baseline session and the next one,
    # this many days apart with no session between, measure test-retest reliability (null: none).
    retest_interval_days = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(90)]
    )
    # Set when the study opens with arms; its allocation is fixed then (see Allocation).
    opened_at = models.DateTimeField(null=True, blank=True)
    # An open-label design shows the arms to everyone who may see the participants; otherwise
    # the arms are concealed from the roles that recruit (the clinical team).
    design_open = models.BooleanField(default=False)
    # What is confirmed, participant by participant, before allocation (fixed when it opens).
    eligibility_criteria = models.JSONField(default=list, blank=True)
    # The codes a participant's group may take (letters, digits, '-', '_'): a group is never
    # free text, and only these codes reach an export.
    group_codes = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "studies"

    def __str__(self) -> str:
        return self.name


class AssessmentPoint(models.Model):
    """A point at which the study declares it will read its primary metrics: the baseline, the
    end of training, a follow-up. Each is a session number or a window of days after enrolment.

    The reading at a point is the participant's first completed session there: for a session
    number, the completed session of that number or, if that one was not completed, the next
    completed one; for a window, the first completed session that started inside it (the days
    counted from the participant's enrolment, both ends included).
    """

    class Kind(models.TextChoices):
        BASELINE = "baseline", gettext_lazy("Baseline")
        POST_TRAINING = "post_training", gettext_lazy("End of training")
        FOLLOW_UP = "follow_up", gettext_lazy("Follow-up")

    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="assessment_points")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    label = models.CharField(
        max_length=100, blank=True, help_text="For example '6-month follow-up'"
    )
    session = models.PositiveIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1)], help_text="A session number"
    )
    window_start_days = models.PositiveIntegerField(
        null=True, blank=True, help_text="First day of the window, counted from enrolment"
    )
    window_end_days = models.PositiveIntegerField(
        null=True, blank=True, help_text="Last day of the window, counted from enrolment"
    )

    class Meta:
        ordering = ["study", "pk"]  # the order the study declared them in
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(
                        session__isnull=False,
                        window_start_days__isnull=True,
                        window_end_days__isnull=True,
                    )
                    | models.Q(
                        session__isnull=True,
                        window_start_days__isnull=False,
                        window_end_days__isnull=False,
                        window_start_days__lte=models.F("window_end_days"),
                    )
                ),
                name="assessment_point_session_or_window",
            ),
            models.UniqueConstraint(
                fields=["study", "kind"],
                condition=~models.Q(kind="follow_up"),
                name="assessment_point_one_baseline_one_end",
            ),
        ]

    def __str__(self) -> str:
        return self.label or self.get_kind_display()

    @property
    def when(self) -> str:
        """The point's timing in words: 'session 12' or 'days 84-98 after enrolment'."""
        if self.session is not None:
            return gettext("session %(session)s") % {"session": self.session}
        return gettext("days %(start)s-%(end)s after enrolment") % {
            "start": self.window_start_days,
            "end": self.window_end_days,
        }


class StudyArm(models.Model):
    """An arm of a study (for example training or control); ``weight`` is its share of the
    allocation (1:1, 2:1, ...). The control arm's gains give the practice correction."""

    study = models.ForeignKey(Study, on_delete=models.PROTECT, related_name="arms")
    name = models.CharField(max_length=50)
    control = models.BooleanField(default=False)
    weight = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(10)]
    )

    class Meta:
        ordering = ["study", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["study", "name"], name="study_arm_name_unique")
        ]

    def __str__(self) -> str:
        return self.name


class Protocol(models.Model):
    """How sessions are run. Versioned: a change is a new version, old sessions keep theirs."""

    class Roles(models.TextChoices):
        CUT = "cut", "Cut for Lucky Duck each round"
        PARTICIPANT_LUCKY = "participant_lucky", "Participant is always Lucky Duck"
        PARTICIPANT_LAME = "participant_lame", "Participant is always Lame Duck"
        ALTERNATE = "alternate", "Alternate by round (participant Lame Duck first)"

    class WildTie(models.TextChoices):
        LEADER = "leader", "Card led wins"
        FOLLOWER = "follower", "Card that followed wins"

    class TrumpRule(models.TextChoices):
        TURN_UP = "turn_up", "Turned-up card"
        HIDDEN_REVEAL = "hidden_reveal", "Hidden trump, revealed on first void"
        HIDDEN_ASK = "hidden_ask", "Hidden trump, revealed on request"
        FIRST_VOID = "first_void", "First void sets trump"

    study = models.ForeignKey(Study, on_delete=models.PROTECT, related_name="protocols")
    name = models.CharField(max_length=200)
    version = models.PositiveIntegerField(default=1)
    game = models.CharField(max_length=20, choices=GameType.choices, default=GameType.MEMULATION)
    rounds = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(20)]
    )
    examination_seconds = models.PositiveSmallIntegerField(
        default=30, validators=[MinValueValidator(5), MaxValueValidator(600)]
    )
    roles = models.CharField(max_length=20, choices=Roles.choices, default=Roles.CUT)
    opponent = models.CharField(max_length=20, default="greedy")
    # Strength within the opponent type; for `memory`, the fidelity 0..1.
    opponent_level = models.FloatField(
        default=0.5, validators=[MinValueValidator(0), MaxValueValidator(1)]
    )
    wild_tie = models.CharField(max_length=10, choices=WildTie.choices, default=WildTie.LEADER)
    stragedy_intent = models.BooleanField(default=True)
    # Recall probes per probe point (0: none): where named cards lie among the face-down
    # tricks before the New Deal, and whether cards were in the other hand after each choice.
    recall_probes = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(MAX_RECALL_PROBES)],
        help_text="Recall probes per probe point, Memulation only (0: off)",
    )
    # Before a participant's first real game of this protocol's game: the rules, then a short
    # practice game that is logged but kept out of the metrics.
    practice_round = models.BooleanField(default=True)
    trump_rule = models.CharField(
        max_length=20, choices=TrumpRule.choices, default=TrumpRule.HIDDEN_ASK
    )
    sessions_per_week = models.PositiveSmallIntegerField(
        default=3, validators=[MinValueValidator(1), MaxValueValidator(14)]
    )
    # {"enabled": bool, "target_recall": 0..1, "step_seconds": int, "min_seconds": int,
    #  "max_seconds": int, "adjust_opponent": bool}
    adaptive = models.JSONField(default=dict, blank=True)
    # The turns, on the server clock (see apps.games.turns).
    opponent_pace_seconds = models.FloatField(
        default=2.0,
        validators=[MinValueValidator(0), MaxValueValidator(PACE_MAX_SECONDS)],
        help_text="How long an opponent takes to play (a little jitter is added); 0: at once.",
    )
    turn_seconds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(TURN_MIN_SECONDS), MaxValueValidator(600)],
        help_text="How long a person's turn lasts before it is played for them; empty: no limit.",
    )
    takeover_seconds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        default=60,
        validators=[MinValueValidator(TURN_MIN_SECONDS), MaxValueValidator(3600)],
        help_text="At a table of two or more people, a seat silent this long while it must act "
        "is played by an opponent until its person returns; empty: never.",
    )
    takeover_level = models.FloatField(
        default=0.5,
        validators=[MinValueValidator(0), MaxValueValidator(1)],
        help_text="Strength of the opponent that plays a silent seat, 0..1.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    # On the services' clock: the weekly plan reads the protocol in force in each week by it.
    created_at = models.DateTimeField(default=clock.now, editable=False)

    class Meta:
        ordering = ["study", "name", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["study", "name", "version"], name="protocol_version_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"

    def clean(self) -> None:
        errors: dict[str, str | list[str]] = {}
        allowed = OPPONENTS.get(self.game, ())
        if self.opponent not in allowed:
            errors["opponent"] = gettext("%(get_game_display)s opponents are: %(join)s.") % {
                "get_game_display": self.get_game_display(),
                "join": ", ".join(allowed),
            }
        if self.recall_probes and self.game != GameType.MEMULATION:
            errors["recall_probes"] = gettext(
                "Recall probes belong to Memulation; set 0 for Mendikot."
            )
        if problems := adaptive_problems(self.adaptive):
            errors["adaptive"] = problems
        if errors:
            raise ValidationError(errors)

    def snapshot(self) -> dict:
        """The settings a session runs with, frozen when the session starts."""
        return {
            "protocol_id": self.pk,
            "name": self.name,
            "version": self.version,
            "game": self.game,
            "rounds": self.rounds,
            "examination_seconds": self.examination_seconds,
            "roles": self.roles,
            "opponent": self.opponent,
            "opponent_level": self.opponent_level,
            "wild_tie": self.wild_tie,
            "stragedy_intent": self.stragedy_intent,
            "recall_probes": self.recall_probes,
            "practice_round": self.practice_round,
            "trump_rule": self.trump_rule,
            "sessions_per_week": self.sessions_per_week,
            "adaptive": self.adaptive,
            "opponent_pace_seconds": self.opponent_pace_seconds,
            "turn_seconds": self.turn_seconds,
            "takeover_seconds": self.takeover_seconds,
            "takeover_level": self.takeover_level,
        }


class Participant(models.Model):
    class AgeBand(models.TextChoices):
        UNDER_40 = "<40", gettext_lazy("under 40")
        B40 = "40-49", "40-49"
        B50 = "50-59", "50-59"
        B60 = "60-69", "60-69"
        B70 = "70-79", "70-79"
        B80 = "80+", gettext_lazy("80 and over")
        UNKNOWN = "unknown", gettext_lazy("not recorded")

    study = models.ForeignKey(Study, on_delete=models.PROTECT, related_name="participants")
    code = models.CharField(max_length=20)
    age_band = models.CharField(max_length=10, choices=AgeBand.choices, default=AgeBand.UNKNOWN)
    group = models.CharField(
        max_length=50, blank=True, help_text="Group for analyses: one of the study's group codes"
    )
    # The arm the allocation list gave (null: the study has no arms).
    arm = models.ForeignKey(
        StudyArm, on_delete=models.PROTECT, null=True, blank=True, related_name="participants"
    )
    clinicians = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="assigned_participants", blank=True
    )
    # The language of the participant's device (the play screen, its API answers) and their
    # report: set at enrolment, changed by staff or by the participant on the play screen.
    language = models.CharField(
        max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    consent_date = models.DateField(null=True, blank=True)
    consent_form_version = models.CharField(max_length=50, blank=True)
    consent_withdrawn_at = models.DateTimeField(null=True, blank=True)
    # Settings carried from session to session by adaptive difficulty (see metrics).
    examination_seconds_override = models.PositiveSmallIntegerField(null=True, blank=True)
    opponent_level_override = models.FloatField(null=True, blank=True)
    # The participant's own weekly plan as it is now (null: none; the prescription, else the
    # study's newest protocol's, applies); every change is also kept as a WeeklyPlan.
    sessions_per_week = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Sessions a week planned for this participant"
    )
    # Enrolment: on the services' clock, which the session and week counts read too.
    created_at = models.DateTimeField(default=clock.now, editable=False)
    # The key the client sent with the enrolment: the same key again (a double click, a
    # retried request) answers with this participant instead of enrolling a second one.
    # A request's key, not a fact about the participant: never shown, exported or audited.
    client_key = models.UUIDField(null=True, blank=True, editable=False)

    audit_omitted = ("client_key",)

    class Meta:
        ordering = ["study", "code"]
        constraints = [
            models.UniqueConstraint(fields=["study", "code"], name="participant_code_unique"),
            # One key is one enrolment, in any study.
            models.UniqueConstraint(fields=["client_key"], name="participant_client_key_unique"),
        ]

    def __str__(self) -> str:
        return self.code

    @property
    def has_consent(self) -> bool:
        return self.consent_date is not None and self.consent_withdrawn_at is None


class Allocation(models.Model):
    """How a study allocates (see :mod:`apps.participants.minimisation`): kept to reproduce
    every allocation, never shown (the seed would reveal every future one)."""

    study = models.OneToOneField(Study, on_delete=models.PROTECT, related_name="+")
    seed = models.BigIntegerField()
    method = models.CharField(max_length=40, default="minimisation")
    generator = models.CharField(max_length=40, help_text="the stated random number generator")
    factors = models.JSONField(help_text="the participant's fields minimisation balances")
    bias = models.FloatField(help_text="the share of its weight a non-preferred arm gives up")
    drawn_at = models.DateTimeField(auto_now_add=True)


class AllocationSlot(models.Model):
    """One allocation: the study's ``position``-th, the stratum (the factors' levels) frozen as
    it was then, the chances each arm had, who allocated and when, and the eligibility they
    confirmed. Later corrections of the participant's details never move it."""

    study = models.ForeignKey(Study, on_delete=models.PROTECT, related_name="+")
    position = models.PositiveIntegerField(help_text="1 for the study's first allocation")
    stratum = models.CharField(max_length=10, help_text="the age band when allocated")
    factors = models.JSONField(default=dict, help_text="every factor's level when allocated")
    chances = models.JSONField(default=dict, help_text="each arm's chance at this allocation")
    arm = models.ForeignKey(StudyArm, on_delete=models.PROTECT, related_name="+")
    participant = models.OneToOneField(
        Participant, on_delete=models.PROTECT, related_name="allocation"
    )
    eligibility = models.JSONField(default=list, help_text="the criteria confirmed as met")
    allocated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    allocated_at = models.DateTimeField()

    class Meta:
        ordering = ["study", "position"]
        constraints = [
            models.UniqueConstraint(fields=["study", "position"], name="allocation_position_unique")
        ]


class WeeklyPlan(models.Model):
    """One version of a participant's own weekly plan, kept for ever, with the moment it took
    effect and who set it: a week is measured against the plan in force on its last day, the
    week under way against the one in force now (as with a prescription), so a change never
    rewrites a week that has ended. ``sessions_per_week`` null: the plan was cleared."""

    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="plans")
    sessions_per_week = models.PositiveSmallIntegerField(null=True)
    # Null: in force from the beginning (the plan as it stood when versions began to be kept).
    effective_at = models.DateTimeField(null=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )


class ClinicianNote(models.Model):
    """Free text about a participant, for the clinical team only; never part of research data."""

    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="notes")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
