"""The export bench (bench/export.py) builds its study with bulk SQL, outside the models: each
of its inserts must fill every column that has no default in the database, or the bench fails
before it measures anything once a model gains a required field. Read from the bench's text
(importing it would point this process at the bench's database)."""

import re
from pathlib import Path

from django.apps import apps
from django.db import models

BENCH = Path(__file__).resolve().parents[2] / "bench" / "export.py"
INSERT = re.compile(r"INSERT INTO (\w+)\s*\(([^)]*)\)")


def required_columns(table: str) -> set[str]:
    """The columns of ``table`` an INSERT must name: not null, no default in the database."""
    (model,) = [m for m in apps.get_models() if m._meta.db_table == table]
    return {
        field.column
        for field in model._meta.concrete_fields
        if not field.null
        and not isinstance(field, models.AutoField)
        and field.db_default is models.NOT_PROVIDED
    }


def test_every_bulk_insert_fills_every_required_column():
    inserts = INSERT.findall(BENCH.read_text())
    assert len(inserts) >= 8, inserts  # the participants to the metric values
    for table, columns in inserts:
        named = {c.strip().strip('"') for c in columns.split(",")}
        missing = required_columns(table) - named
        assert not missing, f"bench/export.py's insert into {table} leaves out {sorted(missing)}"
