"""Norms tables: every row carries its source, its sample's size and the protocol settings it was
collected under, and a z-score is given only with all of them."""

import io

import pytest
from django.core.management import CommandError, call_command

from apps.common.errors import ValidationFailed
from apps.metrics import services
from apps.metrics.models import MetricValue, ReferenceNorm
from apps.metrics.norms import norms_load

pytestmark = pytest.mark.django_db

HEAD = "key,version,age_band,game,examination_seconds,opponent,mean,sd,n,source"
TABLE = f"""{HEAD}
recall_hit,1,70-79,memulation,30,random,0.40,0.20,118,Example norms
tricks_won,1,70-79,memulation,30,random,12.5,2.5,118,Example norms
"""
RETEST = f"""{HEAD},retest_r,retest_n,retest_source
recall_hit,1,70-79,memulation,30,random,0.40,0.20,118,Example norms,0.75,64,"Example, Table 5"
tricks_won,1,70-79,memulation,30,random,12.5,2.5,118,Example norms,,,
"""


def test_a_norm_table_loads_and_gives_z_scores_with_their_provenance(played_session):
    assert norms_load(io.StringIO(TABLE)) == 2
    session = played_session(rounds=3)  # tricks won rests on rounds: three are the minimum
    session.participant.age_band = "70-79"
    session.participant.save()
    services.session_metrics_compute(session_id=session.pk)
    row = MetricValue.objects.get(
        level="participant", subject_id=session.participant_id, key="tricks_won"
    )
    reading = row.details["readings"]["memulation"]
    assert reading["latest_n"] == 3
    norm = reading["z"]["norm"]
    assert norm["z"] == pytest.approx((row.value - 12.5) / 2.5)
    assert (norm["source"], norm["n"], norm["mean"], norm["sd"], norm["age_band"]) == (
        "Example norms", 118, 12.5, 2.5, "70-79",
    )  # fmt: skip
    assert norm["protocol"] == {
        "game": "memulation",
        "examination_seconds": 30,
        "opponent": "random",
    }
    assert (
        "Example norms: age 70-79, n = 118, mean 12.5 tricks, SD 2.5 tricks, Memulation, 30 s "
        "examination, random opponent" in reading["z"]["reading"]
    )
    # One 'Stragedy a round: three attempts are too few for a hit-rate comparison.
    recall = MetricValue.objects.get(
        level="participant", subject_id=session.participant_id, key="recall_hit"
    ).details["readings"]["memulation"]
    assert recall["z"].get("norm") is None
    assert recall["z"]["reading"].startswith("No comparison: the latest session rests on")


def test_retest_reliability_is_stored_with_its_source_and_n():
    assert norms_load(io.StringIO(RETEST)) == 2
    recall = ReferenceNorm.objects.get(key="recall_hit")
    assert (recall.retest_r, recall.retest_n, recall.retest_source) == (
        0.75,
        64,
        "Example, Table 5",
    )
    assert recall.protocol == {
        "game": "memulation",
        "examination_seconds": 30,
        "opponent": "random",
    }
    tricks = ReferenceNorm.objects.get(key="tricks_won")
    assert (tricks.retest_r, tricks.retest_n, tricks.retest_source) == (None, 0, "")
    # Loading again replaces, never duplicates.
    norms_load(io.StringIO(RETEST.replace("0.75", "0.7")))
    assert ReferenceNorm.objects.get(key="recall_hit").retest_r == 0.7
    # Another protocol is another row.
    norms_load(io.StringIO(RETEST.replace(",30,", ",60,")))
    assert ReferenceNorm.objects.filter(key="recall_hit").count() == 2


BASE = "recall_hit,1,80+,memulation,30,greedy"


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        (f"{BASE},0.3,0.2,118,", "source must not be empty"),
        (f"{BASE},0.3,0.2,49,x", "n must be at least 50"),
        ("recall_hit,1,80+,,30,greedy,0.3,0.2,118,x", "game must not be empty"),
        ("recall_hit,1,80+,memulation,,greedy,0.3,0.2,118,x", "examination_seconds must not"),
        ("recall_hit,1,80+,memulation,30,,0.3,0.2,118,x", "opponent must not be empty"),
        ("recall_hit,1,80+,mendikot,30,heuristic,0.3,0.2,118,x", "not measured in mendikot"),
        ("recall_hit,1,80+,memulation,30,tracker,0.3,0.2,118,x", "no opponent 'tracker'"),
        (f"{BASE},0.3,0.01,0,", "source must not be empty"),  # the old "z = -50.00" row
        (f"{BASE},0.3,0,118,x", "sd must be positive"),
        (f"{BASE},nan,0.2,118,x", "finite"),
        (f"{BASE},0.3,0.2,118,x,1.2,60,Ex", "retest_r must be between 0 and 1"),
        (f"{BASE},0.3,0.2,118,x,0.8,60,", "go together"),
        (f"{BASE},0.3,0.2,118,x,0.8,,Ex", "go together"),
        (f"{BASE},0.3,0.2,118,x,high,60,Ex", "must be numbers"),
        ("recall_hit,1,elderly,memulation,30,greedy,0.3,0.2,118,x", "age band 'elderly'"),
    ],
)
def test_bad_rows_are_refused_and_nothing_is_stored(row, problem):
    table = RETEST + row + "\n"
    with pytest.raises(ValidationFailed, match=problem) as refused:
        norms_load(io.StringIO(table))
    assert refused.value.code == "invalid_norms"
    assert refused.value.details["line"] == 4
    assert not ReferenceNorm.objects.exists()


def test_rows_must_not_repeat():
    with pytest.raises(ValidationFailed, match="already on line 2"):
        norms_load(io.StringIO(RETEST + RETEST.splitlines()[1] + "\n"))
    assert not ReferenceNorm.objects.exists()


def test_the_command_reports_errors_clearly(tmp_path):
    path = tmp_path / "norms.csv"
    path.write_text("key,mean\nrecall_hit,0.3\n")
    with pytest.raises(CommandError, match="lacks the column"):
        call_command("load_norms", str(path))
    path.write_text(TABLE)
    call_command("load_norms", str(path))
    assert ReferenceNorm.objects.count() == 2
