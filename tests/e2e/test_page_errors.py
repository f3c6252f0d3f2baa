"""End-to-end: a page whose code cannot be loaded (the files of the version the tab was opened
on are gone after a deploy, or the connection dropped) loads the app again once by itself; when
that fails too, it says so, with a way on, instead of leaving a blank screen."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import enrol_with_consent, login_as

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PARTICIPANT_PAGE_CODE = re.compile(r"/static/assets/ParticipantPage-[\w-]+\.js$")


def test_a_page_whose_code_is_gone_reloads_once_then_says_so(page, staff):
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    login_as(page, staff["clinician"])
    page.goto("/")
    row = page.locator(f"tr[data-participant='{participant.code}']")
    asked = []
    page.route(PARTICIPANT_PAGE_CODE, lambda route: (asked.append(1), route.abort()))
    loads = []
    page.on("load", lambda _page: loads.append(page.url))

    # The click's attempt fails, and the tab loads the app again (the error screen may show for
    # a moment before it goes); the reloaded page's attempt fails too, and the screen stays.
    with page.expect_event("load"):
        row.get_by_role("link").first.click()
    alert = page.get_by_role("alert").filter(has_text="This page could not be shown")
    alert.wait_for()
    assert len(asked) == 2, asked
    assert loads == [page.url] and page.url.endswith(f"/participants/{participant.pk}")
    page.wait_for_timeout(500)
    assert len(asked) == 2 and len(loads) == 1

    page.unroute(PARTICIPANT_PAGE_CODE)
    page.get_by_role("button", name="Load the page again").click()
    page.get_by_role("heading", name=f"Participant {participant.code}").wait_for()
    assert not alert.is_visible()
