from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("participants", "0004_study_dataset_metadata"),
    ]

    operations = [
        migrations.AddField(
            model_name="participant",
            name="sessions_per_week",
            field=models.PositiveSmallIntegerField(
                blank=True, help_text="Sessions a week planned for this participant", null=True
            ),
        ),
    ]
