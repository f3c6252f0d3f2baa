"""The examination clock in the browser: it starts when the participant's device shows the
hand, however late the link is opened, and the session page says the seconds each game uses."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from apps.common import clock
from apps.games import links
from apps.games.models import EventKind, GameEvent
from apps.participants.models import Protocol
from tests.e2e.conftest import enrol_with_consent, login_as, protocol_add

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SECONDS = 30
LATE = timedelta(seconds=45)


def thirty_seconds(staff, adaptive=None) -> Protocol:
    """A one-round Memulation protocol of 30 s examinations, its researcher adding it."""
    return protocol_add(
        staff,
        name=f"Thirty seconds {Protocol.objects.count() + 1}",
        game="memulation",
        rounds=1,
        examination_seconds=SECONDS,
        roles="participant_lame",
        opponent="random",
        adaptive=adaptive or {},
        opponent_pace_seconds=0,  # the browser tests do not wait for opponents
    )


def staircase_moved(staff, participant, rules) -> int:
    """An hour ago the participant played a session of an adaptive protocol (as a simulated
    player of no skill), and the metrics job moved their staircase: its seconds now."""
    from apps.games.demo import demo_game_play
    from apps.metrics.services import session_metrics_compute
    from apps.training import services as training

    an_hour_ago = clock.now() - timedelta(hours=1)
    with clock.installed(clock.ManualClock(an_hour_ago)):
        session = training.session_create(
            participant=participant, protocol=thirty_seconds(staff, rules), actor=staff["clinician"]
        )
    demo_game_play(session=session, start=an_hour_ago, skill=0.0, rng=random.Random(4))
    session_metrics_compute(session_id=session.pk, with_solver=False)
    participant.refresh_from_db()
    return participant.examination_seconds_override


def late_game(staff, *, late=LATE, adaptive=None, participant=None):
    """A session and its game, the session started ``late`` ago (zero: just now), its link not
    opened yet."""
    from apps.games import services as games
    from apps.training import services as training

    protocol = thirty_seconds(staff, adaptive)
    participant = participant or enrol_with_consent(staff["study"], staff["clinician"])
    # Started ``late`` ago: the services act on the injected clock, set back for the start.
    with clock.installed(clock.ManualClock(clock.now() - late)):
        session = training.session_create(
            participant=participant, protocol=protocol, actor=staff["clinician"]
        )
        return games.game_create(session=session)


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (390, 844)])
def test_a_link_opened_45_s_late_still_gets_the_full_examination(
    new_page, staff, shot, width, height
):
    game = late_game(staff)
    device = new_page(width, height)
    device.goto(f"/play/{links.play_link_token(game)}")

    start = device.get_by_test_id("exam-start")
    start.wait_for()
    assert device.get_by_test_id("countdown").count() == 0
    assert device.get_by_test_id("exam-hand").count() == 0
    assert device.locator(".card-btn").count() == 0  # nothing of the hands before the start
    assert start.bounding_box()["y"] + start.bounding_box()["height"] <= height
    shot(device, f"examination-start-{width}x{height}")

    start.click()
    hand = device.get_by_test_id("exam-hand")
    hand.wait_for()
    # The whole examination time is there, 45 s after the session started.
    assert int(device.get_by_test_id("countdown").inner_text()) >= SECONDS - 2
    assert device.locator("[data-testid=exam-hand] .card-btn").count() == 13
    # The hand itself is on screen while the clock runs, without scrolling.
    assert hand.bounding_box()["y"] < height
    shot(device, f"examination-started-{width}x{height}", full_page=False)

    shown = GameEvent.objects.get(game=game, kind=EventKind.EXAMINATION_SHOWN)
    created = GameEvent.objects.get(game=game, kind=EventKind.GAME_CREATED)
    assert shown.seat == game.participant_seat and shown.client_time is not None
    assert shown.server_time - created.server_time >= LATE
    assert not device.console_errors, device.console_errors


@pytest.mark.parametrize("adaptive", [False, True])
def test_the_session_page_shows_each_games_examination_seconds(page, staff, shot, adaptive):
    # The participant's staircase was moved by an adaptive protocol's session; it counts only
    # when this session's protocol is adaptive too.
    rules = {"enabled": True, "min_seconds": 5, "max_seconds": 60}
    participant = enrol_with_consent(staff["study"], staff["clinician"])
    left = staircase_moved(staff, participant, rules)
    assert left != SECONDS
    game = late_game(staff, adaptive=rules if adaptive else None, participant=participant)
    login_as(page, staff["clinician"])
    page.goto(f"/sessions/{game.session_id}")
    used = page.get_by_test_id("game-examination-seconds")
    used.wait_for()
    status = page.get_by_test_id("session-status").inner_text()
    assert f"{SECONDS} s examination in the protocol" in status
    if adaptive:
        assert used.inner_text() == f"{left} s examination per hand (set by adaptive difficulty)"
        assert "adaptive difficulty on" in status
    else:
        assert used.inner_text() == f"{SECONDS} s examination per hand"
    shot(page, f"session-examination-seconds{'-adaptive' if adaptive else ''}")


def examination_on_show(new_page, staff, width, height, *, large_print=False):
    game = late_game(staff)
    device = new_page(width, height)
    if large_print:
        device.add_init_script(
            "window.localStorage.setItem('memulation.display', JSON.stringify("
            "{palette: 'two', largePrint: true, trickPauseMs: 250}));"
        )
    device.goto(f"/play/{links.play_link_token(game)}")
    device.get_by_test_id("exam-start").click()
    device.get_by_test_id("exam-hand").wait_for()
    return device


def bottom(locator) -> float:
    box = locator.bounding_box()
    return box["y"] + box["height"]


@pytest.mark.parametrize("large_print", [False, True])
def test_at_1024x768_the_hand_and_im_ready_fit_without_scrolling(
    new_page, staff, shot, large_print
):
    device = examination_on_show(new_page, staff, 1024, 768, large_print=large_print)
    shot(device, f"examination-1024x768{'-large' if large_print else ''}", full_page=False)
    assert bottom(device.get_by_test_id("exam-hand")) <= 768
    assert bottom(device.get_by_test_id("ready")) <= 768
    assert device.evaluate("window.scrollY") == 0


def test_on_a_phone_the_whole_hand_is_visible_while_the_clock_runs(new_page, staff, shot):
    device = examination_on_show(new_page, staff, 390, 844)
    shot(device, "examination-390x844", full_page=False)
    assert bottom(device.get_by_test_id("exam-hand")) <= 844
    assert device.get_by_test_id("countdown").bounding_box()["y"] >= 0
    assert bottom(device.get_by_test_id("countdown")) <= 844


def test_larger_print_enlarges_the_cards(new_page, staff):
    widths = {}
    for large in (False, True):
        device = examination_on_show(new_page, staff, 1024, 768, large_print=large)
        widths[large] = device.locator("[data-testid=exam-hand] .card-svg").first.bounding_box()[
            "width"
        ]
    assert widths[True] >= widths[False] * 1.15, widths


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_running_countdown_does_not_lay_the_page_out_at_every_frame(new_page, staff, motion):
    # A clinic's tablet draws the examination for its whole length: the bar's movement is left
    # to the compositor, and only the seconds' figure changes the page.
    game = late_game(staff, late=timedelta(0))  # started now, as a clinician starts it
    device = new_page(1024, 768)
    device.emulate_media(reduced_motion=motion)
    device.goto(f"/play/{links.play_link_token(game)}")
    device.get_by_test_id("exam-start").click()
    device.get_by_test_id("countdown").wait_for()
    cdp = device.context.new_cdp_session(device)
    cdp.send("Performance.enable")

    def layouts() -> float:
        metrics = cdp.send("Performance.getMetrics")["metrics"]
        return next(m["value"] for m in metrics if m["name"] == "LayoutCount")

    before = layouts()
    device.wait_for_timeout(3000)
    # At most a few a second (the figure, the server's answers); a frame-by-frame layout is 60.
    assert layouts() - before <= 3 * 6, layouts() - before
    assert device.get_by_test_id("exam-hand").is_visible()
