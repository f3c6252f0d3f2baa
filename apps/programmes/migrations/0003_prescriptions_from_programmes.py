"""Each programme prescribed before versions were kept becomes its first version, in force
from the beginning (``effective_at`` empty), made by whoever last set it."""

from django.db import migrations


def first_versions(apps, schema_editor):
    Programme = apps.get_model("programmes", "Programme")
    Prescription = apps.get_model("programmes", "Prescription")
    Prescription.objects.bulk_create(
        Prescription(
            study_id=programme.study_id,
            participant_id=programme.participant_id,
            sessions_per_week=programme.sessions_per_week,
            minutes_per_session=programme.minutes_per_session,
            weeks=programme.weeks,
            boosters=programme.boosters,
            effective_at=None,
            made_by_id=programme.updated_by_id,
        )
        for programme in Programme.objects.order_by("pk")
    )


def no_versions(apps, schema_editor):
    apps.get_model("programmes", "Prescription").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("programmes", "0002_prescription")]

    operations = [migrations.RunPython(first_versions, no_versions)]
