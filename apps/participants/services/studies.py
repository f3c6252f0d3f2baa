"""Studies and their versioned protocols."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record, audit_snapshot
from apps.common.errors import Conflict
from apps.participants import rules
from apps.participants.models import ADAPTIVE_DEFAULTS, Protocol, Study
from apps.participants.validation import clean_or_refuse, refuse

DATASET_FIELDS = ("dataset_institution", "dataset_institution_address", "dataset_department")


def _check_name_free(name: str, *, study: Study | None = None) -> None:
    others = Study.objects.filter(name=name)
    if study is not None:
        others = others.exclude(pk=study.pk)
    if others.exists():
        raise Conflict(f"A study named '{name}' already exists.", code="name_taken")


def _check_team(*, owners: Iterable | None, clinicians: Iterable | None) -> None:
    for user in owners or ():
        if not (user.is_researcher or user.is_admin):
            raise refuse("owners", f"{user.username} is not a researcher.")
    for user in clinicians or ():
        if not user.is_clinician:
            raise refuse("clinicians", f"{user.username} is not a clinician.")


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
    **dataset: str,
) -> Study:
    """A new study; a researcher who creates one becomes one of its owners."""
    rules.require(rules.may_create_study(actor), "Only researchers and admins create studies.")
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
    clean_or_refuse(study)
    study.save()
    study.owners.set(owners)
    study.clinicians.set(clinicians)
    audit_record(actor=actor, action=AuditEntry.Action.CREATE, instance=study, study_id=study.pk)
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
    **dataset: str,
) -> Study:
    """Change what is given (``None``: leave as it is); ``dataset``: the institution fields."""
    rules.require(rules.owns_study(actor, study), "Only the study's owners may change it.")
    study = Study.objects.select_for_update().get(pk=study.pk)
    before = audit_snapshot(study)
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
    clean_or_refuse(study)
    study.save()
    if owners is not None:
        study.owners.set(owners)
    if clinicians is not None:
        study.clinicians.set(clinicians)
    after = audit_snapshot(study)
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
def protocol_create(*, study: Study, actor, name: str, **settings) -> Protocol:
    """Version 1 of a new protocol, or the next version of the study's protocol of that name.

    Protocols are never changed once stored: sessions keep the version they ran with. ``settings``
    are the Protocol fields (game, rounds, examination_seconds, roles, opponent, ...); ``adaptive``
    is completed with the defaults.
    """
    rules.require(rules.owns_study(actor, study), "Only the study's owners may add protocols.")
    # One version number at a time per study: concurrent edits of one protocol queue here.
    Study.objects.select_for_update().filter(pk=study.pk).first()
    latest = Protocol.objects.filter(study=study, name=name).aggregate(v=Max("version"))["v"]
    adaptive = settings.pop("adaptive", None) or {}
    if isinstance(adaptive, dict):
        adaptive = {**ADAPTIVE_DEFAULTS, **adaptive}
    protocol = Protocol(
        study=study,
        name=name,
        version=(latest or 0) + 1,
        adaptive=adaptive,
        created_by=actor,
        **settings,
    )
    clean_or_refuse(protocol)
    protocol.save()
    audit_record(actor=actor, action=AuditEntry.Action.CREATE, instance=protocol, study_id=study.pk)
    return protocol
