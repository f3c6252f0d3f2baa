"""What an export holds, written into a folder: the tidy tables in each tabular format, the BIDS
files and the codebook. Each table is read once, in batches, and every batch goes to every
tabular writer. (Building the archive around it, one build at a time with its progress saved,
is ``building``.)

    <folder>/codebook.json  codebook.md
    <folder>/csv/<table>.csv          (when csv is asked for)
    <folder>/parquet/<table>.parquet  (when parquet is asked for)
    <folder>/bids/...                 (when bids is asked for)
    <folder>/psychds/...              (Psych-DS, beside the CSV tables)
    <folder>/redcap/data_dictionary.csv
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import batched
from pathlib import Path

from django.conf import settings
from django.utils import translation

from apps.exports.bids import bids_count, bids_write
from apps.exports.codebook import codebook, codebook_markdown
from apps.exports.psychds import psychds_write, redcap_write
from apps.exports.rows import SOURCES
from apps.exports.schema import TABLES
from apps.exports.scope import ExportScope
from apps.exports.writers import WRITERS, write_json

BATCH_ROWS = 20_000
TABULAR = ("csv", "parquet")
Progress = Callable[[int], None]


def rows_total(scope: ExportScope, formats: list[str]) -> int:
    """How many source rows the export will read (the denominator of its progress)."""
    total = 0
    if any(f in TABULAR for f in formats):
        total += sum(source.count(scope) for source in SOURCES.values())
    if "bids" in formats:
        total += bids_count(scope)
    return total


def _write_table(name: str, scope: ExportScope, folder: Path, formats, progress) -> int:
    table = TABLES[name]
    writers = [
        cls(table, folder / suffix / f"{name}.{suffix}")
        for fmt, (cls, suffix) in WRITERS.items()
        if fmt in formats
    ]
    written = 0
    try:
        for batch in batched(SOURCES[name].rows(scope), BATCH_ROWS):
            for writer in writers:
                writer.write(batch)
            written += len(batch)
            progress(len(batch))
    finally:
        for writer in writers:
            writer.close()
    return written


def export_write(
    *, scope: ExportScope, formats: list[str], folder: Path, progress: Progress, about: dict
) -> dict[str, int]:
    """Write the export into ``folder``; return the rows written per table."""
    scope.load()
    counts: dict[str, int] = {}
    if any(f in TABULAR for f in formats):
        for name in TABLES:
            counts[name] = _write_table(name, scope, folder, formats, progress)
    if "csv" in formats:
        counts["psychds_files"] = psychds_write(scope.study, folder / "csv", folder / "psychds")
    if "bids" in formats:
        counts.update(bids_write(scope, folder / "bids", progress))
    redcap_write(folder / "redcap" / "data_dictionary.csv")
    codebooks_write(folder, about)
    return counts


def codebooks_write(folder: Path, about: dict) -> None:
    """The codebook in English (JSON and Markdown), and in Markdown in each other shipped
    language: the export itself is the same in every language (codes, English column names)."""
    with translation.override(settings.LANGUAGE_CODE):
        book = codebook(export=about)
        write_json(folder / "codebook.json", book)
        (folder / "codebook.md").write_text(codebook_markdown(book), encoding="utf-8")
    for language, _name in settings.LANGUAGES:
        if language != settings.LANGUAGE_CODE:
            with translation.override(language):
                page = codebook_markdown(codebook(export=about))
            (folder / f"codebook.{language}.md").write_text(page, encoding="utf-8")
