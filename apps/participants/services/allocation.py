"""Study arms and concealed random allocation.

A study opens once with its arms, its eligibility criteria and whether the design is open; its
allocation seed is drawn then and never shown. A participant is allocated only after consent is
recorded and the allocating member of the clinical team has confirmed every eligibility
criterion: by minimisation with a random element over the stratum (the age band), from the
stated generator of :mod:`apps.participants.minimisation`. The stratum is frozen in the
allocation; each allocation is audited with its position, stratum and time.
"""

from __future__ import annotations

import secrets
from collections import defaultdict

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common import clock
from apps.common.errors import Conflict, PermissionDenied
from apps.participants import minimisation, rules
from apps.participants.models import Allocation, AllocationSlot, Participant, Study, StudyArm
from apps.participants.validation import refuse

MAX_ARMS = 6
MAX_CRITERIA = 30
CRITERION_MAX_CHARS = 300
FACTORS = ("age_band",)


def _check_arms(arms: list[dict]) -> list[dict]:
    if not 2 <= len(arms) <= MAX_ARMS:
        raise refuse(
            "arms",
            gettext("A study with arms has between 2 and %(MAX_ARMS)s of them.")
            % {"MAX_ARMS": MAX_ARMS},
        )
    names = [str(arm.get("name", "")).strip() for arm in arms]
    if any(not name for name in names) or len(set(names)) != len(names):
        raise refuse("arms", gettext("Every arm needs a name of its own."))
    if sum(1 for arm in arms if arm.get("control")) > 1:
        raise refuse("arms", gettext("At most one arm is the control arm."))
    return [
        {"name": name, "control": bool(arm.get("control")), "weight": arm.get("weight", 1)}
        for name, arm in zip(names, arms, strict=True)
    ]


def _check_criteria(criteria: list[str]) -> list[str]:
    cleaned = [str(text).strip() for text in criteria]
    if len(cleaned) > MAX_CRITERIA:
        raise refuse(
            "eligibility_criteria",
            gettext("At most %(MAX_CRITERIA)s criteria.") % {"MAX_CRITERIA": MAX_CRITERIA},
        )
    if any(not text or len(text) > CRITERION_MAX_CHARS for text in cleaned):
        raise refuse(
            "eligibility_criteria",
            gettext("Every criterion is a sentence of 1 to %(CRITERION_MAX_CHARS)s characters.")
            % {"CRITERION_MAX_CHARS": CRITERION_MAX_CHARS},
        )
    if len(set(cleaned)) != len(cleaned):
        raise refuse("eligibility_criteria", gettext("A criterion is listed twice."))
    return cleaned


@transaction.atomic
def study_open(
    *,
    study: Study,
    actor,
    arms: list[dict],
    eligibility_criteria: list[str] = (),  # type: ignore[assignment]
    design_open: bool = False,
    seed: int | None = None,
) -> Study:
    """Fix the study's arms, eligibility criteria and design, and draw its allocation seed;
    from now on consenting, eligible participants are allocated."""
    rules.require(rules.owns_study(actor, study), gettext("Only the study's owners may open it."))
    study = Study.objects.select_for_update().get(pk=study.pk)
    if study.opened_at is not None:
        raise Conflict(gettext("The study is already open: its arms are fixed."), code="study_open")
    arms = _check_arms(arms)
    criteria = _check_criteria(list(eligibility_criteria))
    rows = []
    for arm in arms:
        row = StudyArm(study=study, **arm)
        try:
            row.full_clean(exclude=["study"])
        except ValidationError as exc:  # a weight out of range, a name too long
            raise refuse(
                "arms",
                gettext("Arm '%(name)s': %(0)s") % {"name": arm["name"], "0": exc.messages[0]},
            ) from None
        rows.append(row)
    StudyArm.objects.bulk_create(rows)
    Allocation.objects.create(
        study=study,
        seed=seed if seed is not None else secrets.randbits(62),
        method="minimisation",
        generator=minimisation.GENERATOR,
        factors=list(FACTORS),
        bias=minimisation.BIAS,
    )
    study.opened_at = clock.now()
    study.design_open = design_open
    study.eligibility_criteria = criteria
    study.save(update_fields=["opened_at", "design_open", "eligibility_criteria"])
    audit_record(
        actor=actor,
        action=AuditEntry.Action.UPDATE,
        instance=study,
        study_id=study.pk,
        after={
            "opened_at": study.opened_at.isoformat(),
            "arms": arms,
            "design_open": design_open,
            "eligibility_criteria": criteria,
            "method": "minimisation",
            "generator": minimisation.GENERATOR,
            "bias": minimisation.BIAS,
        },
    )
    return study


def _counts(study: Study) -> dict:
    counts: dict = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
    for factors, arm in AllocationSlot.objects.filter(study=study).values_list(
        "factors", "arm__name"
    ):
        for factor, level in factors.items():
            counts[factor][level][arm] += 1
    return counts


@transaction.atomic
def participant_allocate(
    *, participant: Participant, actor, eligibility_confirmed: list[str]
) -> AllocationSlot:
    """Allocate a consenting participant whose eligibility ``actor`` confirms, criterion by
    criterion. In a concealed design only the clinical team allocates (and never learns the
    arm); the study's owners, who see the arms, do not recruit. Allocations of one study queue
    on its row, so each sees every earlier one."""
    study = Study.objects.select_for_update().get(pk=participant.study_id)
    if study.design_open:
        allowed = rules.may_run_sessions(actor, participant)
    else:
        allowed = rules.recruits(actor, participant)
    if not allowed:
        raise PermissionDenied(
            gettext(
                "The participant's clinical team allocates; in a concealed design the study's "
                "owners, who see the arms, do not."
            ),
            code="allocation_not_yours",
        )
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    if study.opened_at is None:
        raise Conflict(gettext("The study has no arms: it was not opened."), code="study_not_open")
    if AllocationSlot.objects.filter(participant=participant).exists():
        raise Conflict(
            gettext("%(code)s is already allocated.") % {"code": participant.code},
            code="already_allocated",
        )
    if not participant.has_consent:
        raise Conflict(
            gettext("%(code)s has no current consent: record it before allocation.")
            % {"code": participant.code},
            code="consent_missing",
        )
    missing = [text for text in study.eligibility_criteria if text not in eligibility_confirmed]
    unknown = [text for text in eligibility_confirmed if text not in study.eligibility_criteria]
    if missing or unknown:
        raise refuse(
            "eligibility_confirmed",
            "Confirm each of the study's eligibility criteria, exactly as written: "
            + (f"not confirmed: {'; '.join(missing)}" if missing else "unknown criteria given"),
        )
    drawn = Allocation.objects.get(study=study)
    arms = list(StudyArm.objects.filter(study=study).order_by("pk"))
    levels = {factor: str(getattr(participant, factor)) for factor in drawn.factors}
    position = AllocationSlot.objects.filter(study=study).count() + 1
    arm_chances = minimisation.chances(
        [(arm.name, arm.weight) for arm in arms], _counts(study), levels
    )
    chosen = minimisation.pick(arm_chances, minimisation.uniform(drawn.seed, position))
    arm = next(arm for arm in arms if arm.name == chosen)
    slot = AllocationSlot.objects.create(
        study=study,
        position=position,
        stratum=participant.age_band,
        factors=levels,
        chances=arm_chances,
        arm=arm,
        participant=participant,
        eligibility=list(study.eligibility_criteria),
        allocated_by=actor,
        allocated_at=clock.now(),
    )
    participant.arm = arm
    participant.save(update_fields=["arm"])
    audit_record(
        actor=actor,
        action=AuditEntry.Action.CREATE,
        instance=slot,
        study_id=study.pk,
        after={
            "participant_id": participant.pk,
            "position": position,
            "stratum": slot.stratum,
            "factors": levels,
            "arm": arm.name,
            "chances": arm_chances,
            "eligibility": slot.eligibility,
            "allocated_at": slot.allocated_at.isoformat(),
        },
    )
    return slot
