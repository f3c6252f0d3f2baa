"""The rows of the visits tables: each recorded assessment visit of the participants the
export holds, and each measure of a held visit. A held visit's day is counted from its window's
anchor, so no calendar date leaves (nor needs shifting); when it was recorded is shifted as
every other time is."""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Iterator

from django.db.models import QuerySet

from apps.exports.scope import ExportScope
from apps.programmes.selectors import allocations
from apps.visits import selectors as visit_selectors
from apps.visits.models import Visit
from apps.visits.selectors import anchor_on, in_window, point_window


def point_name(kind: str, label: str) -> str:
    """A point's name before any other point of the study is looked at: its kind, then its
    label."""
    return f"{kind}: {label}" if label else kind


def point_names(scope: ExportScope) -> dict[int, str]:
    """Each of the study's assessment points' name in every table and file of the export, by
    id, in the order declared: :func:`point_name`, followed, where two points would have the
    same one (two unlabelled follow-ups), by its number among them in that order
    (``follow_up #1``, ``follow_up #2``). The points are fixed once the study's first session
    has started, so a name is the same in every export of the study."""
    points = visit_selectors.study_points(scope.study.pk)
    plain = {p.pk: point_name(p.kind, p.label) for p in points}
    repeated = Counter(plain.values())
    seen: Counter[str] = Counter()
    names = {}
    for pk, name in plain.items():
        if repeated[name] > 1:
            seen[name] += 1
            name = f"{name} #{seen[name]}"
        names[pk] = name
    return names


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
    names = point_names(scope)
    allocated = allocations(scope.participant_rows())
    anchors: dict[tuple[int, str], datetime.date | None] = {}
    for visit in _visits(scope).iterator(chunk_size=2000):
        subject = scope.subjects[visit.participant_id]
        window = point_window(visit.point)
        held_day = anchor = None
        if window is not None and visit.held_on is not None:
            key = (visit.participant_id, window.anchor)
            if key not in anchors:
                allocated_at = allocated.get(visit.participant_id)
                anchors[key] = anchor_on(visit.participant, window.anchor, allocated_at)
            anchor = anchors[key]
            held_day = (visit.held_on - anchor).days if anchor is not None else None
        yield (
            subject.export_id,
            names[visit.point_id],
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
    names = point_names(scope)
    for visit in _held(scope).iterator(chunk_size=2000):
        export_id = scope.subjects[visit.participant_id].export_id
        for measure, value in sorted(visit.measures.items()):
            yield export_id, names[visit.point_id], measure, float(value)
