"""The participant report as a PDF for the patient record, drawn with ReportLab: who (the
pseudonymous code only), sessions attended against the plan, progress charts and readings with
every input a reliable change rests on, and clinician notes only when they were asked for."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from django.utils import timezone
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
    """A value in its unit, as the participant page writes it."""
    if value is None:
        return "-"
    if unit in ("rate", "%", "proportion"):
        return f"{round(value * 100)}%"
    if unit == "ms":
        return f"{value / 1000:.1f} s" if value >= 1000 else f"{round(value)} ms"
    if unit in ("s", "seconds"):
        return f"{value:.1f} s"
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def axis_text(value, unit: str) -> str:
    if unit in ("rate", "%", "proportion"):
        return f"{round(value * 100)}%"
    if unit == "ms":
        return f"{value / 1000:.1f} s"
    return f"{value:g}"


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
    drawing.add(String(40, legend_y, "— each session (by number)", fontSize=7.5, fillColor=BLUE))
    if trend:
        drawing.add(String(150, legend_y, "- - fitted trend", fontSize=7.5, fillColor=ORANGE))
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
        return "No value yet."
    unit = metric["unit"]
    counted = metric.get("counted", 0)
    shown = sum(1 for p in metric["series"] if p["value"] is not None)
    return (
        f"Latest {value_text(metric['latest'], unit)} at session {metric['latest_session']} "
        f"(n = {metric['latest_n']}). {counted} of {shown} session{'s' if shown != 1 else ''} "
        f"count for readings (a session counts with {metric['min_trials']} or more "
        "observations)."
    )


def _table(rows, widths, header=True) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1 if header else 0)
    style = [
        ("FONT", (0, 0), (-1, -1), "Helvetica", 8.5),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.lightgrey),
    ]
    if header:
        style += [
            ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8.5),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8ecef")),
        ]
    table.setStyle(TableStyle(style))
    return table


def _p(text: str, style=BODY) -> Paragraph:
    return Paragraph(escape(text), style)


def _metric_block(metric: dict) -> list:
    unit = metric["unit"]
    head = f"{latest_text(metric)} {_direction(metric['direction']).capitalize()}."
    if metric.get("interval"):
        iv = metric["interval"]
        head += (
            f" Latest session's {iv.get('label', '95% interval')}: "
            f"{value_text(iv['low'], unit)} to {value_text(iv['high'], unit)}."
        )
    parts = [_p(metric["label"], H3), _p(head)]
    drawing = chart(metric)
    if drawing is not None:
        parts.append(drawing)
    if metric.get("withheld"):
        parts.append(_p(metric["withheld"], NOTE))
    parts.append(_p(metric.get("reading") or "No reading."))
    if (metric.get("z") or {}).get("reading"):
        parts.append(_p(f"Compared with others: {metric['z']['reading']}", NOTE))
    return [KeepTogether(parts), Spacer(1, 4)]


def _claims(claims: dict, metrics: list[dict]) -> list:
    """What the study declared it will claim, and each primary measure's readings so far."""
    if not claims["primary_metrics"] or len(claims["assessment_points"]) < 2:
        return [
            _p(
                "The study declares no primary measures and assessment points, so nothing in "
                "this report is a planned reading: every trend below is exploratory."
            )
        ]
    points = "; ".join(
        f"{p['label'] or p['kind'].replace('_', ' ')} at {p['when']}"
        for p in claims["assessment_points"]
    )
    out = [
        _p(
            f"The study reads its primary measures only at its assessment points ({points}); "
            "words about change appear only there, after correction for "
            "every planned reading."
        )
    ]
    primary = [m for m in metrics if m.get("role") == "primary"]
    if not primary:
        out.append(_p("No primary measure has a value yet."))
    for m in primary:
        out.append(_p(f"{m['label']}: {m.get('reading') or 'no reading yet.'}"))
    return out


def _direction(direction: str) -> str:
    return {
        "higher_better": "higher is better",
        "lower_better": "lower is better",
    }.get(direction, "neutral: neither direction is better")


def _dose_block(ledger: dict) -> list:
    """The prescribed dose against the dose held, programme week by week."""
    block = [_p("Prescribed dose against sessions held", H2)]
    programme = ledger["programme"]
    if programme is None:
        return [*block, _p("No dose is prescribed for this study.")]
    held = (
        f" In the weeks that are over: {ledger['delivered']} of {ledger['prescribed']} "
        f"prescribed sessions held ({round(100 * ledger['adherence'])}%)."
        if ledger["adherence"] is not None
        else ""
    )
    block.append(
        _p(
            f"{programme.sessions_per_week} sessions a week of {programme.minutes_per_session} "
            f"minutes for {programme.weeks} weeks.{held}"
        )
    )
    rows = [["Week", "Prescribed", "Held", "Active minutes", "Missed (reason)"]]
    for week in ledger["weeks"]:
        missed = "-" if week.missed is None else str(week.missed)
        if week.missed_reason:
            missed += f" ({week.missed_reason.replace('_', ' ')})"
        rows.append(
            [
                f"{week.week}" + (" (this week)" if week.current else ""),
                str(week.prescribed),
                str(week.delivered),
                f"{week.active_minutes:g}",
                missed,
            ]
        )
    block.append(_table(rows, [30 * mm, 25 * mm, 20 * mm, 30 * mm, 45 * mm]))
    return block


def render(report: dict) -> bytes:
    """The report's PDF bytes."""
    p = report["participant"]
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=18 * mm,
        rightMargin=18 * mm,
        topMargin=16 * mm,
        bottomMargin=16 * mm,
        title=f"Participant report {p.code}",
        author="Memulation Lab",
    )
    generated = timezone.localtime(report["generated_at"]).strftime("%d %b %Y %H:%M")
    story = [
        _p(f"Participant report: {p.code}", H1),
        _p(
            f"Study {p.study.name}; age band {p.age_band}; "
            f"{'arm ' + p.arm_shown if p.arm_shown else 'no arm shown'}; "
            f"enrolled {timezone.localtime(p.created_at).strftime('%d %b %Y')}; "
            f"{report['sessions_completed']} sessions completed. Generated {generated}."
        ),
        _p("Pseudonymous code only: no names or contact details are held.", SMALL),
        _p("Sessions attended against the plan", H2),
    ]
    planned = report["planned"]
    story.append(
        _p(
            f"Plan: {planned} session{'s' if planned != 1 else ''} a week "
            f"({report['plan_source']})."
            if planned is not None
            else "No weekly plan set."
        )
    )
    rows = [["Week of", "Completed", "Planned", "Missed"]]
    for week in report["weeks"]:
        rows.append(
            [
                week["week_start"].strftime("%d %b %Y")
                + (" (this week)" if week["current"] else ""),
                str(week["completed"]),
                "-" if week["planned"] is None else str(week["planned"]),
                "-" if week["missed"] is None else str(week["missed"]),
            ]
        )
    story.append(_table(rows, [60 * mm, 30 * mm, 30 * mm, 30 * mm]))
    story += _dose_block(report["dose"])

    metrics = report["metrics"]
    story.append(_p("Planned readings", H2))
    story += _claims(report["claims"], metrics)

    story.append(_p("Progress", H2))
    if not metrics:
        story.append(_p("No metrics yet: they appear after the first finished session."))
    # The primary measures first, then the usual charts, each game its own.
    primary = [m for m in metrics if m.get("role") == "primary"]
    charted = primary + [
        m for key in CHARTED for m in metrics if m["key"] == key and m not in primary
    ]
    for metric in charted:
        story += _metric_block(metric)
    others = [m for m in metrics if m not in charted]
    if others:
        story.append(_p("Other measures", H2))
        rows = [["Measure", "Latest (n, session)", "Reading"]]
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
        story.append(_p("Clinician notes (included on request)", H2))
        if not report["notes"]:
            story.append(_p("No notes."))
        for note in report["notes"]:
            at = timezone.localtime(note["at"]).strftime("%d %b %Y %H:%M")
            story.append(_p(f"{note['author']}, {at}", SMALL))
            story.append(_p(note["text"]))
    story += signature_block(report.get("signatures", []))
    doc.build(story, onFirstPage=_footer, onLaterPages=_footer)
    return buffer.getvalue()


MEANINGS = {"reviewed": "Reviewed", "approved": "Approved"}


def signature_block(signatures: list[dict]) -> list:
    """The report's electronic signatures: printed name, date and time, and meaning; one whose
    signed content has changed since is marked superseded."""
    block = [_p("Signatures", H2)]
    if not signatures:
        return [*block, _p("Not signed.")]
    rows = [["Signed by", "Date and time", "Meaning", "Status"]]
    for sig in signatures:
        at = timezone.localtime(sig["signed_at"]).strftime("%d %b %Y %H:%M %Z")
        status = "Superseded: the report changed since" if sig["superseded"] else "Current"
        rows.append([sig["signer"], at, MEANINGS.get(sig["meaning"], sig["meaning"]), status])
    return [*block, _table(rows, [50 * mm, 40 * mm, 25 * mm, 59 * mm])]


def _footer(canvas, doc) -> None:
    canvas.saveState()
    canvas.setFont("Helvetica", 7.5)
    canvas.setFillColor(colors.grey)
    canvas.drawString(18 * mm, 9 * mm, "Memulation Lab participant report")
    canvas.drawRightString(A4[0] - 18 * mm, 9 * mm, f"Page {doc.page}")
    canvas.restoreState()
