"""The metrics table carries a value's 95% interval where the metric has one."""

import csv
from datetime import timedelta

import pytest

from apps.exports.rows import SOURCES
from apps.exports.schema import NOT_ENOUGH, TABLES
from apps.exports.scope import ExportScope, Filters
from apps.exports.services import export_to_folder
from apps.games.models import Game
from apps.metrics.catalogue import CATALOGUE
from apps.metrics.models import MetricValue
from apps.metrics.services import participant_readings_refresh

from .conftest import seed_study

pytestmark = pytest.mark.django_db

FIDELITY = "memory_fidelity"


def _fidelity(level, subject, session, game, value, low, high):
    details = {"informative": 12} | ({} if low is None else {"low": low, "high": high})
    MetricValue.objects.create(
        level=level, subject_id=subject, participant=session.participant, session=session,
        game=game, key=FIDELITY, version=CATALOGUE[FIDELITY].version, value=value,
        n=12 if low is not None else 0, details=details,
    )  # fmt: skip


def test_interval_columns_are_described_with_their_missing_reasons():
    table = TABLES["metrics"]
    assert table.names[-3:] == ["n", "ci_low", "ci_high"]
    for name in ("ci_low", "ci_high"):
        column = table.column(name)
        assert column.kind == "number" and column.nullable and column.missing == NOT_ENOUGH


def test_metric_rows_carry_the_interval_of_game_session_and_participant_values(tmp_path):
    seeded = seed_study(games_per_participant=2)
    person = seeded.participants[1]  # two Memulation sessions, no Mendikot
    first, second = sorted(
        (s for s in seeded.sessions if s.participant_id == person.pk), key=lambda s: s.number
    )
    game = Game.objects.get(session=first)
    _fidelity("game", game.pk, first, game, 0.6, 0.3, 0.85)
    _fidelity("session", first.pk, first, None, 0.6, 0.3, 0.85)
    # The latest session: too little information for an estimate (no interval either).
    _fidelity("session", second.pk, second, None, None, None, None)
    participant_readings_refresh(participant=person)
    export_to_folder(
        study=seeded.study, formats=["csv"], filters={}, out=tmp_path, shift_dates=False
    )
    with (tmp_path / "csv" / "metrics.csv").open(newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    subject = f"sub-{seeded.export_id(person)}"
    by_subject = {(r["subject_id"], r["key"]): r for r in rows}
    game_row = by_subject[(f"{subject}_ses-{first.number}_game-1", FIDELITY)]
    assert (game_row["value"], game_row["ci_low"], game_row["ci_high"]) == ("0.6", "0.3", "0.85")
    session_row = by_subject[(f"{subject}_ses-{first.number}", FIDELITY)]
    assert (session_row["ci_low"], session_row["ci_high"]) == ("0.3", "0.85")
    flat = by_subject[(f"{subject}_ses-{second.number}", FIDELITY)]
    assert (flat["value"], flat["ci_low"], flat["ci_high"]) == ("", "", "")
    # The participant value is the latest session with a value, and so is its interval.
    participant_row = by_subject[(subject, FIDELITY)]
    assert (participant_row["value"], participant_row["ci_low"], participant_row["ci_high"]) == (
        "0.6",
        "0.3",
        "0.85",
    )
    # Metrics without an interval leave both ends empty.
    others = [r for r in rows if r["key"] != FIDELITY]
    assert others and all(r["ci_low"] == r["ci_high"] == "" for r in others)


def _metric_rows(out) -> list[dict]:
    with (out / "csv" / "metrics.csv").open(newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def _from_sessions(rows: list[dict]) -> dict:
    """Each participant's value per game, as the export's own session rows give it: the latest
    session of that game with a value (all the seeded sessions with values are completed)."""
    out: dict = {}
    for row in sorted(
        (r for r in rows if r["level"] == "session"), key=lambda r: int(r["session"])
    ):
        if int(row["version"]) != CATALOGUE[row["key"]].version:
            continue
        key = (row["participant_id"], row["game_type"], row["key"])
        value, n = out.get(key, ("", 0))
        if row["value"] != "":
            value, n = row["value"], n + 1
        out[key] = (value, n)
    return out


def test_a_participant_value_is_one_games_and_rests_on_the_exported_sessions(tmp_path):
    seeded = seed_study(games_per_participant=2)
    study, first = seeded.study, seeded.export_id(seeded.participants[0])

    def export(name, **filters):
        out = tmp_path / name
        export_to_folder(study=study, formats=["csv"], filters=filters, out=out, shift_dates=False)
        rows = _metric_rows(out)
        scope = ExportScope(study=study, filters=Filters.from_json(filters), shift_dates=False)
        assert SOURCES["metrics"].count(scope) == len(rows)  # the progress's denominator
        keys = [(r["level"], r["subject_id"], r["game_type"], r["key"], r["version"]) for r in rows]
        assert len(set(keys)) == len(keys)  # the table's key
        assert all(r["game_type"] for r in rows)
        values = {
            (r["participant_id"], r["game_type"], r["key"]): (r["value"], int(r["n"]))
            for r in rows
            if r["level"] == "participant"
        }
        assert values == _from_sessions(rows)
        return values

    everything = export("all")
    # The first participant played Memulation then Mendikot: a tricks_won for each game, each
    # from its own sessions (it was the Mendikot session's for both).
    assert {g for p, g, k in everything if p == first and k == "tricks_won"} == {
        "memulation",
        "mendikot",
    }
    memulation = export("memulation", game="memulation")
    assert memulation and {g for _, g, _ in memulation} == {"memulation"}
    later = max(s.started_at for s in seeded.sessions).date() + timedelta(days=1)
    assert export("later", date_from=later.isoformat()) == {}
