"""The command line's export: the same files as a download, unzipped, moved into a folder when
complete."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from django.utils import timezone
from django.utils.translation import gettext

from apps.common.errors import Conflict
from apps.exports import archive
from apps.exports.building import ProgressRecorder, fail, finish, write
from apps.exports.contents import rows_total
from apps.exports.disclosure import k_anonymity
from apps.exports.models import Export
from apps.exports.requests import filters_checked
from apps.exports.scope import ExportScope
from apps.participants.models import Study

Status = Export.Status


def export_to_folder(
    *,
    study: Study,
    formats: list[str],
    filters: dict,
    out: Path,
    shift_dates: bool = True,
    echo: Callable[[int, int], None] | None = None,
) -> Export:
    """The command line's export: the same files, unzipped, moved into ``out`` when complete."""
    out = out.resolve()
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise Conflict(
            gettext("%(out)s exists and is not an empty folder.") % {"out": out},
            code="out_not_empty",
        )
    checked = filters_checked(study, filters)
    formats = [f for f in Export.Format.values if f in formats]
    scope = ExportScope(study=study, filters=checked, shift_dates=shift_dates)
    total = rows_total(scope, formats)
    export = Export.objects.create(
        study=study,
        formats=formats,
        filters=checked.to_json(),
        shift_dates=shift_dates,
        run=Export.Run.COMMAND,
        status=Status.RUNNING,
        rows_total=total,
        k_anonymity=k_anonymity(scope),
        started_at=timezone.now(),
        attempts=1,
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    folder = out.parent / f".{out.name}.partial-{export.pk}"
    archive.remove_path(folder)
    folder.mkdir()
    progress = ProgressRecorder(export.pk, echo=(lambda done: echo(done, total)) if echo else None)
    try:
        counts = write(export, folder, progress)
        sealed = archive.seal_folder(folder, out)
    except Exception as error:
        archive.remove_path(folder)
        fail(export.pk, error)
        raise
    return finish(export, counts, sealed, progress.done)
