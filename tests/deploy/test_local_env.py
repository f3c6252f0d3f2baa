"""`make run` writes `.env` (DEBUG=1); commands typed by hand (`manage.py ...`) read it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(folder: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_SETTINGS_MODULE", "DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL"}
    }
    clean.update(PYTHONPATH=str(ROOT), VAR_DIR=str(folder / "var"), **env)
    return subprocess.run(
        [sys.executable, str(folder / "manage.py"), *args],
        cwd=folder,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_manage_reads_the_local_env_file_and_the_environment_wins(tmp_path):
    shutil.copy(ROOT / "manage.py", tmp_path / "manage.py")
    without = manage(tmp_path, "check")
    assert without.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in without.stderr

    made = subprocess.run(
        ["make", "-s", "-f", str(ROOT / "Makefile"), ".env"], cwd=tmp_path, capture_output=True
    )
    assert made.returncode == 0, made.stderr
    assert "DEBUG=1" in (tmp_path / ".env").read_text().splitlines()
    assert manage(tmp_path, "check").returncode == 0

    explicit = manage(tmp_path, "check", DEBUG="0")
    assert explicit.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in explicit.stderr
