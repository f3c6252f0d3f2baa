"""Research exports of one study with a million play events: rows per second and peak memory
(RSS) of the export job, to CSV and to Parquet, each in a fresh child process.

    .venv/bin/python bench/export.py [--plays 1000000] [--participants 500]

Uses a PostgreSQL database of its own (BENCH_DATABASE_URL, default memulation_bench_export),
rebuilt on every run with bulk SQL (not through the game engine): one-game Memulation sessions
of 52 plays each, with their deal, 'Stragedy and examination events, typed rows and metric
values. Each child runs the export job (read, write, zip, checksum) and reports its own peak
RSS from ``resource.getrusage``. Aim: under 300 MB for both formats.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.tools.database import recreate_database  # noqa: E402

DB_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/memulation_bench_export"
)
os.environ.update(
    DATABASE_URL=DB_URL, DEBUG="1", DJANGO_SETTINGS_MODULE="config.settings", LOG_LEVEL="WARNING"
)
os.environ.pop("REDIS_URL", None)

CARDS = [r + s for s in "SHDC" for r in "23456789TJQKA"]
PLAYS_PER_GAME = 52
# seq 0 game_created; 1..26 deal 1 plays; 27 deal 1 result; 28 'Stragedy (deal 2 dealt);
# 29..54 deal 2 plays; 55 deal 2 result; 56 round result; 57 match result; 58..61 examinations.
EVENTS_PER_GAME = 62


def django_setup() -> None:
    import django

    django.setup()


SQL = """
INSERT INTO participants_participant
    (study_id, code, age_band, "group", consent_date, consent_form_version, created_at, language)
SELECT %(study)s, 'B' || lpad(i::text, 6, '0'), (ARRAY['60-69','70-79','80+'])[1 + i %% 3],
       CASE WHEN i %% 2 = 0 THEN 'training' ELSE 'control' END, current_date - 400, 'v1', now(),
       'en'
FROM generate_series(1, %(participants)s) i;

INSERT INTO training_trainingsession
    (participant_id, number, protocol_id, protocol_snapshot, status, started_at, completed_at,
     created_at, abandon_reason)
SELECT p.id, n, %(protocol)s, %(snapshot)s::jsonb, 'completed',
       now() - interval '300 days' + n * interval '1 day',
       now() - interval '300 days' + n * interval '1 day' + interval '4 minutes', now(), ''
FROM participants_participant p CROSS JOIN generate_series(1, %(per_participant)s) n;

INSERT INTO games_game
    (session_id, game_type, seed, options, seats, participant_seat, status, state, next_seq,
     link_generation, created_at, updated_at, finished_at, practice)
SELECT s.id, 'memulation', s.id, '{"rounds": 1, "examination_seconds": 30}',
       '[{"kind": "participant"}, {"kind": "bot", "bot": "random", "level": 0.5}]', 0,
       'finished', '{}', %(events)s, 0, s.started_at, s.completed_at, s.completed_at, false
FROM (SELECT * FROM training_trainingsession ORDER BY id LIMIT %(games)s) s;

INSERT INTO games_gameevent (game_id, seq, kind, seat, payload, server_time, decision_ms)
SELECT g.id, q,
  CASE WHEN q = 0 THEN 'game_created'
       WHEN q IN (27, 55) THEN 'deal_result'
       WHEN q = 28 THEN 'stragedy'
       WHEN q = 56 THEN 'round_result'
       WHEN q = 57 THEN 'match_result'
       WHEN q >= 58 THEN 'examination_hidden'
       ELSE 'play' END,
  CASE WHEN q BETWEEN 1 AND 54 AND q NOT IN (27, 28) THEN q %% 2 WHEN q = 28 THEN 0 END,
  CASE WHEN q = 0 THEN jsonb_build_object('effects', jsonb_build_array(
            jsonb_build_object('type', 'round_started', 'round', 0, 'lucky_duck', 1),
            jsonb_build_object('type', 'deal_started', 'round', 0, 'deal', 1,
                               'pritticut', '2S')))
       WHEN q IN (27, 55) THEN jsonb_build_object('type', 'deal_ended', 'round', 0,
            'deal', CASE WHEN q = 27 THEN 1 ELSE 2 END,
            'tricks_won', jsonb_build_object('0', 7, '1', 6))
       WHEN q = 28 THEN jsonb_build_object('actor', 'participant', 'effects', jsonb_build_array(
            jsonb_build_object('type', 'deal_started', 'round', 0, 'deal', 2),
            jsonb_build_object('type', 'stragedy', 'seat', 0, 'hit', true,
                               'intended', 'KC', 'revealed', 'KC')))
       WHEN q = 56 THEN jsonb_build_object('type', 'round_ended', 'round', 0,
            'score', jsonb_build_object('0', 14, '1', 12))
       WHEN q = 57 THEN jsonb_build_object('type', 'match_ended')
       WHEN q >= 58 THEN jsonb_build_object('round', 0, 'deal', 1 + (q - 58) / 2)
       ELSE jsonb_build_object(
            'actor', CASE WHEN q %% 2 = 0 THEN 'participant' ELSE 'bot' END,
            'action', jsonb_build_object('type', 'play', 'seat', q %% 2,
                                         'card', (%(cards)s::text[])[1 + (g.id + q) %% 52]),
            'effects', jsonb_build_array(jsonb_build_object(
                'type', 'card_played', 'seat', q %% 2, 'deal', 1 + q / 28,
                'trick', ((q - 1) %% 28) / 2,
                'card', (%(cards)s::text[])[1 + (g.id + q) %% 52])),
            'server_ms', 1000 + (g.id * q) %% 4000)
  END,
  g.created_at + q * interval '3 seconds',
  CASE WHEN q %% 2 = 0 AND q BETWEEN 1 AND 54 THEN 800 + (g.id * q) %% 5000 END
FROM games_game g CROSS JOIN generate_series(0, %(events)s - 1) q;

INSERT INTO games_play
    (game_id, event_id, round, seat, deal, trick, position, card, actor, decision_ms, server_ms,
     legal_count)
SELECT e.game_id, e.id, 0, e.seat, 1 + e.seq / 28, ((e.seq - 1) %% 28) / 2, (e.seq + 1) %% 2,
       e.payload -> 'action' ->> 'card', e.payload ->> 'actor', e.decision_ms,
       CASE WHEN e.seat = 0 THEN (e.payload ->> 'server_ms')::int END, 1 + e.seq %% 13
FROM games_gameevent e WHERE e.kind = 'play';

INSERT INTO games_recallattempt
    (game_id, event_id, round, seat, intended_card, pile, trick, card_index, revealed_card,
     intended_pile, intended_trick, intended_card_index, actor, decision_ms)
SELECT e.game_id, e.id, 0, 0, 'KC', e.game_id %% 2, 3, 1,
       CASE WHEN e.game_id %% 3 = 0 THEN 'QC' ELSE 'KC' END, 1, 3, 1, 'participant', 2400
FROM games_gameevent e WHERE e.kind = 'stragedy';

INSERT INTO games_examinationperiod
    (game_id, event_id, round, seat, deal, hand, planned_seconds, actual_seconds, ended_early,
     sorts, page_hidden_seconds, shown_at, hidden_at)
SELECT e.game_id, e.id, 0, 0, 1 + (e.seq - 58) / 2, CASE WHEN e.seq %% 2 = 0 THEN 'A' ELSE 'B' END,
       30, 12.5 + e.seq %% 7, true, e.game_id %% 3, 0, e.server_time - interval '12 seconds',
       e.server_time
FROM games_gameevent e WHERE e.kind = 'examination_hidden';

INSERT INTO metrics_metricvalue
    (level, subject_id, participant_id, session_id, game_id, key, version, value, n, details,
     computed_at, seat)
SELECT lvl, CASE WHEN lvl = 'game' THEN g.id ELSE s.id END, s.participant_id, s.id,
       CASE WHEN lvl = 'game' THEN g.id END, k, 1, ((g.id * 7919 + length(k)) %% 1000) / 1000.0,
       26, '{}', now(), 0
FROM games_game g JOIN training_trainingsession s ON s.id = g.session_id
CROSS JOIN unnest(%(keys)s::text[]) k CROSS JOIN unnest(ARRAY['game', 'session']) lvl;

ANALYZE;
"""


def build(plays: int, participants: int) -> dict:
    recreate_database(DB_URL)
    django_setup()
    from django.core.management import call_command
    from django.db import connection

    from apps.metrics.catalogue import METRICS
    from apps.participants.models import Protocol, Study

    call_command("migrate", verbosity=0)
    games = math.ceil(plays / PLAYS_PER_GAME)
    study = Study.objects.create(name="bench export")
    protocol = Protocol.objects.create(study=study, name="bench", opponent="random")
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(
            SQL,
            {
                "study": study.pk,
                "protocol": protocol.pk,
                "snapshot": json.dumps(protocol.snapshot()),
                "participants": participants,
                "per_participant": math.ceil(games / participants),
                "games": games,
                "events": EVENTS_PER_GAME,
                "cards": CARDS,
                "keys": [m.key for m in METRICS if "memulation" in m.games][:10],
            },
        )
    return {"study": study.pk, "seconds": time.perf_counter() - started}


def child(study_id: int, fmt: str) -> None:
    """One export job in this process; print its figures as JSON."""
    django_setup()
    from django.conf import settings

    from apps.exports.models import Export
    from apps.exports.services import export_build

    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    with tempfile.TemporaryDirectory() as folder:
        settings.EXPORT_ROOT = Path(folder)
        export = Export.objects.create(study_id=study_id, formats=[fmt], run=Export.Run.JOB)
        started = time.perf_counter()
        export = export_build(export_id=export.pk)
        seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        json.dumps(
            {
                "format": fmt,
                "seconds": seconds,
                "rows": sum(export.row_counts.values()),
                "plays": export.row_counts["plays"],
                "archive_mb": export.archive_bytes / 2**20,
                "baseline_mb": baseline,
                "peak_mb": peak,
            }
        )
    )


def run_child(study_id: int, fmt: str) -> dict:
    done = subprocess.run(
        [sys.executable, __file__, "--child", fmt, "--study", str(study_id)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=1_000_000)
    parser.add_argument("--participants", type=int, default=500)
    parser.add_argument("--child", choices=["csv", "parquet", "bids"], help=argparse.SUPPRESS)
    parser.add_argument("--study", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.study, args.child)
        return
    built = build(args.plays, args.participants)
    print(f"data: {args.plays} plays (bulk SQL) in {built['seconds']:.1f} s")
    print(
        f"{'format':<8} {'rows':>9} {'plays':>9} {'seconds':>8} {'rows/s':>9} {'plays/s':>9} "
        f"{'zip MB':>7} {'base MB':>8} {'peak MB':>8}"
    )
    for fmt in ("csv", "parquet"):
        r = run_child(built["study"], fmt)
        print(
            f"{fmt:<8} {r['rows']:>9} {r['plays']:>9} {r['seconds']:>8.1f} "
            f"{r['rows'] / r['seconds']:>9.0f} {r['plays'] / r['seconds']:>9.0f} "
            f"{r['archive_mb']:>7.1f} {r['baseline_mb']:>8.0f} {r['peak_mb']:>8.0f}"
        )
    print("aim: peak RSS under 300 MB for both formats")


if __name__ == "__main__":
    main()
