import datetime

import pytest
from django.utils import timezone

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record
from tests.apps.factories import make_study, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def trail(researcher):
    """Entries about the researcher's study (created by them), someone else's study (created by
    an admin), and a sign-in."""
    mine, theirs = make_study(owners=[researcher]), make_study()
    created = AuditEntry.objects.filter(object_type="participants.study", action="create")
    entries = {
        "mine": created.get(object_id=mine.pk),
        "mine_update": audit_record(
            actor=researcher, action="update", instance=mine, before={}, study_id=mine.pk
        ),
        "theirs": created.get(object_id=theirs.pk),
        "login": audit_record(actor=researcher, action="login"),
    }
    assert AuditEntry.objects.count() == len(entries)  # nothing else in the trail
    return mine, entries


def ids(response):
    return {entry["id"] for entry in response.json()["results"]}


def test_admins_read_the_whole_trail(admin_user, client_for, trail):
    _, entries = trail
    response = client_for(admin_user).get("/api/audit/")
    assert response.status_code == 200
    assert ids(response) == {e.pk for e in entries.values()}


def test_researchers_read_the_entries_of_their_studies(researcher, client_for, trail):
    _, entries = trail
    response = client_for(researcher).get("/api/audit/")
    assert ids(response) == {entries["mine"].pk, entries["mine_update"].pk}


def test_clinicians_may_not_read_the_trail(clinician, client_for, trail):
    response = client_for(clinician).get("/api/audit/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"


def test_anonymous_callers_are_refused(api):
    assert api.get("/api/audit/").json()["error"]["code"] == "not_authenticated"


def test_the_filters(admin_user, researcher, client_for, trail):
    mine, entries = trail
    client = client_for(admin_user)
    query = f"?object_type=participants.study&object_id={mine.pk}"
    assert ids(client.get("/api/audit/" + query)) == {entries["mine"].pk, entries["mine_update"].pk}
    assert ids(client.get(f"/api/audit/?actor={researcher.pk}")) == {
        entries["mine"].pk,
        entries["mine_update"].pk,
        entries["login"].pk,
    }
    assert ids(client.get("/api/audit/?action=login")) == {entries["login"].pk}
    now = timezone.now()
    hour = datetime.timedelta(hours=1)
    since = (now - hour).isoformat()
    until = (now + hour).isoformat()
    assert len(ids(client.get("/api/audit/", {"since": since, "until": until}))) == 4
    assert ids(client.get("/api/audit/", {"since": until})) == set()
    assert ids(client.get("/api/audit/", {"until": since})) == set()


def test_entries_come_newest_first_with_their_snapshots(admin_user, client_for, trail):
    _, entries = trail
    rows = client_for(admin_user).get("/api/audit/").json()["results"]
    assert rows[0]["id"] == entries["login"].pk
    update = next(row for row in rows if row["id"] == entries["mine_update"].pk)
    assert update["before"] == {}
    assert update["after"]["name"] == entries["mine"].after["name"]


@pytest.mark.parametrize("query", ["?action=shred", "?actor=me", "?since=yesterday"])
def test_bad_filters_are_validation_errors(admin_user, client_for, query):
    response = client_for(admin_user).get("/api/audit/" + query)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "validation_error"


def test_a_researcher_filtering_for_other_studies_sees_nothing(researcher, client_for, trail):
    other = make_user(role="researcher")
    study = make_study(owners=[other])
    audit_record(actor=other, action="create", instance=study, study_id=study.pk)
    response = client_for(researcher).get(f"/api/audit/?object_id={study.pk}")
    assert study.pk not in {int(row["object_id"]) for row in response.json()["results"]}
