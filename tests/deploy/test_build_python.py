"""deploy/build-python, the optimised interpreter `make test` runs the suite on, and how
deploy/find-python and the Makefile pick it up. The build itself (13 to 35 minutes) is what
`make test` does once a machine; here a finished build is the running interpreter placed where
the build installs, and a source is a file that is not Python's release."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "deploy" / "build-python"
FIND = ROOT / "deploy" / "find-python"


def run(*command: str | Path, **env: str) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if k != "PYTHON"} | env
    return subprocess.run(
        [str(part) for part in command],
        cwd=ROOT,
        env=full,
        capture_output=True,
        text=True,
        timeout=120,
    )


def a_finished_build(prefix: Path) -> Path:
    """The layout build-python leaves: the interpreter under bin/, the mark written last."""
    (prefix / "bin").mkdir(parents=True)
    python = prefix / "bin" / "python3.13"
    python.symlink_to(sys.executable)
    (prefix / ".finished").touch()
    return python


def test_a_finished_build_is_used_as_it_is(tmp_path):
    python = a_finished_build(tmp_path / "python")
    prefix = str(tmp_path / "python")
    built = run(BUILD, "--built", OPTIMISED_PYTHON_PREFIX=prefix)
    assert (built.returncode, built.stdout.strip()) == (0, str(python))
    # Asked to build, it only names what is there: no download (the source could not be had).
    again = run(BUILD, OPTIMISED_PYTHON_PREFIX=prefix, PYTHON_SOURCE_URL="file:///nonexistent")
    assert (again.returncode, again.stdout.strip(), again.stderr) == (0, str(python), "")


def test_find_python_prefers_the_finished_build(tmp_path):
    prefix = tmp_path / "python"
    python = a_finished_build(prefix)
    found = run(FIND, OPTIMISED_PYTHON_PREFIX=str(prefix))
    assert (found.returncode, found.stdout.strip()) == (0, str(python)), found.stderr
    # PYTHON, when set, still wins.
    chosen = run(FIND, OPTIMISED_PYTHON_PREFIX=str(prefix), PYTHON=sys.executable)
    assert chosen.stdout.strip() == sys.executable


def test_an_interrupted_build_is_not_taken_for_a_finished_one(tmp_path):
    prefix = tmp_path / "python"
    a_finished_build(prefix)
    (prefix / ".finished").unlink()
    built = run(BUILD, "--built", OPTIMISED_PYTHON_PREFIX=str(prefix))
    assert (built.returncode, built.stdout) == (1, "")


def test_a_source_that_is_not_the_release_is_refused_and_nothing_is_left(tmp_path):
    source = tmp_path / "python.tar.xz"
    source.write_bytes(b"not Python's release")
    prefix = tmp_path / "python"
    refused = run(BUILD, OPTIMISED_PYTHON_PREFIX=str(prefix), PYTHON_SOURCE_URL=source.as_uri())
    assert refused.returncode == 1
    assert refused.stdout == ""
    assert "its SHA-256 differs" in refused.stderr
    assert not prefix.exists()


def test_a_source_that_cannot_be_had_fails_saying_so(tmp_path):
    prefix = tmp_path / "python"
    failed = run(
        BUILD,
        OPTIMISED_PYTHON_PREFIX=str(prefix),
        PYTHON_SOURCE_URL=(tmp_path / "missing.tar.xz").as_uri(),
    )
    assert failed.returncode == 1
    assert "could not download" in failed.stderr
    assert not prefix.exists()


def venv_on(tmp_path: Path, home: Path) -> Path:
    venv = tmp_path / "venv"
    venv.mkdir()
    (venv / "pyvenv.cfg").write_text(f"home = {home}\nversion = 3.12.1\n")
    return venv


def test_make_remakes_a_venv_of_another_interpreter(tmp_path):
    prefix = tmp_path / "python"
    python = a_finished_build(prefix)
    venv = venv_on(tmp_path, Path("/somewhere/else/bin"))
    made = run(
        "make",
        "--no-print-directory",
        "interpreter",
        f"VENV={venv}",
        OPTIMISED_PYTHON_PREFIX=str(prefix),
    )
    assert made.returncode == 0, made.stderr
    assert "again" in made.stdout
    assert not venv.exists()
    # One on the interpreter find-python picks is kept.
    venv = venv_on(tmp_path, python.parent)
    kept = run(
        "make",
        "--no-print-directory",
        "interpreter",
        f"VENV={venv}",
        OPTIMISED_PYTHON_PREFIX=str(prefix),
    )
    assert (kept.returncode, kept.stdout) == (0, "")
    assert (venv / "pyvenv.cfg").exists()


def test_the_image_runs_the_python_the_suite_runs_on():
    built = re.search(r"^version=(\d+\.\d+)\.\d+$", BUILD.read_text(), re.M)
    images = re.findall(
        r"^FROM python:(\d+\.\d+)-", (ROOT / "deploy" / "Dockerfile").read_text(), re.M
    )
    assert built and images
    assert set(images) == {built.group(1)}
