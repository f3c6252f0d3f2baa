"""The Parquet writer of one table.

Imported only where a Parquet file is written (``writers.WRITERS``): pyarrow is large."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

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


class ParquetWriter:
    """One row group per batch, typed by the table's schema."""

    def __init__(self, table: Table, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.table = table
        self.schema = arrow_schema(table)
        self._writer = pq.ParquetWriter(path, self.schema, compression="zstd")

    def write(self, rows: Sequence[tuple]) -> None:
        if not rows:
            return
        columns = list(zip(*rows, strict=True))
        assert len(columns) == len(self.schema), self.table.name
        arrays = [
            pa.array(values, type=f.type) for values, f in zip(columns, self.schema, strict=True)
        ]
        self._writer.write_table(pa.Table.from_arrays(arrays, schema=self.schema))

    def close(self) -> None:
        self._writer.close()
