"""A participant who cannot scan the QR code types its short code instead, and plays."""

from __future__ import annotations

import pytest

from apps.games import links
from apps.games import services as games
from apps.training import services as training
from tests.e2e.conftest import enrol_with_consent, login_as, run_axe

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_typed_join_code_opens_the_game_on_the_participants_device(page, new_page, staff):
    clinician = staff["clinician"]
    participant = enrol_with_consent(staff["study"], clinician, group="A")
    session = training.session_create(
        participant=participant, protocol=staff["memulation"], actor=clinician
    )
    game = games.game_create(session=session)
    login_as(page, clinician)
    page.goto(f"/sessions/{session.pk}")
    page.get_by_test_id("show-qr").click()
    code = page.get_by_test_id("join-code").inner_text()
    assert len(code) == 6

    device = new_page()
    device.goto("/join")
    assert run_axe(device) == []
    device.get_by_label("The code you were given").fill(code.lower())
    device.get_by_role("button", name="Open the game").click()
    device.wait_for_url("**/play/**")
    device.get_by_role("button", name="Start").first.wait_for()
    token = device.url.rsplit("/play/", 1)[1].strip("/")
    assert links.play_link_claim(token).game_id == game.pk

    wrong = new_page()
    wrong.goto("/join")
    wrong.get_by_label("The code you were given").fill("ZZZZZZ")
    wrong.get_by_role("button", name="Open the game").click()
    assert "no such code" in wrong.get_by_role("alert").inner_text().lower()
