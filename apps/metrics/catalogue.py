"""Every metric the platform computes: one catalogue, read by the API, the jobs and the codebook.

A definition never changes in place: changing what a metric means bumps its ``version``, and
values computed under the old version stay stored beside the new ones.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_noop

HIGHER = "higher_better"
LOWER = "lower_better"
NEUTRAL = "neutral"


@dataclass(frozen=True)
class Metric:
    key: str
    label: str
    definition: str
    unit: str
    direction: str
    version: int = 1
    games: tuple[str, ...] = ("memulation",)
    solver: bool = False  # needs the double-dummy analysis
    # Fewest observations (the value's ``n``: attempts, plays, rounds or hands) a session value,
    # or the sessions averaged for a reliable change, must rest on before it is read.
    min_trials: int = 10
    # A chance baseline for another metric's key: context for that score, never read as one.
    baseline_for: str = ""
    # What it means in a clinician's words, where the definition is a researcher's.
    plain: str = ""
    # Each session's value carries on from the last one's (a staircase's level): the sessions are
    # not independent observations, and a trend through them is not tested.
    staircase: bool = False

    @property
    def claimable(self) -> bool:
        """May a study declare it primary: read as better or worse, not a chance baseline, and
        with a one-session error a reliable change can rest on (not an estimate whose interval
        is not calibrated)."""
        return (
            self.direction in (HIGHER, LOWER)
            and not self.baseline_for
            and self.key not in UNCALIBRATED
        )

    def as_dict(self) -> dict:
        return {
            "key": self.key,
            "label": self.label,
            "definition": self.definition,
            "unit": self.unit,
            "direction": self.direction,
            "version": self.version,
            "games": list(self.games),
            "needs_solver": self.solver,
            "min_trials": self.min_trials,
            "baseline_for": self.baseline_for or None,
            "plain": self.plain or self.definition,
            "claimable": self.claimable,
        }


BOTH = ("memulation", "mendikot")
# Estimates whose interval is not calibrated in simulation for every number of games a session
# may pool: no z-score, no reliable change, not a primary measure. Memory fidelity, version 10:
# one, three, five and ten games' intervals held the true f 92-98% of the time at every true f
# on seeds not used to choose them, but two games' 90.6% at 0.25, so a session of two games
# would be compared on an interval too narrow there (and one session's estimate is rough: its
# RMSE 0.20-0.41 by true f); see apps/metrics/fidelity_interval.py.
UNCALIBRATED = ("memory_fidelity",)

METRICS: tuple[Metric, ...] = (
    # -- recall ('Stragedy) -------------------------------------------------------------------
    Metric(
        "recall_hit",
        gettext_noop("'Stragedy hit rate"),
        gettext_noop(
            "Share of 'Stragedy attempts in which the revealed card was the card Lame Duck named "
            "as intended. Only attempts with a named intended card count."
        ),
        "proportion",
        HIGHER,
    ),
    Metric(
        "recall_suit_correct",
        gettext_noop("'Stragedy suit correct"),
        gettext_noop(
            "Share of 'Stragedy attempts in which the revealed card had the intended card's suit."
        ),
        "proportion",
        HIGHER,
    ),
    Metric(
        "recall_rank_correct",
        gettext_noop("'Stragedy rank correct"),
        gettext_noop(
            "Share of 'Stragedy attempts in which the revealed card had the intended card's rank."
        ),
        "proportion",
        HIGHER,
    ),
    Metric(
        "recall_position_error",
        gettext_noop("'Stragedy position error"),
        gettext_noop(
            "Distance in trick slots between the position chosen and where the intended card "
            "really lay, slots numbered in the order the Old Deal was played (2 x trick + card, "
            "0..25). Attempts whose intended card was not among the old tricks do not count."
        ),
        "slots",
        LOWER,
    ),
    Metric(
        "recall_chance",
        gettext_noop("'Stragedy chance level"),
        gettext_noop(
            "The chance of revealing the intended card by picking at random within the pile "
            "chosen: 1 / the face-down cards in that pile."
        ),
        "proportion",
        NEUTRAL,
        baseline_for="recall_hit",
    ),
    Metric(
        "recall_strategic_value",
        gettext_noop("'Stragedy strategic value"),
        gettext_noop(
            "New-Deal tricks Lame Duck can force (double-dummy) under the Pritticut chosen, scaled "
            "between the worst (0) and the best (1) card that could have been chosen."
        ),
        "proportion",
        HIGHER,
        solver=True,
    ),
    # -- recall probes (protocol setting recall_probes; only when it is on) --------------------
    Metric(
        "probe_location_hit",
        gettext_noop("Where-probe hit rate"),
        gettext_noop(
            "Share of where-probes (before the New Deal: where does this named card lie among the "
            "Old Deal's face-down tricks?) answered with the card's exact position: pile, trick in "
            "the pile and card. Every probed card is really among the tricks."
        ),
        "proportion",
        HIGHER,
    ),
    Metric(
        "probe_hand_dprime",
        gettext_noop("Which-hand sensitivity (d')"),
        gettext_noop(
            "Signal-detection d' of the which-hand probes (after each hand choice: was this card "
            "in "
            "the other hand?): z(hit rate) - z(false-alarm rate), a hit a yes to a card that was "
            "there, a false alarm a yes to a card the participant never saw (the Old Deal's "
            "Undealt; the New Deal's foils, cards seen in the old tricks, are left out: a yes to "
            "them confuses where a card was seen, and their counts are kept apart in the details). "
            "Rates take the log-linear correction (0.5 added to hits and false alarms, 1 to the "
            "signal and noise trials) in every case; a session's counts are added up over its "
            "games."
        ),
        "z",
        HIGHER,
        version=2,
        min_trials=20,
    ),
    Metric(
        "probe_hand_criterion",
        gettext_noop("Which-hand criterion (c)"),
        gettext_noop(
            "Signal-detection criterion c of the which-hand probes: -(z(hit rate) + z(false-alarm "
            "rate)) / 2, same corrected rates (and never-seen foils) as d'. Negative: a bias to "
            "answer yes; positive: to answer no. A response style, neither better nor worse."
        ),
        "z",
        NEUTRAL,
        version=2,
        min_trials=20,
    ),
    # -- play quality -------------------------------------------------------------------------
    Metric(
        "tricks_won",
        gettext_noop("Tricks won"),
        gettext_noop(
            "Tricks the participant took per round (Memulation: both deals; Mendikot: the "
            "participant's team)."
        ),
        "tricks",
        HIGHER,
        games=BOTH,
        min_trials=3,
    ),
    Metric(
        "optimal_play_rate",
        gettext_noop("Optimal-play rate"),
        gettext_noop(
            "Share of the participant's card plays that lost no trick against perfect play "
            "(double-dummy value of the card played equals the best value)."
        ),
        "proportion",
        HIGHER,
        solver=True,
        min_trials=20,
    ),
    Metric(
        "tricks_lost",
        gettext_noop("Tricks lost to errors"),
        gettext_noop(
            "Tricks given away by the participant's plays per round: the sum over plays of the "
            "best "
            "value minus the value of the card played (double-dummy)."
        ),
        "tricks",
        LOWER,
        solver=True,
        min_trials=20,
    ),
    Metric(
        "hand_choice_loss",
        gettext_noop("Hand-choice loss"),
        gettext_noop(
            "When the participant was Lucky Duck: tricks given up by the hand choice, the solved "
            "value of the better hand minus that of the hand chosen (Old Deal under its trump; New "
            "Deal under the Pritticut Lame Duck then chose). Mean per choice."
        ),
        "tricks",
        LOWER,
        solver=True,
        min_trials=5,
    ),
    Metric(
        "memory_fidelity",
        gettext_noop("Memory fidelity (model estimate)"),
        gettext_noop(
            "Share of what was seen that the participant's decisions show they kept: the "
            "maximum-likelihood fidelity f (0..1) of the memory opponent's model (each examined "
            "card of the other hand, and each face-down Old-Deal position, kept with probability "
            "f; in the New Deal each Old-Deal card, seen twice, with 1 - (1 - f)^2; the rest "
            "guessed; choices valued double-dummy; a card play's probability is its softmax "
            "probability averaged over 32 stratified sampled memories, the softmax's precision "
            "fitted too, mixed with a slip, any legal card alike, at a fixed rate of 0.3). Per "
            "game and per session from its card plays and 'Stragedy picks "
            "(log-likelihoods added); hand choices are not used. Details hold the interval: for "
            "one game, where the profile log-likelihood stays within 2.5 of its maximum (not the "
            "nominal 1.92: the plays of a deal share one memory); for several games, that "
            "together with the bootstrap interval over the games (resampled 500 times, the "
            "expanded percentile for their number); either reaches f = 1 only where the profile "
            "there is within 1.19 of its maximum, and that of ten games or more reaches f = 0 "
            "only where the profile there is within 2.56 of it (each chosen in simulation so "
            "that a true f at that end is held 95% of the time); how many games it pools and how "
            "many decisions of each kind carried information. The words shown with the interval "
            "say how often intervals of as many games held the true f of simulated players "
            "(bench/fidelity.py, seeds not used to choose them). The estimate and both ends of "
            "its interval are then read through a calibration curve: the profile's maximum that "
            "simulated players of a true f reached on average over ten sessions is read as that "
            "f (at 0.25, 0.5 and 0.75; linear between, the ends of the range kept). One game has "
            "a curve of its own: at each of those f, the profile's maximum that one game's "
            "interval held 95% of the time for simulated players of that f."
        ),
        "proportion",
        HIGHER,
        version=10,
        solver=True,
        plain=gettext_noop(
            "How much of what they were shown the participant's play suggests they kept in "
            "mind, from 0% (nothing) to 100% (everything). It is worked out from the choices they "
            "made, so one session's figure is rough: the range beside it shows how rough, and how "
            "often such a range was found to hold the true value when we tried it on simulated "
            "players."
        ),
    ),
    Metric(
        "illegal_attempts",
        gettext_noop("Illegal attempts"),
        gettext_noop(
            "Moves refused by the rules (not following suit, playing out of turn, ...) per round."
        ),
        "count",
        LOWER,
        games=BOTH,
        min_trials=3,
    ),
    # -- timing -------------------------------------------------------------------------------
    # Neutral: a faster decision is not a better one (speed trades with care), so timing
    # describes how someone plays and is never read as an improvement or a decline.
    Metric(
        "decision_time_median_ms",
        gettext_noop("Median decision time"),
        gettext_noop(
            "Median time from a choice being offered to the card being played, measured in the "
            "browser (server-measured time where the browser sent none); a session's value is the "
            "median of all its plays, not a mean of its games'."
        ),
        "ms",
        NEUTRAL,
        version=2,
        games=BOTH,
        min_trials=20,
    ),
    Metric(
        "decision_time_iqr_ms",
        gettext_noop("Decision-time spread (IQR)"),
        gettext_noop("Interquartile range of the decision times (a session's: of all its plays)."),
        "ms",
        NEUTRAL,
        version=2,
        games=BOTH,
        min_trials=20,
    ),
    Metric(
        "decision_time_cv",
        gettext_noop("Decision-time variability (CV)"),
        gettext_noop(
            "Coefficient of variation of the decision times (standard deviation / mean; a "
            "session's: of all its plays): intra-individual variability."
        ),
        "ratio",
        NEUTRAL,
        version=2,
        games=BOTH,
        min_trials=20,
    ),
    # -- examination --------------------------------------------------------------------------
    Metric(
        "examination_time_used",
        gettext_noop("Examination time used"),
        gettext_noop(
            "Seconds spent examining the hands as a share of the seconds offered, over all hands."
        ),
        "proportion",
        NEUTRAL,
        min_trials=4,
    ),
    Metric(
        "examination_sorts",
        gettext_noop("Examination sorts"),
        gettext_noop("Times a hand was re-ordered during examinations, per round."),
        "count",
        NEUTRAL,
        min_trials=4,
    ),
    Metric(
        "examination_early_ends",
        gettext_noop("Examinations ended early"),
        gettext_noop("Hands whose examination the participant ended before its time, per round."),
        "count",
        NEUTRAL,
        min_trials=4,
    ),
    Metric(
        "examination_page_hidden_seconds",
        gettext_noop("Page hidden during examination"),
        gettext_noop(
            "Seconds the page was hidden (another tab or app) while a hand was on show, per round."
        ),
        "seconds",
        LOWER,
        min_trials=4,
    ),
    # -- adaptive difficulty ------------------------------------------------------------------
    Metric(
        "adaptive_seconds",
        gettext_noop("Adaptive examination time"),
        gettext_noop(
            "While a protocol's adaptive staircase is on: the examination seconds the session was "
            "played at, which the staircase set from every earlier 'Stragedy attempt (one step per "
            "attempt: shorter after a hit, longer after a miss, weighted so the hit rate settles "
            "at "
            "the protocol's target). Its n is the steps taken before the session: a level counts "
            "once ten steps have set it. While the staircase adapts this level, not the hit rate, "
            "is the outcome."
        ),
        "seconds",
        LOWER,
        plain=gettext_noop(
            "The time to examine the hands at which the participant hits the named card as "
            "often as the protocol aims for: the staircase shortens it after each hit and "
            "lengthens "
            "it after each miss. Less time needed means the cards are taken in faster."
        ),
        staircase=True,
    ),
    # -- Mendikot -----------------------------------------------------------------------------
    Metric(
        "mendikot_tens",
        gettext_noop("Tens captured"),
        gettext_noop("Tens taken by the participant's team per round."),
        "count",
        HIGHER,
        games=("mendikot",),
        min_trials=3,
    ),
    Metric(
        "mendikot_rounds_won",
        gettext_noop("Rounds won"),
        gettext_noop("Share of rounds won by the participant's team."),
        "proportion",
        HIGHER,
        games=("mendikot",),
        min_trials=3,
    ),
)

CATALOGUE: dict[str, Metric] = {m.key: m for m in METRICS}


def claimable(key: str) -> bool:
    """A metric a study may declare primary (see ``Metric.claimable``)."""
    metric = CATALOGUE.get(key)
    return metric is not None and metric.claimable


def metrics_for(game: str) -> list[Metric]:
    return [m for m in METRICS if game in m.games]


def catalogue_signature(*, with_solver: bool) -> str:
    """Changes whenever a metric is added, a definition's version is bumped, or the solver's
    metrics are switched on or off."""
    import hashlib

    text = ",".join(f"{m.key}:{m.version}" for m in METRICS if with_solver or not m.solver)
    return hashlib.sha256(text.encode()).hexdigest()[:32]
