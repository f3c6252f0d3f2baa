"""The migrated database the test databases are copied from.

Applying every migration to an empty database takes most of a test database's creation. A run
instead copies a template (PostgreSQL's ``CREATE DATABASE ... TEMPLATE``, a file copy) that
holds the result of applying them, and Django's ``migrate`` then finds nothing left to apply.
The template's name carries a digest of what makes the schema: every migration file, the modules
of ours that they import, and Django's version. Change any of them and the next run builds a
new template (once, under an advisory lock, so parallel workers wait for one build) and drops
the old ones.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import django
import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parents[1]


def schema_files() -> list[Path]:
    """The migrations, and the modules of ours they import (at the top or inside a function)."""
    migrations = sorted(ROOT.glob("apps/*/migrations/*.py"))
    imported: set[Path] = set()
    for path in migrations:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("apps."):
                module = ROOT / Path(*node.module.split("."))
                found = module.with_suffix(".py")
                imported.add(found if found.exists() else module / "__init__.py")
    return migrations + sorted(imported)


def schema_digest() -> str:
    digest = hashlib.sha256(django.get_version().encode())
    for path in schema_files():
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _server_url(database: dict) -> str:
    user = database.get("USER") or "postgres"
    password = f":{database['PASSWORD']}" if database.get("PASSWORD") else ""
    host, port = database.get("HOST") or "127.0.0.1", database.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}"


def migrated_template(database: dict) -> str:
    """The name of the template for ``database`` (a ``DATABASES`` entry), built if missing."""
    base = f"test_{database['NAME']}"[:40]
    name = f"{base}_migrated_{schema_digest()}"
    building = f"{name}_building"
    server = _server_url(database)
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(hashtext(%s))", [base])
        try:
            existing = {
                row[0]
                for row in conn.execute(
                    "SELECT datname FROM pg_database WHERE starts_with(datname, %s)",
                    [f"{base}_migrated_"],
                )
            }
            if name not in existing:
                # A build that died half way left its database under the building name.
                conn.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(building)))
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(building)))
                _migrate(f"{server}/{building}")
                conn.execute(
                    sql.SQL("ALTER DATABASE {} RENAME TO {}").format(
                        sql.Identifier(building), sql.Identifier(name)
                    )
                )
            for stale in existing - {name, building}:
                # Built for migrations that are no longer these; one still being copied stays.
                with contextlib.suppress(psycopg.Error):
                    conn.execute(sql.SQL("DROP DATABASE {}").format(sql.Identifier(stale)))
        finally:
            conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", [base])
    return name


def _migrate(url: str) -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings", "TEST_DATABASE_URL": url}
    done = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"migrating the template database failed:\n{done.stderr[-4000:]}")
