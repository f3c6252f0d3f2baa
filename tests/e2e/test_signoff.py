"""Signing a participant's report in the browser: the password again, the signature listed
and printed on the PDF, and shown superseded once the report changes."""

import pypdfium2 as pdfium

from apps.participants.services import participant_update
from tests.e2e.conftest import PASSWORD, enrol_with_consent, login_as


def test_a_clinician_signs_the_report_and_sees_it_superseded(page, staff):
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    login_as(page, staff["clinician"])
    page.goto(f"/participants/{participant.pk}")
    panel = page.get_by_test_id("sign-report")
    panel.get_by_label("Meaning of the signature").select_option("approved")
    panel.get_by_label("Your password").fill("not my password")
    panel.get_by_role("button", name="Sign").click()
    panel.get_by_role("alert").filter(has_text="not your password").wait_for()
    panel.get_by_label("Your password").fill(PASSWORD)
    panel.get_by_role("button", name="Sign").click()
    signed = panel.get_by_role("list", name="Signatures").get_by_role("listitem")
    signed.filter(has_text="claude, approved").filter(has_text="current").wait_for()

    pdf = page.request.get(f"/api/participants/{participant.pk}/report/").body()
    text = " ".join(p.get_textpage().get_text_range() for p in pdfium.PdfDocument(pdf))
    assert "Approved" in text and "claude" in text and "Current" in text

    participant_update(
        participant=participant, actor=staff["researcher"], age_band="80+", reason="Corrected"
    )
    page.reload()
    signed.filter(has_text="superseded").wait_for()
    assert not page.console_errors, page.console_errors


def test_a_researcher_signs_a_finished_export_for_the_sponsor(page, staff, worker_queue):
    enrol_with_consent(staff["study"], staff["clinician"], group="A")
    login_as(page, staff["researcher"])
    page.goto(f"/studies/{staff['study'].pk}/exports")
    page.get_by_test_id("start-export").click()
    page.get_by_test_id("download").wait_for(timeout=60_000)
    panel = page.get_by_test_id("sign-export")
    panel.get_by_label("Meaning of the signature").select_option("approved")
    panel.get_by_label("Your password").fill(PASSWORD)
    panel.get_by_role("button", name="Sign").click()
    signed = panel.get_by_role("list", name="Signatures").get_by_role("listitem")
    signed.filter(has_text="rosalind, approved").filter(has_text="current").wait_for()
    assert not page.console_errors, page.console_errors
