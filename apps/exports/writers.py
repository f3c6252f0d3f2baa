"""Writers of one table to one file, fed rows in batches: CSV, Parquet and BIDS-style TSV.

Each writer holds at most one batch: CSV rows go straight to the file; Parquet rows are gathered
column by column and written as one row group per batch, so memory stays bounded however long
the table is. The Parquet writer is its own module (``parquet.py``), imported when a Parquet
file is written: pyarrow costs every process that imports it about 50 MB and 50 ms at start,
and most (web workers, the live server, Celery's game and metrics workers) never write one.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from apps.common.spreadsheet import formula_safe
from apps.exports.schema import BOOLEAN, DATETIME, STRING, Table


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


class TableWriter(Protocol):
    """What an export's table is written through, whatever the file's format."""

    def write(self, rows: Sequence[tuple]) -> None: ...

    def close(self) -> None: ...


def parquet_writer(table: Table, path: Path) -> TableWriter:
    """A Parquet writer: pyarrow is imported with the first one a process makes."""
    from apps.exports.parquet import ParquetWriter

    return ParquetWriter(table, path)


WRITERS: dict[str, tuple[Callable[[Table, Path], TableWriter], str]] = {
    "csv": (CsvWriter, "csv"),
    "parquet": (parquet_writer, "parquet"),
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
