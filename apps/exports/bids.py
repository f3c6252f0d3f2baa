"""BIDS behavioural files: one events file per game, described by one sidecar per task at the
top (``task-<game>_events.json``, inherited by every events file of that task), plus
``dataset_description.json``, ``README.md``, ``participants.tsv`` and ``participants.json``.

The five typed tables of the event log are read as five streams ordered by game and event, and
merged: one game's events are in memory at a time, sorted by onset before they are written.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from itertools import groupby
from pathlib import Path
from typing import Any

from apps.exports import rows as tidy
from apps.exports import visits
from apps.exports.schema import (
    BIDS_EVENTS,
    BIDS_PARTICIPANTS,
    BIDS_VISITS,
    NUMBER,
    TABLES,
    TRIAL_TYPES,
    Column,
    Table,
)
from apps.exports.scope import ExportScope, GameRef
from apps.exports.writers import write_json, write_tsv
from apps.games.models import ExaminationPeriod, IllegalAttempt, Play, RecallAttempt, RecallProbe

BIDS_VERSION = "1.9.0"
NAMES = BIDS_EVENTS.names
Progress = Callable[[int], None]


def _event(**values) -> tuple:
    return tuple(values.get(name) for name in NAMES)


def _seconds(later, earlier) -> float:
    return round((later - earlier).total_seconds(), 3)


def _stream(model, table: str, scope: ExportScope, make) -> Iterator[tuple]:
    """(game id, event id, (ref number, BIDS row)) for one typed table, in order of game and
    event; ``make`` reads the tidy table's columns by name. At a table the game's rows go to
    each seated session's ref (number: its place in ``scope.refs``) that keeps their seat."""
    names = [c.name for c in TABLES[table].read(tidy.KEY)]
    for game_id, event_id, ref, values in tidy.typed_rows(model, table, scope):
        number = scope.refs(game_id).index(ref)
        yield game_id, event_id, (number, make(ref, dict(zip(names, values, strict=True))))


def _onset(row: tuple) -> float:
    return row[0]


def _response_time(ms) -> float | None:
    return None if ms is None else ms / 1000


def _examination(ref: GameRef, v: dict) -> tuple:
    return _event(
        onset=_seconds(v["shown_at"], ref.started_at),
        duration=v["actual_seconds"],
        trial_type="examination",
        round=v["round"],
        deal=v["deal"],
        hand=v["hand"],
        seat=v["seat"],
        actor="participant",  # rows of the participant's own seat (tidy.OWN_SEAT_TABLES)
        ended_early=v["ended_early"],
        sorts=v["sorts"],
    )


def _play(ref: GameRef, v: dict) -> tuple:
    own = v["seat"] == ref.participant_seat
    return _event(
        onset=_seconds(v["played_at"], ref.started_at),
        duration=0,
        trial_type="play" if own else "other_play",
        response_time=_response_time(v["decision_ms"]),
        round=v["round"],
        deal=v["deal"],
        trick=v["trick"],
        position=v["position"],
        seat=v["seat"],
        actor=v["actor"],
        card=v["card"],
        legal_count=v["legal_count"],
    )


def _recall(ref: GameRef, v: dict) -> tuple:
    own = v["seat"] == ref.participant_seat
    intended, revealed = v["intended_card"], v["revealed_card"]
    return _event(
        onset=_seconds(v["attempted_at"], ref.started_at),
        duration=0,
        trial_type="recall" if own else "other_recall",
        response_time=_response_time(v["decision_ms"]),
        round=v["round"],
        deal=tidy.STRAGEDY_DEAL,
        pile_trick=v["pile_trick"],
        seat=v["seat"],
        actor=v["actor"],
        intended_card=intended or None,
        revealed_card=revealed,
        pile=v["pile"],
        card_index=v["card_index"],
        hit=(revealed == intended) if intended else None,
    )


def _illegal(ref: GameRef, v: dict) -> tuple:
    return _event(
        onset=_seconds(v["attempted_at"], ref.started_at),
        duration=0,
        trial_type="illegal_attempt",
        response_time=_response_time(v["decision_ms"]),
        round=v["round"],
        deal=tidy.refused_deal(v["deal"], ref),
        seat=v["seat"],
        actor="participant",  # rows of the participant's own seat (tidy.OWN_SEAT_TABLES)
        card=v["card"] or None,
        code=v["code"],
    )


def _probe(ref: GameRef, v: dict) -> tuple:
    return _event(
        onset=_seconds(v["answered_at"], ref.started_at),
        duration=0,
        trial_type=f"probe_{v['kind']}",
        response_time=_response_time(v["decision_ms"]),
        round=v["round"],
        deal=v["deal"],
        seat=v["seat"],
        actor="participant",  # rows of the participant's own seat (tidy.OWN_SEAT_TABLES)
        card=v["card"],
        pile=v["pile"],
        pile_trick=v["pile_trick"],
        card_index=v["card_index"],
        in_other_hand=v["in_other_hand"],
        correct=v["correct"],
    )


# The typed tables of the event log, read with the tidy tables' columns (one list: the schema).
STREAMS = (
    (ExaminationPeriod, "examination_periods", _examination),
    (Play, "plays", _play),
    (RecallAttempt, "recall_attempts", _recall),
    (IllegalAttempt, "illegal_attempts", _illegal),
    (RecallProbe, "recall_probes", _probe),
)


def events_count(scope: ExportScope) -> int:
    return sum(
        model.objects.filter(game__in=scope.game_rows().values("pk")).count()
        for model, _, _ in STREAMS
    )


def bids_count(scope: ExportScope) -> int:
    return tidy.SOURCES["participants"].count(scope) + events_count(scope)


def events_path(ref: GameRef) -> Path:
    participant, session, _ = ref.key
    run = f"_run-{ref.run}" if ref.run else ""
    stem = f"sub-{participant}_ses-{session}_task-{ref.game_type}{run}_events"
    return Path(f"sub-{participant}", f"ses-{session}", "beh", stem)


# HED (Hierarchical Event Descriptors, standard schema HED_VERSION): what each event is, in terms
# a machine can read. Each row's annotation is one group holding its card and seat (the columns'
# own annotations, put in by reference), so two events at one onset never repeat a group.
HED_VERSION = "8.3.0"
HED_TRIAL_TYPES = {
    "examination": "(Sensory-event, Experimental-stimulus, Visual-presentation, (Object, "
    "Label/Hand), {seat})",
    "play": "(Agent-action, Participant-response, (Move, {card}), {seat})",
    "other_play": "(Sensory-event, Visual-presentation, (Agent-action, (Move, {card}), {seat}))",
    "recall": "(Agent-action, Participant-response, (Recall, {card}), {seat})",
    "other_recall": "(Sensory-event, Visual-presentation, (Agent-action, (Recall, {card}), "
    "{seat}))",
    "illegal_attempt": "(Agent-action, Participant-response, (Incorrect-action, Move, {card}), "
    "{seat})",
    "probe_where": "(Agent-action, Participant-response, (Recall, Position, {card}), {seat})",
    "probe_which_hand": "(Agent-action, Participant-response, (Recall, Judge, {card}), {seat})",
}
HED_COLUMNS = {"card": "(Object, Label/#)", "seat": "(Agent, ID/#)"}
assert set(HED_TRIAL_TYPES) == set(TRIAL_TYPES)


def sidecar(table: Table) -> dict:
    """A BIDS JSON sidecar: each column's description, units, levels and HED annotation."""

    def describe(column: Column) -> dict:
        entry: dict[str, Any] = {"Description": column.description}
        if column.unit:
            entry["Units"] = column.unit
        if column.name == "trial_type":
            entry["Levels"] = dict(TRIAL_TYPES)
            entry["HED"] = dict(HED_TRIAL_TYPES)
        elif column.allowed and len(column.allowed) <= 12:
            entry["Levels"] = {value: value for value in column.allowed}
        if column.name in HED_COLUMNS:
            entry["HED"] = HED_COLUMNS[column.name]
        return entry

    return {column.name: describe(column) for column in table.columns}


TASKS = {
    "memulation": "Memulation, a two-player card game built to stimulate memory: both hands are "
    "examined for a timed period, and in the New Deal Lame Duck must remember where a card lies "
    "among the face-down tricks (the 'Stragedy).",
    "mendikot": "Mendikot, a four-player team card game (partners sit opposite) played against "
    "computer opponents.",
}


def dataset_name(study) -> str:
    # The study's own name is free text, never exported.
    return f"Memulation Lab study {study.pk}"


def authors(study) -> list[str]:
    """The study's dataset authors; its team as one group author when none are set."""
    named = study.dataset_authors if isinstance(study.dataset_authors, list) else []
    return [str(a) for a in named if str(a).strip()] or [f"The team of {dataset_name(study)}"]


def dataset_description(scope: ExportScope) -> dict:
    from apps.exports.provenance import platform_version

    study = scope.study
    return {
        "Name": dataset_name(study),
        "BIDSVersion": BIDS_VERSION,
        "HEDVersion": HED_VERSION,
        "DatasetType": "raw",
        **({"License": study.dataset_license} if study.dataset_license else {}),
        "Authors": authors(study),
        "SourceDatasets": [
            {"URL": f"urn:memulation-lab:study:{study.pk}:event-log", "Version": platform_version()}
        ],
        "GeneratedBy": [
            {
                "Name": "Memulation Lab research export",
                "Version": platform_version(),
                "Description": "Events of the card games, from the platform's event log.",
            }
        ],
    }


INSTRUCTIONS = {
    "memulation": "Study both hands while they are on show. Lucky Duck chooses the hand to play; "
    "in the New Deal, Lame Duck names the card they mean to find and points to where it lies "
    "among the face-down tricks. Follow suit when you can. With recall probes, say where each "
    "named card lies among the face-down tricks before the New Deal, and after each hand choice "
    "whether each named card was in the other hand.",
    "mendikot": "Play with your partner opposite you; follow suit when you can and take the tens.",
}


def task_sidecar(study, game_type: str) -> dict:
    """The sidecar every events file of the task inherits: its name and setting, then each
    column."""
    from apps.exports.provenance import platform_version

    where = {
        "InstitutionName": study.dataset_institution,
        "InstitutionAddress": study.dataset_institution_address,
        "InstitutionalDepartmentName": study.dataset_department,
    }
    return {
        "TaskName": game_type,
        "TaskDescription": TASKS[game_type],
        "Instructions": INSTRUCTIONS[game_type],
        "StimulusPresentation": {
            "SoftwareName": "Memulation Lab browser app",
            "SoftwareVersion": platform_version(),
        },
        **{key: value for key, value in where.items() if value},
        **sidecar(BIDS_EVENTS),
    }


def readme(scope: ExportScope) -> str:
    study = scope.study
    return (
        f"# {dataset_name(study)}\n\n"
        "Behavioural data of card-game training sessions recorded by Memulation Lab, in BIDS.\n"
        "One events file per game: `sub-<participant>/ses-<session>/beh/"
        "sub-<participant>_ses-<session>_task-<game>[_run-<game number>]_events.tsv`, its "
        "columns described by `task-<game>_events.json` at the top of the dataset.\n\n"
        "Participants appear only under pseudonymous export ids; times are shifted per "
        "participant (days and a part of a day) unless the export says otherwise (see "
        "`../codebook.md`). Missing values "
        "are `n/a`; the codebook says why a column may be empty.\n\n"
        f"Licence: {study.dataset_license or 'not stated'}. "
        f"Authors: {', '.join(authors(study))}.\n"
    )


def bids_write(scope: ExportScope, root: Path, progress: Progress) -> dict[str, int]:
    """Write the BIDS folder under ``root``; return rows written per file kind."""
    scope.load()
    write_json(root / "dataset_description.json", dataset_description(scope))
    (root / "README.md").write_text(readme(scope), encoding="utf-8")
    participants = [
        (f"sub-{export_id}", age_band, group, arm, stratum)
        for export_id, age_band, group, arm, stratum in tidy.participant_rows(scope)
    ]
    write_tsv(root / "participants.tsv", BIDS_PARTICIPANTS, participants)
    write_json(root / "participants.json", sidecar(BIDS_PARTICIPANTS))
    progress(len(participants))
    phenotype = _phenotype_write(scope, root)
    streams = [_stream(model, table, scope, make) for model, table, make in STREAMS]
    merged = heapq.merge(*streams, key=lambda item: (item[0], item[1]))
    files = events = 0
    tasks = set()
    for game_id, items in groupby(merged, key=lambda item: item[0]):
        refs = scope.refs(game_id)
        # Each session's own rows (at a table, one file each), in order of onset as the codebook
        # says: the log's order is when an event was recorded, and a hand's examination is
        # recorded when it ends. The sort is stable, so events at one onset keep the log's order.
        rows: list[list[tuple]] = [[] for _ in refs]
        for _, _, (number, row) in items:
            rows[number].append(row)
        for ref, ref_rows in zip(refs, rows, strict=True):
            ref_rows.sort(key=_onset)
            stem = events_path(ref)
            count = write_tsv(root / stem.with_suffix(".tsv"), BIDS_EVENTS, ref_rows)
            tasks.add(ref.game_type)
            files += 1
            events += count
            progress(count)
    for game_type in sorted(tasks):
        write_json(root / f"task-{game_type}_events.json", task_sidecar(scope.study, game_type))
    return {
        "bids_participants": len(participants),
        "bids_events": events,
        "bids_files": files,
        **phenotype,
    }


def _phenotype_write(scope: ExportScope, root: Path) -> dict[str, int]:
    """The assessment visits as BIDS phenotype files: one for each point with a recorded visit,
    a row per participant (BIDS keys phenotype rows by participant), the point's measures as
    columns; each with its sidecar."""
    measures: dict[tuple[str, str], dict[str, float]] = {}
    for export_id, point, code, value in visits.measure_rows(scope):
        measures.setdefault((export_id, point), {})[code] = value
    by_point: dict[str, list[tuple]] = {}
    for row in visits.visit_rows(scope):
        by_point.setdefault(row[1], []).append(row)
    numbers = {name: n for n, name in enumerate(visits.point_names(scope).values(), 1)}
    for point, rows in by_point.items():
        codes = sorted({c for row in rows for c in measures.get((row[0], point), {})})
        table = Table(
            BIDS_VISITS.name,
            BIDS_VISITS.description,
            BIDS_VISITS.key,
            (
                *BIDS_VISITS.columns,
                *(
                    Column(f"measure_{code}", NUMBER, f"The measure {code}.", nullable=True)
                    for code in codes
                ),
            ),
        )
        cells = [
            (f"sub-{row[0]}", *row[1:], *(measures.get((row[0], point), {}).get(c) for c in codes))
            for row in rows
        ]
        stem = root / "phenotype" / f"visits{numbers[point]}"
        write_tsv(stem.with_suffix(".tsv"), table, cells)
        write_json(stem.with_suffix(".json"), sidecar(table))
    return {"bids_visits": sum(len(rows) for rows in by_point.values())}
