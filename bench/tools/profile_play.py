"""Where a card play's server CPU goes: cProfile (in CPU time) around the play requests only.

Plays whole games in this process through Django's test client (the full WSGI stack, the
bench settings, a PostgreSQL database of its own) and prints the functions with the most time
of their own and the most time under them, over every card play of the games.

    .venv/bin/python bench/tools/profile_play.py [--games 12] [--top 25]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import sys
import time
from pathlib import Path

os.environ.setdefault(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/memulation_bench_profile"
)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
# bench/api.py: the same database, server settings and games as the load benchmark.
import api


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--save", help="also write the profile here (for pstats or snakeviz)")
    args = parser.parse_args()
    api.ENV["ALLOWED_HOSTS"] += ",testserver"
    api.prepare_database()
    tokens = api.make_links(args.games, args.opponent)
    from django.test import Client
    from playing import next_move

    # Timed in CPU time: waiting for PostgreSQL or Redis is not the server's time.
    client, rng, profile = Client(), random.Random(0), cProfile.Profile(time.process_time)
    plays, spent = 0, 0.0
    for n, token in enumerate(tokens):
        base = f"/api/play/{token}/"
        body = client.get(base).json()
        while not body["state"]["finished"]:
            state, exam = body["state"], body["examination"] or {}
            shown = state["examination"] and state["examination"]["cards"]
            if state["phase"] == "examination" and not shown and not exam.get("waiting"):
                time.sleep(max(0.05, exam.get("starts_in_seconds") or 0))
                body = client.get(base).json()
                continue
            suffix, data = next_move(body, rng)
            data = {**data, "event_id": f"{n}-{plays}-{rng.random()}", "decision_ms": 1000}
            play = data["type"] == "play"
            started = time.process_time()
            if play:
                profile.enable()
            response = client.post(base + suffix, json.dumps(data), content_type="application/json")
            if play:
                profile.disable()
                plays += 1
                spent += time.process_time() - started
            body = response.json() if response.status_code == 200 else client.get(base).json()
    import redis

    redis.Redis.from_url(api.ENV["REDIS_URL"]).flushdb()  # the end-of-game jobs nobody runs
    print(f"{plays} card plays, {spent / plays * 1000:.1f} ms of CPU each under the profiler")
    if args.save:
        profile.dump_stats(args.save)
    for key in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats(key).print_stats(args.top)
        print(out.getvalue().split("\n", 6)[-1])  # without pstats' header lines


if __name__ == "__main__":
    sys.exit(main())
