"""A reason for a change, asked for on the page and shown in the audit view with the old and
new values."""

from tests.e2e.conftest import enrol_with_consent, login_as


def test_a_changed_plan_carries_its_reason_into_the_audit_view(page, staff):
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    login_as(page, staff["researcher"])
    page.goto(f"/participants/{participant.pk}")
    page.get_by_label("Sessions a week planned").fill("4")
    page.get_by_role("button", name="Save the plan").click()
    # The browser asks for the reason before anything is sent.
    assert page.get_by_label("Reason for the change").evaluate("e => e.validity.valueMissing")
    page.get_by_label("Reason for the change").fill("Fewer visits over the holidays")
    page.get_by_role("button", name="Save the plan").click()
    page.get_by_text("0 of 4 planned sessions").wait_for()

    page.get_by_role("link", name="Audit").click()
    page.get_by_label("Records").select_option("participants.participant")
    entry = page.get_by_test_id("audit-entry").filter(has_text="Fewer visits over the holidays")
    entry.wait_for()
    assert "sessions_per_week: — → 4" in entry.inner_text()
    assert not page.console_errors, page.console_errors
