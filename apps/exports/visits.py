"""The rows of the visits tables: each recorded assessment visit of the participants the
export holds, and each measure of a held visit. A held visit's day is counted from its window's
anchor, so no calendar date leaves (nor needs shifting); when it was recorded is shifted as
every other time is."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

from django.db.models import QuerySet

from apps.exports.scope import ExportScope
from apps.visits import selectors as visit_selectors
from apps.visits.models import Visit
from apps.visits.selectors import anchor_day, in_window, point_window


def point_name(point) -> str:
    """As the inference table names a point: its kind, then its label."""
    return f"{point.kind}: {point.label}" if point.label else point.kind


def study_points(scope: ExportScope) -> list:
    """The study's assessment points in the order declared."""
    return visit_selectors.study_points(scope.study.pk)


def _visits(scope: ExportScope) -> QuerySet[Visit]:
    return (
        Visit.objects.filter(participant__in=scope.participant_rows())
        .select_related("point", "point__visit_window", "participant", "participant__study")
        .order_by("participant_id", "point_id")
    )


def visit_count(scope: ExportScope) -> int:
    return _visits(scope).order_by().count()


def visit_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    anchors: dict[tuple[int, str], datetime.date | None] = {}
    for visit in _visits(scope).iterator(chunk_size=2000):
        subject = scope.subjects[visit.participant_id]
        window = point_window(visit.point)
        held_day = anchor = None
        if window is not None and visit.held_on is not None:
            key = (visit.participant_id, window.anchor)
            if key not in anchors:
                anchors[key] = anchor_day(visit.participant, window.anchor)
            anchor = anchors[key]
            held_day = (visit.held_on - anchor).days if anchor is not None else None
        yield (
            subject.export_id,
            point_name(visit.point),
            visit.point.kind,
            window.anchor if window else None,
            window.opens_day if window else None,
            window.closes_day if window else None,
            visit.status,
            held_day,
            in_window(visit.held_on, window, anchor),
            visit.missed_reason or None,
            visit.recorded_at + subject.shift,
        )


def _held(scope: ExportScope) -> QuerySet[Visit]:
    return _visits(scope).filter(status=Visit.Status.DONE)


def measure_count(scope: ExportScope) -> int:
    return sum(len(m) for m in _held(scope).order_by().values_list("measures", flat=True))


def measure_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    for visit in _held(scope).iterator(chunk_size=2000):
        export_id = scope.subjects[visit.participant_id].export_id
        for measure, value in sorted(visit.measures.items()):
            yield export_id, point_name(visit.point), measure, float(value)
