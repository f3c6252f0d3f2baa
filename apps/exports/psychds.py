"""Psych-DS alongside the tidy tables, and a REDCap data dictionary.

Psych-DS (``psychds/``): a schema.org ``dataset_description.json`` naming every column of every
data file in ``variableMeasured``, and the CSV tables under ``data/`` with keyword-formatted names
(``table-examinationPeriods_data.csv``), each with its sidecar (``table-..._data.json``) that
describes its own columns. REDCap (``redcap/data_dictionary.csv``): one instrument
per table, one field per column, ready for "Upload data dictionary".
"""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

from apps.exports.bids import authors, dataset_name
from apps.exports.provenance import platform_version
from apps.exports.schema import BOOLEAN, DATETIME, INTEGER, NUMBER, TABLES, Column, Table
from apps.exports.writers import write_json

# Psych-DS data file names: keyword-value pairs, keywords lower-case letters, values
# alphanumeric, then "_data.csv".
PSYCHDS_NAME = re.compile(r"^([a-z]+-[a-zA-Z0-9]+)(_[a-z]+-[a-zA-Z0-9]+)*_data\.csv$")
SCHEMA_ORG = "https://schema.org/"


def data_file_name(table: str) -> str:
    """The Psych-DS name of a table's data file (values may not hold underscores).

    >>> data_file_name("examination_periods")
    'table-examinationPeriods_data.csv'
    """
    first, *rest = table.split("_")
    return f"table-{first}{''.join(part.capitalize() for part in rest)}_data.csv"


def _variable(column: Column) -> dict:
    entry = {"@type": "PropertyValue", "name": column.name, "description": column.description}
    if column.unit:
        entry["unitText"] = column.unit
    return entry


def variables_measured(tables: list[Table]) -> list[dict]:
    """Every column of the data files, once each, as Psych-DS asks of the dataset's description.
    A name that means one thing in every table (``participant_id``) has that description; one
    whose meaning depends on its table (``started_at``: of a session, of a game, of a deal) says
    each table's, as each data file's sidecar does (:func:`table_variables`)."""
    columns: dict[str, list[tuple[Table, Column]]] = {}
    for table in tables:
        for column in table.columns:
            columns.setdefault(column.name, []).append((table, column))
    variables = []
    for uses in columns.values():
        entry = _variable(uses[0][1])
        if len({(c.description, c.unit) for _, c in uses}) > 1:
            entry.pop("unitText", None)
            entry["description"] = " ".join(
                f"In {table.name}: {column.description}"
                + (f" ({column.unit})" if column.unit else "")
                for table, column in uses
            )
        variables.append(entry)
    return variables


def table_variables(table: Table) -> dict:
    """A data file's sidecar (``<data file>.json``): Psych-DS lets it replace the description's
    ``variableMeasured`` for that file, so each column reads as its own table describes it."""
    return {"variableMeasured": [_variable(column) for column in table.columns]}


def psychds_description(study, tables: list[Table]) -> dict:
    return {
        "@context": SCHEMA_ORG,
        "@type": "Dataset",
        "name": dataset_name(study),
        "description": (
            "Card-game training sessions recorded by Memulation Lab: participants, sessions, "
            "games, deals, examination periods, card plays, 'Stragedy recall attempts, recall "
            "probes, refused moves, metric values and their inference, assessment visits and their "
            "measures, one tidy table each. See "
            "the codebook beside this folder for every column's type, unit and missing-value "
            "reasons."
        ),
        "schemaVersion": "Psych-DS 1.0.0",
        **({"license": study.dataset_license} if study.dataset_license else {}),
        "author": [{"@type": "Person", "name": name} for name in authors(study)],
        "creator": {
            "@type": "SoftwareApplication",
            "name": "Memulation Lab research export",
            "softwareVersion": platform_version(),
        },
        "variableMeasured": variables_measured(tables),
    }


def psychds_write(study, csv_folder: Path, root: Path) -> int:
    """Copy the export's CSV tables into a Psych-DS folder; returns the data files written."""
    tables = [TABLES[path.stem] for path in sorted(csv_folder.glob("*.csv"))]
    data = root / "data"
    data.mkdir(parents=True, exist_ok=True)
    for table in tables:
        name = data_file_name(table.name)
        shutil.copyfile(csv_folder / f"{table.name}.csv", data / name)
        write_json((data / name).with_suffix(".json"), table_variables(table))
    write_json(root / "dataset_description.json", psychds_description(study, tables))
    return len(tables)


# -- REDCap --------------------------------------------------------------------------------------

REDCAP_HEADER = (
    "Variable / Field Name",
    "Form Name",
    "Section Header",
    "Field Type",
    "Field Label",
    "Choices, Calculations, OR Slider Labels",
    "Field Note",
    "Text Validation Type OR Show Slider Number",
    "Text Validation Min",
    "Text Validation Max",
    "Identifier?",
    "Branching Logic (Show field only if...)",
    "Required Field?",
    "Custom Alignment",
    "Question Number (surveys only)",
    "Matrix Group Name",
    "Matrix Ranking?",
    "Field Annotation",
)
# A short prefix per table keeps REDCap's field names unique and within its 26 characters.
REDCAP_PREFIX = {
    "participants": "pt",
    "sessions": "ses",
    "games": "gm",
    "deals": "dl",
    "examination_periods": "ex",
    "plays": "pl",
    "recall_attempts": "rc",
    "recall_probes": "rp",
    "illegal_attempts": "il",
    "table_events": "te",
    "metrics": "mt",
    "inference": "inf",
    "visits": "vs",
    "visit_measures": "vm",
    "dose_weeks": "dw",
}
REDCAP_NAME = re.compile(r"^[a-z][a-z0-9_]{0,25}$")
CODE_SAFE = re.compile(r"^[A-Za-z0-9_]+$")
# A time is exported as UTC ISO 8601 text with microseconds (2026-03-01T09:30:00.000000Z), which
# REDCap's datetime validations refuse: the dictionary declares it text, and says its format.
VALIDATION = {INTEGER: "integer", NUMBER: "number"}


def _redcap_field(table: Table, column: Column, name: str) -> list[str]:
    field_type, choices, validation = "text", "", VALIDATION.get(column.kind, "")
    note = f"Column {column.name} of {table.name}."
    if column.unit:
        note += f" Unit: {column.unit}."
    if column.kind == BOOLEAN:
        field_type, validation = "yesno", ""
        note += " Exported as true/false: import as 1/0."
    elif column.kind == DATETIME:
        note += (
            " A UTC time, exported as ISO 8601 text with microseconds "
            "(2026-03-01T09:30:00.000000Z); for REDCap's datetime_seconds_ymd validation write "
            "it as 2026-03-01 09:30:00."
        )
    elif column.allowed and all(CODE_SAFE.match(v) for v in column.allowed):
        field_type = "dropdown"
        choices = " | ".join(f"{v}, {v}" for v in column.allowed)
    elif column.allowed:
        note += f" One of: {', '.join(column.allowed)}."
    if column.nullable:
        note += " May be empty: " + ", ".join(column.missing) + "."
    return [
        name,
        table.name,
        table.description if column is table.columns[0] else "",
        field_type,
        column.description,
        choices,
        note,
        validation,
        "",
        "",
        "",
        "",
        "" if column.nullable else "y",
        "",
        "",
        "",
        "",
        "",
    ]


def redcap_dictionary() -> list[list[str]]:
    """The data dictionary's rows (after the header): ``record_id`` first (the participant's
    export id), then every column of every table under the table's prefix."""
    rows = [
        [
            "record_id",
            "participants",
            TABLES["participants"].description,
            "text",
            "Participant export id",
            "",
            "The participant_id of every table.",
            *[""] * 11,
        ]
    ]
    for name, table in TABLES.items():
        prefix = REDCAP_PREFIX[name]
        for column in table.columns:
            if column.name == "participant_id":
                continue  # the record id
            rows.append(_redcap_field(table, column, f"{prefix}_{column.name}"))
    return rows


def redcap_write(path: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = redcap_dictionary()
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(REDCAP_HEADER)
        writer.writerows(rows)
    return len(rows)
