"""The study's CONSORT-style flow and adherence, reached through the API as the study runs:
enrolment, consent, allocation, sessions, withdrawal, missed weeks, weeks passing."""

import pytest
from django.utils import timezone

from apps.common import clock
from tests.apps.factories import make_protocol, make_study

pytestmark = pytest.mark.django_db
ARMS = [{"name": "training"}, {"name": "control", "control": True}]
DOSE = {"sessions_per_week": 1, "minutes_per_session": 20, "weeks": 12}


def test_the_flow_follows_each_participant(researcher, clinician, client_for):
    study = make_study(owners=[researcher], clinicians=[clinician])
    protocol = make_protocol(study=study)
    owner, team = client_for(researcher), client_for(clinician)
    owner.post(f"/api/studies/{study.pk}/open/", {"arms": ARMS}, format="json")
    owner.put(f"/api/studies/{study.pk}/programme/", DOSE, format="json")
    consent = {"date": timezone.localdate().isoformat(), "form_version": "1"}

    def enrol(*, consented=True, allocated=True):
        pk = team.post("/api/participants/", {"study": study.pk}).json()["id"]
        if consented:
            assert team.post(f"/api/participants/{pk}/consent/", consent).status_code == 200
        if allocated:
            done = team.post(
                f"/api/participants/{pk}/allocate/", {"eligibility_confirmed": []}, format="json"
            )
            assert done.status_code == 201
        return pk

    def sit(pk, moved):
        made = team.post("/api/sessions/", {"participant": pk, "protocol": protocol.pk})
        moved.advance(1200)
        assert team.post(f"/api/sessions/{made.json()['id']}/complete/").status_code == 200

    def withdraw(pk):
        body = {"reason": "moved away"}
        assert team.post(f"/api/participants/{pk}/withdraw/", body).status_code == 200

    with clock.installed(clock.ManualClock(timezone.now().replace(hour=9))) as moved:
        enrol(consented=False, allocated=False)
        withdraw(enrol(allocated=False))
        enrol(allocated=False)
        keeps_on, drifts, leaves = enrol(), enrol(), enrol()
        sit(keeps_on, moved)
        withdraw(leaves)
        moved.advance(2 * 7 * 86400)
        missed = team.post(
            f"/api/participants/{drifts}/dose/missed/", {"week": 2, "reason": "away"}
        )
        assert missed.status_code == 201
        moved.advance(3 * 7 * 86400)
        sit(keeps_on, moved)  # week 6

        flow = team.get(f"/api/studies/{study.pk}/flow/").json()
        assert flow["enrolled"] == 6 and flow["allocated"] == 3
        assert flow["not_allocated"] == {
            "no_consent": 1,
            "withdrew_before_allocation": 1,
            "awaiting_allocation": 1,
        }
        (everyone,) = flow["arms"]  # the clinical team of a concealed design: no arms
        assert everyone["arm"] == "all"
        assert (everyone["received"], everyone["not_received"]) == (1, 2)
        assert (everyone["withdrew"], everyone["analysed"]) == (1, 2)
        assert everyone["lost"] == 1 and everyone["lost_reasons"] == {"away": 1}
        # Five weeks over for the two still consenting: 10 prescribed, 2 held (weeks 1, 6
        # and week 6 is still running: 1 counts).
        assert (everyone["prescribed"], everyone["delivered"]) == (10, 1)
        assert everyone["adherence"] == 0.1

        by_arm = owner.get(f"/api/studies/{study.pk}/flow/").json()["arms"]
        assert {row["arm"] for row in by_arm} <= {"training", "control"}
        assert sum(row["allocated"] for row in by_arm) == 3
