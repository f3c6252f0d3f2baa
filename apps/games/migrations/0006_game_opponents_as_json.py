from django.db import migrations, models


class Migration(migrations.Migration):
    """The opponents' memory is kept as versioned JSON instead of pickles. Existing pickles are
    dropped: a game whose opponents are not stored rebuilds them from its seed and its logged
    actions the next time they act (apps.games.opponents.opponents_from_log)."""

    dependencies = [("games", "0005_receipt_body_as_sent")]

    operations = [
        migrations.RemoveField(model_name="game", name="opponents"),
        migrations.AddField(
            model_name="game",
            name="opponents",
            field=models.JSONField(blank=True, editable=False, null=True),
        ),
    ]
