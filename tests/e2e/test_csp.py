"""The Content-Security-Policy is in force in the browser: the app loads under it, and an
injected inline script is refused (and reported, as the other browser tests would see it)."""

import pytest


def test_the_app_loads_under_the_policy_and_inline_script_is_refused(page):
    response = page.goto("/login")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.get_by_role("button", name="Sign in").wait_for()
    assert not page.console_errors, page.console_errors
    with pytest.raises(Exception):  # noqa: B017 - Playwright reports the refused tag generically
        page.add_script_tag(content="window.injected = true;")
    assert page.evaluate("() => window.injected === undefined")
    page.wait_for_function("() => true")
    assert any(e.startswith("CSP violation: script-src") for e in page.console_errors), (
        page.console_errors
    )
