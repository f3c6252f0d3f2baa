"""Text a researcher typed (an arm's name, an assessment point's label) that a spreadsheet would
run as a formula is quoted in the CSV files, and nothing else there is changed: every cell is
the Parquet file's value, written out."""

import csv
import json
import random
from datetime import timedelta

import pyarrow.parquet as pq
import pytest
from django.utils import timezone

from apps.common.spreadsheet import FORMULA_START
from apps.exports.psychds import data_file_name
from apps.exports.schema import BOOLEAN, DATETIME, STRING, TABLES
from apps.exports.services import export_to_folder
from apps.exports.writers import iso_time
from apps.games.demo import demo_game_play
from apps.metrics.services import session_metrics_compute
from apps.participants.models import Participant
from tests.apps.factories import make_protocol, make_session, make_study

pytestmark = pytest.mark.django_db

ARMS = ["=2+3", "@SUM(1)"]
LABEL = "+1+1"


@pytest.fixture
def folder(researcher, clinician, client_for, tmp_path):
    study = make_study(owners=[researcher], clinicians=[clinician])
    protocol = make_protocol(study=study, rounds=1)
    owner, team = client_for(researcher), client_for(clinician)
    design = {
        "primary_metrics": ["tricks_won"],
        "assessment_points": [
            {"kind": "baseline", "session": 1},
            {"kind": "post_training", "session": 2, "label": LABEL},
        ],
    }
    assert owner.patch(f"/api/studies/{study.pk}/", design, format="json").status_code == 200
    arms = [{"name": ARMS[0]}, {"name": ARMS[1], "control": True}]
    opened = owner.post(f"/api/studies/{study.pk}/open/", {"arms": arms}, format="json")
    assert opened.status_code == 200
    rng = random.Random(5)
    for n in range(2):
        pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
        consent = {"date": timezone.localdate().isoformat(), "form_version": "1"}
        team.post(f"/api/participants/{pk}/consent/", consent)
        allocated = team.post(
            f"/api/participants/{pk}/allocate/", {"eligibility_confirmed": []}, format="json"
        )
        assert allocated.status_code == 201
        for k in range(2):
            day = timezone.now() - timedelta(days=10 - 2 * k - n, hours=1)
            session = make_session(
                participant=Participant.objects.get(pk=pk),
                protocol=protocol,
                status="started",
                at=day,
            )
            demo_game_play(session=session, start=day, skill=0.5, rng=rng)
            session_metrics_compute(session_id=session.pk, with_solver=False)
    out = tmp_path / "export"
    export_to_folder(study=study, formats=["csv", "parquet", "bids"], filters={}, out=out)
    return out


def read_csv(path, delimiter=","):
    with path.open(newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream, delimiter=delimiter))


def as_written(value, kind) -> str:
    """A Parquet value as the CSV writes it, before any quoting."""
    if value is None:
        return ""
    if kind == BOOLEAN:
        return "true" if value else "false"
    if kind == DATETIME:
        return iso_time(value)
    return str(value)


def test_text_that_starts_like_a_formula_is_quoted_in_the_csv_files(folder):
    arms = {row["arm"] for row in read_csv(folder / "csv" / "participants.csv")}
    assert arms and arms <= {f"'{arm}" for arm in ARMS}
    inference = read_csv(folder / "csv" / "inference.csv")
    assert {row["arm"] for row in inference} == arms
    readings = [row["reading"] for row in inference if LABEL in row["reading"]]
    assert readings and all(r.startswith(f"'{LABEL} (session 2)") for r in readings)
    # Psych-DS's tables are the same files.
    for name in ("participants", "inference"):
        copy = folder / "psychds" / "data" / data_file_name(name)
        assert copy.read_bytes() == (folder / "csv" / f"{name}.csv").read_bytes()


def test_every_other_csv_cell_is_the_parquet_value_as_it_is(folder):
    quoted = 0
    for name, table in TABLES.items():
        typed = pq.read_table(folder / "parquet" / f"{name}.parquet").to_pylist()
        written = read_csv(folder / "csv" / f"{name}.csv")
        assert len(typed) == len(written), name
        for values, cells in zip(typed, written, strict=True):
            for column in table.columns:
                value, cell = values[column.name], cells[column.name]
                text = as_written(value, column.kind)
                if column.kind == STRING and text.startswith(FORMULA_START):
                    quoted += 1
                    assert cell == f"'{text}", (name, column.name)
                else:  # numbers, negative ones too, are never touched
                    assert cell == text, (name, column.name, cell, text)
    assert quoted > 0


def test_parquet_and_bids_hold_the_text_as_it_was_entered(folder):
    arms = {
        row["arm"] for row in pq.read_table(folder / "parquet" / "participants.parquet").to_pylist()
    }
    assert arms and arms <= set(ARMS)
    bids = {row["arm"] for row in read_csv(folder / "bids" / "participants.tsv", delimiter="\t")}
    assert bids == arms


def test_the_codebook_says_how_the_csv_files_quote_formulas(folder):
    book = json.loads((folder / "codebook.json").read_text())
    assert "single quote (')" in book["csv_formulas"]
    assert book["csv_formulas"] in (folder / "codebook.md").read_text()
    translated = (folder / "codebook.fr.md").read_text()
    assert book["csv_formulas"] not in translated
