"""Asking for an export: the filters checked, the export recorded, then built while the request
waits (small) or queued for the ``exports.build`` job (large)."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext

from apps.common.errors import ValidationFailed
from apps.exports.building import export_build
from apps.exports.contents import rows_total
from apps.exports.disclosure import k_anonymity
from apps.exports.models import Export
from apps.exports.scope import ExportScope, Filters
from apps.exports.selectors import export_study_get
from apps.exports.tasks import export_build_job
from apps.participants.models import Participant, Protocol, Study
from config.celery import queue_after_commit


def filters_checked(study: Study, data: dict) -> Filters:
    """The filters, once every participant and protocol named is known to be the study's."""
    filters = Filters.from_json(data)
    problems = {}
    if filters.date_from and filters.date_to and filters.date_from > filters.date_to:
        problems["date_to"] = ["Must not be before date_from."]
    for name, model, ids in (
        ("participants", Participant, filters.participants),
        ("protocols", Protocol, filters.protocols),
    ):
        known = set(model.objects.filter(study=study, pk__in=ids).values_list("pk", flat=True))
        if unknown := sorted(set(ids) - known):
            problems[name] = [f"Not in this study: {', '.join(map(str, unknown))}."]
    if problems:
        raise ValidationFailed(
            gettext("The export filters are invalid."), details={"filters": problems}
        )
    return filters


def export_request(
    *, actor, study_id: int, formats: list[str], filters: dict, shift_dates: bool = True
) -> Export:
    """Record the export and build it now (small) or queue its job (large)."""
    study = export_study_get(user=actor, study_id=study_id)
    checked = filters_checked(study, filters)
    formats = [f for f in Export.Format.values if f in formats]
    scope = ExportScope(study=study, filters=checked, shift_dates=shift_dates)
    total = rows_total(scope, formats)
    direct = total <= settings.EXPORT_DIRECT_MAX_ROWS
    with transaction.atomic():
        export = Export.objects.create(
            study=study,
            requested_by=actor,
            formats=formats,
            filters=checked.to_json(),
            shift_dates=shift_dates,
            run=Export.Run.DIRECT if direct else Export.Run.JOB,
            rows_total=total,
            k_anonymity=k_anonymity(scope),
        )
        if not direct:
            queue_after_commit(export_build_job, export.pk)
    if direct:
        export_build(export_id=export.pk)
        export.refresh_from_db()
    return export
