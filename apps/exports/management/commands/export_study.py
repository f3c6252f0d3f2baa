"""``manage.py export_study STUDY --format csv --out DIR``: a study's research export, unzipped,
with a progress bar on stderr. Logged like every export (an export row and an audit entry)."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, OutputWrapper

from apps.common.errors import DomainError
from apps.common.fields import ID_MAX
from apps.exports.models import Export
from apps.exports.serializers import ExportFiltersSerializer
from apps.exports.services import export_to_folder
from apps.participants.models import GameType, Participant, Study


class ProgressBar:
    """``[#######.............]  35%  350000/1000000 rows`` on one line, redrawn at most 10
    times a second."""

    def __init__(self, stream: OutputWrapper, width: int = 30):
        self.stream = stream
        self.width = width
        self._drawn_at = 0.0

    def __call__(self, done: int, total: int, *, final: bool = False) -> None:
        now = time.monotonic()
        if not final and now - self._drawn_at < 0.1:
            return
        self._drawn_at = now
        share = min(1.0, done / total) if total else 1.0
        filled = int(share * self.width)
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(
            f"\r[{bar}] {share:4.0%}  {done}/{total} rows", ending="\n" if final else ""
        )
        self.stream.flush()


class Command(BaseCommand):
    help = "Export a study (tidy tables, BIDS-style files, codebook) into a new folder."

    def add_arguments(self, parser):
        parser.add_argument("study", help="The study's id or exact name.")
        parser.add_argument(
            "--format",
            dest="formats",
            action="append",
            choices=Export.Format.values,
            required=True,
            help="csv, parquet or bids (repeat for several).",
        )
        parser.add_argument("--out", required=True, type=Path, help="A new or empty folder.")
        parser.add_argument(
            "--shift-dates",
            action=argparse.BooleanOptionalAction,
            default=True,
            help="Move each participant's times back by their own number of days (the default; "
            "--no-shift-dates exports the times as recorded).",
        )
        parser.add_argument("--from", dest="date_from", help="Sessions started on or after.")
        parser.add_argument("--to", dest="date_to", help="Sessions started on or before.")
        parser.add_argument(
            "--participant", action="append", default=[], help="A participant code (repeat)."
        )
        parser.add_argument("--game", choices=GameType.values)
        parser.add_argument("--protocol", type=int, action="append", default=[])
        parser.add_argument("--protocol-version", type=int)

    def handle(self, *args, study, formats, out, shift_dates, **options):
        study = self._study(study)
        filters = {
            "date_from": options["date_from"],
            "date_to": options["date_to"],
            "participants": self._participants(study, options["participant"]),
            "game": options["game"],
            "protocols": options["protocol"],
            "protocol_version": options["protocol_version"],
        }
        # The same checks as the API's: a number no id can be, a day that is not one, refused
        # with what is wrong before anything is looked up.
        body = ExportFiltersSerializer(
            data={name: value for name, value in filters.items() if value not in (None, [])}
        )
        if not body.is_valid():
            raise CommandError(f"The export filters are invalid: {_said(body.errors)}")
        bar = ProgressBar(self.stderr)
        try:
            export = export_to_folder(
                study=study,
                formats=formats,
                filters=body.validated_data,
                out=out,
                shift_dates=shift_dates,
                echo=bar,
            )
        except DomainError as error:
            details = error.details.get("filters") if isinstance(error.details, dict) else None
            raise CommandError(
                f"{error.message} {_said(details)}" if details else error.message
            ) from None
        except ValueError as error:
            raise CommandError(str(error)) from None
        bar(export.rows_done, export.rows_total or export.rows_done, final=True)
        for table, rows in export.row_counts.items():
            self.stdout.write(f"  {table:<22} {rows:>10} rows")
        self.stdout.write(f"Export #{export.pk} written to {out.resolve()}")

    def _study(self, ref: str) -> Study:
        is_id = ref.isdigit() and int(ref) <= ID_MAX
        study = Study.objects.filter(pk=int(ref)).first() if is_id else None
        study = study or Study.objects.filter(name=ref).first()
        if study is None:
            raise CommandError(f"There is no study {ref!r}.")
        return study

    def _participants(self, study: Study, codes: list[str]) -> list[int]:
        found = dict(
            Participant.objects.filter(study=study, code__in=codes).values_list("code", "pk")
        )
        if missing := sorted(set(codes) - set(found)):
            raise CommandError(f"Not in this study: {', '.join(missing)}.")
        return [found[code] for code in codes]


def _said(errors) -> str:
    """A serializer's errors on one line: ``protocols: Ensure this value is ...``."""
    if isinstance(errors, dict):  # by field name, or by place in a list (left unsaid)
        return "; ".join(
            _said(inner) if isinstance(name, int) else f"{name}: {_said(inner)}"
            for name, inner in errors.items()
        )
    return " ".join(map(str, errors))
