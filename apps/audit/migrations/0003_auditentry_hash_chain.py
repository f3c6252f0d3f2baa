"""Chain the audit trail by hashes: two columns, and the entries already written chained in id
order (the append-only triggers are lifted for that and put back at the end, in the same
transaction; on SQLite they are created anew, as rebuilding the table for the unique column drops
them)."""

from django.db import migrations, models
from django.utils import timezone

TABLE = "audit_auditentry"


def _triggers(schema_editor, enable: bool) -> None:
    if schema_editor.connection.vendor == "postgresql":
        state = "ENABLE" if enable else "DISABLE"
        schema_editor.execute(f"ALTER TABLE {TABLE} {state} TRIGGER {TABLE}_append_only")
        return
    for op in ("UPDATE", "DELETE"):
        name = f"{TABLE}_append_only_{op.lower()}"
        if enable:
            schema_editor.execute(
                f"CREATE TRIGGER IF NOT EXISTS {name} BEFORE {op} ON {TABLE} "
                f"BEGIN SELECT RAISE(ABORT, '{TABLE} is append-only: {op} is not allowed'); END;"
            )
        else:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {name}")


def chain_existing(apps, schema_editor):
    from apps.audit.chain import CONTENT_FIELDS, GENESIS, content_hash

    AuditEntry = apps.get_model("audit", "AuditEntry")
    entries = AuditEntry.objects.using(schema_editor.connection.alias).order_by("id")
    _triggers(schema_editor, enable=False)
    previous = GENESIS
    for entry in entries.iterator():
        entry.prev_hash = previous
        entry.entry_hash = content_hash(
            {name: getattr(entry, name) for name in CONTENT_FIELDS}, previous
        )
        entry.save(update_fields=["prev_hash", "entry_hash"])
        previous = entry.entry_hash


def restore_triggers(apps, schema_editor):
    _triggers(schema_editor, enable=True)


class Migration(migrations.Migration):
    dependencies = [("audit", "0002_append_only")]

    operations = [
        # Undoing this migration rebuilds the table on SQLite: the triggers come back last.
        migrations.RunPython(migrations.RunPython.noop, restore_triggers),
        migrations.AlterField(
            model_name="auditentry",
            name="at",
            field=models.DateTimeField(db_index=True, default=timezone.now),
        ),
        migrations.AddField(
            model_name="auditentry",
            name="prev_hash",
            field=models.CharField(
                default="", help_text="The previous entry's hash.", max_length=64
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="auditentry",
            name="entry_hash",
            field=models.CharField(
                default="",
                help_text="SHA-256 of this entry's content and prev_hash.",
                max_length=64,
            ),
            preserve_default=False,
        ),
        migrations.RunPython(chain_existing, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="auditentry",
            name="entry_hash",
            field=models.CharField(
                help_text="SHA-256 of this entry's content and prev_hash.",
                max_length=64,
                unique=True,
            ),
        ),
        migrations.RunPython(restore_triggers, migrations.RunPython.noop),
    ]
