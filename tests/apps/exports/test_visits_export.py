"""Assessment visits in the research export: recorded by a blinded assessor through the
services, they come out as the visits and visit_measures tables (CSV, Parquet, Psych-DS), as
BIDS phenotype files, and in the codebook, under export ids, with no calendar date, no
assessor and nothing of a withdrawn participant; and the CONSORT flow counts them per point."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import timezone

from apps.accounts.models import User
from apps.exports.schema import TABLES
from apps.exports.services import export_to_folder
from apps.programmes.selectors import study_flow
from apps.visits.services import assessors_set, visit_record, visit_windows_set

from .conftest import SECRETS, seed_study

pytestmark = pytest.mark.django_db
VALIDATOR = Path(sys.executable).parent / "bids-validator-deno"
POINTS = [
    {"kind": "baseline", "session": 1},
    {"kind": "follow_up", "label": "One-month follow-up", "window_start_days": 28,
     "window_end_days": 35},
]  # fmt: skip


def read(path: Path, delimiter=",") -> list[dict]:
    with path.open(newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream, delimiter=delimiter))


@pytest.fixture
def visited():
    seeded = seed_study(games_per_participant=1, assessment_points=POINTS)
    study, owner = seeded.study, seeded.researcher
    baseline, follow_up = study.assessment_points.order_by("pk")
    ann = User.objects.create_user(
        username="ann_q", first_name="Annika", last_name="Quist", role="assessor"
    )
    assessors_set(study=study, actor=owner, assessors=[ann.pk])
    window = {"point": baseline.pk, "anchor": "enrolment", "opens_day": 0, "closes_day": 7}
    visit_windows_set(study=study, actor=owner, windows=[window])
    first, second = seeded.participants
    today = timezone.localdate()
    visit_record(
        participant=first, point_id=baseline.pk, actor=ann, status="done", held_on=today,
        measures={"moca": 26, "tmt_b": 81.5},
    )  # fmt: skip
    visit_record(
        participant=second, point_id=baseline.pk, actor=ann, status="missed",
        missed_reason="illness",
    )  # fmt: skip
    return seeded, baseline, follow_up


def test_recorded_visits_are_exported_as_tables_phenotype_files_and_codebook(visited, tmp_path):
    seeded, baseline, _ = visited
    # A withdrawn participant's visit is recorded, and never exported.
    ann = User.objects.get(username="ann_q")
    visit_record(
        participant=seeded.withdrawn, point_id=baseline.pk, actor=ann, status="missed",
        missed_reason="withdrew",
    )  # fmt: skip
    out = tmp_path / "export"
    export_to_folder(
        study=seeded.study, formats=["csv", "parquet", "bids"], filters={}, out=out,
        shift_dates=True,
    )  # fmt: skip
    first, second = (seeded.export_id(p) for p in seeded.participants)

    visits = read(out / "csv" / "visits.csv")
    assert list(visits[0]) == TABLES["visits"].names
    assert sorted((v["participant_id"], v["point"], v["status"]) for v in visits) == sorted(
        [(first, "baseline", "done"), (second, "baseline", "missed")]
    )
    held = next(v for v in visits if v["status"] == "done")
    assert (held["anchor"], held["window_opens_day"], held["window_closes_day"]) == (
        "enrolment",
        "0",
        "7",
    )
    assert (held["in_window"], held["missed_reason"]) == ("true", "")
    assert 0 <= int(held["held_day"]) <= 7
    missed = next(v for v in visits if v["status"] == "missed")
    assert (missed["held_day"], missed["in_window"], missed["missed_reason"]) == ("", "", "illness")

    measures = read(out / "csv" / "visit_measures.csv")
    assert [(m["participant_id"], m["measure"], float(m["value"])) for m in measures] == [
        (first, "moca", 26.0),
        (first, "tmt_b", 81.5),
    ]
    assert {m["point"] for m in measures} == {"baseline"}
    assert (out / "parquet" / "visits.parquet").exists()
    psychds = out / "psychds" / "data"
    assert (psychds / "table-visits_data.csv").exists()
    assert (psychds / "table-visitMeasures_data.csv").exists()

    # BIDS: a phenotype file per point (rows keyed by participant), its measures as columns.
    assert sorted(p.name for p in (out / "bids" / "phenotype").iterdir()) == [
        "visits1.json",
        "visits1.tsv",
    ]
    phenotype = read(out / "bids" / "phenotype" / "visits1.tsv", delimiter="\t")
    by_subject = {p["participant_id"]: p for p in phenotype}
    assert set(by_subject) == {f"sub-{first}", f"sub-{second}"}
    assert (by_subject[f"sub-{first}"]["measure_moca"], by_subject[f"sub-{first}"]["status"]) == (
        "26.0",
        "done",
    )
    assert by_subject[f"sub-{second}"]["held_day"] == "n/a"
    assert by_subject[f"sub-{second}"]["measure_tmt_b"] == "n/a"
    sidecar = json.loads((out / "bids" / "phenotype" / "visits1.json").read_text())
    assert {"participant_id", "status", "measure_moca", "measure_tmt_b"} <= set(sidecar)

    book = json.loads((out / "codebook.json").read_text())
    tables = {t["name"]: t for t in book["tables"]}
    assert [c["name"] for c in tables["visits"]["columns"]] == TABLES["visits"].names
    assert "visit_measures" in tables
    assert "visits" in {t["name"] for t in book["bids"]}

    files = [p for p in out.rglob("*") if p.suffix in {".csv", ".tsv", ".json", ".md"}]
    everything = "\n".join(path.read_text(encoding="utf-8") for path in files)
    for secret in [
        *SECRETS["codes"],
        "ann_q",
        "Annika",
        "Quist",
        seeded.export_id(seeded.withdrawn),
    ]:
        assert secret not in everything, secret
    day = timezone.localdate().isoformat()  # held on: no calendar day leaves in a visit's row
    assert day not in (out / "csv" / "visits.csv").read_text()
    assert day not in (out / "bids" / "phenotype" / "visits1.tsv").read_text()


def test_the_bids_validator_accepts_the_phenotype_files(visited, tmp_path):
    assert VALIDATOR.exists(), "bids-validator-deno is a dev dependency (make setup)"
    seeded, _, _ = visited
    out = tmp_path / "export"
    export_to_folder(study=seeded.study, formats=["bids"], filters={}, out=out, shift_dates=True)
    done = subprocess.run(
        [str(VALIDATOR), str(out / "bids"), "--format", "json", "--max-rows", "-1"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    issues = json.loads(done.stdout)["issues"]["issues"]
    reported = [i for i in issues if i.get("subCode") not in {"CogAtlasID", "CogPOID"}]
    assert [(i["severity"], i["code"], i.get("location")) for i in reported] == []


def test_the_flow_counts_who_was_assessed_at_each_point(visited):
    seeded, baseline, follow_up = visited
    flow = study_flow(study=seeded.study, show_arms=True)
    points = {arm["arm"]: arm["assessed"] for arm in flow["arms"]}
    assert points["training"] == [
        {"point": baseline.pk, "kind": "baseline", "label": "Baseline", "assessed": 1,
         "missed": 0, "missed_reasons": {}},
        {"point": follow_up.pk, "kind": "follow_up", "label": "One-month follow-up",
         "assessed": 0, "missed": 0, "missed_reasons": {}},
    ]  # fmt: skip
    assert points["control"][0] | {"point": 0} == {
        "point": 0, "kind": "baseline", "label": "Baseline", "assessed": 0, "missed": 1,
        "missed_reasons": {"illness": 1},
    }  # fmt: skip


def test_in_window_is_read_against_the_window_as_it_is_now(visited, tmp_path):
    seeded, baseline, _ = visited
    later = {"point": baseline.pk, "anchor": "enrolment", "opens_day": 300, "closes_day": 310}
    visit_windows_set(study=seeded.study, actor=seeded.researcher, windows=[later])
    out = tmp_path / "export"
    export_to_folder(study=seeded.study, formats=["csv"], filters={}, out=out, shift_dates=True)
    [held] = [v for v in read(out / "csv" / "visits.csv") if v["status"] == "done"]
    assert (held["window_opens_day"], held["window_closes_day"]) == ("300", "310")
    assert held["in_window"] == "false"


def test_two_points_of_one_kind_have_names_of_their_own_in_every_format(tmp_path):
    points = [
        {"kind": "baseline", "session": 1},
        {"kind": "follow_up", "session": 2},
        {"kind": "follow_up", "session": 3},
    ]
    seeded = seed_study(
        games_per_participant=2, assessment_points=points, primary_metrics=["tricks_won"]
    )
    study, owner = seeded.study, seeded.researcher
    _, early, late = study.assessment_points.order_by("pk")
    ann = User.objects.create_user(username="ann_q", role="assessor")
    assessors_set(study=study, actor=owner, assessors=[ann.pk])
    windows = [
        {"point": point.pk, "anchor": "enrolment", "opens_day": 0, "closes_day": 400}
        for point in (early, late)
    ]
    visit_windows_set(study=study, actor=owner, windows=windows)
    first = seeded.participants[0]
    today = timezone.localdate()
    for point, moca in ((early, 24), (late, 27)):
        visit_record(
            participant=first, point_id=point.pk, actor=ann, status="done", held_on=today,
            measures={"moca": moca},
        )  # fmt: skip
    out = tmp_path / "export"
    export_to_folder(study=study, formats=["csv", "bids"], filters={}, out=out)

    visits = read(out / "csv" / "visits.csv")
    assert sorted((v["point"], v["point_kind"]) for v in visits) == [
        ("follow_up #1", "follow_up"),
        ("follow_up #2", "follow_up"),
    ]
    measures = read(out / "csv" / "visit_measures.csv")
    assert sorted((m["point"], float(m["value"])) for m in measures) == [
        ("follow_up #1", 24.0),
        ("follow_up #2", 27.0),
    ]
    # BIDS: one phenotype file each, numbered by the points' order, each with its own value.
    phenotype = out / "bids" / "phenotype"
    assert sorted(p.name for p in phenotype.glob("*.tsv")) == ["visits2.tsv", "visits3.tsv"]
    for number, name, moca in ((2, "follow_up #1", "24.0"), (3, "follow_up #2", "27.0")):
        (row,) = read(phenotype / f"visits{number}.tsv", delimiter="\t")
        assert (row["point"], row["measure_moca"]) == (name, moca)
    # The inference table names the points alike.
    named = {row["point"] for row in read(out / "csv" / "inference.csv") if row["point"]}
    assert named == {"follow_up #1", "follow_up #2"}  # each read against the baseline
