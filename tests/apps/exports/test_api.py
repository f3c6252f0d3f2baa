"""The export API: who may export, direct and queued exports, the log, the audit trail, and
download links that expire and cannot be forged."""

import hashlib
import io
import json
import time
import zipfile

import pytest
from django.core import signing

from apps.accounts.models import User
from apps.audit.models import AuditEntry
from apps.exports.models import Export
from apps.exports.pseudonyms import export_id
from tests.apps.factories import make_participant, make_study, make_user

pytestmark = pytest.mark.django_db
FORMATS = ["csv", "parquet", "bids"]


@pytest.fixture
def study(researcher, clinician):
    study = make_study(
        owners=[researcher], clinicians=[clinician], group_codes=["control", "training"]
    )
    for code, group in (("QA-1", "control"), ("QA-2", "training")):
        make_participant(study=study, code=code, group=group, consent_date="2026-01-05")
    return study


def url(study):
    return f"/api/studies/{study.pk}/exports/"


def ask(client, study, **body):
    return client.post(url(study), {"formats": FORMATS, **body}, format="json")


def download(api, link):
    response = api.get(link)
    return response, b"".join(response.streaming_content) if response.status_code == 200 else b""


def test_a_small_export_is_built_at_once_and_downloads_with_its_link(
    study, researcher, client_for, api
):
    response = ask(client_for(researcher), study)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "ready" and body["run"] == "direct"
    # The two participants, in the tables and in BIDS (no week of theirs holds a session).
    assert body["progress"] == {"rows_done": 4, "rows_total": 4, "percent": 100.0}
    assert body["row_counts"]["participants"] == 2 and body["row_counts"]["plays"] == 0
    reply, data = download(api, body["download_url"])  # no session: the token is the key
    assert reply.status_code == 200 and reply["Content-Type"] == "application/zip"
    assert hashlib.sha256(data).hexdigest() == body["archive_sha256"]
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = set(archive.namelist())
    assert {"codebook.json", "codebook.md", "SHA256SUMS", "csv/participants.csv"} <= names
    assert {"parquet/metrics.parquet", "bids/participants.tsv"} <= names
    assert "bids/dataset_description.json" in names
    listed = {f["name"]: f["sha256"] for f in body["files"]}
    assert set(listed) == names
    for name in names:
        assert hashlib.sha256(archive.read(name)).hexdigest() == listed[name]


@pytest.mark.parametrize("shift_dates", [True, False])
def test_a_date_filters_days_are_written_into_the_export_only_with_real_times(
    study, researcher, client_for, api, shift_dates
):
    # Every session of a one-day export is on that day: with the day, a session's shifted
    # time gives the participant's shift, and so every real time of theirs.
    days = {"date_from": "2026-01-06", "date_to": "2026-01-06"}
    body = ask(
        client_for(researcher),
        study,
        formats=["csv", "bids"],
        filters=days,
        shift_dates=shift_dates,
    ).json()
    assert body["filters"] == days  # the platform's own record keeps them
    archive = zipfile.ZipFile(io.BytesIO(download(api, body["download_url"])[1]))
    book = json.loads(archive.read("codebook.json"))
    written = [name for name in archive.namelist() if b"2026-01-06" in archive.read(name)]
    if shift_dates:
        assert book["export"]["filters"] == {"date_filter": ["date_from", "date_to"]}
        assert (
            "date filter" in book["dates"] and book["dates"] in archive.read("codebook.md").decode()
        )
        assert written == []
    else:
        assert book["export"]["filters"] == days
        assert "codebook.md" in written and all(n.startswith("codebook.") for n in written)


@pytest.mark.parametrize("shift_dates", [True, False])
def test_with_shifted_dates_the_export_keeps_no_real_time_of_its_own(
    study, researcher, client_for, api, shift_dates
):
    """Every real time comes before the export's own: given, with a participant's latest
    shifted time, it would bound their shift. Neither the codebook nor the archive's entries
    carry it then."""
    body = ask(client_for(researcher), study, shift_dates=shift_dates).json()
    made = Export.objects.get(pk=body["id"]).created_at
    archive = zipfile.ZipFile(io.BytesIO(download(api, body["download_url"])[1]))
    book = json.loads(archive.read("codebook.json"))
    assert {entry.date_time for entry in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    today = made.date().isoformat().encode()
    holding_today = [name for name in archive.namelist() if today in archive.read(name)]
    if shift_dates:
        assert "created_at" not in book["export"]
        assert holding_today == []
    else:
        assert book["export"]["created_at"] == made.isoformat()
        assert "codebook.json" in holding_today


def test_every_export_is_audited_with_its_filters_counts_and_checksums(
    study, researcher, client_for
):
    body = ask(client_for(researcher), study, filters={"game": "memulation"}).json()
    entry = AuditEntry.objects.get(action="export", object_id=str(body["id"]))
    assert entry.actor == researcher and entry.study_id == study.pk
    assert entry.after["formats"] == FORMATS
    assert entry.after["filters"] == {"game": "memulation"}
    assert entry.after["row_counts"] == body["row_counts"]
    assert entry.after["files"] == body["files"]
    assert entry.after["archive"]["sha256"] == body["archive_sha256"]


def test_a_large_export_runs_as_a_job_that_reports_progress(
    study, researcher, client_for, settings, django_capture_on_commit_callbacks
):
    settings.EXPORT_DIRECT_MAX_ROWS = 1
    client = client_for(researcher)
    with django_capture_on_commit_callbacks(execute=True):
        response = ask(client, study, formats=["parquet"])
    assert response.status_code == 202
    assert response.json()["status"] == "queued" and response.json()["download_url"] is None
    detail = client.get(f"/api/exports/{response.json()['id']}/").json()
    assert detail["status"] == "ready" and detail["run"] == "job"
    assert detail["progress"]["percent"] == 100.0
    assert detail["progress"]["rows_done"] == detail["progress"]["rows_total"] > 1
    assert detail["download_url"]


def test_the_export_log_lists_the_studys_exports(study, researcher, admin_user, client_for):
    first = ask(client_for(researcher), study).json()
    second = ask(client_for(admin_user), study, formats=["csv"], shift_dates=False).json()
    log = client_for(researcher).get(url(study)).json()
    assert [e["id"] for e in log["results"]] == [second["id"], first["id"]]
    assert log["results"][0]["requested_by"] == admin_user.username
    assert log["results"][0]["shift_dates"] is False
    assert log["results"][1]["shift_dates"] is True  # dates are shifted unless asked otherwise


def test_clinicians_cannot_export_even_on_the_studys_team(study, researcher, clinician, client_for):
    export = ask(client_for(researcher), study).json()
    client = client_for(clinician)
    assert ask(client, study).status_code == 403
    assert client.get(url(study)).status_code == 403
    response = client.get(f"/api/exports/{export['id']}/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"
    assert not Export.objects.filter(requested_by=clinician).exists()


def test_a_researcher_exports_only_their_own_studies(study, researcher, client_for):
    export = ask(client_for(researcher), study).json()
    stranger = client_for(make_user(role=User.Role.RESEARCHER))
    assert ask(stranger, study).status_code == 404
    assert stranger.get(url(study)).status_code == 404
    assert stranger.get(f"/api/exports/{export['id']}/").status_code == 404
    assert ask(client_for(make_user(role=User.Role.ADMIN)), study).status_code == 201


def test_anonymous_requests_are_refused(study, api):
    assert ask(api, study).status_code in (401, 403)
    assert api.get(url(study)).status_code in (401, 403)


@pytest.mark.parametrize(
    "body, field",
    [
        ({"formats": []}, "formats"),
        ({"formats": ["xlsx"]}, "formats"),
        ({"filters": {"game": "chess"}}, "filters"),
        ({"filters": {"date_from": "2026-02-01", "date_to": "2026-01-01"}}, "filters"),
    ],
)
def test_invalid_requests_say_what_is_wrong(study, researcher, client_for, body, field):
    response = ask(client_for(researcher), study, **body)
    assert response.status_code == 400
    assert field in response.json()["error"]["details"]


@pytest.mark.parametrize(
    "filters, field",
    [
        ({"participants": [99999999999999999999]}, "participants"),
        ({"participants": [2**63]}, "participants"),
        ({"protocols": [1, 99999999999999999999]}, "protocols"),
        ({"protocol_version": 99999999999999999999}, "protocol_version"),
    ],
)
def test_a_number_no_id_can_be_is_refused_before_it_reaches_the_database(
    study, researcher, client_for, filters, field
):
    # SQLite's driver and psycopg refuse to send a number past 64 bits (OverflowError, a 500).
    response = ask(client_for(researcher), study, filters=filters)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "validation_error"
    assert "less than or equal to" in str(error["details"]["filters"][field])
    assert not Export.objects.exists()


def test_participants_and_protocols_of_another_study_are_refused(study, researcher, client_for):
    other = make_participant(code="ELSEWHERE")
    response = ask(client_for(researcher), study, filters={"participants": [other.pk]})
    assert response.status_code == 400
    assert response.json()["error"]["details"]["filters"]["participants"]


def test_export_ids_use_the_studys_own_key_and_an_unset_key_refuses(
    study, researcher, client_for, settings, api
):
    study.pseudonymisation_key_ref = "riverside"
    study.save()
    client = client_for(researcher)
    response = ask(client, study, formats=["csv"])
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "pseudonymisation_key_missing"
    key = "s3cret-" * 6
    settings.PSEUDONYMISATION_KEYS = {"riverside": key}
    body = ask(client, study, formats=["csv"]).json()
    data = download(api, body["download_url"])[1]
    table = zipfile.ZipFile(io.BytesIO(data)).read("csv/participants.csv").decode()
    ids = sorted(line.split(",")[0] for line in table.splitlines()[1:])
    assert ids == sorted(export_id(key.encode(), code) for code in ("QA-1", "QA-2"))
    assert "QA-1" not in table


def _ready_export(client_for, researcher, study) -> dict:
    return ask(client_for(researcher), study, formats=["csv"]).json()


def test_a_tampered_download_token_is_refused(study, researcher, client_for, api):
    export = _ready_export(client_for, researcher, study)
    link = export["download_url"]
    token = link.split("token=")[1]
    forged = token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb")
    for bad in (link.replace(token, forged), link.split("?")[0], link + "x"):
        response = api.get(bad)
        assert response.status_code == 403
        assert response.json()["error"]["code"] == "download_link_invalid"


def test_a_token_for_another_export_is_refused(study, researcher, client_for, api):
    first = _ready_export(client_for, researcher, study)
    second = _ready_export(client_for, researcher, study)
    token = first["download_url"].split("token=")[1]
    response = api.get(f"/api/exports/{second['id']}/download?token={token}")
    assert response.status_code == 403


def test_an_expired_download_link_is_refused(study, researcher, client_for, api, monkeypatch):
    export = _ready_export(client_for, researcher, study)
    later = time.time() + 25 * 3600  # the links last 24 hours
    monkeypatch.setattr(signing.time, "time", lambda: later)
    response = api.get(export["download_url"])
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "download_link_expired"


def test_a_fresh_link_is_given_each_time_the_export_is_read(study, researcher, client_for, api):
    export = _ready_export(client_for, researcher, study)
    again = client_for(researcher).get(f"/api/exports/{export['id']}/").json()
    assert again["download_url"] and again["download_expires_at"]
    assert download(api, again["download_url"])[0].status_code == 200


def test_withdrawn_participants_are_not_exported(study, researcher, client_for, api):
    from tests.apps.factories import withdraw_consent

    withdraw_consent(study.participants.get(code="QA-2"))
    export = _ready_export(client_for, researcher, study)
    assert export["row_counts"]["participants"] == 1
