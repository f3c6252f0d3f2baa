import io

import pytest
from django.core.management import CommandError, call_command

from apps.common.errors import ValidationFailed
from apps.metrics import services
from apps.metrics.models import MetricValue, ReferenceNorm
from apps.metrics.norms import norms_load

pytestmark = pytest.mark.django_db

TABLE = """key,version,age_band,mean,sd,n,source
recall_hit,1,70-79,0.40,0.20,118,Example norms
tricks_won,1,70-79,12.5,2.5,118,Example norms
"""


def test_a_norm_table_loads_and_gives_z_scores(played_session):
    assert norms_load(io.StringIO(TABLE)) == 2
    session = played_session()
    session.participant.age_band = "70-79"
    session.participant.save()
    services.session_metrics_compute(session_id=session.pk)
    row = MetricValue.objects.get(
        level="participant", subject_id=session.participant_id, key="tricks_won"
    )
    assert row.details["z_norm"] == pytest.approx((row.value - 12.5) / 2.5)
    assert "age-band norms" in row.details["z_reading"]


def test_a_bad_row_stores_nothing():
    bad = TABLE + "recall_hit,1,elderly,0.3,0.1,10,x\n"
    with pytest.raises(ValidationFailed, match="Line 4: age band 'elderly'"):
        norms_load(io.StringIO(bad))
    assert not ReferenceNorm.objects.exists()


def test_the_command_reports_errors_clearly(tmp_path):
    path = tmp_path / "norms.csv"
    path.write_text("key,mean\nrecall_hit,0.3\n")
    with pytest.raises(CommandError, match="lacks the column"):
        call_command("load_norms", str(path))
    path.write_text(TABLE)
    call_command("load_norms", str(path))
    assert ReferenceNorm.objects.count() == 2
