"""A person is enrolled once however often the same enrolment is sent (a double click, a
request retried after a time-out): the client's key names the enrolment."""

import threading

import pytest
from rest_framework.test import APIClient

from apps.audit.models import AuditEntry
from apps.participants.models import Participant
from apps.participants.services import participants as enrolment
from tests.apps.factories import make_study, make_user
from tests.apps.threads import at_once

KEY = "6f2c1c4e-8a53-4d0e-9d4b-3c1f0f3b9a11"
NEW_KEY = "0b9e7a52-77a4-4b3f-a3f2-7d8c4f1e2a90"
PARTICIPANT = "participants.participant"  # the audit trail's name for a participant


def enrol(client, study, **extra):
    return client.post("/api/participants/", {"study": study.pk, **extra}, format="json")


@pytest.mark.django_db
def test_the_same_key_enrols_one_participant(clinician, client_for):
    study = make_study(clinicians=[clinician], group_codes=["training"])
    client = client_for(clinician)
    first = enrol(client, study, age_band="70-79", group="training", client_key=KEY)
    again = enrol(client, study, age_band="70-79", group="training", client_key=KEY)
    assert (first.status_code, again.status_code) == (201, 201), again.json()
    assert again.json() == first.json()
    assert Participant.objects.count() == 1
    assert AuditEntry.objects.filter(object_type=PARTICIPANT).count() == 1
    # The key is the request's, not the participant's: not shown, listed or audited.
    assert "client_key" not in first.json()
    assert KEY not in str(client.get("/api/participants/").json())
    assert "client_key" not in AuditEntry.objects.get(object_type=PARTICIPANT).after
    # A new key is a new person.
    other = enrol(client, study, age_band="70-79", group="training", client_key=NEW_KEY)
    assert other.status_code == 201
    assert other.json()["id"] != first.json()["id"]
    assert Participant.objects.count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    "changed",
    [{"age_band": "80+"}, {"group": "control"}, {"language": "de"}, {"clinicians": []}],
    ids=["age band", "group", "language", "clinicians"],
)
def test_the_same_key_with_other_details_is_refused(researcher, clinician, client_for, changed):
    study = make_study(
        owners=[researcher], clinicians=[clinician], group_codes=["training", "control"]
    )
    client = client_for(researcher)
    asked = {"age_band": "70-79", "group": "training", "clinicians": [clinician.pk]}
    first = enrol(client, study, client_key=KEY, **asked)
    assert first.status_code == 201, first.json()
    refused = enrol(client, study, client_key=KEY, **{**asked, **changed})
    assert refused.status_code == 409
    error = refused.json()["error"]
    assert error["code"] == "client_key_reused"
    assert error["message"] and error["details"]["client_key"]
    assert Participant.objects.count() == 1
    assert AuditEntry.objects.filter(object_type=PARTICIPANT).count() == 1


@pytest.mark.django_db
def test_the_same_key_in_another_study_is_refused(researcher, client_for):
    study, other = make_study(owners=[researcher]), make_study(owners=[researcher])
    client = client_for(researcher)
    assert enrol(client, study, client_key=KEY).status_code == 201
    refused = enrol(client, other, client_key=KEY)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "client_key_reused"
    assert not Participant.objects.filter(study=other).exists()


@pytest.mark.django_db
def test_the_refusal_speaks_the_reader_s_language(researcher, client_for):
    study = make_study(owners=[researcher])
    client = APIClient()
    client.force_login(researcher)  # a browser session, in the language of the account
    assert client.patch("/api/me", {"language": "de"}, format="json").status_code == 200
    assert enrol(client, study, client_key=KEY).status_code == 201
    refused = enrol(client, study, age_band="80+", client_key=KEY)
    assert refused.status_code == 409
    error = refused.json()["error"]
    assert error["code"] == "client_key_reused"
    assert "Schlüssel" in error["message"]
    assert "Schlüssel" in error["details"]["client_key"][0]


@pytest.mark.django_db
def test_without_a_key_each_request_enrols_and_a_bad_key_is_refused(researcher, client_for):
    study = make_study(owners=[researcher])
    client = client_for(researcher)
    assert enrol(client, study).status_code == 201
    assert enrol(client, study, client_key=None).status_code == 201
    assert Participant.objects.count() == 2
    bad = enrol(client, study, client_key="not a key")
    assert bad.status_code == 400
    assert bad.json()["error"]["details"]["client_key"]
    assert Participant.objects.count() == 2


@pytest.fixture
def looked_up_together(monkeypatch):
    """Two enrolments at once both look for their key before either stores it: each waits for
    the other after the look-up, before the insert (at the group check between them)."""
    met = threading.Barrier(2, timeout=10)
    check_group = enrolment._check_group

    def checked_together(study, group):
        met.wait()
        check_group(study, group)

    monkeypatch.setattr(enrolment, "_check_group", checked_together)


@pytest.mark.django_db(transaction=True)
def test_two_requests_with_one_key_at_once_enrol_one_participant(client_for, looked_up_together):
    """Both requests look for the key before either has stored it; the unique key holds the
    second insert back until the first commits, and the second answers with its participant."""
    clinician = make_user(role="clinician")
    study = make_study(clinicians=[clinician], group_codes=["training"])
    answers, errors = at_once(
        lambda: enrol(client_for(clinician), study, group="training", client_key=KEY), 2
    )
    assert errors == []
    assert [a.status_code for a in answers] == [201, 201], [a.json() for a in answers]
    assert answers[0].json() == answers[1].json()
    assert Participant.objects.count() == 1
    assert AuditEntry.objects.filter(object_type=PARTICIPANT).count() == 1


@pytest.mark.django_db(transaction=True)
def test_one_key_sent_to_two_studies_at_once_enrols_one_participant(client_for, looked_up_together):
    """A key is one enrolment in any study: sent to two studies at once, one enrols and the
    other is refused, as it is when they come one after the other."""
    clinician = make_user(role="clinician")
    studies = [make_study(clinicians=[clinician]) for _ in range(2)]
    to_each = iter(studies)
    answers, errors = at_once(
        lambda: enrol(client_for(clinician), next(to_each), client_key=KEY), 2
    )
    assert errors == []
    assert sorted(a.status_code for a in answers) == [201, 409], [a.json() for a in answers]
    [refused] = [a.json() for a in answers if a.status_code == 409]
    assert refused["error"]["code"] == "client_key_reused"
    assert Participant.objects.count() == 1
    assert AuditEntry.objects.filter(object_type=PARTICIPANT).count() == 1
