"""What a lab needs to publish an export: the inference and its inputs, the arm, settings that
do not apply left empty with the reason, one meaning a column, Psych-DS and a REDCap data
dictionary."""

import csv
import json
import re

import pytest

from apps.exports.psychds import PSYCHDS_NAME, REDCAP_HEADER, REDCAP_PREFIX, data_file_name
from apps.exports.schema import MISSING_REASONS, TABLES
from apps.metrics.catalogue import CATALOGUE

pytestmark = pytest.mark.django_db  # the module's export is built in the test database


def read_csv(path, delimiter=","):
    with path.open(newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream, delimiter=delimiter))


def test_the_inference_table_carries_every_reading_and_its_inputs(exported):
    rows = read_csv(exported.folder / "csv" / "inference.csv")
    people = {exported.export_ids[p.code] for p in exported.seeded.participants}
    assert {r["participant_id"] for r in rows} == people
    arms = {exported.export_ids[p.code]: p.arm.name for p in exported.seeded.participants}
    games = {
        (s["participant_id"], int(s["session"])): s["game_type"]
        for s in read_csv(exported.folder / "csv" / "sessions.csv")
    }
    newest = {}  # the history holds every reading made: the latest of each is shown now
    for row in rows:
        where = (row["participant_id"], row["key"], row["game_type"])
        assert row["computed_at"] >= newest.get(where, row)["computed_at"]
        newest[where] = row
    for row in newest.values():
        metric = CATALOGUE[row["key"]]
        assert row["arm"] == arms[row["participant_id"]]
        assert row["version"] == str(metric.version)
        assert row["min_trials"] == str(metric.min_trials)
        assert row["computed_at"] and row["reading"]
        sessions = sorted(
            (session, value)
            for (pid, session, key), value in exported.session_metrics.items()
            if pid == row["participant_id"]
            and key == row["key"]
            and games[(pid, session)] == row["game_type"]
            and value is not None
        )
        assert float(row["latest"]) == pytest.approx(sessions[-1][1])
        # The study declares no claims: every reading is exploratory, never a word.
        assert row["point"] == "" and row["change_status"] == "" and row["words"] == ""
        if metric.baseline_for:  # a chance baseline: no reading at all
            assert row["role"] == "context" and row["trend_status"] == ""
            assert row["z_cohort"] == "" and row["z_norm"] == ""
        else:
            assert row["role"] == "exploratory"
            assert row["trend_status"] == "not_enough_points"  # two or three sessions
            assert row["reading"].startswith("Exploratory.")


def test_settings_that_do_not_apply_are_empty(exported):
    sessions = read_csv(exported.folder / "csv" / "sessions.csv")
    memulation = [s for s in sessions if s["game_type"] == "memulation"]
    mendikot = [s for s in sessions if s["game_type"] == "mendikot"]
    assert memulation and mendikot
    for s in memulation:
        assert s["trump_rule"] == "" and s["roles"] and s["wild_tie"] and s["stragedy_intent"]
    for s in mendikot:
        assert s["trump_rule"]
        assert (s["roles"], s["wild_tie"], s["stragedy_intent"], s["examination_seconds"]) == (
            ("", "", "", "")
        )
    book = json.loads((exported.folder / "codebook.json").read_text())
    columns = {
        c["name"]: c for t in book["tables"] if t["name"] == "sessions" for c in t["columns"]
    }
    assert columns["trump_rule"]["missing_reasons"] == ["not_applicable"]
    assert columns["completed_at"]["missing_reasons"] == ["abandoned", "not_applicable"]
    assert book["missing_value_reasons"] == MISSING_REASONS
    for table in book["tables"]:  # every column that may be empty says why
        for column in table["columns"]:
            assert bool(column["missing_reasons"]) == (column["missing_value_code"] is not None)


def test_the_arm_and_one_meaning_a_column(exported):
    participants = read_csv(exported.folder / "csv" / "participants.csv")
    assert {p["arm"] for p in participants} == {"training", "control"}
    bids = read_csv(exported.folder / "bids" / "participants.tsv", delimiter="\t")
    assert {p["arm"] for p in bids} == {"training", "control"}
    recall = read_csv(exported.folder / "csv" / "recall_attempts.csv")
    assert recall and "trick" not in recall[0]
    assert all(r["deal"] == "2" and r["pile_trick"] != "" for r in recall)


def test_the_codebook_names_what_produced_the_values(exported):
    book = json.loads((exported.folder / "codebook.json").read_text())
    produced = book["provenance"]
    assert produced["metric_versions"] == {key: m.version for key, m in CATALOGUE.items()}
    assert produced["solver_analysis_version"] >= 1 and produced["metric_catalogue"]
    assert "participant's latest completed session" in next(
        t["description"] for t in book["tables"] if t["name"] == "metrics"
    )


def test_psych_ds_names_every_column_and_its_files_as_required(exported):
    root = exported.folder / "psychds"
    description = json.loads((root / "dataset_description.json").read_text())
    assert description["@context"] == "https://schema.org/"
    assert description["@type"] == "Dataset"
    assert description["name"] and description["description"]
    named = {v["name"]: v["description"] for v in description["variableMeasured"]}
    files = sorted((root / "data").glob("*.csv"))
    assert [f.name for f in files] == sorted(data_file_name(t) for t in TABLES)
    assert len(list((root / "data").iterdir())) == 2 * len(files)  # each with its sidecar
    for path in files:
        assert PSYCHDS_NAME.match(path.name), path.name
        with path.open(newline="", encoding="utf-8") as stream:
            header = next(csv.reader(stream))
        assert set(header) <= set(named), (path.name, set(header) - set(named))
        # The sidecar replaces variableMeasured for its file: the table's own descriptions.
        table = next(t for t in TABLES.values() if data_file_name(t.name) == path.name)
        sidecar = json.loads(path.with_suffix(".json").read_text())
        assert [v["name"] for v in sidecar["variableMeasured"]] == header
        assert [v["description"] for v in sidecar["variableMeasured"]] == [
            c.description for c in table.columns
        ]
    # A name whose meaning depends on its table says each table's.
    assert named["participant_id"] == TABLES["sessions"].column("participant_id").description
    for name in ("sessions", "games", "deals"):
        assert f"In {name}: {TABLES[name].column('started_at').description}" in named["started_at"]
    assert [a["name"] for a in description["author"]] == ["Ada Quill", "Ben Okafor"]
    assert not PSYCHDS_NAME.match("table-examination_periods_data.csv")  # the check can fail


def test_the_redcap_data_dictionary_imports(exported):
    path = exported.folder / "redcap" / "data_dictionary.csv"
    with path.open(newline="", encoding="utf-8") as stream:
        rows = list(csv.reader(stream))
    assert tuple(rows[0]) == REDCAP_HEADER
    fields = rows[1:]
    names = [f[0] for f in fields]
    assert names[0] == "record_id"  # REDCap's record id comes first
    assert len(set(names)) == len(names)
    assert all(re.fullmatch(r"[a-z][a-z0-9_]{0,25}", n) for n in names)
    assert all(len(f) == len(REDCAP_HEADER) for f in fields)
    assert {f[3] for f in fields} <= {"text", "dropdown", "yesno"}
    expected = {
        f"{REDCAP_PREFIX[t.name]}_{c.name}"
        for t in TABLES.values()
        for c in t.columns
        if c.name != "participant_id"
    }
    assert set(names[1:]) == expected
    for field in fields:
        if field[3] == "dropdown":
            assert all(re.fullmatch(r"[A-Za-z0-9_]+, .+", c) for c in field[5].split(" | "))
        if field[3] == "text" and field[7]:
            assert field[7] in {"integer", "number"}
    # A time is ISO 8601 text with microseconds, which no REDCap date validation takes.
    (time,) = [f for f in fields if f[0] == "ses_started_at"]
    assert (time[3], time[7]) == ("text", "") and "2026-03-01T09:30:00.000000Z" in time[6]
