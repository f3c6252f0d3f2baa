"""Assessment visits in the browser: the study's owner places a blinded assessor and sets a
visit window; the assessor signs in, finds the due visit with nothing on the page that could
unblind them (no arm, no training metric, no note), and records it."""

from __future__ import annotations

from playwright.sync_api import expect

from apps.accounts.models import User
from apps.participants.services import study_update
from apps.participants.services.notes import clinician_note_create
from apps.visits.models import Visit
from tests.e2e.conftest import PASSWORD, enrol_with_consent, login_as, run_axe, sign_in

NOTE = "Was tired; the spouse says memory is worse this month"


def test_a_blinded_assessor_records_a_due_visit(page, new_page, staff, shot):
    study = staff["study"]
    ann = User.objects.create_user(username="ann", password=PASSWORD, role=User.Role.ASSESSOR)
    study_update(
        study=study,
        actor=staff["researcher"],
        assessment_points=[
            {"kind": "baseline", "session": 1},
            {"kind": "follow_up", "label": "One-month follow-up", "window_start_days": 28,
             "window_end_days": 35},
        ],
    )  # fmt: skip
    participant = enrol_with_consent(study, staff["clinician"], group="A")
    clinician_note_create(participant=participant, actor=staff["clinician"], text=NOTE)

    owner = new_page()
    login_as(owner, staff["researcher"])
    owner.goto(f"/studies/{study.pk}/visits")
    owner.get_by_label("ann", exact=True).check()
    owner.get_by_role("button", name="Save the assessors").click()
    expect(owner.get_by_text("Saved.")).to_have_count(1)
    owner.get_by_label("Baseline: closes on day").fill("7")
    owner.get_by_role("button", name="Save the windows").click()
    expect(owner.get_by_text("Saved.")).to_have_count(2)
    shot(owner, "visits-01-settings")
    expect(
        owner.get_by_role("navigation", name="Main").get_by_role("link", name="Visits")
    ).to_be_visible()

    sign_in(page, "ann")
    page.wait_for_url("**/visits")
    # The header leads the assessor back to the visits, and not to the participants' training.
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Participants")).to_have_count(0)
    nav.get_by_role("link", name="Security").click()
    page.wait_for_url("**/account")
    nav.get_by_role("link", name="Visits").click()
    page.wait_for_url("**/visits")
    row = page.get_by_test_id(f"visit-{participant.code}-baseline")
    row.wait_for()
    assert "Due" in row.inner_text()
    follow_up = page.get_by_test_id(f"visit-{participant.code}-follow_up")
    assert "Upcoming" in follow_up.inner_text()
    text = page.locator("body").inner_text()
    for word in ("arm", "metric", "score", "note", "group", NOTE):
        assert word.lower() not in text.lower(), word
    assert run_axe(page) == []
    shot(page, "visits-02-worklist")

    row.get_by_role("button", name="Record").click()
    form = page.get_by_test_id("record-visit")
    form.get_by_label("Measure code").fill("moca")
    form.get_by_label("Value").fill("26")
    form.get_by_role("button", name="Record the visit").click()
    row.wait_for(state="detached")  # done: off the list of visits to do
    page.get_by_label("Show").select_option("all")
    assert "Done" in page.get_by_test_id(f"visit-{participant.code}-baseline").inner_text()
    shot(page, "visits-03-recorded")

    visit = Visit.objects.get(participant=participant)
    assert (visit.status, visit.measures, visit.recorded_by) == ("done", {"moca": 26}, ann)
    # The study's team reads it on the participant's page.
    owner.goto(f"/participants/{participant.pk}")
    held = owner.get_by_test_id("participant-visits").get_by_role("row", name="Baseline")
    expect(held).to_contain_text("Done")
    expect(held).to_contain_text("moca 26")
    shot(owner, "visits-04-participant-page")
    # And in the study's flow, counted at the point.
    owner.goto(f"/studies/{study.pk}/programme")
    expect(owner.get_by_test_id("flow-assessed")).to_contain_text("assessed 1")
    shot(owner, "visits-05-flow")
    for seen in (page, owner):
        assert seen.console_errors == []
