"""Allocation after consent and eligibility, by minimisation with a random element.

The permuted-block lists drawn before are kept only where a participant holds a place: each
taken place becomes that participant's allocation (numbered by enrolment, its stratum as it was),
and the unused places go.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _keep_taken_places(apps, schema_editor):
    Slot = apps.get_model("participants", "AllocationSlot")
    Slot.objects.filter(participant=None).delete()
    studies = Slot.objects.values_list("study_id", flat=True).distinct()
    for study_id in list(studies):
        taken = Slot.objects.filter(study_id=study_id).select_related("participant")
        ordered = sorted(taken, key=lambda slot: (slot.participant.created_at, slot.participant_id))
        for position, slot in enumerate(ordered, start=1):
            slot.position = position
            slot.allocated_at = slot.participant.created_at
            slot.factors = {"age_band": slot.stratum}
            slot.save(update_fields=["position", "allocated_at", "factors"])
    Allocation = apps.get_model("participants", "Allocation")
    Allocation.objects.update(
        method="permuted_blocks", generator="python-random-shuffle", factors=["age_band"], bias=0
    )


class Migration(migrations.Migration):
    dependencies = [
        ("participants", "0009_study_claims"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="study",
            name="design_open",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="study",
            name="eligibility_criteria",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="allocation",
            name="method",
            field=models.CharField(default="minimisation", max_length=40),
        ),
        migrations.AddField(
            model_name="allocation",
            name="generator",
            field=models.CharField(
                default="", help_text="the stated random number generator", max_length=40
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="allocation",
            name="factors",
            field=models.JSONField(
                default=list, help_text="the participant's fields minimisation balances"
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="allocation",
            name="bias",
            field=models.FloatField(
                default=0, help_text="the share of its weight a non-preferred arm gives up"
            ),
            preserve_default=False,
        ),
        migrations.RemoveConstraint(model_name="allocationslot", name="allocation_slot_unique"),
        migrations.AddField(
            model_name="allocationslot",
            name="factors",
            field=models.JSONField(default=dict, help_text="every factor's level when allocated"),
        ),
        migrations.AddField(
            model_name="allocationslot",
            name="chances",
            field=models.JSONField(default=dict, help_text="each arm's chance at this allocation"),
        ),
        migrations.AddField(
            model_name="allocationslot",
            name="eligibility",
            field=models.JSONField(default=list, help_text="the criteria confirmed as met"),
        ),
        migrations.AddField(
            model_name="allocationslot",
            name="allocated_by",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="allocationslot",
            name="allocated_at",
            field=models.DateTimeField(null=True),
        ),
        migrations.RunPython(_keep_taken_places, migrations.RunPython.noop),
        migrations.RemoveField(model_name="allocation", name="block_multiples"),
        migrations.RemoveField(model_name="allocation", name="places_per_stratum"),
        migrations.AlterField(
            model_name="allocationslot",
            name="allocated_at",
            field=models.DateTimeField(),
        ),
        migrations.AlterField(
            model_name="allocationslot",
            name="participant",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="allocation",
                to="participants.participant",
            ),
        ),
        migrations.AlterField(
            model_name="allocationslot",
            name="position",
            field=models.PositiveIntegerField(help_text="1 for the study's first allocation"),
        ),
        migrations.AlterField(
            model_name="allocationslot",
            name="stratum",
            field=models.CharField(help_text="the age band when allocated", max_length=10),
        ),
        migrations.AlterModelOptions(
            name="allocationslot",
            options={"ordering": ["study", "position"]},
        ),
        migrations.AddConstraint(
            model_name="allocationslot",
            constraint=models.UniqueConstraint(
                fields=("study", "position"), name="allocation_position_unique"
            ),
        ),
    ]
