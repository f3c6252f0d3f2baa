"""The participant report as a PDF for the patient record, drawn with ReportLab: who (the
pseudonymous code only), sessions attended against the plan, progress charts and readings with
every input a reliable change rests on, and clinician notes only when they were asked for."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from django.utils import timezone
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
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


def rci_text(metric: dict) -> str:
    """The reliable-change reading with what it rests on (r, SD, k, source, practice), or why
    there is none: the same words as the participant page."""
    rci = metric.get("rci")
    if not rci:
        return "No reliable-change reading yet."
    if rci.get("value") is None:
        return rci["reading"]
    unit = metric["unit"]
    inputs = f"RCI {rci['value']:.2f}"
    if rci.get("corrected") is not None:
        inputs += f", corrected {rci['corrected']:.2f}"
    inputs += (
        f"; r = {rci['reliability']:.2f}, SD = {value_text(rci['sd'], unit)}, "
        f"k = {rci['k']} sessions; r and SD from {rci['source']}"
    )
    if rci.get("practice_source"):
        inputs += (
            f"; practice {value_text(rci['practice_gain'], unit)} from {rci['practice_source']}"
        )
    else:
        inputs += "; no practice correction"
    return f"{rci['reading']} ({inputs})"


def chart(metric: dict, width: float = 170 * mm, height: float = 42 * mm) -> Drawing:
    """Each session's value (solid) and the mean of the last 3 (dashed), with a legend."""
    values = metric["series"]
    points = [(i + 1, v) for i, v in enumerate(values) if v is not None]
    means = []
    for i in range(len(values)):
        window = [v for v in values[max(0, i - 2) : i + 1] if v is not None]
        if window:
            means.append((i + 1, sum(window) / len(window)))
    drawing = Drawing(width, height + 14)
    plot = LinePlot()
    plot.x, plot.y = 40, 22
    plot.width, plot.height = width - 55, height - 22
    plot.data = [points or [(1, 0)], means or [(1, 0)]]
    plot.lines[0].strokeColor = BLUE
    plot.lines[0].strokeWidth = 1.5
    plot.lines[1].strokeColor = ORANGE
    plot.lines[1].strokeDashArray = (4, 3)
    plot.xValueAxis.valueMin = 1
    plot.xValueAxis.valueMax = max(len(values), 2)
    plot.xValueAxis.valueStep = max(1, len(values) // 10)
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
    drawing.add(String(40, legend_y, "— each session", fontSize=7.5, fillColor=BLUE))
    drawing.add(
        String(120, legend_y, "- - mean of the last 3 sessions", fontSize=7.5, fillColor=ORANGE)
    )
    return drawing


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
    head = (
        f"Latest {value_text(metric['latest'], unit)}; baseline "
        f"{value_text(metric['baseline'], unit)}; {_direction(metric['direction'])}."
    )
    if metric.get("interval"):
        iv = metric["interval"]
        head += (
            f" Latest session's 95% interval {value_text(iv['low'], unit)} to "
            f"{value_text(iv['high'], unit)}."
        )
    parts = [_p(metric["label"], H3), _p(head), chart(metric)]
    if metric.get("trend") and metric["trend"].get("reading"):
        parts.append(_p(f"Trend: {metric['trend']['reading']}"))
    parts.append(_p(f"Reliable change: {rci_text(metric)}"))
    return [KeepTogether(parts), Spacer(1, 4)]


def _direction(direction: str) -> str:
    return {
        "higher_better": "higher is better",
        "lower_better": "lower is better",
    }.get(direction, "neutral: neither direction is better")


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
            f"Plan: {planned} sessions a week ({report['plan_source']})."
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

    metrics = report["metrics"]
    story.append(_p("Reliable change", H2))
    changes = [m for m in metrics if (m.get("rci") or {}).get("reliable")]
    if not changes:
        story.append(_p("No reliable change in any measure the data can support a reading for."))
    for m in changes:
        story.append(_p(f"{m['label']}: {rci_text(m)}"))

    story.append(_p("Progress", H2))
    if not metrics:
        story.append(_p("No metrics yet: they appear after the first finished session."))
    charted = [m for key in CHARTED for m in metrics if m["key"] == key]
    for metric in charted:
        story += _metric_block(metric)
    others = [m for m in metrics if m["key"] not in CHARTED]
    if others:
        story.append(_p("Other measures", H2))
        rows = [["Measure", "Latest", "Baseline", "Reliable change"]]
        for m in others:
            rows.append(
                [
                    _p(m["label"]),
                    value_text(m["latest"], m["unit"]),
                    value_text(m["baseline"], m["unit"]),
                    _p(rci_text(m), NOTE),
                ]
            )
        story.append(_table(rows, [45 * mm, 20 * mm, 20 * mm, 89 * mm]))

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
