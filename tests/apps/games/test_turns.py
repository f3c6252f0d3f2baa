"""Turns on the server clock: the opponents' pace, turn timers, and silent seats taken over and
returned. Time is moved with the injectable clock, never slept. Games for one person are made as
a session's game is; tables of two people through ``POST /api/tables/`` and their seats' links."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from apps.games import links, services
from apps.games.models import EventKind, Game, GameEvent, Play
from apps.games.runtime import examination, turns
from apps.metrics.compute import timing_values
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.tables import open_table, people, protocol_for, token_of

pytestmark = pytest.mark.django_db


def new_game(*, seed: int = 5, **protocol) -> Game:
    """A Mendikot game for one participant (trump turned up, random opponents) of a protocol
    with ``protocol``'s turn settings."""
    participant = make_participant()
    protocol = make_protocol(
        study=participant.study,
        game="mendikot",
        rounds=1,
        trump_rule="turn_up",
        opponent="random",
        **protocol,
    )
    session = make_session(participant=participant, protocol=protocol, status="started")
    return services.game_create(session=session, seed=seed)


# Each table's person seats' links, as its devices hold them (seat -> claim).
LINKS: dict[int, dict[int, links.Claim]] = {}


def link_of(game: Game, seat: int) -> links.Claim | None:
    """The seat's link at a table (None for a game for one person: staff act for it)."""
    return LINKS.get(game.pk, {}).get(seat)


@pytest.fixture
def two_people(clinician, client_for):
    """``two_people(**protocol)``: a Mendikot table of two participants (seats 0 and 2) and two
    computer opponents, opened through the API, both seats joined through their links."""
    staff = client_for(clinician)

    def open_(**protocol) -> Game:
        seated = people(clinician, 2)
        chosen = protocol_for(seated, game="mendikot", trump_rule="turn_up", **protocol)
        table = open_table(
            staff,
            chosen,
            [
                {"kind": "participant", "participant": seated[0].pk},
                {"kind": "bot"},
                {"kind": "participant", "participant": seated[1].pk},
                {"kind": "bot"},
            ],
        )
        for seat in table["seats"]:
            if seat["link"]:
                assert staff.post(f"/api/play/{token_of(seat)}/join/").status_code == 200
        game = Game.objects.get(pk=table["game"])
        LINKS[game.pk] = {
            s["seat"]: links.play_link_claim(token_of(s)) for s in table["seats"] if s["link"]
        }
        return game

    return open_


def view(game: Game, seat: int = 0) -> dict:
    return services.game_view(game_id=game.pk, link=link_of(game, seat))


def count(game: Game) -> int:
    return GameEvent.objects.filter(game=game).count()


def act(game: Game, seat: int, **request) -> dict:
    """``seat``'s person plays its first legal card (after what was due is applied)."""
    link = link_of(game, seat)
    body = services.game_view(game_id=game.pk, link=link)
    card = body["state"]["legal"][0]
    reply = services.game_act(
        game_id=game.pk,
        link=link,
        action={"type": "play", "card": card},
        request=services.ClientFacts(**request),
    )
    assert reply.status == 200, reply.body
    return reply.data()


def settle(game: Game) -> None:
    """What the live timer and the settling job do: write what is due, nothing else."""
    services.game_settle(game_id=game.pk)


def to_act(game: Game) -> list[int]:
    return view(game)["state"]["to_act"]


def until_opponent_thinks(game: Game) -> dict:
    """The participant plays until an opponent's move is what the table waits for."""
    for _ in range(60):
        body = view(game)
        if body["state"]["finished"]:
            raise AssertionError("the game ended first")
        if 0 in body["state"]["to_act"]:
            act(game, 0)
            continue
        return body
    raise AssertionError("no opponent's turn came")


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


# -- the opponents' pace -------------------------------------------------------------------------


def test_an_opponent_plays_after_its_pace_at_the_time_it_was_due(manual_clock):
    game = new_game(opponent_pace_seconds=2)
    body = until_opponent_thinks(game)
    turn = body["turn"]
    thinker = turn["thinking"][0]
    started, until = at(turn["started_at"]), at(turn["thinking_until"])
    # A human-like pace with a little jitter, never instant.
    assert timedelta(seconds=1.5) <= until - started <= timedelta(seconds=2.5)
    due_in = (until - manual_clock.now()).total_seconds()
    assert body["turn"]["next_due_in_seconds"] == pytest.approx(due_in, abs=1e-3)
    written = count(game)

    manual_clock.advance((until - manual_clock.now()).total_seconds() - 0.1)
    assert view(game)["state"]["to_act"] == [thinker]  # still thinking

    manual_clock.advance(0.2)
    moved = view(game)
    assert thinker not in moved["state"]["to_act"] or moved["version"] > body["version"]
    assert moved["version"] > body["version"]
    assert count(game) == written  # a read works it out, and writes nothing

    # Every opponent's move due is written by the next request that acts, at its due time.
    manual_clock.advance(30)
    settle(game)
    plays = list(GameEvent.objects.filter(game=game, seq__gte=written).order_by("seq"))
    assert plays[0].kind == EventKind.PLAY and plays[0].seat == thinker
    assert plays[0].server_time == until
    times = [e.server_time for e in GameEvent.objects.filter(game=game).order_by("seq")]
    assert times == sorted(times)
    assert all(e.server_time < manual_clock.now() for e in plays)


def test_the_participants_time_starts_when_their_turn_is_shown(manual_clock):
    game = new_game(opponent_pace_seconds=2)
    until_opponent_thinks(game)
    manual_clock.advance(30)  # every opponent has played: the participant's turn is on show
    body = view(game)
    assert 0 in body["state"]["to_act"]
    shown_at = at(body["turn"]["started_at"])
    assert shown_at < manual_clock.now() - timedelta(seconds=10)  # when the last opponent played
    act(game, 0, decision_ms=1234)
    play = Play.objects.filter(game=game, seat=0).latest("event__seq")
    assert play.server_ms == int((manual_clock.now() - shown_at).total_seconds() * 1000)
    assert (play.actor, play.decision_ms) == ("participant", 1234)


def test_a_pace_of_0_plays_at_once():
    game = new_game(opponent_pace_seconds=0)
    assert to_act(game) == [0]
    act(game, 0)
    assert to_act(game) == [0]  # the three opponents answered in the same request


def test_a_game_from_before_the_turn_settings_keeps_its_instant_opponents(manual_clock):
    game = new_game(opponent_pace_seconds=2)
    options = {k: v for k, v in game.options.items() if k != "turns"}
    Game.objects.filter(pk=game.pk).update(options=options)
    assert to_act(game) == [0]


# -- turn timers -------------------------------------------------------------------------------


def test_at_the_turn_timers_end_the_takeover_opponent_moves_and_is_logged_as_such(manual_clock):
    game = new_game(opponent_pace_seconds=0, turn_seconds=10)
    begun = manual_clock.now()
    body = view(game)
    assert body["state"]["to_act"] == [0]
    assert at(body["turn"]["deadline"]) == begun + timedelta(seconds=10)
    assert body["turn"]["seconds_left"] == 10
    manual_clock.advance(4)
    assert view(game)["turn"]["seconds_left"] == 6  # every client reads the server's clock

    manual_clock.advance(6.5)
    assert view(game)["version"] > body["version"]
    act(game, 0)  # the participant's next turn, shown when the timer's move was made
    timed_out = Play.objects.filter(game=game, seat=0).order_by("event__seq").first()
    assert (timed_out.actor, timed_out.server_ms, timed_out.decision_ms) == ("takeover", None, None)
    event = GameEvent.objects.get(pk=timed_out.event_id)
    assert event.server_time == begun + timedelta(seconds=10)
    assert (event.payload["actor"], event.payload["takeover"]) == ("takeover", "turn_timer")
    own = Play.objects.filter(game=game, seat=0).order_by("event__seq").last()
    assert (own.actor, own.server_ms) == ("participant", 500)
    # A single participant against the computer is never taken over: nobody waits for them.
    assert not GameEvent.objects.filter(game=game, kind=EventKind.SEAT_TAKEOVER).exists()


def test_without_a_timer_a_lone_participants_turn_waits(manual_clock):
    game = new_game(opponent_pace_seconds=0)
    manual_clock.advance(3600)
    body = view(game)
    assert body["state"]["to_act"] == [0]
    assert (body["turn"]["deadline"], body["turn"]["next_due_in_seconds"]) == (None, None)
    assert [s["state"] for s in body["seats"]] == ["person", "bot", "bot", "bot"]


# -- silent seats: takeover and return ------------------------------------------------------------


def drive_until(game: Game, clock, wanted, *, limit: int = 80) -> None:
    """Seat 0 plays, opponents get their time, until ``wanted(view)``."""
    for _ in range(limit):
        body = view(game)
        if wanted(body):
            return
        assert not body["state"]["finished"]
        if 0 in body["state"]["to_act"]:
            act(game, 0)
        else:
            due_in = body["turn"]["next_due_in_seconds"]
            assert due_in is not None, body["turn"]
            clock.advance(due_in + 0.01)
            settle(game)
    raise AssertionError("never came")


def test_a_silent_person_seat_is_taken_over_and_returns(manual_clock, two_people):
    game = two_people(opponent_pace_seconds=1, takeover_seconds=30)
    drive_until(game, manual_clock, lambda b: b["state"]["to_act"] == [2])
    body = view(game)
    turn_start = at(body["turn"]["started_at"])
    assert body["turn"]["thinking"] == []  # a person is thinking: no one plays for them yet
    assert body["turn"]["next_due_in_seconds"] == pytest.approx(
        (turn_start + timedelta(seconds=30) - manual_clock.now()).total_seconds(), abs=1e-3
    )
    manual_clock.advance(29)
    settle(game)
    assert not GameEvent.objects.filter(game=game, kind=EventKind.SEAT_TAKEOVER).exists()

    manual_clock.advance(1.5)
    assert view(game)["seats"][2]["state"] == "taken_over"
    settle(game)
    takeover = GameEvent.objects.get(game=game, kind=EventKind.SEAT_TAKEOVER)
    assert takeover.seat == 2 and takeover.server_time == turn_start + timedelta(seconds=30)
    assert takeover.payload["reason"] == "silent" and takeover.payload["silent_seconds"] == 30
    played = Play.objects.filter(game=game, seat=2).order_by("event__seq")
    assert [p.actor for p in played] == ["takeover"]
    event = GameEvent.objects.get(pk=played[0].event_id)
    assert event.server_time == takeover.server_time  # its turn was long due
    assert event.payload["takeover"] == "taken_over"

    # While taken over, its turns are played at the opponents' pace, not after another silence.
    drive_until(game, manual_clock, lambda b: Play.objects.filter(game=game, seat=2).count() >= 2)
    assert all(p.actor == "takeover" for p in Play.objects.filter(game=game, seat=2))

    # The person comes back (a socket connects for the seat): from now on they act themselves.
    services.game_seat_heard(game_id=game.pk, link=link_of(game, 2), reason="reconnected")
    back = GameEvent.objects.get(game=game, kind=EventKind.SEAT_RETURN)
    assert (back.seat, back.payload["reason"]) == (2, "reconnected")
    assert back.payload["taken_over_seconds"] > 0
    assert view(game)["seats"][2]["state"] == "person"
    drive_until(game, manual_clock, lambda b: b["state"]["to_act"] == [2])
    manual_clock.advance(5)  # far past an opponent's pace: seat 2 is theirs again
    body = view(game)
    assert body["state"]["to_act"] == [2]
    # The turn started when the move before it was due (up to the drive's 10 ms overshoot ago).
    waited = manual_clock.now() - at(body["turn"]["started_at"])
    before = Play.objects.filter(game=game, seat=2).count()
    act(game, 2)
    mine = Play.objects.filter(game=game, seat=2).order_by("event__seq")
    assert mine.count() == before + 1 and mine.last().actor == "participant"
    assert mine.last().server_ms == int(waited.total_seconds() * 1000) >= 5000


def test_a_taken_over_person_returns_by_acting(manual_clock, two_people):
    game = two_people(opponent_pace_seconds=1, takeover_seconds=30)
    drive_until(game, manual_clock, lambda b: b["state"]["to_act"] == [2])
    manual_clock.advance(31)
    settle(game)
    # The seat's person sends a move when it is theirs again; the return is logged first.
    drive_until(game, manual_clock, lambda b: b["state"]["to_act"] == [2])
    act(game, 2)
    kinds = list(
        GameEvent.objects.filter(game=game, seat=2)
        .exclude(kind=EventKind.PLAY, payload__actor="takeover")
        .exclude(kind=EventKind.SEAT_JOINED)
        .order_by("seq")
        .values_list("kind", "payload__reason")
    )
    assert kinds[0] == (EventKind.SEAT_TAKEOVER, "silent")
    assert kinds[1:] == [(EventKind.SEAT_RETURN, "acted"), (EventKind.PLAY, None)]
    assert (
        Play.objects.filter(game=game, seat=2).order_by("event__seq").last().actor == "participant"
    )


def test_a_turn_timer_shorter_than_the_takeover_time_plays_single_moves_first(
    manual_clock, two_people
):
    game = two_people(opponent_pace_seconds=0, turn_seconds=10, takeover_seconds=25)
    drive_until(game, manual_clock, lambda b: b["state"]["to_act"] == [2])
    manual_clock.advance(10.5)
    settle(game)
    assert not GameEvent.objects.filter(game=game, kind=EventKind.SEAT_TAKEOVER).exists()
    assert [p.actor for p in Play.objects.filter(game=game, seat=2)] == ["takeover"]
    # Still silent over its next turns: taken over once the silence passes 25 s.
    for _ in range(2):
        drive_until(game, manual_clock, lambda b: b["state"]["to_act"] == [2])
        manual_clock.advance(10.5)
        settle(game)
    takeover = GameEvent.objects.get(game=game, kind=EventKind.SEAT_TAKEOVER)
    assert takeover.seat == 2 and takeover.payload["silent_seconds"] == 25
    reasons = [
        e.payload["takeover"]
        for e in GameEvent.objects.filter(game=game, seat=2, kind=EventKind.PLAY).order_by("seq")
    ]
    # Taken over, the seat plays on at once (pace 0) whenever its turn comes back in the same
    # stretch of time (it may win the trick and lead): each a takeover's play.
    assert reasons[:3] == ["turn_timer", "turn_timer", "taken_over"]
    assert set(reasons[3:]) <= {"taken_over"}, reasons


# -- metrics leave takeover plays out -------------------------------------------------------------


def test_metrics_count_only_the_persons_own_plays(manual_clock):
    game = new_game(opponent_pace_seconds=0, turn_seconds=5)
    for n in range(40):
        body = view(game)
        if body["state"]["finished"]:
            break
        if n % 3 == 0:
            manual_clock.advance(6)  # the timer plays this one
            settle(game)
        else:
            manual_clock.advance(1)
            act(game, 0, decision_ms=1000 + n)
    plays = Play.objects.filter(game=game, seat=0)
    own = plays.filter(actor="participant").count()
    assert plays.filter(actor="takeover").exists() and own
    values = timing_values(game, 0)
    assert values["decision_time_median_ms"].n == own
    assert turns.TAKEOVER == "takeover"


# -- Memulation: the examination clock and the opponents' pace, each at its due time -------------


def test_memulation_opponents_take_their_pace_and_hands_end_at_their_due_time(manual_clock):
    participant = make_participant()
    protocol = make_protocol(
        study=participant.study,
        game="memulation",
        rounds=1,
        examination_seconds=20,
        roles="participant_lame",  # the opponent is Lucky Duck: it chooses the hand
        opponent="greedy",
        opponent_pace_seconds=2,
    )
    session = make_session(participant=participant, protocol=protocol, status="started")
    game = services.game_create(session=session, seed=9)

    def start() -> None:  # the device shows the hand waiting: its clock starts
        reply = services.game_examination_event(
            game_id=game.pk, link=None, event={"type": "start"}, request=services.ClientFacts()
        )
        assert reply.status == 200, reply.body

    start()
    shown = manual_clock.now()
    manual_clock.advance(23)  # hand A ran out with no one pressing ready
    start()
    shown_events = GameEvent.objects.filter(game=game, kind=EventKind.EXAMINATION_SHOWN)
    b_shown = shown_events.order_by("seq").last().server_time
    manual_clock.advance(22.5)  # hand B ran out too
    body = view(game)
    assert body["state"]["phase"] == "choose_hand" and body["turn"]["thinking"] == [1]
    grace = examination.GRACE
    b_hidden = b_shown + timedelta(seconds=20) + grace
    assert at(body["turn"]["started_at"]) == b_hidden
    chooses = at(body["turn"]["thinking_until"])
    assert timedelta(seconds=1.5) <= chooses - b_hidden <= timedelta(seconds=2.5)

    manual_clock.advance((chooses - manual_clock.now()).total_seconds() + 0.01)
    settle(game)
    hidden = GameEvent.objects.filter(game=game, kind=EventKind.EXAMINATION_HIDDEN).order_by("seq")
    assert [e.server_time for e in hidden] == [
        shown + timedelta(seconds=20) + grace,
        b_hidden,
    ]
    choice = GameEvent.objects.get(game=game, kind=EventKind.HAND_CHOICE)
    assert (choice.seat, choice.server_time) == (1, chooses)


def test_the_settling_job_writes_the_opponents_last_moves_and_ends_the_game(manual_clock):
    from apps.games.tasks import settle_games

    for seed in range(5, 25):  # the first deal in which the opponents have the last cards
        game = new_game(opponent_pace_seconds=2, seed=seed)
        for _ in range(200):  # the participant plays at once; opponents take their time
            body = view(game)
            if body["state"]["finished"]:
                break
            if 0 in body["state"]["to_act"]:
                act(game, 0)
            else:
                manual_clock.advance(body["turn"]["next_due_in_seconds"] + 0.01)
        assert view(game)["state"]["finished"]  # worked out in memory by the read
        game.refresh_from_db()
        if game.status == Game.Status.ACTIVE:  # the opponents' last cards: not written yet
            break
    else:
        raise AssertionError("in no deal tried did the opponents have the last cards")
    manual_clock.advance(5)
    settle_games()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert settle_games() == 0  # nothing is due any more
