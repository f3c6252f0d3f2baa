"""Reads of the export log, scoped like studies: admins see every study's exports, researchers
those of the studies they own. Clinicians never export (403)."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext

from apps.common.errors import Conflict, NotFound, PermissionDenied
from apps.exports import archive
from apps.exports.models import Export
from apps.exports.tokens import download_token_check
from apps.participants.models import Study
from apps.participants.selectors import rules, study_get, study_scope


def _require_researcher(user) -> None:
    if not (user.is_admin or user.is_researcher):
        raise PermissionDenied(gettext("Research exports are for the study's researchers only."))


def export_study_get(*, user, study_id: int) -> Study:
    """The study, if the user may export it (404 for a study they cannot see)."""
    _require_researcher(user)
    study = study_get(user=user, study_id=study_id)
    rules.require(rules.owns_study(user, study), gettext("Only the study's owners may export it."))
    return study


def export_list(*, user, study_id: int) -> QuerySet[Export]:
    study = export_study_get(user=user, study_id=study_id)
    return Export.objects.filter(study=study).select_related("requested_by")


def export_get(*, user, export_id: int) -> Export:
    _require_researcher(user)
    exports = Export.objects.filter(study__in=study_scope(user=user)).select_related("requested_by")
    try:
        return exports.get(pk=export_id)
    except Export.DoesNotExist:
        raise NotFound(gettext("There is no such export.")) from None


def export_download_get(*, export_id: int, token: str) -> Export:
    """The export whose archive this token may download (the token is the permission)."""
    try:
        export = Export.objects.get(pk=export_id)
    except Export.DoesNotExist:
        raise NotFound(gettext("There is no such export.")) from None
    download_token_check(export, token)
    if export.status != Export.Status.READY:
        raise Conflict(
            gettext("The export is %(status)s.") % {"status": export.status},
            code="export_not_ready",
        )
    if not archive.archive_path(export.archive_name).is_file():
        raise NotFound(gettext("The export's archive is no longer kept."), code="export_expired")
    return export
