"""Study arms and concealed random allocation.

When a study opens, its allocation list is drawn once: per stratum (the participant's age band),
a seeded sequence of permuted blocks, each block holding every arm in proportion to its weight,
in a random order, with a block size drawn at random from one or two times the weights' sum (so
the end of a block cannot be foreseen). The list and its seed are never shown; enrolment takes
the stratum's next free place, inside the enrolment's transaction.
"""

from __future__ import annotations

import random
import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from apps.common.errors import Conflict
from apps.participants import rules
from apps.participants.models import Allocation, AllocationSlot, Participant, Study, StudyArm
from apps.participants.validation import refuse

PLACES_PER_STRATUM = 240
BLOCK_MULTIPLES = (1, 2)
MAX_ARMS = 6
STRATA = tuple(value for value, _ in Participant.AgeBand.choices)


def allocation_list(
    arms: list[tuple[str, int]], *, seed: int, stratum: str, places: int
) -> list[str]:
    """The arm of each place of one stratum's list: permuted blocks from the seed.

    >>> allocation_list([("training", 1), ("control", 1)], seed=7, stratum="70-79", places=8)
    ['training', 'control', 'control', 'control', 'training', 'training', 'control', 'control']
    """
    rng = random.Random(f"{seed}:{stratum}")
    out: list[str] = []
    while len(out) < places:
        multiple = rng.choice(BLOCK_MULTIPLES)
        block = [name for name, weight in arms for _ in range(weight * multiple)]
        rng.shuffle(block)
        out += block
    return out[:places]


def _check_arms(arms: list[dict]) -> list[dict]:
    if not 2 <= len(arms) <= MAX_ARMS:
        raise refuse("arms", f"A study with arms has between 2 and {MAX_ARMS} of them.")
    names = [str(arm.get("name", "")).strip() for arm in arms]
    if any(not name for name in names) or len(set(names)) != len(names):
        raise refuse("arms", "Every arm needs a name of its own.")
    if sum(1 for arm in arms if arm.get("control")) > 1:
        raise refuse("arms", "At most one arm is the control arm.")
    return [
        {"name": name, "control": bool(arm.get("control")), "weight": arm.get("weight", 1)}
        for name, arm in zip(names, arms, strict=True)
    ]


@transaction.atomic
def study_open(*, study: Study, actor, arms: list[dict], seed: int | None = None) -> Study:
    """Fix the study's arms and draw its allocation list; from now on enrolment allocates."""
    rules.require(rules.owns_study(actor, study), "Only the study's owners may open it.")
    study = Study.objects.select_for_update().get(pk=study.pk)
    if study.opened_at is not None:
        raise Conflict("The study is already open: its arms are fixed.", code="study_open")
    if study.participants.exists():
        raise Conflict(
            "Participants are already enrolled: allocation must be fixed before the first one.",
            code="participants_enrolled",
        )
    arms = _check_arms(arms)
    rows = []
    for arm in arms:
        row = StudyArm(study=study, **arm)
        try:
            row.full_clean(exclude=["study"])
        except ValidationError as exc:  # a weight out of range, a name too long
            raise refuse("arms", f"Arm '{arm['name']}': {exc.messages[0]}") from None
        rows.append(row)
    StudyArm.objects.bulk_create(rows)
    by_name = {row.name: row for row in rows}
    drawn = Allocation.objects.create(
        study=study,
        seed=seed if seed is not None else secrets.randbits(62),
        block_multiples=list(BLOCK_MULTIPLES),
        places_per_stratum=PLACES_PER_STRATUM,
    )
    study.opened_at = timezone.now()
    study.save(update_fields=["opened_at"])
    weights = [(row.name, row.weight) for row in rows]
    AllocationSlot.objects.bulk_create(
        AllocationSlot(study=study, stratum=stratum, position=i, arm=by_name[name])
        for stratum in STRATA
        for i, name in enumerate(
            allocation_list(weights, seed=drawn.seed, stratum=stratum, places=PLACES_PER_STRATUM)
        )
    )
    audit_record(
        actor=actor,
        action=AuditEntry.Action.UPDATE,
        instance=study,
        study_id=study.pk,
        after={"opened_at": study.opened_at.isoformat(), "arms": arms},
    )
    return study


def participant_allocate(participant: Participant) -> None:
    """Give a newly enrolled participant the next place of their stratum (if the study is open).
    Runs inside the enrolment's transaction; concurrent enrolments of the study queue on its
    row, so two never take the same place nor skip one."""
    if participant.study.opened_at is None:
        return
    Study.objects.select_for_update().filter(pk=participant.study_id).first()
    place = (
        AllocationSlot.objects.select_for_update()
        .filter(study=participant.study, stratum=participant.age_band, participant=None)
        .order_by("position")
        .select_related("arm")
        .first()
    )
    if place is None:
        raise Conflict(
            "The allocation list of this stratum is used up; ask the study's owners.",
            code="allocation_exhausted",
        )
    place.participant = participant
    place.save(update_fields=["participant"])
    participant.arm = place.arm
    participant.save(update_fields=["arm"])
