"""What reading an API token costs each request that carries one: the lookup with its
second-factor flags compiled once (as served), against the same lookup with the whole query, flags
and all, compiled by the ORM on every call (the baseline), alternating in several rounds.

    .venv/bin/python bench/token_lookup.py [--lookups 2000] [--rounds 5]

Uses a PostgreSQL database of its own (BENCH_DATABASE_URL, default memulation_bench_token),
made anew and migrated on every run, holding one clinician with a token, on a study with a
second-factor rule. Prints the median process CPU time of a lookup, and of a whole ``GET /api/me``
signed in with the token (the middleware chain and the view included), each way, and the ratios.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.tools.database import recreate_database  # noqa: E402

DB_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/memulation_bench_token"
)
os.environ.update(
    DATABASE_URL=DB_URL,
    DEBUG="0",
    SECRET_KEY="bench-only-" + "x" * 50,
    SECURE_SSL_REDIRECT="0",
    ALLOWED_HOSTS="localhost",
    DJANGO_SETTINGS_MODULE="config.settings",
    LOG_LEVEL="WARNING",
)
os.environ.pop("REDIS_URL", None)


def cpu_per_call(call, n: int) -> float:
    start = time.process_time()
    for _ in range(n):
        call()
    return (time.process_time() - start) / n * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lookups", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    recreate_database(DB_URL)
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from rest_framework.authtoken.models import Token

    from apps.accounts import authentication, selectors
    from apps.accounts.models import SecondFactorRule, User
    from apps.participants.models import Study

    print("migrating a fresh database ...", flush=True)
    call_command("migrate", verbosity=0)
    clinician = User.objects.create_user("bench", password="x" * 20, role=User.Role.CLINICIAN)
    study = Study.objects.create(name="Bench")
    study.clinicians.add(clinician)
    SecondFactorRule.objects.create(study=study, roles=[User.Role.RESEARCHER])
    key = Token.objects.create(user=clinician).key
    client = Client(HTTP_AUTHORIZATION=f"Token {key}", HTTP_HOST="localhost")
    assert client.get("/api/me").status_code == 200

    # The baseline: the flags' expressions resolved once into a queryset that each lookup
    # filters, so that Django compiles the whole query, subqueries and all, on every call.
    with_flags = Token.objects.select_related("user", "verified").annotate(
        **selectors.flag_expressions()
    )
    ways = {
        "served": selectors.token_for_key,
        "baseline": lambda key: with_flags.filter(key=key).first(),
    }
    lookup: dict[str, list[float]] = {way: [] for way in ways}
    request: dict[str, list[float]] = {way: [] for way in ways}
    for _ in range(args.rounds):
        for way, read in ways.items():
            authentication.token_for_key = read  # type: ignore[assignment]
            token = read(key)
            assert token is not None and not token.factor_device and token.team_rule
            assert client.get("/api/me").status_code == 200
            lookup[way].append(cpu_per_call(functools.partial(read, key), args.lookups))
            request[way].append(
                cpu_per_call(lambda: client.get("/api/me"), max(1, args.lookups // 4))
            )
    authentication.token_for_key = selectors.token_for_key

    for name, figures in (("token lookup", lookup), ("GET /api/me with the token", request)):
        now, before = (statistics.median(figures[way]) for way in ("served", "baseline"))
        print(
            f"{name}: {now:.3f} ms CPU (flags compiled once) against {before:.3f} ms "
            f"(compiled every call): {now / before:.2f}x, {before - now:.3f} ms less"
        )


if __name__ == "__main__":
    main()
