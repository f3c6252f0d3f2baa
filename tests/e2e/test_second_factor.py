"""The second factor in the browser: an admin enrols an authenticator app at first sign-in
(the code computed from the secret the page shows, as the app would), signs in again with a
fresh code, adds a passkey (Chromium's virtual authenticator, the page not moving as it loads)
and signs in with it; an idle session warns a minute before it signs out."""

from __future__ import annotations

import re

import pyotp

from apps.accounts.models import User
from tests.conftest import totp_now
from tests.e2e.conftest import PASSWORD


def _password_step(page, username: str) -> None:
    page.goto("/login")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()


def _sign_out(page) -> None:
    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("button", name="Sign in").wait_for()


def _add_a_factor_keeping_the_buttons_still(page) -> None:
    """Opens "Add a second factor" with the app's set-up held back by the network, and checks
    that the passkey button stays where it was when the set-up code arrives: a person who
    clicks it while the code loads must not click the space it left."""
    held = []
    page.route("**/api/auth/totp", lambda route: held.append(route))
    page.get_by_role("button", name="Add a second factor").click()
    passkey = page.get_by_role("button", name="Add a passkey instead")
    passkey.wait_for()
    while not held:
        page.wait_for_timeout(20)
    before = passkey.bounding_box()
    held[0].continue_()
    page.unroute("**/api/auth/totp")
    page.get_by_test_id("totp-secret").wait_for()
    assert passkey.bounding_box() == before


def test_an_admin_enrols_an_app_and_a_passkey_and_signs_in_with_each(page, transactional_db, shot):
    User.objects.create_user(username="ada", password=PASSWORD, role=User.Role.ADMIN)
    _password_step(page, "ada")
    page.get_by_role("heading", name="Set up a second factor").wait_for()
    secret = page.get_by_test_id("totp-secret").inner_text()
    shot(page, "second-factor-enrol")
    first = pyotp.TOTP(secret).now()
    page.get_by_label("Code the app shows").fill(first)
    page.get_by_role("button", name="Add the app").click()
    codes = page.get_by_role("list", name="Recovery codes").get_by_role("listitem")
    codes.first.wait_for()
    assert codes.count() == 10
    page.get_by_role("button", name="Continue").click()
    page.get_by_role("button", name="Sign out").wait_for()
    _sign_out(page)

    # Again: the password, then a new code (a code is accepted once).
    _password_step(page, "ada")
    page.get_by_label("Code from your authenticator app, or a recovery code").fill("000000")
    page.get_by_role("button", name="Verify").click()
    page.get_by_role("alert").filter(has_text="not right").wait_for()
    page.wait_for_timeout(1100)  # the device's hold after a wrong code
    page.get_by_label("Code from your authenticator app, or a recovery code").fill(
        totp_now(secret, after=first)
    )
    page.get_by_role("button", name="Verify").click()
    page.get_by_role("button", name="Sign out").wait_for()

    # A passkey, made by Chromium's virtual authenticator (as a platform authenticator would).
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
            }
        },
    )
    page.get_by_role("link", name="Security").click()
    _add_a_factor_keeping_the_buttons_still(page)
    page.get_by_role("button", name="Add a passkey instead").click()
    page.get_by_text("Your recovery codes stay as they were.").wait_for()
    page.get_by_role("button", name="Continue").click()
    page.get_by_text(re.compile(r"Passkeys: (?!none)")).wait_for()
    _sign_out(page)

    _password_step(page, "ada")
    page.get_by_role("button", name="Use a passkey").click()
    page.get_by_role("button", name="Sign out").wait_for()
    assert page.console_errors == []


def test_an_idle_session_warns_then_signs_out(page, transactional_db):
    User.objects.create_user(username="rosa", password=PASSWORD, role=User.Role.RESEARCHER)
    page.clock.install()
    _password_step(page, "rosa")
    page.get_by_role("button", name="Sign out").wait_for()
    page.clock.run_for("14:05")  # 15 minutes is the default; the warning comes a minute before
    warning = page.get_by_role("alertdialog", name="Still there?")
    warning.wait_for()
    page.get_by_role("button", name="Stay signed in").click()
    warning.wait_for(state="hidden")
    page.clock.run_for("14:05")
    warning.wait_for()
    page.clock.run_for("01:05")
    page.get_by_text("You were signed out after a time without activity.").wait_for()
    assert page.request.get("/api/me").status == 403
