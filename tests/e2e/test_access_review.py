"""The access review in the browser: an admin (signed in with a second factor) sees each
account's access and who granted it, revokes a place on a study in place and confirms the
review."""

import pyotp

from apps.accounts.models import User
from apps.participants.services import study_update
from tests.e2e.conftest import PASSWORD
from tests.e2e.test_second_factor import _password_step


def test_an_admin_reviews_access_revokes_and_confirms(page, staff):
    admin = User.objects.create_user(username="ada", password=PASSWORD, role=User.Role.ADMIN)
    # The fixture's team was set without the audit trail: granted again, through the service.
    study_update(study=staff["study"], actor=admin, clinicians=[])
    study_update(study=staff["study"], actor=admin, clinicians=[staff["clinician"]])
    _password_step(page, "ada")
    secret = page.get_by_test_id("totp-secret").inner_text()
    page.get_by_label("Code the app shows").fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name="Add the app").click()
    page.get_by_role("button", name="Continue").click()

    page.get_by_role("link", name="Access").click()
    claude = page.locator("[data-testid=account][data-username=claude]")
    claude.get_by_text("clinical team").wait_for()
    assert "ada" in claude.inner_text()  # who granted it
    claude.get_by_role("button", name="Revoke clinical team of Memory clinic pilot").click()
    claude.get_by_text("clinical team").wait_for(state="detached")
    page.get_by_label("Note on this review").fill("Quarterly")
    page.get_by_role("button", name="Confirm the review").click()
    page.get_by_test_id("last-review").filter(has_text="by ada").wait_for()
    assert not staff["study"].clinicians.exists()
    assert not page.console_errors, page.console_errors
