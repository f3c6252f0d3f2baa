"""What an export contains: tables that match the codebook, metrics that can be recomputed from
the exported rows, BIDS-style files, and nothing that identifies anyone."""

import csv
import json
import re
import statistics
from collections import defaultdict
from datetime import datetime

import pyarrow.parquet as pq
import pytest

from apps.exports.codebook import codebook
from apps.exports.parquet import arrow_schema
from apps.exports.schema import BIDS_EVENTS, TABLES
from apps.metrics.catalogue import METRICS

from .conftest import SECRETS

pytestmark = pytest.mark.django_db  # the module's export is built in the test database


def read_csv(path, delimiter=","):
    with path.open(newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream, delimiter=delimiter))


def header(path, delimiter=","):
    with path.open(newline="", encoding="utf-8") as stream:
        return next(csv.reader(stream, delimiter=delimiter))


def test_every_table_matches_the_codebook_exactly(exported):
    book = json.loads((exported.folder / "codebook.json").read_text())
    tables = {t["name"]: t for t in book["tables"]}
    assert list(tables) == list(TABLES)
    for name, entry in tables.items():
        columns = entry["columns"]
        names = [c["name"] for c in columns]
        assert header(exported.folder / "csv" / f"{name}.csv") == names
        parquet = pq.read_schema(exported.folder / "parquet" / f"{name}.parquet")
        assert parquet.names == names
        assert parquet.types == arrow_schema(TABLES[name]).types
        for row in read_csv(exported.folder / "csv" / f"{name}.csv"):
            for column in columns:
                value = row[column["name"]]
                if value == "":
                    assert column["missing_value_code"] == "", (name, column["name"])
                elif column["allowed_values"]:
                    assert value in column["allowed_values"], (name, column["name"], value)
                if column["type"] == "boolean" and value:
                    assert value in ("true", "false")
                if column["type"] == "integer" and value:
                    assert re.fullmatch(r"-?\d+", value), (name, column["name"], value)
        for column in columns:
            assert set(column) == {
                "name",
                "type",
                "unit",
                "description",
                "allowed_values",
                "missing_value_code",
                "missing_reasons",
            }
            assert column["description"]


def test_the_codebook_defines_every_metric_with_its_version(exported):
    book = json.loads((exported.folder / "codebook.json").read_text())
    assert [(m["key"], m["version"]) for m in book["metrics"]] == [
        (m.key, m.version) for m in METRICS
    ]
    assert book == {**codebook(export=book["export"])}
    page = (exported.folder / "codebook.md").read_text()
    for table in TABLES.values():
        assert f"### {table.name}" in page
        for column in table.columns:
            assert f"`{column.name}`" in page
    for metric in METRICS:
        assert f"| `{metric.key}` | {metric.version} |" in page


def test_the_tables_hold_the_study(exported):
    folder = exported.folder / "csv"
    ids = exported.export_ids
    consenting = {ids[p.code] for p in exported.seeded.participants}
    participants = read_csv(folder / "participants.csv")
    assert {p["participant_id"] for p in participants} == consenting
    sessions = read_csv(folder / "sessions.csv")
    assert len(sessions) == 2 + 1 + 2 + 1  # games played, plus an abandoned sitting
    assert {s["status"] for s in sessions} == {"completed", "abandoned"}
    games = read_csv(folder / "games.csv")
    assert sorted(g["game_type"] for g in games) == ["memulation"] * 4 + ["mendikot"]
    deals = read_csv(folder / "deals.csv")
    memulation_deals = [d for d in deals if d["participant_role"]]
    assert len(memulation_deals) == 8 and len(deals) == 9
    assert {d["participant_role"] for d in memulation_deals} == {"lame_duck"}
    assert all(d["pritticut"] and d["trump"] == d["pritticut"][1] for d in memulation_deals)
    plays = read_csv(folder / "plays.csv")
    assert len(plays) == 4 * 52 + 52
    assert len(read_csv(folder / "examination_periods.csv")) == 4 * 4
    assert len(read_csv(folder / "recall_attempts.csv")) == 4
    metrics = read_csv(folder / "metrics.csv")
    assert {m["level"] for m in metrics} == {"game", "session", "participant"}
    assert {m["participant_id"] for m in metrics} == consenting


def _participant_seats(folder):
    return {
        (g["participant_id"], int(g["session"]), int(g["game"])): int(g["participant_seat"])
        for g in read_csv(folder / "games.csv")
    }


def test_metrics_recomputed_from_the_csv_rows_match_the_stored_ones(exported):
    folder = exported.folder / "csv"
    seats = _participant_seats(folder)
    hits, times = defaultdict(list), defaultdict(list)
    for r in read_csv(folder / "recall_attempts.csv"):
        key = (r["participant_id"], int(r["session"]), int(r["game"]))
        if int(r["seat"]) == seats[key] and r["intended_card"]:
            hits[key[:2]].append(r["hit"] == "true")
    for p in read_csv(folder / "plays.csv"):
        key = (p["participant_id"], int(p["session"]), int(p["game"]))
        if int(p["seat"]) == seats[key] and p["actor"] != "bot":
            times[key[:2]].append(float(p["decision_ms"] or p["server_ms"]))
    tricks = defaultdict(int)
    for d in read_csv(folder / "deals.csv"):
        if d["participant_role"]:  # Memulation: a round's tricks are both deals'
            tricks[d["participant_id"], int(d["session"])] += int(d["tricks_participant"])
    stored = exported.session_metrics
    assert len(hits) == 4 and len(times) == 5 and len(tricks) == 4
    for session, values in hits.items():
        assert stored[(*session, "recall_hit")] == pytest.approx(statistics.fmean(values))
    for session, values in times.items():
        assert stored[(*session, "decision_time_median_ms")] == pytest.approx(
            statistics.median(values)
        )
    for session, value in tricks.items():
        assert stored[(*session, "tricks_won")] == pytest.approx(value)


def test_metrics_recomputed_from_the_parquet_files_match_the_stored_ones(exported):
    folder = exported.folder / "parquet"
    seats = {
        (g["participant_id"], g["session"], g["game"]): g["participant_seat"]
        for g in pq.read_table(folder / "games.parquet").to_pylist()
    }
    times = defaultdict(list)
    for p in pq.read_table(folder / "plays.parquet").to_pylist():
        own = p["seat"] == seats[p["participant_id"], p["session"], p["game"]]
        if own and p["actor"] != "bot":
            times[p["participant_id"], p["session"]].append(
                p["decision_ms"] if p["decision_ms"] is not None else p["server_ms"]
            )
    exported_values = {
        (m["participant_id"], m["session"], m["key"]): m["value"]
        for m in pq.read_table(folder / "metrics.parquet").to_pylist()
        if m["level"] == "session"
    }
    for session, values in times.items():
        median = statistics.median(values)
        assert exported.session_metrics[(*session, "decision_time_median_ms")] == pytest.approx(
            median
        )
        assert exported_values[(*session, "decision_time_median_ms")] == pytest.approx(median)


def test_bids_files_are_one_per_participant_session_and_game(exported):
    bids = exported.folder / "bids"
    description = json.loads((bids / "dataset_description.json").read_text())
    assert description["BIDSVersion"] and description["Name"]
    assert description["License"] == "CC-BY-4.0" and description["Authors"]
    assert (bids / "README.md").read_text().startswith("# ")
    # One sidecar per task at the top, inherited by every events file of the task.
    assert sorted(p.name for p in bids.glob("*.json")) == [
        "dataset_description.json",
        "participants.json",
        "task-memulation_events.json",
        "task-mendikot_events.json",
    ]
    assert not list(bids.glob("sub-*/**/*.json"))
    for task in ("memulation", "mendikot"):
        sidecar = json.loads((bids / f"task-{task}_events.json").read_text())
        assert sidecar["TaskName"] == task and sidecar["TaskDescription"]
        assert [k for k in sidecar if k in BIDS_EVENTS.names] == BIDS_EVENTS.names
        assert sidecar["InstitutionName"] == "Example University"
        assert all(sidecar[name]["Description"] for name in BIDS_EVENTS.names)
    participants = read_csv(bids / "participants.tsv", delimiter="\t")
    assert {p["participant_id"] for p in participants} == {
        f"sub-{exported.export_ids[p.code]}" for p in exported.seeded.participants
    }
    events = sorted(bids.glob("sub-*/ses-*/beh/*_events.tsv"))
    assert len(events) == 5
    for path in events:
        sub, ses, task, _ = path.name.split("_")
        assert path.parent.parent.name == ses and path.parent.parent.parent.name == sub
        assert task in ("task-memulation", "task-mendikot")
        assert header(path, "\t") == BIDS_EVENTS.names
        assert BIDS_EVENTS.names[:4] == ["onset", "duration", "trial_type", "response_time"]
        rows = read_csv(path, delimiter="\t")
        onsets = [float(r["onset"]) for r in rows]
        assert onsets == sorted(onsets) and onsets[0] >= 0
        assert "" not in {value for r in rows for value in r.values()}  # n/a, never empty
        kinds = {r["trial_type"] for r in rows}
        assert {"play", "other_play"} <= kinds
        if task == "task-memulation":
            assert {"examination", "recall"} <= kinds
            recall = next(r for r in rows if r["trial_type"] == "recall")
            assert float(recall["response_time"]) > 0 and recall["hit"] in ("true", "false")
            assert recall["deal"] == "2" and recall["trick"] == "n/a"  # one meaning a column
            assert recall["pile_trick"] != "n/a"


# The columns a BIDS event shares with the tidy table it comes from (one column list: the schema).
SHARED = {
    "examination": ("examination_periods", ("round", "deal", "hand", "seat", "sorts")),
    "play": ("plays", ("round", "deal", "trick", "position", "seat", "actor", "card")),
    "recall": (
        "recall_attempts",
        ("round", "deal", "seat", "actor", "pile", "pile_trick", "card_index", "revealed_card"),
    ),
    "illegal_attempt": ("illegal_attempts", ("round", "deal", "seat", "card", "code")),
}


def test_bids_events_repeat_the_tidy_rows_of_their_game(exported):
    """Every BIDS event, in order, is a row of its tidy table for the same game: both are read
    from the event log through the schema's one list of columns."""
    tidy = {
        table: read_csv(exported.folder / "csv" / f"{table}.csv") for table, _ in SHARED.values()
    }
    compared = 0
    for path in sorted((exported.folder / "bids").glob("sub-*/ses-*/beh/*_events.tsv")):
        parts = dict(p.split("-", 1) for p in path.name.split("_")[:-1])
        sub, ses, run = parts["sub"], parts["ses"], parts.get("run")
        events = read_csv(path, delimiter="\t")
        for kind, (table, names) in SHARED.items():
            cells = [
                [e[n] for n in names] for e in events if e["trial_type"] in (kind, f"other_{kind}")
            ]
            expected = [
                [r[n] or "n/a" for n in names]
                for r in tidy[table]
                if (r["participant_id"], r["session"]) == (sub, ses) and run in (None, r["game"])
            ]
            assert cells == expected, (path.name, kind)
            compared += len(cells)
    assert compared > 100


def _texts(folder):
    """Every file's bytes, and for Parquet files (compressed) their values as text too."""
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        yield path, path.read_bytes()
        if path.suffix == ".parquet":
            table = pq.read_table(path)
            yield path, json.dumps(table.to_pylist(), default=str).encode()


def test_no_export_contains_a_code_a_name_or_a_note(exported):
    forbidden = [
        *SECRETS["codes"],
        *SECRETS["staff"],
        *SECRETS["free_text"],
        exported.export_ids["PXQ-7309"],  # withdrew consent: not exported at all
    ]
    present = exported.export_ids["PXQ-7301"].encode()  # the scan does see into every file
    scanned, seen = 0, set()
    for path, data in _texts(exported.folder):
        lowered = data.lower()
        for text in forbidden:
            assert text.lower().encode() not in lowered, (text, path)
        scanned += 1
        if present in data:
            seen.add(path.suffix)
    assert scanned > 20
    assert {".csv", ".parquet", ".tsv"} <= seen


def test_filters_keep_only_the_participants_games_and_days_asked_for(exported):
    folder = exported.filtered / "csv"
    first = exported.export_ids["PXQ-7301"]
    assert [p["participant_id"] for p in read_csv(folder / "participants.csv")] == [first]
    sessions = read_csv(folder / "sessions.csv")
    assert [(s["participant_id"], s["session"], s["game_type"]) for s in sessions] == [
        (first, "1", "memulation")
    ]
    for table in ("games", "deals", "plays", "recall_attempts", "metrics"):
        rows = read_csv(folder / f"{table}.csv")
        assert rows and {r["participant_id"] for r in rows} == {first}, table
        assert {r["session"] for r in rows} <= {"1", ""}, table
    book = json.loads((exported.filtered / "codebook.json").read_text())
    assert book["export"]["filters"]["participants"] == [first]  # by export id, never by pk
    assert len(list((exported.filtered / "bids").glob("sub-*/ses-*/beh/*.tsv"))) == 1


def test_shifted_times_keep_no_real_time_of_day_nor_calendar_day(exported):
    def times(folder):
        return {
            (s["participant_id"], s["session"]): s
            for s in read_csv(folder / "csv" / "sessions.csv")
        }

    plain, shifted = times(exported.folder), times(exported.shifted)
    assert plain.keys() == shifted.keys()
    offsets = defaultdict(set)
    for key, row in plain.items():
        moved = shifted[key]
        before = datetime.fromisoformat(row["started_at"])
        after = datetime.fromisoformat(moved["started_at"])
        offsets[key[0]].add(before - after)
        assert moved["duration_seconds"] == row["duration_seconds"]
    kept_time = kept_day = 0
    for key, row in plain.items():
        before = datetime.fromisoformat(row["started_at"])
        after = datetime.fromisoformat(shifted[key]["started_at"])
        kept_time += before.time().replace(microsecond=0) == after.time().replace(microsecond=0)
        kept_day += (before.month, before.day) == (after.month, after.day)
    assert len(plain) >= 5 and kept_time == 0 and kept_day == 0
    for shifts in offsets.values():
        (shift,) = shifts  # one offset per participant, backwards, never whole days
        assert 1 <= shift.days <= 300 and shift.seconds >= 1
    book = json.loads((exported.shifted / "codebook.json").read_text())
    assert book["export"]["shift_dates"] is True
    for path in (exported.folder / "bids").glob("sub-*/ses-*/beh/*.tsv"):  # onsets: relative
        again = exported.shifted / "bids" / path.relative_to(exported.folder / "bids")
        assert again.read_bytes() == path.read_bytes()
