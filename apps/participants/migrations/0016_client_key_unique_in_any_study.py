from django.db import migrations, models


class Migration(migrations.Migration):
    """A client key is one enrolment in any study: unique by itself, not per study (two
    requests with one key for two studies at once would otherwise both enrol)."""

    dependencies = [("participants", "0015_participant_client_key")]

    operations = [
        migrations.RemoveConstraint(model_name="participant", name="participant_client_key_unique"),
        migrations.AddConstraint(
            model_name="participant",
            constraint=models.UniqueConstraint(
                fields=("client_key",), name="participant_client_key_unique"
            ),
        ),
    ]
