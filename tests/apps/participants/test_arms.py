"""Study arms: opened once with eligibility criteria and a design; a participant is allocated
after consent and confirmed eligibility, by minimisation with a random element from the stated
generator; the stratum is frozen and every allocation is audited; arms stay hidden from the
clinical team of a concealed design."""

import doctest

import pytest

from apps.audit.models import AuditEntry
from apps.participants import minimisation
from apps.participants.models import Allocation, AllocationSlot, StudyArm
from tests.apps.factories import make_study

pytestmark = pytest.mark.django_db

ARMS = [{"name": "training"}, {"name": "control", "control": True}]
CRITERIA = ["Reports memory complaints", "No dementia diagnosis"]


def _open(client, study, **body):
    body = {"arms": ARMS, "eligibility_criteria": CRITERIA, **body}
    response = client.post(f"/api/studies/{study.pk}/open/", body, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def _enrol_consented(client, study, age_band="70-79") -> int:
    made = client.post("/api/participants/", {"study": study.pk, "age_band": age_band})
    assert made.status_code == 201, made.json()
    pk = made.json()["id"]
    consent = {"date": "2026-11-01", "form_version": "v1"}
    assert client.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
    return pk


def _allocate(client, pk, criteria=CRITERIA):
    return client.post(
        f"/api/participants/{pk}/allocate/", {"eligibility_confirmed": criteria}, format="json"
    )


@pytest.fixture
def trial(researcher, clinician, client_for):
    study = make_study(owners=[researcher], clinicians=[clinician])
    return study, client_for(researcher), client_for(clinician)


def test_the_generator_and_the_rule_are_stated_and_stable():
    # Fixed numbers: SHA-256 is the same on every Python, so these never change.
    assert minimisation.uniform(2026, 1) == 0.9151022487282103
    assert minimisation.uniform(2026, 2) == 0.6389292397127665
    arms = [("training", 2), ("control", 1)]
    # 2:1, nobody yet: training (a half of its weight against a whole of control's) is
    # preferred; control keeps 80% of its third.
    first = minimisation.chances(arms, {}, {"age_band": "70-79"})
    assert first == pytest.approx({"training": 1 - 0.8 / 3, "control": 0.8 / 3})
    behind = minimisation.chances(
        arms, {"age_band": {"70-79": {"training": 2}}}, {"age_band": "70-79"}
    )
    assert behind == pytest.approx({"training": 0.8 * 2 / 3, "control": 1 - 0.8 * 2 / 3})
    assert doctest.testmod(minimisation).failed == 0


def test_allocation_waits_for_consent_and_every_criterion(trial):
    study, owner, clinician = trial
    body = _open(owner, study)
    assert body["eligibility_criteria"] == CRITERIA and body["design_open"] is False
    assert "seed" not in str(body)
    made = clinician.post("/api/participants/", {"study": study.pk, "age_band": "70-79"})
    assert made.status_code == 201 and made.json()["arm"] is None
    assert made.json()["allocated_at"] is None  # enrolment no longer allocates
    pk = made.json()["id"]

    early = _allocate(clinician, pk)
    assert early.status_code == 409 and early.json()["error"]["code"] == "consent_missing"
    consent = {"date": "2026-11-01", "form_version": "v1"}
    assert clinician.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
    for criteria in ([], CRITERIA[:1], [*CRITERIA, "Something else"]):
        refused = _allocate(clinician, pk, criteria)
        assert refused.status_code == 400, criteria
        assert set(refused.json()["error"]) == {"code", "message", "details"}
        assert "eligibility_confirmed" in refused.json()["error"]["details"]
    assert not AllocationSlot.objects.exists()

    done = _allocate(clinician, pk)
    assert done.status_code == 201, done.json()
    assert done.json()["allocated_at"] and done.json()["stratum"] == "70-79"
    assert done.json()["arm"] is None  # the clinical team never sees it
    again = _allocate(clinician, pk)
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_allocated"

    slot = AllocationSlot.objects.get(participant_id=pk)
    assert owner.get(f"/api/participants/{pk}/").json()["arm"] == slot.arm.name
    entry = AuditEntry.objects.filter(object_type="participants.allocationslot").get()
    assert entry.after["position"] == 1 and entry.after["stratum"] == "70-79"
    assert entry.after["arm"] == slot.arm.name and entry.after["eligibility"] == CRITERIA
    assert entry.after["allocated_at"] == slot.allocated_at.isoformat()
    assert "seed" not in str(entry.after)


def test_the_stratum_is_frozen_when_allocated(trial):
    study, owner, clinician = trial
    _open(owner, study)
    pk = _enrol_consented(clinician, study, "70-79")
    assert _allocate(clinician, pk).status_code == 201
    changed = owner.patch(
        f"/api/participants/{pk}/", {"age_band": "80+", "reason": "birth date corrected"}
    )
    assert changed.status_code == 200 and changed.json()["age_band"] == "80+"
    assert changed.json()["stratum"] == "70-79"
    assert AllocationSlot.objects.get(participant_id=pk).factors == {"age_band": "70-79"}


def test_every_allocation_follows_the_rule_from_the_seed(trial):
    study, owner, clinician = trial
    _open(owner, study)
    for i in range(16):
        pk = _enrol_consented(clinician, study, ["60-69", "70-79"][i % 2])
        assert _allocate(clinician, pk).status_code == 201
    seed = Allocation.objects.get(study=study).seed
    counts: dict = {}
    arms = [("training", 1), ("control", 1)]
    for slot in AllocationSlot.objects.filter(study=study).order_by("position"):
        expected = minimisation.chances(arms, counts, slot.factors)
        assert slot.chances == pytest.approx(expected)
        assert max(expected.values()) <= 0.6  # never determined, never more than 60%
        u = minimisation.uniform(seed, slot.position)
        assert slot.arm.name == minimisation.pick(expected, u)
        level = counts.setdefault("age_band", {}).setdefault(slot.stratum, {})
        level[slot.arm.name] = level.get(slot.arm.name, 0) + 1
    # How balanced the arms end is the rule's, from a seed the study drew at random: a bound
    # here would fail now and then (8 in a stratum at 60:40 end 6 or more apart 2.3% of the
    # time). The balance the rule gives is checked on fixed seeds below.


def _imbalance(seed: int, n: int, rule: bool) -> int:
    """How far apart two 1:1 arms end after ``n`` allocations in one stratum, allocated by
    the rule (or, without it, by a fair coin) from ``seed``'s numbers."""
    arms = [("training", 1), ("control", 1)]
    counts: dict = {}
    for k in range(1, n + 1):
        fair = {"training": 0.5, "control": 0.5}
        odds = minimisation.chances(arms, counts, {"age_band": "70-79"}) if rule else fair
        arm = minimisation.pick(odds, minimisation.uniform(seed, k))
        level = counts.setdefault("age_band", {}).setdefault("70-79", {})
        level[arm] = level.get(arm, 0) + 1
    level = counts["age_band"]["70-79"]
    return abs(level.get("training", 0) - level.get("control", 0))


def test_the_rule_keeps_the_arms_closer_than_a_coin():
    # 400 fixed seeds, 8 participants in a stratum each. Pulled towards the arm behind at
    # 60:40, the arms end 1.47 apart on average (exactly, as a random walk); a fair coin ends
    # 2.19 apart (the mean |difference| of 8 flips, 2.1875).
    by_rule = [_imbalance(seed, 8, rule=True) for seed in range(400)]
    by_coin = [_imbalance(seed, 8, rule=False) for seed in range(400)]
    assert sum(by_rule) / 400 < 1.7 < 2.0 < sum(by_coin) / 400, (by_rule, by_coin)


def test_who_allocates_and_who_sees_the_arm(trial, researcher, clinician, admin_user, client_for):
    study, owner, team = trial
    _open(owner, study)
    pk = _enrol_consented(team, study)
    for outsider in (owner, client_for(admin_user)):
        refused = _allocate(outsider, pk)
        assert refused.status_code == 403
        assert refused.json()["error"]["code"] == "allocation_not_yours"
    assert _allocate(team, pk).status_code == 201
    listed = team.get("/api/participants/", {"study": study.pk}).json()["results"]
    assert [row["arm"] for row in listed] == [None]
    summary = team.get(f"/api/participants/{pk}/summary/")
    assert summary.status_code == 200 and summary.json()["participant"]["arm"] is None
    assert owner.get(f"/api/participants/{pk}/summary/").json()["participant"]["arm"]

    open_label = make_study(owners=[researcher], clinicians=[clinician])
    _open(owner, open_label, design_open=True)
    other = _enrol_consented(team, open_label)
    assert _allocate(team, other).json()["arm"] in {"training", "control"}


def test_a_study_that_was_not_opened_does_not_allocate(trial):
    study, _, clinician = trial
    pk = _enrol_consented(clinician, study)
    refused = _allocate(clinician, pk, [])
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "study_not_open"


def test_bad_arms_are_refused_and_change_nothing(researcher, client_for):
    study = make_study(owners=[researcher])
    url = f"/api/studies/{study.pk}/open/"
    client = client_for(researcher)
    for body in (
        {"arms": [{"name": "training"}]},
        {"arms": [{"name": "a"}, {"name": "a"}]},
        {"arms": [{"name": "a", "control": True}, {"name": "b", "control": True}]},
        {"arms": [{"name": "a", "weight": 0}, {"name": "b"}]},
        {"arms": [{"name": "a"}, {"name": " "}]},
        {"arms": ARMS, "eligibility_criteria": ["same", "same"]},
        {"arms": ARMS, "eligibility_criteria": [" "]},
    ):
        response = client.post(url, body, format="json")
        assert response.status_code == 400, body
        assert set(response.json()["error"]) == {"code", "message", "details"}
    study.refresh_from_db()
    assert study.opened_at is None and study.eligibility_criteria == []
    assert not StudyArm.objects.exists() and not Allocation.objects.exists()


def test_a_study_opens_once(researcher, clinician, client_for):
    study = make_study(owners=[researcher], clinicians=[clinician])
    url = f"/api/studies/{study.pk}/open/"
    assert client_for(clinician).post(url, {"arms": ARMS}, format="json").status_code == 403
    assert client_for(researcher).post(url, {"arms": ARMS}, format="json").status_code == 200
    again = client_for(researcher).post(url, {"arms": ARMS}, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "study_open"
