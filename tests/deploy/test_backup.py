"""Backups: a dump restores into a fresh database whose every game replays to its stored state."""

from __future__ import annotations

import os
import random
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import timezone

from apps.games.demo import demo_game_play
from apps.games.models import Game
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.conftest import current_database_url

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, database_url: str, tmp_path: Path, **extra: str) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "VAR_DIR": str(tmp_path / "var"),
        **extra,
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("REDIS_URL", None)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def played_games(transactional_db, clinician):
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(study=participant.study, opponent="random", rounds=1)
    rng = random.Random(11)
    for _ in range(2):
        session = make_session(participant=participant, protocol=protocol, status="started")
        demo_game_play(session=session, start=timezone.now(), skill=0.7, rng=rng)
    return list(Game.objects.order_by("pk"))


def test_a_dump_restores_and_every_game_replays(played_games, tmp_path):
    url = current_database_url()
    dumped = run(
        "deploy/backup", "dump", "--dir", str(tmp_path), database_url=url, tmp_path=tmp_path
    )
    assert dumped.returncode == 0, dumped.stderr
    (file,) = tmp_path.glob("memulation-*.dump")
    assert not list(tmp_path.glob("*.partial"))
    assert f"wrote {file}" in dumped.stdout

    checked = run(
        "deploy/backup",
        "verify",
        "--latest",
        database_url=url,
        tmp_path=tmp_path,
        BACKUP_DIR=str(tmp_path),
    )
    assert checked.returncode == 0, checked.stderr
    assert "2 games replayed: every state matches its log" in checked.stdout


def test_a_restored_game_whose_state_differs_from_its_log_is_named(played_games, tmp_path):
    url = current_database_url()
    dumped = run(
        "deploy/backup", "dump", "--dir", str(tmp_path), database_url=url, tmp_path=tmp_path
    )
    assert dumped.returncode == 0, dumped.stderr
    (file,) = tmp_path.glob("memulation-*.dump")
    copy = url.rsplit("/", 1)[0] + f"/restored_{secrets.token_hex(4)}"
    restored = run("deploy/backup", "restore", str(file), copy, database_url=url, tmp_path=tmp_path)
    assert restored.returncode == 0, restored.stderr
    first, second = played_games
    try:
        table = Game._meta.db_table
        swap = f"UPDATE {table} SET state = (SELECT state FROM {table} WHERE id = {second.pk}) "
        swap += f"WHERE id = {first.pk}"
        subprocess.run(
            ["psql", "-q", "-d", copy.replace("postgres://", "postgresql://"), "-c", swap],
            check=True,
        )
        replayed = run("manage.py", "replay_games", database_url=copy, tmp_path=tmp_path)
        assert replayed.returncode == 1
        assert (
            f"game {first.pk}: the replayed state differs from the stored state" in replayed.stderr
        )
        assert f"game {second.pk}:" not in replayed.stderr
        assert "1 of 2 games do not match their logs" in replayed.stderr
        again = run(
            "deploy/backup", "restore", str(file), copy, database_url=url, tmp_path=tmp_path
        )
        assert again.returncode == 2  # never restores over an existing database
        assert "already exists" in again.stderr
    finally:
        name = copy.rsplit("/", 1)[1]
        subprocess.run(
            [
                "psql",
                "-q",
                "-d",
                url.replace("postgres://", "postgresql://").rsplit("/", 1)[0] + "/postgres",
                "-c",
                f'DROP DATABASE IF EXISTS "{name}"',
            ],
            check=True,
        )


def test_restore_refuses_a_missing_file(db, tmp_path):
    url = current_database_url()
    done = run(
        "deploy/backup",
        "restore",
        str(tmp_path / "none.dump"),
        url + "_x",
        database_url=url,
        tmp_path=tmp_path,
    )
    assert done.returncode == 2
    assert "no backup file at" in done.stderr
