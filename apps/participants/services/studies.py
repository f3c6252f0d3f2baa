"""Studies and their versioned protocols."""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import pairwise

from django.db import transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record, audit_snapshot
from apps.common.errors import Conflict
from apps.common.reasons import reason_required
from apps.metrics.selectors import CATALOGUE, claimable
from apps.participants import rules
from apps.participants.models import ADAPTIVE_DEFAULTS, AssessmentPoint, Protocol, Study
from apps.participants.validation import clean_or_refuse, refuse

DATASET_FIELDS = ("dataset_institution", "dataset_institution_address", "dataset_department")
UNCHANGED = object()  # an argument not given (None is a value: no retest protocol)
POINT_FIELDS = ("kind", "label", "session", "window_start_days", "window_end_days")
Kind = AssessmentPoint.Kind


GROUP_CODE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,19}")
MAX_GROUP_CODES = 50


def _group_codes_set(study: Study, codes: list[str] | None) -> None:
    """The study's group codes (``None``: leave them). Codes, never names: a code in use by a
    participant stays."""
    if codes is None:
        return
    codes = [str(code).strip() for code in codes]
    if bad := [code for code in codes if not GROUP_CODE.fullmatch(code)]:
        raise refuse(
            "group_codes",
            gettext(
                "A group code is 1 to 20 letters, digits, '-' or '_', starting with a "
                "letter or digit (a code, never a name): %(join)s."
            )
            % {"join": ", ".join(repr(code) for code in bad)},
        )
    if len(set(codes)) != len(codes) or len(codes) > MAX_GROUP_CODES:
        raise refuse(
            "group_codes",
            gettext("At most %(MAX_GROUP_CODES)s codes, each once.")
            % {"MAX_GROUP_CODES": MAX_GROUP_CODES},
        )
    if study.pk is not None:
        used = set(study.participants.exclude(group="").values_list("group", flat=True))
        if dropped := sorted((used & set(study.group_codes)) - set(codes)):
            raise Conflict(
                gettext("Participants are in these groups: %(join)s; a code in use stays.")
                % {"join": ", ".join(dropped)},
                code="group_code_in_use",
            )
    study.group_codes = codes


def _check_name_free(name: str, *, study: Study | None = None) -> None:
    others = Study.objects.filter(name=name)
    if study is not None:
        others = others.exclude(pk=study.pk)
    if others.exists():
        raise Conflict(
            gettext("A study named '%(name)s' already exists.") % {"name": name}, code="name_taken"
        )


def _check_team(*, owners: Iterable | None, clinicians: Iterable | None) -> None:
    for user in owners or ():
        if not (user.is_researcher or user.is_admin):
            raise refuse(
                "owners", gettext("%(username)s is not a researcher.") % {"username": user.username}
            )
    for user in clinicians or ():
        if not user.is_clinician:
            raise refuse(
                "clinicians",
                gettext("%(username)s is not a clinician.") % {"username": user.username},
            )


def _check_primary_metrics(keys: list[str]) -> None:
    for key in keys:
        if key not in CATALOGUE:
            raise refuse("primary_metrics", gettext("There is no metric '%(key)s'.") % {"key": key})
        if not claimable(key):
            raise refuse(
                "primary_metrics",
                gettext(
                    "%(label)s cannot be a primary metric: it is a neutral measure, a chance "
                    "level, or an estimate whose interval is not yet calibrated."
                )
                % {"label": CATALOGUE[key].label},
            )
    if len(set(keys)) != len(keys):
        raise refuse("primary_metrics", gettext("A metric is named twice."))


def _start(point: dict) -> tuple[str, int]:
    if point.get("session") is not None:
        return "session", point["session"]
    return "days", point["window_start_days"]


def _end(point: dict) -> tuple[str, int]:
    if point.get("session") is not None:
        return "session", point["session"]
    return "days", point["window_end_days"]


def _check_assessment_points(points: list[dict], primary_metrics: list[str]) -> None:
    """One baseline first, at most one end of training, follow-ups after it, each later than the
    one before when the two are counted alike (sessions, or days after enrolment)."""
    kinds = [p["kind"] for p in points]
    for kind in (Kind.BASELINE, Kind.POST_TRAINING):
        if kinds.count(kind) > 1:
            raise refuse(
                "assessment_points",
                gettext("A study has one %(lower)s.") % {"lower": Kind(kind).label.lower()},
            )
    if points and kinds[0] != Kind.BASELINE:
        raise refuse(
            "assessment_points", gettext("The first assessment point must be the baseline.")
        )
    if Kind.POST_TRAINING in kinds and Kind.FOLLOW_UP in kinds[: kinds.index(Kind.POST_TRAINING)]:
        raise refuse("assessment_points", gettext("Follow-ups come after the end of training."))
    for before, after in pairwise(points):
        (unit, end), (unit_next, start) = _end(before), _start(after)
        if unit == unit_next and start <= end:
            raise refuse(
                "assessment_points",
                gettext(
                    "Each assessment point must come after the one before it (%(unit)s "
                    "%(start)s is not after %(unit)s %(end)s)."
                )
                % {"unit": unit, "start": start, "end": end},
            )
    if primary_metrics and len(points) < 2:
        raise refuse(
            "assessment_points",
            gettext(
                "Primary metrics are read at assessment points: declare a baseline and at least "
                "one later point."
            ),
        )


def _claims_set(
    study: Study, *, primary_metrics, assessment_points, retest_interval_days=UNCHANGED
) -> None:
    """Declare what the study will claim (``None``: leave as it is), and its retest protocol
    (``retest_interval_days``; None: none). Fixed once the study has a completed session: a
    claim chosen after seeing data is not a claim."""
    unchanged = retest_interval_days in (UNCHANGED, study.retest_interval_days)
    if primary_metrics is None and assessment_points is None and unchanged:
        return
    started = study.participants.filter(sessions__status="completed").exists()
    if started:
        raise Conflict(
            gettext(
                "The study's primary metrics and assessment points are fixed once its first "
                "session "
                "is completed."
            ),
            code="claims_fixed",
        )
    metrics = study.primary_metrics if primary_metrics is None else list(primary_metrics)
    points = _points(study) if assessment_points is None else list(assessment_points)
    _check_primary_metrics(metrics)
    _check_assessment_points(points, metrics)
    study.primary_metrics = metrics
    if retest_interval_days is not UNCHANGED:
        study.retest_interval_days = retest_interval_days
    if assessment_points is not None:
        try:
            with transaction.atomic():
                study.assessment_points.all().delete()
        except ProtectedError:  # a visit recorded at a point keeps it (apps.visits)
            raise Conflict(
                gettext(
                    "Visits have been recorded at these assessment points: they stay as declared."
                ),
                code="points_in_use",
            ) from None
        rows = [AssessmentPoint(study=study, **point) for point in points]
        for row in rows:
            clean_or_refuse(row, exclude=["study"])
        AssessmentPoint.objects.bulk_create(rows)


def _points(study: Study) -> list[dict]:
    return [
        {field: getattr(p, field) for field in POINT_FIELDS}
        for p in study.assessment_points.order_by("pk")
    ]


def _snapshot(study: Study) -> dict:
    """The audit's picture of a study: its fields and its assessment points."""
    return {**audit_snapshot(study), "assessment_points": _points(study)}


@transaction.atomic
def study_create(
    *,
    actor,
    name: str,
    description: str = "",
    owners=(),
    clinicians=(),
    dataset_authors: list[str] | None = None,
    dataset_license: str = "CC-BY-4.0",
    primary_metrics: list[str] | None = None,
    assessment_points: list[dict] | None = None,
    retest_interval_days: int | None = None,
    group_codes: list[str] | None = None,
    **dataset: str,
) -> Study:
    """A new study; a researcher who creates one becomes one of its owners. ``primary_metrics``
    (metric keys) and ``assessment_points`` (dicts of AssessmentPoint's fields, in time order)
    declare what it will claim."""
    rules.require(
        rules.may_create_study(actor), gettext("Only researchers and admins create studies.")
    )
    owners = set(owners) | ({actor} if actor.is_researcher else set())
    _check_team(owners=owners, clinicians=clinicians)
    _check_name_free(name)
    study = Study(
        name=name,
        description=description,
        dataset_authors=dataset_authors or [],
        dataset_license=dataset_license,
        **{field: dataset[field] for field in DATASET_FIELDS if field in dataset},
    )
    _group_codes_set(study, group_codes)
    clean_or_refuse(study)
    study.save()
    study.owners.set(owners)
    study.clinicians.set(clinicians)
    _claims_set(
        study,
        primary_metrics=primary_metrics,
        assessment_points=assessment_points,
        retest_interval_days=retest_interval_days,
    )
    clean_or_refuse(study)
    study.save(update_fields=["primary_metrics", "retest_interval_days"])
    audit_record(
        actor=actor,
        action=AuditEntry.Action.CREATE,
        instance=study,
        after=_snapshot(study),
        study_id=study.pk,
    )
    return study


@transaction.atomic
def study_update(
    *,
    study: Study,
    actor,
    name: str | None = None,
    description: str | None = None,
    owners: Iterable | None = None,
    clinicians: Iterable | None = None,
    dataset_authors: list[str] | None = None,
    dataset_license: str | None = None,
    primary_metrics: list[str] | None = None,
    assessment_points: list[dict] | None = None,
    retest_interval_days=UNCHANGED,
    group_codes: list[str] | None = None,
    **dataset: str,
) -> Study:
    """Change what is given (``None``: leave as it is); ``dataset``: the institution fields;
    ``assessment_points`` replaces the study's list."""
    rules.require(rules.owns_study(actor, study), gettext("Only the study's owners may change it."))
    study = Study.objects.select_for_update().get(pk=study.pk)
    before = _snapshot(study)
    _check_team(owners=owners, clinicians=clinicians)
    if name is not None:
        _check_name_free(name, study=study)
        study.name = name
    if description is not None:
        study.description = description
    if dataset_authors is not None:
        study.dataset_authors = dataset_authors
    if dataset_license is not None:
        study.dataset_license = dataset_license
    for field, value in dataset.items():
        if field not in DATASET_FIELDS:
            raise TypeError(f"unknown study field {field}")
        setattr(study, field, value)
    _claims_set(
        study,
        primary_metrics=primary_metrics,
        assessment_points=assessment_points,
        retest_interval_days=retest_interval_days,
    )
    _group_codes_set(study, group_codes)
    clean_or_refuse(study)
    study.save()
    if owners is not None:
        study.owners.set(owners)
    if clinicians is not None:
        study.clinicians.set(clinicians)
    after = _snapshot(study)
    if after != before:  # a request that changes nothing leaves no trace
        audit_record(
            actor=actor,
            action=AuditEntry.Action.UPDATE,
            instance=study,
            before=before,
            after=after,
            study_id=study.pk,
        )
    return study


@transaction.atomic
def protocol_create(*, study: Study, actor, name: str, reason: str = "", **settings) -> Protocol:
    """Version 1 of a new protocol, or the next version of the study's protocol of that name
    (a change to the protocol: it needs its reason, kept with both versions in the audit trail).

    Protocols are never changed once stored: sessions keep the version they ran with. ``settings``
    are the Protocol fields (game, rounds, examination_seconds, roles, opponent, ...); ``adaptive``
    is completed with the defaults.
    """
    rules.require(
        rules.owns_study(actor, study), gettext("Only the study's owners may add protocols.")
    )
    # One version number at a time per study: concurrent edits of one protocol queue here.
    Study.objects.select_for_update().filter(pk=study.pk).first()
    latest = Protocol.objects.filter(study=study, name=name).order_by("-version").first()
    if latest is not None:
        reason = reason_required(reason)
    adaptive = settings.pop("adaptive", None) or {}
    if isinstance(adaptive, dict):
        adaptive = {**ADAPTIVE_DEFAULTS, **adaptive}
    protocol = Protocol(
        study=study,
        name=name,
        version=latest.version + 1 if latest else 1,
        adaptive=adaptive,
        created_by=actor,
        **settings,
    )
    clean_or_refuse(protocol)
    protocol.save()
    audit_record(
        actor=actor,
        action=AuditEntry.Action.CREATE,
        instance=protocol,
        before=audit_snapshot(latest) if latest else None,
        study_id=study.pk,
        reason=reason,
    )
    return protocol
