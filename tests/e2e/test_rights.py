"""A participant's rights in the browser: the study's owner downloads the access request (a file
holding the participant's code) and, on a phone, erases the participant's data with a reason; the
page then shows the participant withdrawn, the notes and group label gone."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from apps.participants.models import ClinicianNote
from apps.participants.services.notes import clinician_note_create
from tests.e2e.conftest import enrol_with_consent, login_as, run_axe

REASON = "The participant asked for their data to be erased."


def test_the_owner_downloads_the_data_and_erases_the_participant(new_page, staff, shot):
    participant = enrol_with_consent(staff["study"], staff["clinician"], group="A")
    clinician_note_create(participant=participant, actor=staff["clinician"], text="Was tired")

    phone = new_page(390, 844)
    login_as(phone, staff["researcher"])
    phone.goto(f"/participants/{participant.pk}")
    panel = phone.get_by_test_id("participant-rights")
    with phone.expect_download() as download_info:
        panel.get_by_role("button", name="Download the participant's data").click()
    download = download_info.value
    assert download.suggested_filename == f"access-request-{participant.code}.json"
    held = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert held["participant"]["code"] == participant.code

    panel.get_by_role("button", name="Erase the participant's data…").click()
    dialog = phone.get_by_role("dialog", name=f"Erase participant {participant.code}'s data")
    expect(dialog).to_be_visible()
    reason = dialog.get_by_label("Why are the data erased?")
    expect(reason).to_be_focused()
    box = dialog.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert run_axe(phone) == []
    shot(phone, "rights-01-erase-dialog", full_page=False)

    reason.fill(REASON)
    dialog.get_by_label("To confirm, type the participant's code").fill(participant.code)
    dialog.get_by_role("button", name="Erase", exact=True).click()
    outcome = phone.get_by_test_id("erasure-outcome")
    expect(outcome).to_contain_text(f"Participant {participant.code}'s data were erased on")
    expect(outcome).to_contain_text("1 note of the clinical team deleted")
    expect(outcome).to_contain_text("the group label cleared")
    expect(outcome).to_contain_text("the audit trail")
    expect(dialog).to_be_hidden()
    expect(phone.get_by_test_id("consent-panel")).to_contain_text("withdrawn")
    expect(phone.get_by_text("no group", exact=False).first).to_be_visible()
    assert run_axe(phone) == []
    shot(phone, "rights-02-erased")

    participant.refresh_from_db()
    assert participant.consent_withdrawn_at is not None and participant.group == ""
    assert not ClinicianNote.objects.filter(participant=participant).exists()
    assert phone.console_errors == []
