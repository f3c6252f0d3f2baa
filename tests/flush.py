"""Emptying the database after a test that committed (``transactional_db``, the browser tests).

Django's flush truncates every table in one statement: 1.3 to 1.6 s on the development machine,
whatever the tables hold, as PostgreSQL gives each table and index a new file. A test writes to
a few tables only, so the flush here deletes the rows of those that hold any (one query finds
them): about 0.02 s. The append-only tables' triggers refuse a DELETE (TRUNCATE never fired
them), so the deletes run with triggers off for their transaction, which takes a superuser;
without one, and when sequences are to be reset, the flush is Django's own. Either way every
table is left as a freshly migrated database has it, and the sequences where Django's flush
leaves them.

Django's flush empties the content types and permissions too, then sends ``post_migrate`` to
write them again: about 0.2 s of CPU a test, in this process and the database, for rows that
are the same before and after. The flush here leaves those two tables alone and sends no
``post_migrate`` (no receiver of ours listens to it); Django's own flush still sends it.
"""

from __future__ import annotations

from django.core.management.commands import flush as flush_command
from django.db.backends.postgresql.operations import DatabaseOperations

truncate_every_table = DatabaseOperations.sql_flush
emit_post_migrate_signal = flush_command.emit_post_migrate_signal
# What post_migrate writes (django.contrib.contenttypes' and django.contrib.auth's receivers).
KEPT = frozenset({"django_content_type", "auth_permission"})
_deleted = False  # the last flush was by DELETE: post_migrate has nothing to write again


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
    global _deleted
    _deleted = not reset_sequences and bool(tables) and may_turn_triggers_off(self)
    if not _deleted:
        return truncate_every_table(
            self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
        )
    filled = tables_with_rows(self, sorted(set(tables) - KEPT))
    if not filled:
        return []
    # Foreign keys are checked by triggers too: off, the order of the deletes does not matter.
    return [
        "SET LOCAL session_replication_role = replica;",
        *(f"{style.SQL_KEYWORD('DELETE FROM')} {self.quote_name(table)};" for table in filled),
    ]


def post_migrate_after_flush(*args, **kwargs) -> None:
    """The flush command's ``post_migrate``: sent after Django's own flush only."""
    if not _deleted:
        emit_post_migrate_signal(*args, **kwargs)
