"""Recall probes in a real export: their table and codebook entry, the BIDS events, Psych-DS and
REDCap, the protocol setting in the sessions table; and the versions of what made the data."""

import csv
import json

import pytest

from apps.exports.psychds import REDCAP_PREFIX
from apps.exports.schema import TABLES
from apps.games.engine.bots import bot_versions
from apps.games.engine.solver import SOLVER_VERSION

pytestmark = pytest.mark.django_db


def read_csv(path, delimiter=","):
    with path.open(newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream, delimiter=delimiter))


def test_the_probes_table_holds_every_probe_answered(exported):
    rows = read_csv(exported.folder / "csv" / "recall_probes.csv")
    # Four Memulation games with k = 2: two which-hand probes after each of the two hand
    # choices, two where-probes between the deals.
    assert len(rows) == 4 * 6
    assert [r["kind"] for r in rows[:6]] == ["which_hand"] * 2 + ["where"] * 2 + ["which_hand"] * 2
    for row in rows:
        assert row["card"] and row["correct"] in ("true", "false") and row["asked_at"]
        assert row["asked_at"] <= row["answered_at"]
        if row["kind"] == "where":
            assert row["deal"] == "1" and row["in_other_hand"] == row["truly_in_other_hand"] == ""
            chosen = (row["pile"], row["pile_trick"], row["card_index"])
            truth = (row["true_pile"], row["true_pile_trick"], row["true_card_index"])
            assert "" not in chosen and "" not in truth
            assert (row["correct"] == "true") == (chosen == truth)
        else:
            assert row["pile"] == row["true_pile"] == ""
            assert (row["correct"] == "true") == (
                row["in_other_hand"] == row["truly_in_other_hand"]
            )
    assert sum(r["truly_in_other_hand"] == "true" for r in rows) == 8  # half of the 16
    book = json.loads((exported.folder / "codebook.json").read_text())
    entry = next(t for t in book["tables"] if t["name"] == "recall_probes")
    assert [c["name"] for c in entry["columns"]] == TABLES["recall_probes"].names
    assert "not shown to the participant" in entry["description"]


def test_the_sessions_say_how_many_probes_and_the_metrics_are_there(exported):
    sessions = read_csv(exported.folder / "csv" / "sessions.csv")
    for s in sessions:
        assert s["recall_probes"] == ("2" if s["game_type"] == "memulation" else "")
    keys = {m["key"] for m in read_csv(exported.folder / "csv" / "metrics.csv")}
    assert {"probe_location_hit", "probe_hand_dprime", "probe_hand_criterion"} <= keys


def test_probes_are_bids_events_with_their_deal(exported):
    events = sorted((exported.folder / "bids").glob("sub-*/ses-*/beh/*task-memulation*_events.tsv"))
    probes = [
        r
        for path in events
        for r in read_csv(path, delimiter="\t")
        if r["trial_type"].startswith("probe_")
    ]
    assert len(probes) == 24  # as in the recall_probes table
    where = [r for r in probes if r["trial_type"] == "probe_where"]
    which = [r for r in probes if r["trial_type"] == "probe_which_hand"]
    assert len(where) == 8 and len(which) == 16
    assert all(r["deal"] == "1" and r["pile_trick"] != "n/a" for r in where)
    assert all(r["deal"] in ("1", "2") and r["in_other_hand"] in ("true", "false") for r in which)
    assert all(r["correct"] in ("true", "false") and r["card"] != "n/a" for r in probes)
    assert all(float(r["response_time"]) > 0 for r in probes)
    sidecar = json.loads((exported.folder / "bids" / "task-memulation_events.json").read_text())
    assert {"probe_where", "probe_which_hand"} <= set(sidecar["trial_type"]["Levels"])


def test_psych_ds_and_redcap_name_the_probe_columns(exported):
    description = json.loads((exported.folder / "psychds" / "dataset_description.json").read_text())
    named = {v["name"] for v in description["variableMeasured"]}
    assert set(TABLES["recall_probes"].names) <= named
    with (exported.folder / "redcap" / "data_dictionary.csv").open(encoding="utf-8") as stream:
        fields = {row[0] for row in csv.reader(stream)}
    prefix = REDCAP_PREFIX["recall_probes"]
    assert {f"{prefix}_{c}" for c in TABLES["recall_probes"].names if c != "participant_id"} <= (
        fields
    )


def test_the_versions_of_the_solver_the_opponents_and_the_catalogue(exported):
    produced = json.loads((exported.folder / "codebook.json").read_text())["provenance"]
    assert produced["solver_version"] == SOLVER_VERSION
    assert produced["opponent_versions"] == bot_versions()
    assert produced["metric_catalogue"] and produced["metric_versions"]
    page = (exported.folder / "codebook.md").read_text()
    assert f"solver version {SOLVER_VERSION}" in page
    games = read_csv(exported.folder / "csv" / "games.csv")
    assert games and all(g["opponent_version"] == "1" for g in games)
    sessions = read_csv(exported.folder / "csv" / "sessions.csv")
    assert all(s["protocol_version"] for s in sessions)
