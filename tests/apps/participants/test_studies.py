import pytest

from apps.audit.models import AuditEntry
from apps.participants.models import Study
from tests.apps.factories import make_study, make_user

pytestmark = pytest.mark.django_db


def test_a_researcher_creates_a_study_and_owns_it(researcher, client_for):
    team = make_user(role="clinician")
    response = client_for(researcher).post(
        "/api/studies/",
        {"name": "Recall in older adults", "description": "Pilot", "clinicians": [team.pk]},
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["owners"] == [researcher.pk]
    assert body["clinicians"] == [team.pk]
    entry = AuditEntry.objects.get(object_type="participants.study", action="create")
    assert entry.actor == researcher
    assert entry.study_id == body["id"]
    assert entry.before is None
    assert entry.after["name"] == "Recall in older adults"
    assert entry.after["owners"] == [researcher.pk]


def test_an_admin_names_the_owners(admin_user, researcher, client_for):
    response = client_for(admin_user).post(
        "/api/studies/", {"name": "Admin's study", "owners": [researcher.pk]}
    )
    assert response.status_code == 201
    assert response.json()["owners"] == [researcher.pk]


def test_a_clinician_cannot_create_a_study(clinician, client_for):
    response = client_for(clinician).post("/api/studies/", {"name": "Mine"})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"
    assert not Study.objects.exists()


def test_study_names_are_unique(researcher, client_for):
    make_study(name="Taken")
    response = client_for(researcher).post("/api/studies/", {"name": "Taken"})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "name_taken"
    assert Study.objects.count() == 1


def test_owners_must_be_researchers_and_the_team_clinicians(researcher, clinician, client_for):
    client = client_for(researcher)
    response = client.post("/api/studies/", {"name": "S", "owners": [clinician.pk]})
    assert response.status_code == 400
    assert "owners" in response.json()["error"]["details"]
    response = client.post("/api/studies/", {"name": "S", "clinicians": [researcher.pk]})
    assert response.status_code == 400
    assert "clinicians" in response.json()["error"]["details"]
    response = client.post("/api/studies/", {"name": "S", "clinicians": [99999]})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "validation_error"
    assert not Study.objects.exists()


def test_a_missing_name_is_a_validation_error(researcher, client_for):
    response = client_for(researcher).post("/api/studies/", {"description": "no name"})
    assert response.status_code == 400
    assert response.json()["error"]["details"] == {"name": ["This field is required."]}


def test_an_owner_changes_the_study_and_the_change_is_audited(researcher, client_for):
    study = make_study(owners=[researcher], name="Before")
    team = make_user(role="clinician")
    response = client_for(researcher).patch(
        f"/api/studies/{study.pk}/", {"name": "After", "clinicians": [team.pk]}
    )
    assert response.status_code == 200, response.json()
    assert response.json()["name"] == "After"
    assert list(study.clinicians.all()) == [team]
    entry = AuditEntry.objects.get(object_type="participants.study", action="update")
    assert entry.study_id == study.pk
    assert (entry.before["name"], entry.after["name"]) == ("Before", "After")
    assert (entry.before["clinicians"], entry.after["clinicians"]) == ([], [team.pk])


def test_a_partial_update_leaves_the_rest(researcher, client_for):
    study = make_study(owners=[researcher], name="Kept")
    response = client_for(researcher).patch(f"/api/studies/{study.pk}/", {"description": "new"})
    assert response.status_code == 200
    study.refresh_from_db()
    assert (study.name, study.description) == ("Kept", "new")
    assert list(study.owners.all()) == [researcher]


def test_renaming_onto_another_study_is_refused(researcher, client_for):
    make_study(name="Other")
    study = make_study(owners=[researcher], name="Mine")
    response = client_for(researcher).patch(f"/api/studies/{study.pk}/", {"name": "Other"})
    assert response.status_code == 409
    study.refresh_from_db()
    assert study.name == "Mine"
    assert not AuditEntry.objects.filter(action="update").exists()


def test_an_owner_sets_how_the_published_dataset_names_its_authors(researcher, client_for):
    study = make_study(owners=[researcher])
    url = f"/api/studies/{study.pk}/"
    client = client_for(researcher)
    body = client.get(url).json()
    assert (body["dataset_authors"], body["dataset_license"]) == ([], "CC-BY-4.0")
    response = client.patch(
        url,
        {"dataset_authors": ["Ada Quill", "Ben Okafor"], "dataset_institution": "Example U"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    study.refresh_from_db()
    assert study.dataset_authors == ["Ada Quill", "Ben Okafor"]
    assert study.dataset_institution == "Example U"
    bad = client.patch(url, {"dataset_authors": "Ada Quill"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["code"]
    study.refresh_from_db()
    assert study.dataset_authors == ["Ada Quill", "Ben Okafor"]
