"""The codebook of an export, from the table schemas and the metric catalogue: JSON for programs,
Markdown for people. Both are written into every export."""

from __future__ import annotations

import json

from apps.exports.provenance import provenance
from apps.exports.schema import (
    BIDS_EVENTS,
    BIDS_PARTICIPANTS,
    MISSING_CODES,
    MISSING_REASONS,
    TABLES,
    Column,
    Table,
)
from apps.metrics.selectors import METRICS

TITLE = "Memulation Lab research export: codebook"


def column_entry(column: Column, *, missing: str | None) -> dict:
    return {
        "name": column.name,
        "type": column.kind,
        "unit": column.unit or None,
        "description": column.description,
        "allowed_values": list(column.allowed) if column.allowed else None,
        "missing_value_code": missing if column.nullable else None,
        "missing_reasons": list(column.missing) if column.nullable else [],
    }


def table_entry(table: Table, *, file: str, missing: str | None) -> dict:
    return {
        "name": table.name,
        "file": file,
        "description": table.description,
        "key": list(table.key),
        "columns": [column_entry(c, missing=missing) for c in table.columns],
    }


def codebook(*, export: dict) -> dict:
    """``export`` describes this export: formats, filters, whether dates are shifted."""
    return {
        "title": TITLE,
        "export": export,
        "identifiers": (
            "Participants appear only under their export id (participant_id), a keyed hash "
            "of their code; sessions and games by their number. No codes, names, notes or "
            "free text are exported; only the dataset authors and institution the study names "
            "for publication appear in the dataset descriptions."
        ),
        "dates": (
            "Each participant's times are moved back by 1 to 300 days and a part of a day (one "
            "second to just under 24 hours, to the microsecond): never a whole number of days, so "
            "no time keeps its real time of day, nor its month and day. The same for every export "
            "of the study with the same key; intervals between a participant's times are "
            "unchanged."
            if export.get("shift_dates")
            else "Times are as recorded, in UTC."
        ),
        "missing_value_codes": {
            "csv": "an empty cell",
            "parquet": "null",
            "bids": MISSING_CODES["bids"],
        },
        "missing_value_reasons": MISSING_REASONS,
        "provenance": provenance(),
        "tables": [
            table_entry(t, file=f"csv/{t.name}.csv, parquet/{t.name}.parquet", missing="")
            for t in TABLES.values()
        ],
        "bids": [
            table_entry(BIDS_EVENTS, file="bids/sub-*/ses-*/beh/*_events.tsv", missing="n/a"),
            table_entry(BIDS_PARTICIPANTS, file="bids/participants.tsv", missing="n/a"),
        ],
        "metrics": [metric.as_dict() for metric in METRICS],
    }


def _cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _allowed(values: list[str] | None) -> str:
    if not values:
        return ""
    if len(values) > 12:
        return f"{len(values)} values (see codebook.json)"
    return ", ".join(f"`{v}`" for v in values)


def _table_markdown(entry: dict) -> list[str]:
    lines = [
        f"### {entry['name']}",
        "",
        f"File: `{entry['file']}`. {entry['description']} Key: "
        + ", ".join(f"`{k}`" for k in entry["key"])
        + ".",
        "",
        "| Column | Type | Unit | Description | Allowed values | Missing |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for c in entry["columns"]:
        missing = ", ".join(c["missing_reasons"]) if c["missing_reasons"] else "never"
        lines.append(
            f"| `{c['name']}` | {c['type']} | {c['unit'] or ''} | {_cell(c['description'])} "
            f"| {_allowed(c['allowed_values'])} | {missing} |"
        )
    return [*lines, ""]


def codebook_markdown(book: dict) -> str:
    codes = book["missing_value_codes"]
    lines = [
        f"# {book['title']}",
        "",
        book["identifiers"],
        "",
        book["dates"],
        "",
        f"Missing values: {codes['csv']} in CSV, {codes['parquet']} in Parquet, "
        f"`{codes['bids']}` in the BIDS files. Each column that may be empty says why "
        "(the Missing column): "
        + "; ".join(f"`{code}`: {text}" for code, text in book["missing_value_reasons"].items()),
        "",
        "Produced by: `" + json.dumps(book["provenance"]["metric_versions"]) + "` (metric "
        f"versions), catalogue {book['provenance']['metric_catalogue']}, solver analysis "
        f"version {book['provenance']['solver_analysis_version']}, solver version "
        f"{book['provenance']['solver_version']}, opponent versions `"
        + json.dumps(book["provenance"]["opponent_versions"])
        + f"`, platform "
        f"{book['provenance']['platform_version']}.",
        "",
        "Export: `" + json.dumps(book["export"], sort_keys=True) + "`",
        "",
        "## Tables",
        "",
    ]
    for entry in book["tables"]:
        lines += _table_markdown(entry)
    lines += ["## BIDS-style files", ""]
    for entry in book["bids"]:
        lines += _table_markdown(entry)
    lines += [
        "## Metrics",
        "",
        "| Key | Version | Label | Unit | Direction | Min. trials | Games | Definition |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for m in book["metrics"]:
        direction = m["direction"]
        if m.get("baseline_for"):
            direction += f" (chance baseline for `{m['baseline_for']}`)"
        lines.append(
            f"| `{m['key']}` | {m['version']} | {_cell(m['label'])} | {m['unit']} "
            f"| {direction} | {m['min_trials']} | {', '.join(m['games'])} "
            f"| {_cell(m['definition'])} |"
        )
    return "\n".join(lines) + "\n"
