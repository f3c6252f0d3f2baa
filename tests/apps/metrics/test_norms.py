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
    session = played_session(rounds=3)  # tricks won rests on rounds: three are the minimum
    session.participant.age_band = "70-79"
    session.participant.save()
    services.session_metrics_compute(session_id=session.pk)
    row = MetricValue.objects.get(
        level="participant", subject_id=session.participant_id, key="tricks_won"
    )
    assert row.details["latest_n"] == 3
    assert row.details["z_norm"] == pytest.approx((row.value - 12.5) / 2.5)
    assert "age-band norms" in row.details["z_reading"]
    # One 'Stragedy a round: three attempts are too few for a hit-rate comparison.
    recall = MetricValue.objects.get(
        level="participant", subject_id=session.participant_id, key="recall_hit"
    )
    assert recall.details["z_norm"] is None
    assert recall.details["z_reading"].startswith("Not enough data yet")


RETEST = """key,version,age_band,mean,sd,n,source,retest_r,retest_source,practice_effect
recall_hit,1,70-79,0.40,0.20,118,Example norms,0.75,"Example, Table 5",0.05
tricks_won,1,70-79,12.5,2.5,118,Example norms,,,
"""


def test_retest_reliability_and_practice_effects_are_stored_with_their_sources():
    assert norms_load(io.StringIO(RETEST)) == 2
    recall = ReferenceNorm.objects.get(key="recall_hit")
    assert (recall.retest_r, recall.retest_source, recall.practice_effect) == (
        0.75,
        "Example, Table 5",
        0.05,
    )
    tricks = ReferenceNorm.objects.get(key="tricks_won")
    assert (tricks.retest_r, tricks.retest_source, tricks.practice_effect) == (None, "", None)
    # Loading again replaces, never duplicates.
    norms_load(io.StringIO(RETEST.replace("0.75", "0.7")))
    assert ReferenceNorm.objects.get(key="recall_hit").retest_r == 0.7


@pytest.mark.parametrize(
    ("cells", "problem"),
    [
        ("1.2,Example", "retest_r must be between 0 and 1"),
        ("-0.3,Example", "retest_r must be between 0 and 1"),
        ("0.8,", "retest_r needs its citation in retest_source"),
        (",Example", "retest_source is given without a retest_r"),
        ("high,Example", "retest_r must be a number or empty"),
    ],
)
def test_bad_retest_cells_are_refused_and_nothing_is_stored(cells, problem):
    table = RETEST + f"recall_hit,1,80+,0.3,0.2,50,x,{cells},\n"
    with pytest.raises(ValidationFailed, match=problem) as refused:
        norms_load(io.StringIO(table))
    assert refused.value.code == "invalid_norms"
    assert refused.value.details["line"] == 4
    assert not ReferenceNorm.objects.exists()


def test_a_practice_effect_must_be_a_number_and_rows_must_not_repeat():
    with pytest.raises(ValidationFailed, match="practice_effect must be a number"):
        norms_load(io.StringIO(RETEST.replace(",0.05", ",some")))
    with pytest.raises(ValidationFailed, match="already on line 2"):
        norms_load(io.StringIO(RETEST + RETEST.splitlines()[1] + "\n"))
    with pytest.raises(ValidationFailed, match="finite"):
        norms_load(io.StringIO(RETEST.replace("0.40,0.20", "nan,0.20")))
    assert not ReferenceNorm.objects.exists()


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
