"""Writers of one table to one file, fed rows in batches: CSV, Parquet and BIDS-style TSV.

Each writer holds at most one batch: CSV rows go straight to the file; Parquet rows are gathered
column by column and written as one row group per batch, so memory stays bounded however long
the table is.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from apps.common.spreadsheet import formula_safe
from apps.exports.schema import BOOLEAN, DATETIME, INTEGER, NUMBER, STRING, Table

ARROW_TYPES = {
    STRING: pa.string(),
    INTEGER: pa.int64(),
    NUMBER: pa.float64(),
    BOOLEAN: pa.bool_(),
    DATETIME: pa.timestamp("us", tz="UTC"),
}


def arrow_schema(table: Table) -> pa.Schema:
    return pa.schema(
        [pa.field(c.name, ARROW_TYPES[c.kind], nullable=c.nullable) for c in table.columns]
    )


def iso_time(moment: datetime) -> str:
    """UTC, always with microseconds.

    >>> from datetime import timedelta, timezone
    >>> iso_time(datetime(2026, 3, 1, 9, 30, tzinfo=UTC))
    '2026-03-01T09:30:00.000000Z'
    >>> iso_time(datetime(2026, 3, 1, 11, 30, 0, 5, tzinfo=timezone(timedelta(hours=2))))
    '2026-03-01T09:30:00.000005Z'
    """
    if moment.tzinfo is not UTC and moment.utcoffset():
        moment = moment.astimezone(UTC)
    return moment.isoformat(timespec="microseconds")[:-6] + "Z"


def _text(value, missing: str) -> str:
    if value is None:
        return missing
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, datetime):
        return iso_time(value)
    return str(value)


def _bool_text(value: bool | None) -> str | None:
    return None if value is None else ("true" if value else "false")


def _time_text(value: datetime | None) -> str | None:
    return None if value is None else iso_time(value)


def _open_text(path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    return path.open("w", newline="", encoding="utf-8")


class CsvWriter:
    """Comma-separated, header first, UTF-8, missing values as empty cells (the csv module
    writes ``None`` as nothing); boolean and time columns are converted, and text that a
    spreadsheet would run as a formula is quoted (:func:`formula_safe`): these files are the
    ones opened in a spreadsheet."""

    dialect: dict[str, Any] = {"delimiter": ",", "lineterminator": "\n"}
    quote_formulas = True

    def __init__(self, table: Table, path: Path):
        self.table = table
        self._file = _open_text(path)
        self._csv = csv.writer(self._file, **self.dialect)
        self._csv.writerow(table.names)
        convert: dict[str, Callable[[Any], Any]] = {BOOLEAN: _bool_text, DATETIME: _time_text}
        if self.quote_formulas:
            convert[STRING] = formula_safe
        self._convert = [
            (i, convert[c.kind]) for i, c in enumerate(table.columns) if c.kind in convert
        ]
        self.rows = 0

    def _cells(self, rows: Sequence[tuple]) -> Iterable[Sequence]:
        width = len(self.table.columns)
        for row in rows:
            assert len(row) == width, (self.table.name, row)
            if self._convert:
                cells = list(row)
                for i, convert in self._convert:
                    cells[i] = convert(cells[i])
                yield cells
            else:
                yield row

    def write(self, rows: Sequence[tuple]) -> None:
        self._csv.writerows(self._cells(rows))
        self.rows += len(rows)

    def close(self) -> None:
        self._file.close()


class TsvWriter(CsvWriter):
    """BIDS-style: tab-separated, missing values as ``n/a``, values as they are (read by
    programs and the BIDS validator, which check them against their levels)."""

    dialect = {"delimiter": "\t", "lineterminator": "\n"}
    quote_formulas = False

    def _cells(self, rows: Sequence[tuple]) -> Iterable[Sequence]:
        for row in super()._cells(rows):
            yield [_text(value, "n/a") for value in row]


class ParquetWriter:
    """One row group per batch, typed by the table's schema."""

    def __init__(self, table: Table, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.table = table
        self.schema = arrow_schema(table)
        self._writer = pq.ParquetWriter(path, self.schema, compression="zstd")
        self.rows = 0

    def write(self, rows: Sequence[tuple]) -> None:
        if not rows:
            return
        columns = list(zip(*rows, strict=True))
        assert len(columns) == len(self.schema), self.table.name
        arrays = [
            pa.array(values, type=f.type) for values, f in zip(columns, self.schema, strict=True)
        ]
        self._writer.write_table(pa.Table.from_arrays(arrays, schema=self.schema))
        self.rows += len(rows)

    def close(self) -> None:
        self._writer.close()


WRITERS: dict[str, tuple[type[CsvWriter] | type[ParquetWriter], str]] = {
    "csv": (CsvWriter, "csv"),
    "parquet": (ParquetWriter, "parquet"),
}


def write_json(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def write_tsv(path: Path, table: Table, rows: Iterable[tuple]) -> int:
    writer = TsvWriter(table, path)
    try:
        writer.write(list(rows))
    finally:
        writer.close()
    return writer.rows
