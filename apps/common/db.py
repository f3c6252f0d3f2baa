"""Database-level guarantees that Python code alone cannot give."""

from django.db import migrations
from django.db.migrations.operations.base import Operation


def append_only(table: str) -> list[Operation]:
    """Migration operations that make ``table`` refuse UPDATE and DELETE, in the database itself.

    PostgreSQL gets a trigger function raising an exception; SQLite (the embedded default) gets
    ``RAISE(ABORT)`` triggers. ``TRUNCATE`` stays possible: it is a maintenance operation (test
    databases are emptied with it); production roles should not be granted it.
    """
    fn = f"{table}_append_only"
    postgres = f"""
        CREATE OR REPLACE FUNCTION {fn}() RETURNS trigger AS $$
        BEGIN
            RAISE EXCEPTION '{table} is append-only: % is not allowed', TG_OP
                USING ERRCODE = 'integrity_constraint_violation';
        END;
        $$ LANGUAGE plpgsql;
        CREATE TRIGGER {fn} BEFORE UPDATE OR DELETE ON {table}
            FOR EACH ROW EXECUTE FUNCTION {fn}();
    """
    postgres_reverse = f"""
        DROP TRIGGER IF EXISTS {fn} ON {table};
        DROP FUNCTION IF EXISTS {fn}();
    """
    sqlite = [
        f"CREATE TRIGGER {fn}_{op.lower()} BEFORE {op} ON {table} "
        f"BEGIN SELECT RAISE(ABORT, '{table} is append-only: {op} is not allowed'); END;"
        for op in ("UPDATE", "DELETE")
    ]
    sqlite_reverse = [f"DROP TRIGGER IF EXISTS {fn}_{op};" for op in ("update", "delete")]

    def forwards(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(postgres, params=None)
        else:
            for statement in sqlite:
                schema_editor.execute(statement, params=None)

    def backwards(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(postgres_reverse, params=None)
        else:
            for statement in sqlite_reverse:
                schema_editor.execute(statement, params=None)

    return [migrations.RunPython(forwards, backwards)]
