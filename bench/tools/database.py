"""A benchmark's PostgreSQL database, dropped and made anew (empty) for each run."""

from __future__ import annotations

import psycopg


def recreate_database(url: str) -> None:
    """Drop the database ``url`` names (its connections too) and create it empty."""
    server, name = url.rsplit("/", 1)
    with psycopg.connect(server + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
