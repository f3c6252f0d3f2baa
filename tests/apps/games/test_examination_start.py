"""The examination clock starts when the participant's device shows the hand, not before."""

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.common import clock
from apps.games import services
from apps.games.models import EventKind, ExaminationPeriod, Game, GameEvent
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.playing import play_through

pytestmark = pytest.mark.django_db


def late_game(clinician, *, late: float = 45, **protocol) -> Game:
    """A Memulation game whose session (and game) started ``late`` seconds ago."""
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(
        study=participant.study, opponent="random", roles="participant_lame", **protocol
    )
    started = timezone.now() - timedelta(seconds=late)
    session = make_session(participant=participant, protocol=protocol, status="started", at=started)
    with clock.installed(clock.ManualClock(started)):
        return services.game_create(session=session, seed=7)


@pytest.fixture
def device(clinician, client_for):
    """The participant's device: the single-game link the clinician showed as a QR code."""

    def open_link(game: Game) -> str:
        token = client_for(clinician).post(f"/api/games/{game.pk}/link/").json()["token"]
        return f"/api/play/{token}/"

    return open_link


def test_a_link_opened_45_s_late_still_gets_the_full_examination(clinician, device, api):
    protocol_seconds = 20
    game = late_game(clinician, late=45, examination_seconds=protocol_seconds)
    base = device(game)

    waiting = api.get(base).json()
    assert waiting["state"]["phase"] == "examination"
    assert waiting["examination"]["waiting"] is True
    assert waiting["examination"]["seconds_left"] == protocol_seconds
    assert waiting["examination"]["starts_in_seconds"] is None
    # Nothing of either hand is in the view while the clock waits.
    assert waiting["state"]["examination"]["cards"] is None
    assert waiting["state"]["examination"]["hand"] is None
    assert not ExaminationPeriod.objects.filter(game=game).exists()

    client_time = timezone.now() - timedelta(milliseconds=150)
    before = timezone.now()
    started = api.post(
        base + "examination/",
        {"type": "start", "event_id": "shown-1", "client_time": client_time.isoformat()},
        format="json",
    )
    assert started.status_code == 200, started.content
    body = started.json()
    assert body["examination"]["waiting"] is False
    assert body["examination"]["hand"] == "A"
    assert body["examination"]["seconds_left"] > protocol_seconds - 1
    assert len(body["state"]["examination"]["cards"]) == 13

    # The log says when the hand was first shown, by the server's clock and the device's.
    shown = GameEvent.objects.get(game=game, kind=EventKind.EXAMINATION_SHOWN)
    assert shown.seat == 0 and shown.event_id == "shown-1"
    assert shown.server_time >= before
    assert shown.client_time == client_time
    assert shown.payload["hand"] == "A" and shown.payload["planned_seconds"] == protocol_seconds
    created = GameEvent.objects.get(game=game, kind=EventKind.GAME_CREATED)
    assert shown.server_time - created.server_time >= timedelta(seconds=45)
    assert shown.payload["shown_at"] == shown.server_time.isoformat()

    # Hand A then runs its full time from that moment (the services' clock moved on past it).
    later = clock.ManualClock(timezone.now() + timedelta(seconds=protocol_seconds + 3))
    with clock.installed(later):
        assert api.get(base).json()["examination"]["hand"] == "B"
        # A read writes nothing: the next request that acts records hand A's end.
        assert api.post(base + "examination/", {"type": "page_visible"}).status_code == 200
    period = ExaminationPeriod.objects.get(game=game, hand="A")
    assert period.actual_seconds == period.planned_seconds == protocol_seconds


def test_start_is_idempotent_and_a_second_start_changes_nothing(clinician, device, api):
    game = late_game(clinician)
    base = device(game)
    first = api.post(base + "examination/", {"type": "start", "event_id": "s1"}, format="json")
    count = GameEvent.objects.filter(game=game).count()
    again = api.post(base + "examination/", {"type": "start", "event_id": "s1"}, format="json")
    assert again.status_code == 200 and again.json() == first.json()
    other = api.post(base + "examination/", {"type": "start", "event_id": "s2"}, format="json")
    assert other.status_code == 200
    left = first.json()["examination"]["seconds_left"]
    assert other.json()["examination"]["seconds_left"] <= left
    assert GameEvent.objects.filter(game=game).count() == count
    assert GameEvent.objects.filter(game=game, kind=EventKind.EXAMINATION_SHOWN).count() == 1


@pytest.mark.parametrize("event", [{"type": "ready"}, {"type": "sort", "cards": []}])
def test_nothing_but_start_is_taken_while_the_clock_waits(clinician, device, api, event):
    game = late_game(clinician)
    base = device(game)
    count = GameEvent.objects.filter(game=game).count()
    response = api.post(base + "examination/", event, format="json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "wrong_phase"
    assert GameEvent.objects.filter(game=game).count() == count
    assert api.get(base).json()["examination"]["waiting"] is True


def test_a_hidden_page_before_the_start_is_not_examination_time(clinician, device, api):
    game = late_game(clinician)
    base = device(game)
    api.post(base + "examination/", {"type": "page_hidden"}, format="json")
    api.post(base + "examination/", {"type": "page_visible"}, format="json")
    hidden = GameEvent.objects.get(game=game, kind=EventKind.PAGE_HIDDEN)
    assert hidden.payload == {"during_examination": False}
    api.post(base + "examination/", {"type": "start"}, format="json")
    api.post(base + "examination/", {"type": "ready"}, format="json")
    assert ExaminationPeriod.objects.get(game=game, hand="A").page_hidden_seconds == 0


def test_start_outside_the_examination_is_wrong_phase(clinician, device, api):
    game = late_game(clinician)
    base = device(game)
    for kind in ("start", "ready", "start", "ready"):
        api.post(base + "examination/", {"type": kind}, format="json")
    assert api.get(base).json()["state"]["phase"] == "play"
    response = api.post(base + "examination/", {"type": "start"}, format="json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "wrong_phase"


def test_every_deal_waits_for_the_device_and_logs_its_start(clinician, device, api):
    game = late_game(clinician, late=0, rounds=1)
    waits = []

    def on_body(body):
        if body["examination"] and body["examination"]["waiting"]:
            exam = body["examination"]
            waits.append((exam["deal"], exam["hand"], body["state"]["examination"]["cards"]))

    play_through(api, device(game), on_body=on_body)
    assert waits == [(1, "A", None), (1, "B", None), (2, "A", None), (2, "B", None)]
    shown = GameEvent.objects.filter(game=game, kind=EventKind.EXAMINATION_SHOWN)
    assert [(e.seat, e.payload["deal"], e.payload["hand"]) for e in shown] == [
        (0, 1, "A"),
        (0, 1, "B"),
        (0, 2, "A"),
        (0, 2, "B"),
    ]
    starts = [e for e in shown if e.payload["hand"] == "A"]
    # The New Deal's hand A is still shown only after the pause to see the last trick taken.
    new_deal = starts[1]
    shown_at = timezone.datetime.fromisoformat(new_deal.payload["shown_at"])
    assert shown_at >= new_deal.server_time


def test_hand_b_waits_for_the_device_and_is_logged_like_hand_a(clinician, device, api):
    protocol_seconds = 20
    game = late_game(clinician, late=0, examination_seconds=protocol_seconds)
    base = device(game)
    api.post(base + "examination/", {"type": "start", "event_id": "a"}, format="json")
    after_a = api.post(base + "examination/", {"type": "ready", "event_id": "r"}, format="json")
    body = after_a.json()
    # Hand A is over; hand B is ready but shows nothing and runs no time until the device says.
    assert body["examination"]["hand"] == "B" and body["examination"]["waiting"] is True
    assert body["examination"]["seconds_left"] == protocol_seconds
    assert body["state"]["examination"]["cards"] is None

    # A device that shows hand B a while later loses none of its time.
    with clock.installed(clock.ManualClock(timezone.now() + timedelta(seconds=30))):
        assert api.get(base).json()["examination"]["waiting"] is True
        client_time = timezone.now()
        started = api.post(
            base + "examination/",
            {"type": "start", "event_id": "b", "client_time": client_time.isoformat()},
            format="json",
        ).json()
    assert started["examination"]["hand"] == "B" and not started["examination"]["waiting"]
    assert started["examination"]["seconds_left"] > protocol_seconds - 1
    assert len(started["state"]["examination"]["cards"]) == 13
    shown = GameEvent.objects.filter(game=game, kind=EventKind.EXAMINATION_SHOWN).order_by("seq")
    assert [e.payload["hand"] for e in shown] == ["A", "B"]
    assert shown[1].event_id == "b" and shown[1].seat == 0 and shown[1].client_time == client_time


def test_hand_b_after_hand_a_s_time_runs_out_waits_too(clinician, device, api):
    game = late_game(clinician, late=0, examination_seconds=20)
    base = device(game)
    api.post(base + "examination/", {"type": "start"}, format="json")
    with clock.installed(clock.ManualClock(timezone.now() + timedelta(seconds=60))):
        body = api.post(base + "examination/", {"type": "page_visible"}, format="json").json()
    assert body["examination"]["hand"] == "B" and body["examination"]["waiting"] is True
    assert ExaminationPeriod.objects.get(game=game, hand="A").actual_seconds == 20
    assert not ExaminationPeriod.objects.filter(game=game, hand="B").exists()
