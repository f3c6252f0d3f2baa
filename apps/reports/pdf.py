"""The participant report as a PDF for the patient record, drawn with ReportLab: who (the
pseudonymous code only), sessions attended against the plan, progress charts and readings with
every input a reliable change rests on, and clinician notes only when they were asked for."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from django.utils.translation import get_language, gettext, gettext_noop, ngettext, pgettext
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from apps.metrics.selectors import KIND_WORDS
from apps.programmes.models import MissedDose
from apps.reports.script import (
    RightToLeft,
    day,
    decimal,
    moment,
    percent,
    right_to_left,
    rtl_fonts,
    visual,
)

# The measures charted, in the participant page's order; the rest are listed in a table.
CHARTED = (
    "recall_hit",
    "recall_position_error",
    "optimal_play_rate",
    "decision_time_median_ms",
    "examination_time_used",
    "memory_fidelity",
)
BLUE = colors.HexColor("#0b57d0")
ORANGE = colors.HexColor("#b34700")

_styles = getSampleStyleSheet()
BODY = ParagraphStyle("body", parent=_styles["BodyText"], fontSize=9.5, leading=12)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=8, leading=10, textColor=colors.grey)
NOTE = ParagraphStyle("note", parent=BODY, fontSize=8, leading=10)
H1 = _styles["Title"]
H2 = ParagraphStyle("h2", parent=_styles["Heading2"], spaceBefore=8)
H3 = ParagraphStyle("h3", parent=_styles["Heading3"], spaceBefore=6, spaceAfter=2)


def value_text(value, unit: str) -> str:
    """A value in its unit, as the participant page writes it (in the reader's locale)."""
    if value is None:
        return "-"
    if unit in ("rate", "%", "proportion"):
        return percent(value)
    if unit == "ms":
        return f"{decimal(value / 1000, 1)} s" if value >= 1000 else f"{decimal(value)} ms"
    if unit in ("s", "seconds"):
        return f"{decimal(value, 1)} s"
    return decimal(value) if float(value).is_integer() else decimal(value, 2)


def axis_text(value, unit: str) -> str:
    if unit in ("rate", "%", "proportion"):
        return percent(value)
    if unit == "ms":
        return f"{decimal(value / 1000, 1)} s"
    return f"{value:g}"


def _legend(x: float, y: float, text: str, color) -> String:
    if right_to_left():
        return String(x, y, visual(text), fontSize=7.5, fillColor=color, fontName=rtl_fonts()[0])
    return String(x, y, text, fontSize=7.5, fillColor=color)


def chart(metric: dict, width: float = 170 * mm, height: float = 42 * mm) -> Drawing | None:
    """Each session's value by its session number (the numbers the web page shows), a line only
    between sessions next to each other that both have a value (a gap where there is none), and
    the fitted trend dashed when there is one. None with fewer than two values: one point is no
    chart."""
    series = metric["series"]
    present = [(p["session"], p["value"]) for p in series if p["value"] is not None]
    if len(present) < 2:
        return None
    runs: list[list[tuple[int, float]]] = [[]]
    for point in series:
        if point["value"] is None:
            runs.append([])
        else:
            runs[-1].append((point["session"], point["value"]))
    runs = [run if len(run) > 1 else run * 2 for run in runs if run]  # a lone point: a dot
    drawing = Drawing(width, height + 14)
    plot = LinePlot()
    plot.x, plot.y = 40, 22
    plot.width, plot.height = width - 55, height - 22
    trend = _trend_of(metric)
    plot.data = [*runs, *([trend] if trend else [])]
    for i in range(len(runs)):
        plot.lines[i].strokeColor = BLUE
        plot.lines[i].strokeWidth = 1.5
        plot.lines[i].symbol = makeMarker("FilledCircle", size=3)
    if trend:
        plot.lines[len(runs)].strokeColor = ORANGE
        plot.lines[len(runs)].strokeDashArray = (4, 3)
    sessions = [p["session"] for p in series]
    plot.xValueAxis.valueMin = min(sessions)
    plot.xValueAxis.valueMax = max(max(sessions), min(sessions) + 1)
    plot.xValueAxis.valueStep = max(1, (max(sessions) - min(sessions)) // 10)
    plot.xValueAxis.labelTextFormat = "#%d"
    plot.xValueAxis.labels.fontSize = 7
    unit = metric["unit"]
    if unit in ("rate", "%", "proportion"):
        plot.yValueAxis.valueMin, plot.yValueAxis.valueMax = 0, 1
    else:
        plot.yValueAxis.valueMin = 0
    plot.yValueAxis.labelTextFormat = lambda v: axis_text(v, unit)
    plot.yValueAxis.labels.fontSize = 7
    drawing.add(plot)
    legend_y = height + 4
    drawing.add(_legend(40, legend_y, "— " + gettext("each session (by number)"), BLUE))
    if trend:
        drawing.add(_legend(150, legend_y, "- - " + gettext("fitted trend"), ORANGE))
    return drawing


def _trend_of(metric: dict) -> list[tuple[int, float]] | None:
    """The fitted trend's two ends: the exploratory trend, or the last primary point's."""
    trend = metric.get("trend")
    for entry in metric.get("assessments") or ():
        if (entry.get("trend") or {}).get("status") == "ok":
            trend = entry["trend"]
    if not trend or trend.get("status") != "ok":
        return None
    return [
        (trend["first_session"], trend["fitted_first"]),
        (trend["last_session"], trend["fitted_last"]),
    ]


def latest_text(metric: dict) -> str:
    """The latest value with the session and the observations it rests on."""
    if metric.get("latest") is None:
        return gettext("No value yet.")
    unit = metric["unit"]
    counted = metric.get("counted", 0)
    shown = sum(1 for p in metric["series"] if p["value"] is not None)
    latest = gettext("Latest %(value)s at session %(session)s (n = %(n)s).") % {
        "value": value_text(metric["latest"], unit),
        "session": metric["latest_session"],
        "n": metric["latest_n"],
    }
    count = ngettext(
        "%(counted)s of %(shown)s session counts for readings (a session counts with "
        "%(min)s or more observations).",
        "%(counted)s of %(shown)s sessions count for readings (a session counts with "
        "%(min)s or more observations).",
        shown,
    ) % {"counted": counted, "shown": shown, "min": metric["min_trials"]}
    return f"{latest} {count}"


CELL = ParagraphStyle("cell", parent=BODY, fontSize=8.5, leading=10.5)
HEAD = ParagraphStyle("head", parent=CELL, fontName="Helvetica-Bold")


def _table(rows, widths, header=True) -> Table:
    regular, bold = "Helvetica", "Helvetica-Bold"
    if right_to_left():  # columns run from the right; each cell is a right-to-left paragraph
        rows = [
            [
                _p(c, HEAD if header and i == 0 else CELL) if isinstance(c, str) else c
                for c in reversed(row)
            ]
            for i, row in enumerate(rows)
        ]
        widths = list(reversed(widths))
        regular, bold = rtl_fonts()
    table = Table(rows, colWidths=widths, repeatRows=1 if header else 0)
    style = [
        ("FONT", (0, 0), (-1, -1), regular, 8.5),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.lightgrey),
    ]
    if header:
        style += [
            ("FONT", (0, 0), (-1, 0), bold, 8.5),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8ecef")),
        ]
    table.setStyle(TableStyle(style))
    return table


def _p(text: str, style=BODY) -> Paragraph | RightToLeft:
    if right_to_left():
        return RightToLeft(text, style)
    return Paragraph(escape(text), style)


def _metric_block(metric: dict) -> list:
    unit = metric["unit"]
    head = f"{latest_text(metric)} {_direction(metric['direction'])}"
    if metric.get("interval"):
        iv = metric["interval"]
        head += " " + gettext("Latest session's %(interval)s: %(low)s to %(high)s.") % {
            "interval": iv.get("label") or gettext("likelihood interval"),
            "low": value_text(iv["low"], unit),
            "high": value_text(iv["high"], unit),
        }
    parts = [_p(metric["label"], H3), _p(head)]
    drawing = chart(metric)
    if drawing is not None:
        parts.append(drawing)
    if metric.get("withheld"):
        parts.append(_p(metric["withheld"], NOTE))
    parts.append(_p(metric.get("reading") or gettext("No reading.")))
    if (metric.get("z") or {}).get("reading"):
        compared = gettext("Compared with others: %(reading)s")
        parts.append(_p(compared % {"reading": metric["z"]["reading"]}, NOTE))
    return [KeepTogether(parts), Spacer(1, 4)]


def _claims(claims: dict, metrics: list[dict]) -> list:
    """What the study declared it will claim, and each primary measure's readings so far."""
    if not claims["primary_metrics"] or len(claims["assessment_points"]) < 2:
        return [
            _p(
                gettext(
                    "The study declares no primary measures and assessment points, so nothing "
                    "in this report is a planned reading: every trend below is exploratory."
                )
            )
        ]
    points = "; ".join(
        gettext("%(point)s at %(when)s")
        % {"point": p["label"] or gettext(KIND_WORDS[p["kind"]]), "when": p["when"]}
        for p in claims["assessment_points"]
    )
    out = [
        _p(
            gettext(
                "The study reads its primary measures only at its assessment points "
                "(%(points)s); words about change appear only there, after correction for "
                "every planned reading."
            )
            % {"points": points}
        )
    ]
    primary = [m for m in metrics if m.get("role") == "primary"]
    if not primary:
        out.append(_p(gettext("No primary measure has a value yet.")))
    for m in primary:
        out.append(_p(f"{m['label']}: {m.get('reading') or gettext('no reading yet.')}"))
    return out


def _direction(direction: str) -> str:
    return {
        "higher_better": gettext("Higher is better."),
        "lower_better": gettext("Lower is better."),
    }.get(direction) or gettext("Neutral: neither direction is better.")


def _dose_block(ledger: dict) -> list:
    """The prescribed dose against the dose held, programme week by week."""
    block = [_p(gettext("Prescribed dose against sessions held"), H2)]
    programme = ledger["programme"]
    if programme is None:
        return [*block, _p(gettext("No dose is prescribed for this study."))]
    dose = gettext("%(sessions)s sessions a week of %(minutes)s minutes for %(weeks)s weeks.") % {
        "sessions": programme.sessions_per_week,
        "minutes": programme.minutes_per_session,
        "weeks": programme.weeks,
    }
    if ledger["adherence"] is not None:
        dose += " " + gettext(
            "In the weeks that are over: %(delivered)s of %(prescribed)s prescribed sessions "
            "held (%(adherence)s)."
        ) % {
            "delivered": ledger["held_as_prescribed"],
            "prescribed": ledger["prescribed"],
            "adherence": percent(ledger["adherence"]),
        }
        if beyond := ledger["delivered"] - ledger["held_as_prescribed"]:
            dose += " " + ngettext(
                "%(count)s more session was held beyond the prescription.",
                "%(count)s more sessions were held beyond the prescription.",
                beyond,
            ) % {"count": beyond}
    block.append(_p(dose))
    rows = [
        [
            gettext("Week"),
            gettext("Prescribed"),
            gettext("Held"),
            gettext("Active minutes"),
            gettext("Missed (reason)"),
        ]
    ]
    for week in ledger["weeks"]:
        missed = "-" if week.missed is None else str(week.missed)
        if week.missed_reason:
            missed += f" ({MissedDose.Reason(week.missed_reason).label})"
        rows.append(
            [
                f"{week.week}" + (" " + gettext("(this week)") if week.current else ""),
                str(week.prescribed),
                str(week.delivered),
                decimal(week.active_minutes, 1 if week.active_minutes % 1 else 0),
                missed,
            ]
        )
    block.append(_table(rows, [30 * mm, 25 * mm, 20 * mm, 30 * mm, 45 * mm]))
    return block


def render(report: dict) -> bytes:
    """The report's PDF bytes, in the active language (the participant's)."""
    p = report["participant"]
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=18 * mm,
        rightMargin=18 * mm,
        topMargin=16 * mm,
        bottomMargin=16 * mm,
        title=gettext("Participant report %(code)s") % {"code": p.code},
        author="Memulation Lab",
        lang=get_language() or "en",
    )
    arm = gettext("arm %(arm)s") % {"arm": p.arm_shown} if p.arm_shown else gettext("no arm shown")
    story = [
        _p(gettext("Participant report: %(code)s") % {"code": p.code}, H1),
        _p(
            gettext(
                "Study %(study)s; age band %(age_band)s; %(arm)s; enrolled %(enrolled)s; "
                "%(sessions)s sessions completed. Generated %(generated)s."
            )
            % {
                "study": p.study.name,
                "age_band": p.get_age_band_display(),
                "arm": arm,
                "enrolled": day(p.created_at),
                "sessions": report["sessions_completed"],
                "generated": moment(report["generated_at"]),
            }
        ),
        _p(gettext("Pseudonymous code only: no names or contact details are held."), SMALL),
        _p(games_named(), SMALL),
        _p(gettext("Sessions attended against the plan"), H2),
    ]
    planned, source = report["planned"], report["plan_source"]
    if planned is None:
        plan_line = gettext("No weekly plan set.")
    elif planned == 0:  # after the programme, or between its boosters
        plan_line = gettext("No session planned this week (%(source)s).") % {"source": source}
    else:
        plan_line = ngettext(
            "Plan: %(planned)s session a week (%(source)s).",
            "Plan: %(planned)s sessions a week (%(source)s).",
            planned,
        ) % {"planned": planned, "source": source}
    story.append(_p(plan_line))
    rows = [[gettext("Week of"), gettext("Completed"), gettext("Planned"), gettext("Missed")]]
    for week in report["weeks"]:
        rows.append(
            [
                day(week.starts_on) + (" " + gettext("(this week)") if week.current else ""),
                str(week.completed),
                "-" if week.planned is None else str(week.planned),
                "-" if week.missed is None else str(week.missed),
            ]
        )
    story.append(_table(rows, [60 * mm, 30 * mm, 30 * mm, 30 * mm]))
    story += _dose_block(report["dose"])

    metrics = report["metrics"]
    story.append(_p(gettext("Planned readings"), H2))
    story += _claims(report["claims"], metrics)

    story.append(_p(gettext("Progress"), H2))
    if not metrics:
        story.append(_p(gettext("No metrics yet: they appear after the first finished session.")))
    # The primary measures first, then the usual charts, each game its own.
    primary = [m for m in metrics if m.get("role") == "primary"]
    charted = primary + [
        m for key in CHARTED for m in metrics if m["key"] == key and m not in primary
    ]
    for metric in charted:
        story += _metric_block(metric)
    others = [m for m in metrics if m not in charted]
    if others:
        story.append(_p(gettext("Other measures"), H2))
        rows = [[gettext("Measure"), gettext("Latest (n, session)"), gettext("Reading")]]
        for m in others:
            latest = (
                f"{value_text(m['latest'], m['unit'])} (n = {m['latest_n']}, "
                f"#{m['latest_session']})"
                if m["latest"] is not None
                else "-"
            )
            rows.append([_p(m["label"]), _p(latest, NOTE), _p(m.get("reading") or "-", NOTE)])
        story.append(_table(rows, [45 * mm, 30 * mm, 99 * mm]))

    if report["notes"] is not None:
        story.append(_p(gettext("Clinician notes (included on request)"), H2))
        if not report["notes"]:
            story.append(_p(gettext("No notes.")))
        for note in report["notes"]:
            story.append(_p(f"{note['author']}, {moment(note['at'])}", SMALL))
            story.append(_p(note["text"]))
    story += signature_block(report.get("signatures", []))
    doc.build(story, onFirstPage=_footer, onLaterPages=_footer)
    return buffer.getvalue()


def games_named() -> str:
    """The games' own names, explained once where the report first uses them."""
    return gettext(
        "Memulation and Mendikot are card games played on the screen; 'Stragedy, Lucky Duck, "
        "Lame Duck and Pritticut are names from their rules, kept as they are."
    )


MEANINGS = {"reviewed": gettext_noop("Reviewed"), "approved": gettext_noop("Approved")}


def signature_block(signatures: list[dict]) -> list:
    """The report's electronic signatures: printed name, date and time, and meaning; one whose
    signed content has changed since is marked superseded."""
    block = [_p(gettext("Signatures"), H2)]
    if not signatures:
        return [*block, _p(gettext("Not signed."))]
    rows = [[gettext("Signed by"), gettext("Date and time"), gettext("Meaning"), gettext("Status")]]
    for sig in signatures:
        status = (
            gettext("Superseded: the report changed since")
            if sig["superseded"]
            else pgettext("signature", "Current")
        )
        meaning = MEANINGS.get(sig["meaning"])
        rows.append(
            [
                sig["signer"],
                moment(sig["signed_at"], zone=True),
                gettext(meaning) if meaning else sig["meaning"],
                status,
            ]
        )
    return [*block, _table(rows, [50 * mm, 40 * mm, 25 * mm, 59 * mm])]


def _footer(canvas, doc) -> None:
    canvas.saveState()
    canvas.setFillColor(colors.grey)
    title = gettext("Memulation Lab participant report")
    page = gettext("Page %(page)s") % {"page": doc.page}
    if right_to_left():  # the title at the right, the page number at the left
        canvas.setFont(rtl_fonts()[0], 7.5)
        canvas.drawRightString(A4[0] - 18 * mm, 9 * mm, visual(title))
        canvas.drawString(18 * mm, 9 * mm, visual(page))
    else:
        canvas.setFont("Helvetica", 7.5)
        canvas.drawString(18 * mm, 9 * mm, title)
        canvas.drawRightString(A4[0] - 18 * mm, 9 * mm, page)
    canvas.restoreState()
