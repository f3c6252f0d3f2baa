"""The access review: every account with its role, studies, when and by whom each access was
granted (from the audit trail), its last sign-in and the accounts unused for 90 days; the
export; the admin's confirmation (logged) and revoking in place."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from apps.audit.models import AuditEntry
from apps.common import clock
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def study(client_for, admin_user, researcher, clinician):
    made = client_for(researcher).post("/api/studies/", {"name": "Pilot"}).json()
    client_for(admin_user).patch(f"/api/studies/{made['id']}/", {"clinicians": [clinician.pk]})
    return made


def _account(review: dict, username: str) -> dict:
    return next(a for a in review["accounts"] if a["username"] == username)


def test_the_review_lists_each_account_s_access_and_who_granted_it(client_for, admin_user, study):
    review = client_for(admin_user).get("/api/access-review/").json()
    assert review["unused_days"] == 90 and review["last_review"] is None
    [owner] = _account(review, "rosalind")["access"]
    assert (owner["study_name"], owner["relation"], owner["granted_by"]) == (
        "Pilot",
        "owner",
        "rosalind",
    )
    [team] = _account(review, "claude")["access"]
    assert (team["relation"], team["granted_by"]) == ("clinical_team", "ada")
    assert team["granted_at"] is not None
    assert _account(review, "ada")["unused"] is False
    # Three months on, nobody has signed in since: every active account is unused.
    later = datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=91)
    with clock.installed(clock.ManualClock(later)):
        review = client_for(admin_user).get("/api/access-review/").json()
    assert all(a["unused"] for a in review["accounts"])


def test_the_export_has_a_row_per_access(client_for, admin_user, study):
    response = client_for(admin_user).get("/api/access-review/export")
    assert response["Content-Type"] == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    claude = [r for r in rows if r["username"] == "claude"]
    assert [(r["study"], r["relation"], r["granted_by"]) for r in claude] == [
        ("Pilot", "clinical_team", "ada")
    ]
    assert {r["username"] for r in rows} == {"ada", "rosalind", "claude"}


def test_the_admin_confirms_the_review_and_revokes_in_place(
    client_for, admin_user, clinician, study
):
    admin = client_for(admin_user)
    confirmed = admin.post("/api/access-review/confirm", {"note": "Quarterly review"})
    assert confirmed.status_code == 201
    entry = AuditEntry.objects.get(action="access_reviewed")
    assert entry.after == {"accounts": 3, "unused": 0, "note": "Quarterly review"}
    assert admin.get("/api/access-review/").json()["last_review"]["by"] == "ada"

    body = {"user": clinician.pk, "study": study["id"], "relation": "clinical_team"}
    review = admin.post("/api/access-review/revoke", body).json()
    assert _account(review, "claude")["access"] == []
    assert AuditEntry.objects.filter(
        object_type="participants.study", before__clinicians=[clinician.pk], after__clinicians=[]
    ).exists()

    cache.clear()
    signed_in = APIClient().post("/api/auth/login", {"username": "claude", "password": PASSWORD})
    assert signed_in.status_code == 200
    review = admin.post("/api/access-review/revoke", {"user": clinician.pk}).json()
    assert _account(review, "claude")["active"] is False
    signed_out = APIClient().post("/api/auth/login", {"username": "claude", "password": PASSWORD})
    assert signed_out.status_code == 400
    own = admin.post("/api/access-review/revoke", {"user": admin_user.pk})
    assert own.status_code == 409


def test_only_admins_review_access(client_for, researcher, clinician):
    for user in (researcher, clinician):
        client = client_for(user)
        assert client.get("/api/access-review/").status_code == 403
        assert client.get("/api/access-review/export").status_code == 403
        assert client.post("/api/access-review/confirm", {}).status_code == 403
        assert client.post("/api/access-review/revoke", {"user": user.pk}).status_code == 403


def test_the_export_quotes_a_name_a_spreadsheet_would_run(client_for, admin_user, researcher):
    """A study's name is anyone's text: opened in a spreadsheet, the review must not run it."""
    client_for(researcher).post("/api/studies/", {"name": '=HYPERLINK("http://x.test","Pilot")'})
    response = client_for(admin_user).get("/api/access-review/export")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    [owner] = [r for r in rows if r["username"] == "rosalind"]
    assert owner["study"] == '\'=HYPERLINK("http://x.test","Pilot")'
