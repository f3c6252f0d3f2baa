"""Emptying the database after a test that committed (``transactional_db``, the browser tests).

Django's flush truncates every table in one statement: 1.3 to 1.6 s on the development machine,
whatever the tables hold, as PostgreSQL gives each table and index a new file. A test writes to
a few tables only, so the flush here deletes the rows of those that hold any (one query finds
them): about 0.02 s. The append-only tables' triggers refuse a DELETE (TRUNCATE never fired
them), so the deletes run with triggers off for their transaction, which takes a superuser;
without one, and when sequences are to be reset, the flush is Django's own. Either way every
table is left empty and the sequences where Django's flush leaves them.
"""

from __future__ import annotations

from django.db.backends.postgresql.operations import DatabaseOperations

truncate_every_table = DatabaseOperations.sql_flush


def tables_with_rows(ops: DatabaseOperations, tables: list[str]) -> list[str]:
    probes = " UNION ALL ".join(
        f"SELECT %s WHERE EXISTS (SELECT 1 FROM {ops.quote_name(table)})" for table in tables
    )
    with ops.connection.cursor() as cursor:
        cursor.execute(probes, tables)
        return [row[0] for row in cursor.fetchall()]


def may_turn_triggers_off(ops: DatabaseOperations) -> bool:
    with ops.connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('is_superuser') = 'on'")
        return cursor.fetchone()[0]


def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
    if reset_sequences or not tables or not may_turn_triggers_off(self):
        return truncate_every_table(
            self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
        )
    filled = tables_with_rows(self, sorted(tables))
    if not filled:
        return []
    # Foreign keys are checked by triggers too: off, the order of the deletes does not matter.
    return [
        "SET LOCAL session_replication_role = replica;",
        *(f"{style.SQL_KEYWORD('DELETE FROM')} {self.quote_name(table)};" for table in filled),
    ]
