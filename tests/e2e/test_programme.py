"""The programme in the browser: a researcher prescribes the study's dose, the clinician reads
the participant's dose ledger and hands over a progress link, and the participant opens it on
their own phone and reads their week in plain words; a week later the researcher changes the
dose, and the ledger keeps the week that is over as it was prescribed; after the programme, the
clinician agrees a plan of the participant's own, which their page then counts against."""

from datetime import timedelta

from playwright.sync_api import expect

from apps.common import clock
from apps.programmes.models import Programme
from apps.training.services import session_complete, session_create
from tests.e2e.conftest import enrol_with_consent, login_as, run_axe


def test_a_prescribed_dose_the_ledger_and_the_participant_s_progress(page, new_page, staff, shot):
    login_as(page, staff["researcher"])
    page.goto(f"/studies/{staff['study'].pk}/programme")
    page.get_by_label("Sessions a week").fill("2")
    page.get_by_label("Minutes a session").fill("15")
    page.get_by_label("Weeks").fill("6")
    page.get_by_text("A booster window after the programme").click()
    page.get_by_label("Booster from week").fill("20")
    page.get_by_role("button", name="Save the prescription").click()
    page.get_by_test_id("programme-saved").wait_for()
    shot(page, "programme-01-prescribed")
    programme = Programme.objects.get(study=staff["study"], participant=None)
    assert (programme.sessions_per_week, programme.minutes_per_session, programme.weeks) == (
        2,
        15,
        6,
    )
    assert programme.boosters == [{"start_week": 20, "weeks": 2, "sessions_per_week": 2}]

    participant = enrol_with_consent(staff["study"], staff["clinician"])
    for _ in range(2):  # this week's two sittings, held and finished
        sitting = session_create(
            participant=participant, protocol=staff["memulation"], actor=staff["clinician"]
        )
        session_complete(session=sitting, actor=staff["clinician"])

    clinic = new_page()
    login_as(clinic, staff["clinician"])
    clinic.goto(f"/participants/{participant.pk}")
    week = clinic.get_by_test_id("dose-week-1")
    week.wait_for()
    cells = week.locator("td").all_inner_texts()
    assert cells[1:4] == ["2", "0", "2"]  # prescribed, scheduled, held
    assert (
        "2 sessions a week of 15 minutes for 6 weeks"
        in clinic.get_by_test_id("dose-summary").inner_text()
    )
    clinic.get_by_role("button", name="Progress link for the participant").click()
    link = clinic.get_by_test_id("progress-link").get_attribute("href")
    shot(clinic, "programme-02-ledger")

    phone = new_page(390, 844)  # the participant's own phone: no account, no sign-in
    phone.goto(link)
    words = phone.get_by_test_id("progress-words")
    words.wait_for()
    assert "You have done all 2 sessions planned for this week. Well done!" in words.inner_text()
    assert phone.get_by_test_id("progress-streak").inner_text() == "1 week in a row"
    assert phone.get_by_test_id("progress-count").locator(".dot.done").count() == 2
    text = phone.locator("main").inner_text().lower()
    for word in ("score", "recall", "z-score", "arm", "metric"):
        assert word not in text
    assert run_axe(phone) == []
    shot(phone, "programme-03-progress-phone")

    page.reload()  # the researcher's Programme tab: the study's flow and adherence
    flow = page.get_by_test_id("flow-enrolled")
    flow.wait_for()
    assert "Enrolled 1; not allocated 0" in flow.inner_text()
    cells = page.get_by_test_id("flow-arm-all").locator("td").all_inner_texts()
    assert cells[:5] == ["1", "1", "0", "0", "1"]  # allocated, received, withdrew, lost, analysed
    shot(page, "programme-04-flow")

    # Eight days on (both have been signed out for being idle, and sign in again), the
    # researcher raises the dose to three a week. The week that is over keeps the two it was
    # prescribed (held in full), the week under way is measured against three, and the
    # clinician finds the change, and who made it, under the ledger.
    with clock.installed(clock.ManualClock(clock.now() + timedelta(days=8))):
        login_as(page, staff["researcher"])
        login_as(clinic, staff["clinician"])
        page.goto(f"/studies/{staff['study'].pk}/programme")
        page.get_by_label("Sessions a week", exact=True).fill("3")
        page.get_by_role("button", name="Save the prescription").click()
        page.get_by_test_id("programme-saved").wait_for()
        clinic.goto(f"/participants/{participant.pk}")
        clinic.get_by_test_id("dose-week-2").wait_for()
        assert clinic.get_by_test_id("dose-week-1").locator("td").all_inner_texts()[1:4] == [
            "2",
            "0",
            "2",
        ]
        assert clinic.get_by_test_id("dose-week-2").locator("td").all_inner_texts()[1] == "3"
        history = clinic.get_by_test_id("prescription-history")
        history.locator("summary").click()
        changes = history.locator("li").all_inner_texts()
        assert len(changes) == 2, changes
        assert "3 sessions a week" in changes[0] and "2 sessions a week" in changes[1], changes
        assert all(f"(by {staff['researcher'].username})" in change for change in changes)
        shot(clinic, "programme-05-changed")

    # Nine weeks on, the six weeks prescribed are over and the booster (from week 20) is still
    # to come: no session is planned this week or last, so none is missed and nothing flagged.
    with clock.installed(clock.ManualClock(clock.now() + timedelta(weeks=9))):
        login_as(clinic, staff["clinician"])
        clinic.goto("/")
        row = clinic.locator(f"tr[data-participant='{participant.code}']")
        row.wait_for()
        assert row.get_by_test_id("flags").inner_text() == "none"
        assert row.get_by_test_id("this-week").inner_text() == "0 sessions, none planned"
        clinic.goto(f"/participants/{participant.pk}")
        plan = clinic.get_by_test_id("week-against-plan")
        plan.wait_for()
        assert plan.inner_text() == "0 sessions, none planned"

        # The clinician agrees one session a week with the participant from now on. Their page
        # counts against it at once, and so does the participant's own page.
        clinic.get_by_label("Sessions a week planned").fill("1")
        clinic.get_by_label("Reason for the change").fill("keeping it up")
        clinic.get_by_role("button", name="Save the plan").click()
        expect(plan).to_have_text("0 of 1 planned session")
        phone.goto(link)
        expect(phone.get_by_test_id("progress-words")).to_contain_text(
            "You have done 0 of 1 session planned this week."
        )


def test_the_progress_page_speaks_the_participants_language(page, new_page, staff):
    """The clinic reads English; the participant reads Spanish, and so does their progress page
    on a phone that has never been told (the server's answer names the language)."""
    participant = enrol_with_consent(staff["study"], staff["clinician"], language="es")
    login_as(page, staff["clinician"])
    page.goto(f"/participants/{participant.pk}")
    page.get_by_role("button", name="Progress link for the participant").click()
    link = page.get_by_test_id("progress-link").get_attribute("href")

    phone = new_page(390, 844)
    phone.goto(link)
    phone.get_by_role("heading", name="Su entrenamiento").wait_for()
    assert phone.evaluate("document.documentElement.lang") == "es"
    words = phone.get_by_test_id("progress-words").inner_text()
    # No dose is prescribed: the study's protocol plans three a week, as the clinic's list says.
    assert "Ha hecho 0 de 3 sesiones previstas esta semana." in words
    assert f"Código {participant.code}" in phone.locator("main").inner_text()
    assert "Your training" not in phone.locator("main").inner_text()
    # The clinic's own page stays in its reader's language.
    page.reload()
    page.get_by_role("button", name="Progress link for the participant").wait_for()
    assert not phone.console_errors, phone.console_errors
