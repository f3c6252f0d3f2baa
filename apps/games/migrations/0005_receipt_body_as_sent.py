from django.db import migrations, models


class Migration(migrations.Migration):
    """A receipt keeps its answer's JSON exactly as it was sent (retries get the same bytes)."""

    dependencies = [("games", "0004_opponents")]

    operations = [
        migrations.AlterField(
            model_name="actionreceipt",
            name="body",
            field=models.TextField(),
        ),
    ]
