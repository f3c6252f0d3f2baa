"""Study arms: a concealed, seeded, stratified permuted-block allocation list, fixed when the
study opens and taken in order by enrolment."""

from collections import Counter

import pytest

from apps.audit.models import AuditEntry
from apps.participants.models import AllocationSlot, Participant, StudyArm
from apps.participants.services.allocation import (
    PLACES_PER_STRATUM,
    allocation_list,
    study_open,
)
from tests.apps.factories import make_participant, make_study

pytestmark = pytest.mark.django_db

ARMS = [{"name": "training"}, {"name": "control", "control": True}]


def _blocks_balanced(sequence, arms):
    """Walk the list block by block (sizes 1x or 2x the weights' sum): every prefix that ends a
    block holds the arms exactly in proportion."""
    total = sum(w for _, w in arms)
    counts, ends = Counter(), 0
    for i, name in enumerate(sequence, start=1):
        counts[name] += 1
        if all(counts[n] * total == i * w for n, w in arms):
            ends += 1
    return ends


def test_the_list_is_permuted_blocks_reproducible_from_its_seed():
    arms = [("training", 2), ("control", 1)]
    one = allocation_list(arms, seed=42, stratum="70-79", places=300)
    assert one == allocation_list(arms, seed=42, stratum="70-79", places=300)
    assert one != allocation_list(arms, seed=43, stratum="70-79", places=300)
    assert one != allocation_list(arms, seed=42, stratum="80+", places=300)  # strata differ
    # Blocks of 3 or 6 hold 2:1 exactly: the imbalance never exceeds one block.
    counts = Counter()
    for i, name in enumerate(one, start=1):
        counts[name] += 1
        assert abs(counts["training"] - 2 * i / 3) <= 4
    assert _blocks_balanced(one, arms) >= 300 // 6
    assert set(one) == {"training", "control"}


def test_opening_draws_every_stratum_and_enrolment_follows_the_list(researcher, client_for):
    study = make_study(owners=[researcher])
    response = client_for(researcher).post(f"/api/studies/{study.pk}/open/", {"arms": ARMS},
                                           format="json")  # fmt: skip
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["opened_at"]
    assert body["arms"] == [
        {"name": "training", "control": False, "weight": 1},
        {"name": "control", "control": True, "weight": 1},
    ]
    assert "seed" not in str(body)  # the list and its seed stay concealed
    assert AllocationSlot.objects.filter(study=study).count() == 7 * PLACES_PER_STRATUM
    entry = AuditEntry.objects.filter(object_type="participants.study").latest("pk")
    assert "seed" not in str(entry.after)

    expected = list(
        AllocationSlot.objects.filter(study=study, stratum="70-79")
        .order_by("position")
        .values_list("arm__name", flat=True)[:6]
    )
    arms = []
    for _ in range(6):
        made = client_for(researcher).post(
            "/api/participants/", {"study": study.pk, "age_band": "70-79"}
        )
        assert made.status_code == 201, made.json()
        arms.append(made.json()["arm"])
    assert arms == expected
    other = client_for(researcher).post(
        "/api/participants/", {"study": study.pk, "age_band": "<40"}
    )
    first_under_40 = AllocationSlot.objects.get(study=study, stratum="<40", position=0)
    assert other.json()["arm"] == first_under_40.arm.name
    assert first_under_40.participant.code == other.json()["code"]


def test_bad_arms_are_refused_and_change_nothing(researcher, client_for):
    study = make_study(owners=[researcher])
    url = f"/api/studies/{study.pk}/open/"
    client = client_for(researcher)
    for arms in (
        [{"name": "training"}],
        [{"name": "a"}, {"name": "a"}],
        [{"name": "a", "control": True}, {"name": "b", "control": True}],
        [{"name": "a", "weight": 0}, {"name": "b"}],
        [{"name": "a"}, {"name": " "}],
    ):
        response = client.post(url, {"arms": arms}, format="json")
        assert response.status_code == 400, arms
        assert set(response.json()["error"]) == {"code", "message", "details"}
    study.refresh_from_db()
    assert study.opened_at is None
    assert not StudyArm.objects.exists() and not AllocationSlot.objects.exists()


def test_a_study_opens_once_before_anyone_is_enrolled(researcher, clinician, client_for):
    study = make_study(owners=[researcher], clinicians=[clinician])
    url = f"/api/studies/{study.pk}/open/"
    assert client_for(clinician).post(url, {"arms": ARMS}, format="json").status_code == 403
    assert client_for(researcher).post(url, {"arms": ARMS}, format="json").status_code == 200
    again = client_for(researcher).post(url, {"arms": ARMS}, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "study_open"

    enrolled = make_study(owners=[researcher])
    make_participant(study=enrolled)
    late = client_for(researcher).post(f"/api/studies/{enrolled.pk}/open/", {"arms": ARMS},
                                       format="json")  # fmt: skip
    assert late.status_code == 409 and late.json()["error"]["code"] == "participants_enrolled"


def test_a_used_up_stratum_refuses_enrolment_and_stores_nobody(researcher, client_for):
    study = make_study(owners=[researcher])
    study_open(study=study, actor=researcher, arms=ARMS, seed=1)
    AllocationSlot.objects.filter(study=study, stratum="80+").delete()
    response = client_for(researcher).post(
        "/api/participants/", {"study": study.pk, "age_band": "80+"}
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "allocation_exhausted"
    assert not Participant.objects.filter(study=study).exists()


def test_a_study_without_arms_enrols_without_an_arm(researcher, client_for):
    study = make_study(owners=[researcher])
    made = client_for(researcher).post("/api/participants/", {"study": study.pk})
    assert made.status_code == 201 and made.json()["arm"] is None


def test_the_docstring_example_holds():
    import doctest

    from apps.participants.services import allocation

    result = doctest.testmod(allocation)
    assert result.attempted > 0 and result.failed == 0
