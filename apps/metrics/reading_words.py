"""The words of readings: values in their units, trends, changes and why none is given (pure)."""

from __future__ import annotations

from apps.metrics.catalogue import HIGHER, LOWER, Metric
from apps.metrics.series import MIN_POINTS

ALPHA = 0.05  # a corrected p below it gives a word
GAME_NAMES = {"memulation": "Memulation", "mendikot": "Mendikot"}
NEUTRAL_NOTE = "A neutral measure: it describes how the participant plays, not how well."


def number(x: float) -> str:
    return f"{x:.3g}"


def value_words(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "proportion":
        return f"{value * 100:.0f}%"
    return f"{number(value)} {unit}"


def change_words(value: float, unit: str) -> str:
    if unit == "proportion":
        return f"{value * 100:+.0f} points"
    return f"{value:+.3g} {unit}"


def observations(n: int) -> str:
    return f"{n} observation{'s' if n != 1 else ''}"


def better(metric: Metric, change: float) -> str:
    if metric.direction == HIGHER:
        return "improvement" if change > 0 else "decline"
    if metric.direction == LOWER:
        return "improvement" if change < 0 else "decline"
    raise ValueError("a neutral measure has no better or worse")


def label(metric: Metric, game: str, games: int) -> str:
    """The metric's label, with the game when the participant has played both."""
    if len(metric.games) > 1 and games > 1:
        return f"{metric.label} ({GAME_NAMES.get(game, game)})"
    return metric.label


def trend_numbers(metric: Metric, trend: dict) -> str:
    unit = metric.unit
    span = f"sessions {trend['first_session']}-{trend['last_session']}"
    return (
        f"{change_words(trend['change'], unit)} over {span} (95% CI "
        f"{change_words(trend['change_low'], unit)} to {change_words(trend['change_high'], unit)}"
        f"; {trend['points']} sessions)"
    )


def no_trend_words(metric: Metric, trend: dict) -> str:
    if trend["status"] == "not_enough_points":
        return (
            f"No trend yet: {trend['points']} of the {MIN_POINTS} sessions a trend needs have "
            f"{metric.min_trials} or more observations."
        )
    if trend["status"] == "no_variation":
        return f"No variation: every counted session is {value_words(trend['value'], metric.unit)}."
    return "No trend: the values sit at an end of the scale, where no trend can be fitted."


def exploratory_words(metric: Metric, trend: dict) -> str:
    if trend["status"] != "ok":
        return "Exploratory. " + no_trend_words(metric, trend)
    clear = trend["p_adjusted"] < ALPHA
    kind = ("rising" if trend["change"] > 0 else "falling") if clear else "no clear trend"
    return (
        f"Exploratory (not a planned claim): {kind}, {trend_numbers(metric, trend)}; "
        f"p = {trend['p_adjusted']:.2g} after Holm's correction across the "
        f"{trend['family']} trends shown."
    )


KIND_WORDS = {"baseline": "Baseline", "post_training": "End of training", "follow_up": "Follow-up"}


def assessment_words(metric: Metric, entry: dict) -> tuple[str, list[str]]:
    """The point's reading in words, and the flag words it shows."""
    change, trend = entry["change"] or {}, entry["trend"] or {}
    words, flags = [], []
    if change.get("status") == "ok":
        reliable = change["p_adjusted"] < ALPHA
        net = change["raw_change"] - (change["practice_gain"] or 0.0)
        head = f"Reliable {better(metric, net)}" if reliable else "No reliable change"
        if reliable:
            flags.append(head.lower())
        practice = (
            f", {change_words(change['practice_gain'], metric.unit)} of practice from the control "
            f"arm (n = {change['practice_n']}) taken off"
            if change["practice_gain"] is not None
            else ", no practice correction (the study has no control arm)"
        )
        words.append(
            f"{head} since the baseline: {value_words(change['baseline'], metric.unit)} "
            f"(session {change['baseline_session']}, n = {change['baseline_n']}) to "
            f"{value_words(change['value'], metric.unit)} (session {change['session']}, n = "
            f"{change['n']}){practice}; RCI {change['rci']:.2f}, p = {change['p_adjusted']:.2g} "
            f"after correction for {change['family']} readings at this point and "
            f"{change['looks']} assessment point{'s' if change['looks'] != 1 else ''}."
        )
    else:
        words.append(no_change_words(metric, change))
    if trend.get("status") == "ok":
        clear = trend["p_adjusted"] < ALPHA
        if clear:
            kind = better(metric, trend["change"]).capitalize()
            flags.append(kind.lower())
        else:
            kind = "No clear trend"
        words.append(
            f"{kind} over training: {trend_numbers(metric, trend)}, p = "
            f"{trend['p_adjusted']:.2g} after correction."
        )
        trend["arrow"] = ("up" if trend["change"] > 0 else "down") if clear else "flat"
    elif trend:
        words.append(no_trend_words(metric, trend))
    return " ".join(words), flags


def no_change_words(metric: Metric, change: dict) -> str:
    status = change.get("status")
    if status == "not_enough_trials":
        return (
            f"No change reading: the baseline rests on "
            f"{observations(change['baseline_n'])} and this point on "
            f"{observations(change['n'])}; {change['min_trials']} are needed in each."
        )
    if status == "no_reliability":
        return f"No change reading: {change['missing']}"
    if status == "no_practice":
        return (
            "No change reading yet: the practice correction needs "
            f"{change['min_control']} control-arm participants with both sessions."
        )
    return "No change reading: no value at the baseline or at this point."
