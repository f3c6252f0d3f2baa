from django.db import migrations

from apps.common.db import append_only

TABLES = (
    "games_gameevent",
    "games_examinationperiod",
    "games_play",
    "games_recallattempt",
    "games_illegalattempt",
)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [op for table in TABLES for op in append_only(table)]
