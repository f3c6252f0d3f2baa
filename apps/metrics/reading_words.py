"""The words of readings: values in their units, trends, changes and why none is given (pure).

Written in the active language: readings are computed and stored in English (the language of the
record and of the export) and worded again in a reader's own language when shown to them
(``apps.metrics.selectors.readings_worded``)."""

from __future__ import annotations

import math

from babel.numbers import format_percent, get_decimal_symbol
from django.utils.translation import get_language, gettext, gettext_noop, ngettext, to_locale

from apps.metrics.catalogue import HIGHER, LOWER, Metric
from apps.metrics.series import MIN_POINTS

ALPHA = 0.05  # a corrected p below it gives a word
GAME_NAMES = {"memulation": "Memulation", "mendikot": "Mendikot"}
NEUTRAL_NOTE = gettext_noop(
    "A neutral measure: it describes how the participant plays, not how well."
)


# Units written after a value (ms and z are symbols, the same in every language).
UNIT_WORDS = {
    "tricks": gettext_noop("tricks"),
    "slots": gettext_noop("slots"),
    "seconds": gettext_noop("seconds"),
    "count": gettext_noop("count"),
    "ratio": gettext_noop("ratio"),
}


def unit_words(unit: str) -> str:
    return gettext(UNIT_WORDS[unit]) if unit in UNIT_WORDS else unit


def neutral_note() -> str:
    return gettext(NEUTRAL_NOTE)


def figure(text: str) -> str:
    """A number written in Python's notation, in the reader's: its decimal sign (English keeps
    the notation the stored readings use)."""
    language = get_language() or "en"
    if language.startswith("en"):
        return text
    return text.replace(".", get_decimal_symbol(to_locale(language)))


def p_figure(p: float) -> str:
    """A p value as it follows "p": "= 0.056", or "< 0.001" below that (never "= 0", never
    "3.9e-06": a p is not known that finely)."""
    if p < 0.001:
        return "< " + figure("0.001")
    return "= " + figure(f"{p:.2g}")


def _unmarked(text: str) -> str:
    """Without the invisible direction marks CLDR puts around Arabic numbers: the layout sets
    the direction (the report's font has no glyph for them)."""
    return text.translate({0x200E: None, 0x200F: None, 0x061C: None, 0x202F: 0x00A0})


def significant(x: float, *, sign: bool = False) -> str:
    """``x`` to three significant digits, written out: 1190 and 0.000123, never 1.19e+03 (a
    clinician's page is no place for exponents).

    >>> significant(-1190.4, sign=True), significant(1234.5), significant(0.000123)
    ('-1190', '1230', '0.000123')
    >>> significant(1.5, sign=True), significant(999.6)
    ('+1.5', '1000')
    """
    if x == 0 or not math.isfinite(x):
        return f"{x:+g}" if sign else f"{x:g}"
    places = 2 - math.floor(math.log10(abs(x)))
    text = f"{round(x, places):{'+' if sign else ''}.{max(0, places)}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def number(x: float) -> str:
    return figure(significant(x))


def value_words(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "proportion":
        share = f"{value * 100:.0f}"
        language = get_language() or "en"
        if language.startswith("en"):
            return f"{share}%"
        return _unmarked(format_percent(round(value, 2), locale=to_locale(language)))
    return f"{number(value)} {unit_words(unit)}"


def change_words(value: float, unit: str) -> str:
    if unit == "proportion":
        return gettext("%(change)s points") % {"change": f"{value * 100:+.0f}"}
    return f"{figure(significant(value, sign=True))} {unit_words(unit)}"


def adaptive_step_words(
    *,
    attempts: int,
    hits: int,
    target: float,
    seconds: tuple[int, int],
    opponent: tuple[float, float],
) -> str:
    """Why the staircase moved after a session, in the reader's language: its 'Stragedy
    attempts with a named card, their hits against the target, and the examination time and
    opponent level before and after."""
    if not attempts:
        return gettext("No 'Stragedy with a named card this session: no step.")
    return ngettext(
        "%(hits)s of %(attempts)s 'Stragedy attempt hit (target %(target)s): examination "
        "%(before)s s to %(after)s s, opponent level %(opponent_before)s to %(opponent_after)s.",
        "%(hits)s of %(attempts)s 'Stragedy attempts hit (target %(target)s): examination "
        "%(before)s s to %(after)s s, opponent level %(opponent_before)s to %(opponent_after)s.",
        attempts,
    ) % {
        "hits": hits,
        "attempts": attempts,
        "target": value_words(target, "proportion"),
        "before": seconds[0],
        "after": seconds[1],
        "opponent_before": figure(significant(opponent[0])),
        "opponent_after": figure(significant(opponent[1])),
    }


def observations(n: int) -> str:
    return ngettext("%(n)s observation", "%(n)s observations", n) % {"n": n}


def better(metric: Metric, change: float) -> str:
    """The flag word of a change (English: a code the pages and the export read)."""
    if metric.direction == HIGHER:
        return "improvement" if change > 0 else "decline"
    if metric.direction == LOWER:
        return "improvement" if change < 0 else "decline"
    raise ValueError("a neutral measure has no better or worse")


def label(metric: Metric, game: str, games: int) -> str:
    """The metric's label, with the game when the participant has played both."""
    if len(metric.games) > 1 and games > 1:
        return f"{gettext(metric.label)} ({GAME_NAMES.get(game, game)})"
    return gettext(metric.label)


def trend_numbers(metric: Metric, trend: dict) -> str:
    unit = metric.unit
    return gettext(
        "%(change)s over sessions %(first)s-%(last)s (95%% CI %(low)s to %(high)s; "
        "%(points)s sessions)"
    ) % {
        "change": change_words(trend["change"], unit),
        "first": trend["first_session"],
        "last": trend["last_session"],
        "low": change_words(trend["change_low"], unit),
        "high": change_words(trend["change_high"], unit),
        "points": trend["points"],
    }


def no_trend_words(metric: Metric, trend: dict) -> str:
    if trend["status"] == "not_enough_points":
        return gettext(
            "No trend yet: %(points)s of the %(needed)s sessions a trend needs have %(min)s or "
            "more observations."
        ) % {"points": trend["points"], "needed": MIN_POINTS, "min": metric.min_trials}
    if trend["status"] == "no_variation":
        return gettext("No variation: every counted session is %(value)s.") % {
            "value": value_words(trend["value"], metric.unit)
        }
    if trend["status"] == "staircase":
        return gettext(
            "No trend is tested: each session's level carries on from the last one's, so the "
            "sessions are not independent observations a trend could rest on."
        )
    if trend["status"] == "protocol_differs":
        return gettext(
            "No trend is tested: session %(session)s ran with %(protocol)s and session "
            "%(from)s with %(latest)s; a trend across them would be the settings' as much as the "
            "participant's."
        ) % {
            "session": trend["session"],
            "protocol": protocol_words(trend["protocol"]),
            "from": trend["settings_from"],
            "latest": protocol_words(trend["latest_protocol"]),
        }
    if trend["status"] == "exact_line":
        return gettext(
            "No trend can be tested: the counted sessions lie exactly on a straight line, which "
            "leaves nothing to estimate its uncertainty from."
        )
    return gettext(
        "No trend: the values sit at an end of the scale or jump between its ends, where no "
        "trend can be fitted."
    )


def exploratory_words(metric: Metric, trend: dict) -> str:
    words = _trend_words(metric, trend)
    if left_out := trend.get("left_out"):
        words += " " + gettext(
            "Sessions before session %(from)s are left out: session %(session)s ran with "
            "%(protocol)s, the later ones with %(latest)s."
        ) % {
            "from": left_out["settings_from"],
            "session": left_out["session"],
            "protocol": protocol_words(left_out["protocol"]),
            "latest": protocol_words(left_out["latest_protocol"]),
        }
    return words


def _trend_words(metric: Metric, trend: dict) -> str:
    if trend["status"] != "ok":
        return gettext("Exploratory.") + " " + no_trend_words(metric, trend)
    clear = trend["p_adjusted"] < ALPHA
    if not clear:
        kind = gettext("no clear trend")
    else:
        kind = gettext("rising") if trend["change"] > 0 else gettext("falling")
    return gettext(
        "Exploratory (not a planned claim): %(kind)s, %(numbers)s; p %(p)s after Holm's "
        "correction across the %(family)s trends shown."
    ) % {
        "kind": kind,
        "numbers": trend_numbers(metric, trend),
        "p": p_figure(trend["p_adjusted"]),
        "family": trend["family"],
    }


KIND_WORDS = {
    "baseline": gettext_noop("Baseline"),
    "post_training": gettext_noop("End of training"),
    "follow_up": gettext_noop("Follow-up"),
}
# The flag words' sentences in the reading (the flags themselves stay English codes).
CHANGE_HEADS = {
    "improvement": gettext_noop("Reliable improvement"),
    "decline": gettext_noop("Reliable decline"),
}
TREND_HEADS = {"improvement": gettext_noop("Improvement"), "decline": gettext_noop("Decline")}


def assessment_words(metric: Metric, entry: dict) -> tuple[str, list[str]]:
    """The point's reading in words, and the flag words it shows."""
    change, trend = entry["change"] or {}, entry["trend"] or {}
    words, flags = [], []
    if change.get("status") == "ok":
        reliable = change["p_adjusted"] < ALPHA
        net = change["raw_change"] - (change["practice_gain"] or 0.0)
        if reliable:
            flag = better(metric, net)
            flags.append(f"reliable {flag}")
            head = gettext(CHANGE_HEADS[flag])
        else:
            head = gettext("No reliable change")
        practice = (
            gettext("%(gain)s of practice from the control arm (n = %(n)s) taken off")
            % {
                "gain": change_words(change["practice_gain"], metric.unit),
                "n": change["practice_n"],
            }
            if change["practice_gain"] is not None
            else gettext("no practice correction (the study has no control arm)")
        )
        words.append(
            ngettext(
                "%(head)s since the baseline: %(baseline)s (session %(baseline_session)s, "
                "n = %(baseline_n)s) to %(value)s (session %(session)s, n = %(n)s), "
                "%(practice)s; RCI %(rci)s, p %(p)s after correction for %(family)s readings "
                "at this point and %(looks)s assessment point.",
                "%(head)s since the baseline: %(baseline)s (session %(baseline_session)s, "
                "n = %(baseline_n)s) to %(value)s (session %(session)s, n = %(n)s), "
                "%(practice)s; RCI %(rci)s, p %(p)s after correction for %(family)s readings "
                "at this point and %(looks)s assessment points.",
                change["looks"],
            )
            % {
                "head": head,
                "baseline": value_words(change["baseline"], metric.unit),
                "baseline_session": change["baseline_session"],
                "baseline_n": change["baseline_n"],
                "value": value_words(change["value"], metric.unit),
                "session": change["session"],
                "n": change["n"],
                "practice": practice,
                "rci": figure(f"{change['rci']:.2f}"),
                "p": p_figure(change["p_adjusted"]),
                "family": change["family"],
                "looks": change["looks"],
            }
        )
    else:
        words.append(no_change_words(metric, change))
    if trend.get("status") == "ok":
        clear = trend["p_adjusted"] < ALPHA
        if clear:
            flag = better(metric, trend["change"])
            flags.append(flag)
            kind = gettext(TREND_HEADS[flag])
        else:
            kind = gettext("No clear trend")
        words.append(
            gettext("%(kind)s over training: %(numbers)s, p %(p)s after correction.")
            % {
                "kind": kind,
                "numbers": trend_numbers(metric, trend),
                "p": p_figure(trend["p_adjusted"]),
            }
        )
        trend["arrow"] = ("up" if trend["change"] > 0 else "down") if clear else "flat"
    elif trend:
        words.append(no_trend_words(metric, trend))
    return " ".join(words), flags


def protocol_words(protocol: dict) -> str:
    game = GAME_NAMES.get(protocol.get("game") or "", protocol.get("game") or "?")
    return gettext("%(game)s, %(seconds)s s examination, %(opponent)s opponent") % {
        "game": game,
        "seconds": protocol.get("examination_seconds"),
        "opponent": protocol.get("opponent"),
    }


def no_change_words(metric: Metric, change: dict) -> str:
    status = change.get("status")
    if status == "not_enough_trials":
        return gettext(
            "No change reading: the baseline rests on %(baseline)s and this point on "
            "%(point)s; %(min)s are needed in each."
        ) % {
            "baseline": observations(change["baseline_n"]),
            "point": observations(change["n"]),
            "min": change["min_trials"],
        }
    if status == "no_reliability":
        return gettext("No change reading: %(missing)s") % {"missing": change["missing"]}
    if status == "no_practice":
        return gettext(
            "No change reading yet: the practice correction needs %(min)s control-arm "
            "participants with both sessions."
        ) % {"min": change["min_control"]}
    if status == "protocol_differs":
        return gettext(
            "No change reading: the baseline (session %(baseline_session)s) ran with "
            "%(baseline_protocol)s and this point (session %(session)s) with %(protocol)s; a "
            "change between them would be the settings' as much as the participant's."
        ) % {
            "baseline_session": change["baseline_session"],
            "baseline_protocol": protocol_words(change["baseline_protocol"]),
            "session": change["session"],
            "protocol": protocol_words(change["protocol"]),
        }
    if status == "adaptive":
        return gettext(
            "No change reading: the adaptive staircase set the examination time at the baseline "
            "or at this point, and this measure is not read while it does."
        )
    return gettext("No change reading: no value at the baseline or at this point.")
