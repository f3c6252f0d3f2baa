"""Live tables over Channels, against the real ASGI application and the Redis channel layer."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client

from apps.accounts.models import User
from apps.common import clock
from apps.games import links
from apps.games.models import Game, GameEvent, RecallProbe
from apps.live import protocol, push
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.test_hidden_information import cards_in, face_up_during, seat_may_see
from tests.apps.live.sockets import ORIGIN, Seat, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def new_game(clinician, game="memulation", **fields) -> Game:
    """A new game; a Memulation one with hand A's clock started, as the device would."""
    from apps.games import services

    participant = make_participant(clinicians=[clinician])
    fields.setdefault("opponent", "random")
    protocol = make_protocol(study=participant.study, game=game, rounds=1, **fields)
    session = make_session(participant=participant, protocol=protocol, status="started")
    created = services.game_create(session=session)
    if game == "memulation":
        event, request = {"type": "start"}, services.ClientFacts()
        services.game_examination_event(game_id=created.pk, link=None, event=event, request=request)
    # Told before any socket of the test connects (a socket would be pushed it again otherwise).
    assert push.announcer.drain()
    return created


def link_path(game: Game) -> str:
    return f"/ws/play/{links.play_link_token(game)}/"


def events_of(game: Game) -> int:
    return GameEvent.objects.filter(game=game).count()


def run(scenario):
    return async_to_sync(scenario)()


def is_a_reply(message: dict) -> bool:
    """An answer or a refusal, not a view or events the server pushed meanwhile."""
    return message["type"] not in ("view", "events")


def codes_of(replies: list[dict]) -> list[str]:
    return [r["error"]["code"] if r["type"] == "error" else r["type"] for r in replies]


# -- admission --------------------------------------------------------------------------------


def test_a_link_opens_the_seat_and_gets_its_view(clinician):
    game = new_game(clinician)

    async def scenario():
        seat = Seat(link_path(game))
        assert (await seat.connect())[0]
        view = await seat.view()
        await seat.close()
        return view

    view = run(scenario)
    assert (view["id"], view["seat"], view["state"]["phase"]) == (game.pk, 0, "examination")


@pytest.mark.parametrize(
    "how", ["bad-token", "revoked", "no-origin", "foreign-origin", "anonymous", "other-clinician"]
)
def test_a_socket_that_may_not_see_the_game_is_refused_at_connect(how, clinician):
    game = new_game(clinician)
    path, headers = link_path(game), [ORIGIN]
    if how == "bad-token":
        path = "/ws/play/not-a-token/"
    elif how == "revoked":
        client = Client()
        client.force_login(clinician)  # the clinician hands out new links: the old ones stop
        revoked = client.post(
            f"/api/games/{game.pk}/link/",
            {"revoke_previous": True},
            content_type="application/json",
        )
        assert revoked.status_code == 201
    elif how == "no-origin":
        headers = []
    elif how == "foreign-origin":
        headers = [(b"origin", b"https://evil.example")]
    elif how == "anonymous":
        path = f"/ws/games/{game.pk}/"
    else:
        other = User.objects.create_user(username="other", password="x" * 12, role="clinician")
        path, headers = f"/ws/games/{game.pk}/", [ORIGIN, session_cookie(other)]

    async def scenario():
        seat = Seat(path, headers=headers)
        connected, _ = await seat.connect()
        if connected:
            await seat.close()
        return connected

    assert run(scenario) is False


def test_staff_with_a_session_open_the_participant_seat(clinician):
    game = new_game(clinician)
    cookie = session_cookie(clinician)

    async def scenario():
        seat = Seat(f"/ws/games/{game.pk}/", headers=[ORIGIN, cookie])
        assert (await seat.connect())[0]
        view = await seat.view()
        await seat.close()
        return view

    assert run(scenario)["seat"] == game.participant_seat


# -- bad messages -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("not json", "malformed_message"),
        ("[1, 2]", "malformed_message"),
        ("[" * 3000 + "]" * 3000, "message_too_large"),
        ("[" * 2000 + "]" * 2000, "malformed_message"),
        (json.dumps({"type": "act", "data": {"type": "play", "card": "x" * 5000}}), None),
        (json.dumps({"type": "shout"}), "invalid_input"),
        (json.dumps({"type": "act", "data": {"type": "play"}, "extra": 1}), "unknown_fields"),
        (json.dumps({"type": "act", "data": "play"}), "invalid_input"),
        (json.dumps({"type": "resume", "since": "x"}), "invalid_input"),
        ('{"type": "act", "data": {"type": "ready", "event_id": 1e400}}', "malformed_message"),
        # Half a character: once echoed in the refusal's ref, which could not be sent.
        ('{"type": "dance", "ref": "\\ud800"}', "malformed_message"),
        ('{"type": "act", "data": {"event_id": "a\\udfffb"}}', "malformed_message"),
    ],
)
def test_a_bad_message_gets_an_error_and_changes_nothing(message, code, clinician):
    game = new_game(clinician)
    before = events_of(game)
    code = code or "message_too_large"

    async def scenario():
        seat = Seat(link_path(game))
        await seat.connect()
        await seat.view()
        await seat.send(message)
        error = await seat.until(lambda m: m["type"] == "error")
        await seat.close()
        return error

    error = run(scenario)
    assert error["error"]["code"] == code and error["error"]["message"]
    assert set(error["error"]) == {"code", "message", "details"}
    assert events_of(game) == before


def answer_to(game, kind: str, data: dict) -> dict:
    """The answer to one message from a seat that connects, reads its view, asks and leaves."""

    async def scenario():
        seat = Seat(link_path(game))
        await seat.connect()
        await seat.view()
        answer = await seat.ask(kind, data)
        await seat.close()
        return answer

    return run(scenario)


def test_a_move_out_of_turn_is_refused_in_the_error_shape_and_changes_nothing(clinician):
    game = new_game(clinician)  # still in the examination: no card may be played
    started = answer_to(game, "examine", {"type": "start"})
    card = started["body"]["state"]["examination"]["cards"][0]
    before = events_of(game)
    answer = answer_to(game, "act", {"type": "play", "card": card})
    assert answer["status"] == 409
    assert answer["body"]["error"]["code"] == "wrong_phase"
    assert events_of(game) == before


def test_a_card_too_long_to_be_one_is_refused_as_over_http(clinician):
    game = new_game(clinician)
    before = events_of(game)
    answer = answer_to(game, "act", {"type": "play", "card": "QHSX"})
    assert answer["status"] == 400
    assert answer["body"]["error"]["code"] == "invalid_card"
    assert events_of(game) == before


def test_a_flood_is_held_back_by_the_per_socket_limit(clinician):
    game = new_game(clinician)
    before = events_of(game)
    limit = protocol.Bucket()
    still = clock.ManualClock()  # through the flood, however slowly the machine answers it

    async def scenario():
        seat = Seat(link_path(game))
        await seat.connect()
        await seat.view()
        for _ in range(100):
            await seat.send("junk")
        await seat.send({"type": "examine", "data": {"type": "page_visible"}})
        flood = [await seat.until(is_a_reply) for _ in range(101)]
        still.advance(1)  # a second later, a second's worth is let through again
        for _ in range(int(limit.rate) + 1):
            await seat.send("junk")
        later = [await seat.until(is_a_reply) for _ in range(int(limit.rate) + 1)]
        await seat.close()
        return flood, later

    with clock.installed(still):
        flood, later = run(scenario)
    burst, rate = int(limit.burst), int(limit.rate)
    # the burst is let through (and refused as malformed); the rest, the move sent last among
    # them, held back
    assert codes_of(flood) == ["malformed_message"] * burst + ["rate_limited"] * (101 - burst)
    assert codes_of(later) == ["malformed_message"] * rate + ["rate_limited"]
    assert events_of(game) == before


# -- one path for both transports -------------------------------------------------------------


def test_the_same_event_over_the_socket_and_over_http_applies_once(clinician):
    game = new_game(clinician)
    http = Client()
    http.force_login(clinician)
    move = {"type": "ready", "event_id": "both-ways"}

    async def scenario():
        seat = Seat(link_path(game))
        await seat.connect()
        await seat.view()
        await seat.send({"type": "examine", "ref": "a", "data": move})
        answer = await seat.until(lambda m: m["type"] == "answer")
        await seat.close()
        return answer

    answer = run(scenario)
    over_http = http.post(
        f"/api/games/{game.pk}/examination/", move, content_type="application/json"
    )
    assert over_http.status_code == answer["status"] == 200
    raw = answer["_raw"]
    assert raw[raw.index('"body":') + len('"body":') : -1] == over_http.content.decode()
    assert GameEvent.objects.filter(game=game, event_id="both-ways").count() == 1


def test_every_seat_is_pushed_the_change_another_made(clinician):
    game = new_game(clinician)
    http = Client()
    http.force_login(clinician)
    cookie = session_cookie(clinician)

    async def scenario():
        device = Seat(link_path(game))
        staff = Seat(f"/ws/games/{game.pk}/", headers=[ORIGIN, cookie])
        await device.connect()
        await staff.connect()
        first = await device.view()
        await staff.view()
        await database_sync_to_async(http.post)(
            f"/api/games/{game.pk}/examination/", {"type": "ready"}, content_type="application/json"
        )
        events = await device.until(lambda m: m["type"] == "events")
        pushed = await device.view(at_least=first["version"] + 1)
        staff_view = await staff.view(at_least=first["version"] + 1)
        await device.close()
        await staff.close()
        return first, events, pushed, staff_view

    first, events, pushed, staff_view = run(scenario)
    assert [e["seq"] for e in events["events"]] == list(
        range(first["version"], first["version"] + len(events["events"]))
    )
    assert pushed["examination"]["hand"] == "B"
    assert staff_view["version"] == pushed["version"]


def test_a_client_that_drops_resumes_with_the_events_it_missed_in_order(clinician):
    game = new_game(clinician)
    http = Client()
    http.force_login(clinician)
    base = f"/api/games/{game.pk}/"

    async def scenario():
        seat = Seat(link_path(game))
        await seat.connect()
        seen = (await seat.view())["version"] - 1
        await seat.close()  # the device drops; the game goes on without it
        for kind in ("ready", "start", "ready"):  # hand A ends, hand B is shown and ends
            await database_sync_to_async(http.post)(
                base + "examination/", {"type": kind}, content_type="application/json"
            )
        back = Seat(link_path(game) + f"?since={seen}")
        await back.connect()
        events = await back.until(lambda m: m["type"] == "events")
        view = await back.view()
        await back.close()
        return seen, events, view

    seen, events, view = run(scenario)
    seqs = [e["seq"] for e in events["events"]]
    game.refresh_from_db()
    assert seqs == list(range(seen + 1, game.next_seq))
    assert view["version"] == game.next_seq
    assert view["state"]["phase"] != "examination"


# -- hidden information -----------------------------------------------------------------------


def checker(game_id: int):
    """Checks every message a seat is sent: no card the seat may not see at that moment."""
    from apps.games import services

    previous = {"version": 0}

    def check(message: dict) -> None:
        game = Game.objects.get(pk=game_id)
        if message["type"] == "view" or (message["type"] == "answer" and message["status"] == 200):
            body = message.get("view") or message["body"]
            since = previous["version"]
            allowed = seat_may_see(game, body) | face_up_during(game, since, body["seat"])
            previous["version"] = max(since, body["version"])
        elif message["type"] == "events":
            body = services.game_view(game_id=game_id)
            since = message["events"][0]["seq"]
            allowed = seat_may_see(game, body) | face_up_during(game, since, body["seat"])
        else:
            allowed = set()
        leaked = cards_in({k: v for k, v in message.items() if k != "_raw"}) - allowed
        assert not leaked, f"a {message['type']} message named {sorted(leaked)}"

    return check


@pytest.mark.parametrize(
    ("game_type", "extra"),
    [
        ("memulation", {}),
        ("memulation", {"recall_probes": 2}),
        ("mendikot", {"trump_rule": "hidden_ask"}),
        ("mendikot", {"trump_rule": "hidden_reveal"}),
    ],
)
def test_no_pushed_message_of_a_whole_game_names_a_card_the_seat_may_not_see(
    game_type, extra, clinician
):
    game = new_game(clinician, game=game_type, **extra)

    async def scenario():
        seat = Seat(link_path(game), check=checker(game.pk))
        await seat.connect()
        final = await seat.play_through(seed=5)
        await seat.close()
        return final, seat.messages

    final, messages = run(scenario)
    assert final["state"]["finished"]
    assert {m["type"] for m in messages} >= {"view", "answer", "events"}
    if extra.get("recall_probes"):  # answered over the socket, one row each
        assert RecallProbe.objects.filter(game=game).count() == 6


def test_a_move_sent_on_one_socket_is_pushed_to_the_others(clinician):
    game = new_game(clinician)

    async def scenario():
        mover, watcher = Seat(link_path(game)), Seat(link_path(game))
        await mover.connect()
        await watcher.connect()
        first = await mover.view()
        await watcher.view()
        answer = await mover.ask("examine", {"type": "page_hidden"})
        pushed = await watcher.view(at_least=answer["body"]["version"])
        await mover.close()
        await watcher.close()
        return first, answer, pushed

    first, answer, pushed = run(scenario)
    assert answer["status"] == 200
    assert pushed["version"] == answer["body"]["version"] > first["version"]
