"""Where exports are built and kept, and how a finished one is sealed.

An export is written into a work folder under ``EXPORT_ROOT/tmp/`` named after it; only when
everything is written is it zipped (into a ``.partial`` file beside it) and renamed into place in
one atomic step. A build that dies leaves only work files, which the next build of the same
export (or the sweeper) removes: a half-written archive is never where a download looks.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
import uuid
import zipfile
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

CHUNK = 1 << 20
SUMS = "SHA256SUMS"
# The archive's entries carry the zip format's earliest time, not when they were written: with
# shifted dates that would bound each participant's shift (the codebook gives the export's
# time when its times are real).
UNDATED = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Sealed:
    name: str  # the archive's file name under EXPORT_ROOT ("" for a folder)
    bytes: int
    sha256: str
    files: list[dict]  # {"name", "bytes", "sha256"} for every file in it


def export_root() -> Path:
    return Path(settings.EXPORT_ROOT)


def work_root() -> Path:
    return export_root() / "tmp"


def work_folder(export_id: int) -> Path:
    folder = work_root() / f"export-{export_id}-{uuid.uuid4().hex[:12]}"
    folder.mkdir(parents=True)
    return folder


def work_clean(export_id: int) -> None:
    """Remove whatever an earlier build of this export left behind."""
    for path in work_root().glob(f"export-{export_id}-*"):
        remove_path(path)


def work_sweep(older_than_seconds: float) -> int:
    """Remove work files older than this (builds that died and were never run again)."""
    if not work_root().is_dir():
        return 0
    cutoff = time.time() - older_than_seconds
    stale = [p for p in work_root().iterdir() if p.stat().st_mtime < cutoff]
    for path in stale:
        remove_path(path)
    return len(stale)


def remove_path(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def archive_path(name: str) -> Path:
    return export_root() / name


def archive_remove(name: str) -> None:
    if name:
        archive_path(name).unlink(missing_ok=True)


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


def _digest(path: Path) -> tuple[int, str]:
    sha = hashlib.sha256()
    size = 0
    with path.open("rb") as stream:
        while chunk := stream.read(CHUNK):
            sha.update(chunk)
            size += len(chunk)
    return size, sha.hexdigest()


def _sums(files: list[dict]) -> bytes:
    return "".join(f"{f['sha256']}  {f['name']}\n" for f in files).encode()


def _entry(name: str, size: int, sha256: str) -> dict:
    return {"name": name, "bytes": size, "sha256": sha256}


def seal_folder(folder: Path, target: Path) -> Sealed:
    """Checksum every file, add SHA256SUMS, and move the folder to ``target`` (which must not
    exist, or be an empty folder)."""
    files = [_entry(p.relative_to(folder).as_posix(), *_digest(p)) for p in _files(folder)]
    sums = _sums(files)
    (folder / SUMS).write_bytes(sums)
    files.append(_entry(SUMS, len(sums), hashlib.sha256(sums).hexdigest()))
    if target.is_dir() and not any(target.iterdir()):
        target.rmdir()
    os.replace(folder, target)
    return Sealed("", sum(f["bytes"] for f in files), "", files)


def seal_archive(folder: Path, export_id: int) -> Sealed:
    """Zip the folder (with SHA256SUMS) and move the zip into place atomically."""
    name = f"export-{export_id}.zip"
    partial = folder.with_name(folder.name + ".zip.partial")
    files = []
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in _files(folder):
            member = path.relative_to(folder).as_posix()
            stored = path.suffix == ".parquet"  # already compressed
            info = zipfile.ZipInfo.from_file(path, member)
            info.date_time = UNDATED
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            sha, size = hashlib.sha256(), 0
            with path.open("rb") as source, archive.open(info, "w", force_zip64=True) as out:
                while chunk := source.read(CHUNK):
                    sha.update(chunk)
                    size += len(chunk)
                    out.write(chunk)
            files.append(_entry(member, size, sha.hexdigest()))
        sums = _sums(files)
        archive.writestr(zipfile.ZipInfo(SUMS, UNDATED), sums, zipfile.ZIP_DEFLATED)
        files.append(_entry(SUMS, len(sums), hashlib.sha256(sums).hexdigest()))
    with partial.open("rb+") as stream:
        os.fsync(stream.fileno())
    size, sha256 = _digest(partial)
    os.replace(partial, archive_path(name))
    shutil.rmtree(folder, ignore_errors=True)
    return Sealed(name, size, sha256, files)
