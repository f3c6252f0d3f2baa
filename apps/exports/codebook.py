"""The codebook of an export, from the table schemas and the metric catalogue: JSON for programs,
Markdown for people. Both are written into every export in English, the language of the data's
names; the Markdown also in each other shipped language (``codebook.<language>.md``), its
descriptions translated and its names, codes and values as they are."""

from __future__ import annotations

import json

from django.utils.translation import get_language, gettext, gettext_noop

from apps.exports.provenance import provenance
from apps.exports.schema import (
    BIDS_EVENTS,
    BIDS_PARTICIPANTS,
    BIDS_VISITS,
    MISSING_CODES,
    MISSING_REASONS,
    PIECES,
    TABLES,
    Column,
    Table,
)
from apps.metrics.selectors import METRICS

TITLE = gettext_noop("Memulation Lab research export: codebook")


def translated(text: str) -> str:
    """``text`` (English, from the schema or the catalogue) in the active language: whole, or
    else piece by piece where it was put together from the schema's shared sentences."""
    found = gettext(text) if text else text
    if found != text or (get_language() or "en").startswith("en"):
        return found
    for piece in PIECES:
        if text.endswith(piece) and len(text) > len(piece):
            return f"{translated(text[: -len(piece)].rstrip())} {gettext(piece)}"
        if text.startswith(piece) and len(text) > len(piece):
            return f"{gettext(piece)} {translated(text[len(piece) :].lstrip())}"
    return found


def metric_entry(metric) -> dict:
    """A metric as the catalogue describes it, its words in the active language."""
    entry = metric.as_dict()
    for field in ("label", "definition", "plain"):
        entry[field] = translated(entry[field])
    return entry


def column_entry(column: Column, *, missing: str | None) -> dict:
    return {
        "name": column.name,
        "type": column.kind,
        "unit": column.unit or None,
        "description": translated(column.description),
        "allowed_values": list(column.allowed) if column.allowed else None,
        "missing_value_code": missing if column.nullable else None,
        "missing_reasons": list(column.missing) if column.nullable else [],
    }


def table_entry(table: Table, *, file: str, missing: str | None) -> dict:
    return {
        "name": table.name,
        "file": file,
        "description": translated(table.description),
        "key": list(table.key),
        "columns": [column_entry(c, missing=missing) for c in table.columns],
    }


def codebook(*, export: dict) -> dict:
    """``export`` describes this export: formats, filters, whether dates are shifted."""
    return {
        "title": gettext(TITLE),
        "export": export,
        "identifiers": gettext(
            "Participants appear only under their export id (participant_id), a keyed hash "
            "of their code; sessions and games by their number. No codes, names, notes or "
            "free text are exported; only the dataset authors and institution the study names "
            "for publication appear in the dataset descriptions."
        ),
        "dates": _dates(export),
        "missing_value_codes": {
            "csv": gettext("an empty cell"),
            "parquet": "null",
            "bids": MISSING_CODES["bids"],
        },
        "missing_value_reasons": {code: gettext(text) for code, text in MISSING_REASONS.items()},
        "csv_formulas": gettext(
            "In the CSV tables (and their Psych-DS copies) a text cell that starts with =, +, "
            "-, @, a tab or a carriage return is written with a single quote (') before it, so "
            "that a spreadsheet shows it as text instead of running it as a formula: remove "
            "that one quote to read the text as it was entered. Numbers, and text that is a "
            "number written out (-1.5), are never changed; Parquet and the BIDS files hold "
            "every text as it is."
        ),
        "provenance": provenance(),
        "tables": [
            table_entry(t, file=f"csv/{t.name}.csv, parquet/{t.name}.parquet", missing="")
            for t in TABLES.values()
        ],
        "bids": [
            table_entry(BIDS_EVENTS, file="bids/sub-*/ses-*/beh/*_events.tsv", missing="n/a"),
            table_entry(BIDS_PARTICIPANTS, file="bids/participants.tsv", missing="n/a"),
            table_entry(BIDS_VISITS, file="bids/phenotype/visits<N>.tsv", missing="n/a"),
        ],
        "metrics": [metric_entry(metric) for metric in METRICS],
    }


def _dates(export: dict) -> str:
    if not export.get("shift_dates"):
        return gettext("Times are as recorded, in UTC.")
    said = gettext(
        "Each participant's times are moved back by 1 to 300 days and a part of a day "
        "(one second to just under 24 hours, to the microsecond): never a whole number "
        "of days, so no time keeps its real time of day, nor its month and day. The same "
        "for every export of the study with the same key; intervals between a "
        "participant's times are unchanged."
    )
    said += " " + gettext(
        "The export's own date is not given either: every real time comes before it, so "
        "it would bound each participant's shift."
    )
    if export.get("filters", {}).get("date_filter"):
        said += " " + gettext(
            "The export holds only the sessions of the days a date filter chose "
            "(date_filter names its bounds): those days are not given, since they would "
            "give each participant's shift away."
        )
    return said


def _cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _allowed(values: list[str] | None) -> str:
    if not values:
        return ""
    if len(values) > 12:
        return gettext("%(n)s values (see codebook.json)") % {"n": len(values)}
    return ", ".join(f"`{v}`" for v in values)


def _table_markdown(entry: dict) -> list[str]:
    lines = [
        f"### {entry['name']}",
        "",
        gettext("File: %(file)s. %(description)s Key: %(key)s.")
        % {
            "file": f"`{entry['file']}`",
            "description": entry["description"],
            "key": ", ".join(f"`{k}`" for k in entry["key"]),
        },
        "",
        "| "
        + " | ".join(
            (
                gettext("Column"),
                gettext("Type"),
                gettext("Unit"),
                gettext("Description"),
                gettext("Allowed values"),
                gettext("Missing"),
            )
        )
        + " |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for c in entry["columns"]:
        missing = ", ".join(c["missing_reasons"]) if c["missing_reasons"] else gettext("never")
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
        gettext(
            "Missing values: %(csv)s in CSV, %(parquet)s in Parquet, %(bids)s in the BIDS "
            "files. Each column that may be empty says why (the Missing column): %(reasons)s"
        )
        % {
            "csv": codes["csv"],
            "parquet": codes["parquet"],
            "bids": f"`{codes['bids']}`",
            "reasons": "; ".join(
                f"`{code}`: {text}" for code, text in book["missing_value_reasons"].items()
            ),
        },
        "",
        book["csv_formulas"],
        "",
        gettext(
            "Produced by: %(metric_versions)s (metric versions), catalogue %(catalogue)s, "
            "solver analysis version %(analysis)s, solver version %(solver)s, opponent "
            "versions %(opponents)s, platform %(platform)s."
        )
        % {
            "metric_versions": "`" + json.dumps(book["provenance"]["metric_versions"]) + "`",
            "catalogue": book["provenance"]["metric_catalogue"],
            "analysis": book["provenance"]["solver_analysis_version"],
            "solver": book["provenance"]["solver_version"],
            "opponents": "`" + json.dumps(book["provenance"]["opponent_versions"]) + "`",
            "platform": book["provenance"]["platform_version"],
        },
        "",
        gettext("Export: %(export)s")
        % {"export": "`" + json.dumps(book["export"], sort_keys=True) + "`"},
        "",
        "## " + gettext("Tables"),
        "",
    ]
    for entry in book["tables"]:
        lines += _table_markdown(entry)
    lines += ["## " + gettext("BIDS-style files"), ""]
    for entry in book["bids"]:
        lines += _table_markdown(entry)
    lines += [
        "## " + gettext("Metrics"),
        "",
        "| "
        + " | ".join(
            (
                gettext("Key"),
                gettext("Version"),
                gettext("Label"),
                gettext("Unit"),
                gettext("Direction"),
                gettext("Min. trials"),
                gettext("Games"),
                gettext("Definition"),
            )
        )
        + " |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for m in book["metrics"]:
        direction = m["direction"]
        if m.get("baseline_for"):
            direction += " " + gettext("(chance baseline for %(key)s)") % {
                "key": f"`{m['baseline_for']}`"
            }
        lines.append(
            f"| `{m['key']}` | {m['version']} | {_cell(m['label'])} | {m['unit']} "
            f"| {direction} | {m['min_trials']} | {', '.join(m['games'])} "
            f"| {_cell(m['definition'])} |"
        )
    return "\n".join(lines) + "\n"
