"""A table of people honours its protocol as a game for one person does: each person's own
examination clock and time, the turn settings, recall probes for every participant's own seat,
the opponents' versions; and the clinician runs it (cancel, pause, resume, the computer in a
seat and back, end). Tables are opened through ``POST /api/tables/`` and seats joined through
their links; time moves with the injected clock."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from apps.games import links, services
from apps.games.engine.bots import bot_versions
from apps.games.models import EventKind, Game, GameEvent, Play
from apps.training.models import TrainingSession
from tests.apps.games.playing import play_through
from tests.apps.games.tables import open_table, people, protocol_for, token_of

pytestmark = pytest.mark.django_db


@dataclass
class Table:
    staff: object
    game_id: int
    seats: list[dict]

    def link(self, seat: int) -> links.Claim:
        return links.play_link_claim(token_of(self.seats[seat]))

    def view(self, seat: int) -> dict:
        return services.game_view(game_id=self.game_id, link=self.link(seat))

    def examine(self, seat: int, kind: str, **request) -> dict:
        reply = services.game_examination_event(
            game_id=self.game_id,
            link=self.link(seat),
            event={"type": kind},
            request=services.ClientFacts(**request),
        )
        return {"http": reply.status, **reply.data()}

    def control(self, action: str, **more) -> object:
        return self.staff.post(
            f"/api/tables/{self.game_id}/control/", {"action": action, **more}, format="json"
        )

    @property
    def game(self) -> Game:
        return Game.objects.get(pk=self.game_id)

    def events(self, kind: str) -> list[GameEvent]:
        return list(GameEvent.objects.filter(game_id=self.game_id, kind=kind).order_by("seq"))


@pytest.fixture
def open_(clinician, client_for):
    """``open_(kinds, game=..., join=True, **protocol)``: a table opened and joined through the
    API; ``kinds`` are the seats' kinds in order."""
    staff = client_for(clinician)

    def make(kinds=("participant", "participant"), *, game="memulation", join=True, **protocol):
        group = people(clinician, kinds.count("participant"))
        chosen = protocol_for(group, game=game, **protocol)
        each = iter(group)
        seats = [
            {"kind": k, "participant": next(each).pk} if k == "participant" else {"kind": k}
            for k in kinds
        ]
        table = open_table(staff, chosen, seats)
        if join:
            for seat in table["seats"]:
                if seat["link"]:
                    assert staff.post(f"/api/play/{token_of(seat)}/join/").status_code == 200
        return Table(staff, table["game"], table["seats"])

    return make


# -- the protocol, honoured ----------------------------------------------------------------------


def test_a_table_runs_with_its_protocols_turns_probes_and_opponent_versions(open_, manual_clock):
    table = open_(
        ("participant", "bot", "participant", "bot"),
        game="mendikot",
        trump_rule="turn_up",
        opponent_pace_seconds=2,
        turn_seconds=20,
        takeover_seconds=15,
        takeover_level=0.3,
    )
    game = table.game
    assert game.options["turns"] == {
        "pace": 2,
        "turn_seconds": 20,
        "takeover_seconds": 15,
        "takeover_level": 0.3,
    }
    versions = bot_versions()["mendikot"]
    bots = [entry for entry in game.seats if entry["kind"] == "bot"]
    assert bots and all(entry["version"] == versions[entry["bot"]] for entry in bots)
    # The opponents take their pace: whoever is to act, the computer never plays at once. The
    # services' clock stands still, so the whole pace is left: 2 s give or take its jitter of a
    # quarter (on the system clock a loaded machine ate into it before this view).
    body = table.view(0)
    if body["turn"]["thinking"]:
        assert 1.5 <= body["turn"]["next_due_in_seconds"] <= 2.5


def test_each_participant_is_asked_recall_probes_about_their_own_seat(open_, manual_clock):
    table = open_(recall_probes=2, roles="cut")
    for seat in (0, 1):  # both examine both hands, each at their own pace
        for kind in ("start", "ready", "start", "ready"):
            assert table.examine(seat, kind)["http"] == 200
    body = table.view(0)
    chooser = body["state"]["lucky_duck"]
    choice = services.game_act(
        game_id=table.game_id,
        link=table.link(chooser),
        action={"type": "choose_hand", "hand": "A"},
        request=services.ClientFacts(),
    )
    assert choice.status == 200, choice.body
    asked = {seat: table.view(seat)["probe"] for seat in (0, 1)}
    assert all(probe and probe["kind"] == "which_hand" for probe in asked.values())
    # The table waits for both answers; each seat is told whom.
    assert table.view(0)["waiting_for"] == [0, 1]
    for seat in (0, 1):
        for _ in range(2):
            reply = services.game_probe_answer(
                game_id=table.game_id,
                link=table.link(seat),
                answer={"in_other_hand": True},
                request=services.ClientFacts(),
            )
            assert reply.status == 200, reply.body
    answered = GameEvent.objects.filter(game_id=table.game_id, kind=EventKind.RECALL_PROBE)
    assert sorted(answered.values_list("seat", flat=True)) == [0, 0, 1, 1]
    assert table.view(0)["probe"] is None and table.view(1)["probe"] is None


def test_each_person_examines_with_their_own_sessions_seconds(
    open_, clinician, client_for, django_capture_on_commit_callbacks
):
    """A participant whose adaptive staircase has moved (after a session of their own) studies
    each hand for their own time at the table; the other for the protocol's."""
    adaptive = {"enabled": True, "target_recall": 0.8, "step_seconds": 4, "min_seconds": 5}
    table = open_(join=False, adaptive=adaptive, examination_seconds=20, roles="participant_lame")
    sessions = TrainingSession.objects.filter(table_seats__game_id=table.game_id)
    own = {s.table_seats.get().seat: s.examination_seconds for s in sessions}
    game = table.game
    assert [game.seats[s]["examination_seconds"] for s in (0, 1)] == [own[0], own[1]]
    # A participant who played a session alone first moves their staircase; at the next table
    # their seat carries their own time.
    first = sessions.get(table_seats__seat=0).participant
    staff = client_for(clinician)
    single = staff.post(
        "/api/sessions/",
        {"participant": first.pk, "protocol": sessions.first().protocol_id},
        format="json",
    )
    assert single.status_code == 201, single.content
    started = staff.post(f"/api/sessions/{single.json()['id']}/games/").json()
    with django_capture_on_commit_callbacks(execute=True):  # the metrics job, then its step
        play_through(staff, f"/api/games/{started['id']}/", seed=3)
    first.refresh_from_db()
    assert first.examination_seconds_override not in (None, 20)
    again = open_table(
        staff,
        sessions.first().protocol,
        [
            {"kind": "participant", "participant": first.pk},
            {
                "kind": "participant",
                "participant": sessions.get(table_seats__seat=1).participant_id,
            },
        ],
    )
    seats = Game.objects.get(pk=again["game"]).seats
    assert seats[0]["examination_seconds"] == first.examination_seconds_override
    assert seats[1]["examination_seconds"] == 20


# -- each person's own examination ---------------------------------------------------------------


def test_one_persons_start_runs_only_their_own_clock_and_the_other_is_told_whom_it_waits_for(
    open_, manual_clock
):
    table = open_(examination_seconds=30)
    assert table.view(0)["examination"]["waiting"] and table.view(1)["examination"]["waiting"]
    started = table.examine(0, "start")
    assert started["examination"]["waiting"] is False
    manual_clock.advance(25)
    # The late one's clock has not moved: all 30 s are theirs once their device shows the hand.
    late = table.view(1)
    assert late["examination"]["waiting"] is True and late["examination"]["seconds_left"] == 30
    table.examine(0, "ready")
    table.examine(0, "start")
    done = table.examine(0, "ready")
    assert done["examination"]["ready"] is True and done["waiting_for"] == [1]
    assert done["state"]["phase"] == "examination"  # the table waits for the other person
    shown = table.examine(1, "start")
    assert shown["examination"]["seconds_left"] == 30
    manual_clock.advance(32.5)  # seat 1's hand A runs its whole time out
    body = table.view(1)
    assert body["examination"]["hand"] == "B" and body["examination"]["waiting"] is True
    table.examine(1, "start")
    finished = table.examine(1, "ready")
    assert finished["state"]["phase"] == "choose_hand"
    periods = GameEvent.objects.filter(game_id=table.game_id, kind=EventKind.EXAMINATION_HIDDEN)
    by_seat = sorted((e.seat, e.payload["hand"], e.payload["ended_early"]) for e in periods)
    assert by_seat == [(0, "A", True), (0, "B", True), (1, "A", False), (1, "B", True)]


def test_a_person_who_never_starts_is_taken_over_and_the_table_moves_on(open_, manual_clock):
    table = open_(takeover_seconds=15)
    for kind in ("start", "ready", "start", "ready"):
        table.examine(0, kind)
    assert table.view(0)["waiting_for"] == [1]
    manual_clock.advance(16)
    services.game_settle(game_id=table.game_id)
    (takeover,) = table.events(EventKind.SEAT_TAKEOVER)
    assert (takeover.seat, takeover.payload["reason"]) == (1, "silent")
    skipped = [e for e in table.events(EventKind.EXAMINATION_HIDDEN) if e.seat == 1]
    assert [e.payload.get("skipped") for e in skipped] == ["taken_over"]
    assert table.view(0)["state"]["phase"] != "examination"
    # Seat 1's person comes back by sending anything: their seat is theirs again.
    table.examine(1, "page_visible")
    assert [e.seat for e in table.events(EventKind.SEAT_RETURN)] == [1]


# -- receipts and refusals -------------------------------------------------------------------


def test_a_seat_naming_another_seats_event_id_is_refused_and_shown_nothing(open_):
    table = open_()
    mine = table.examine(0, "start", event_id="e-1")
    assert mine["http"] == 200
    theirs = table.examine(1, "start", event_id="e-1")
    assert theirs["http"] == 409 and theirs["error"]["code"] == "event_id_taken"
    assert "state" not in theirs and "examination" not in theirs
    # The retry of the seat that made it still gets its own answer, byte for byte.
    again = services.game_examination_event(
        game_id=table.game_id,
        link=table.link(0),
        event={"type": "start"},
        request=services.ClientFacts(event_id="e-1"),
    )
    assert again.data() == {k: v for k, v in mine.items() if k != "http"}


def test_a_probe_answer_before_the_table_starts_is_told_the_table_waits(open_):
    table = open_(join=False, recall_probes=1)
    reply = services.game_probe_answer(
        game_id=table.game_id,
        link=table.link(0),
        answer={"in_other_hand": True},
        request=services.ClientFacts(),
    )
    assert reply.status == 409 and reply.data()["error"]["code"] == "table_waiting"


# -- the clinician runs the table ------------------------------------------------------------


def test_a_waiting_table_is_cancelled_with_its_sessions(open_):
    table = open_(join=False)
    answer = table.control("cancel")
    assert answer.status_code == 200 and answer.json()["status"] == "abandoned"
    assert table.events(EventKind.GAME_ABANDONED)[0].payload["reason"] == (
        "cancelled by the clinician"
    )
    sessions = TrainingSession.objects.filter(table_seats__game_id=table.game_id)
    assert {s.status for s in sessions} == {"abandoned"}
    refused = table.staff.post(f"/api/play/{token_of(table.seats[0])}/join/")
    assert refused.status_code in (403, 409)
    assert table.control("pause").json()["error"]["code"] == "table_not_running"


def test_a_paused_table_stands_still_and_goes_on_where_it_stood(open_, manual_clock):
    table = open_(
        ("participant", "bot", "participant", "bot"),
        game="mendikot",
        trump_rule="turn_up",
        opponent_pace_seconds=0,
        turn_seconds=20,
    )
    before = table.view(0)["turn"]
    assert table.control("pause").json()["status"] == "paused"
    version = table.view(0)["version"]
    refused = services.game_act(
        game_id=table.game_id,
        link=table.link(0),
        action={"type": "play", "card": "2C"},
        request=services.ClientFacts(),
    )
    assert refused.status == 409 and refused.data()["error"]["code"] == "table_paused"
    manual_clock.advance(600)  # far past every timer: nothing happens while paused
    services.game_settle(game_id=table.game_id)
    assert table.view(0)["version"] == version
    assert not Play.objects.filter(game_id=table.game_id, actor="takeover").exists()
    assert table.control("resume").json()["status"] == "active"
    after = table.view(0)["turn"]
    assert after["seconds_left"] == before["seconds_left"]
    kinds = [e.kind for e in GameEvent.objects.filter(game_id=table.game_id).order_by("seq")]
    assert kinds[-2:] == [EventKind.TABLE_PAUSED, EventKind.TABLE_RESUMED]
    resumed = table.events(EventKind.TABLE_RESUMED)[0]
    assert resumed.payload["paused_seconds"] == 600


def test_the_computer_plays_a_seat_until_the_clinician_gives_it_back(open_, manual_clock):
    table = open_(
        ("participant", "bot", "participant", "bot"),
        game="mendikot",
        trump_rule="turn_up",
        opponent_pace_seconds=1,
        takeover_level=0.5,
    )
    placed = table.control("seat_computer", seat=2)
    assert placed.status_code == 200
    assert placed.json()["seats"][2]["taken_over_by"] == "clinician"
    # The person sending something does not take it back: the clinician decides.
    services.game_seat_heard(game_id=table.game_id, link=table.link(2), reason="message")
    assert table.view(2)["seats"][2]["state"] == "taken_over"
    for _ in range(30):
        manual_clock.advance(2)
        services.game_settle(game_id=table.game_id)
        if Play.objects.filter(game_id=table.game_id, seat=2).exists():
            break
        if 0 in table.view(0)["state"]["to_act"]:
            card = table.view(0)["state"]["legal"][0]
            services.game_act(
                game_id=table.game_id,
                link=table.link(0),
                action={"type": "play", "card": card},
                request=services.ClientFacts(),
            )
    assert {p.actor for p in Play.objects.filter(game_id=table.game_id, seat=2)} == {"takeover"}
    back = table.control("seat_person", seat=2)
    assert back.json()["seats"][2]["taken_over_by"] is None
    reasons = [(e.kind, e.payload["reason"]) for e in GameEvent.objects.filter(
        game_id=table.game_id, seat=2, kind__in=(EventKind.SEAT_TAKEOVER, EventKind.SEAT_RETURN)
    ).order_by("seq")]  # fmt: skip
    assert reasons == [
        (EventKind.SEAT_TAKEOVER, "clinician"),
        (EventKind.SEAT_RETURN, "clinician"),
    ]


def test_ending_a_table_abandons_it_and_every_seat_is_told(open_):
    table = open_()
    ended = table.control("end")
    assert ended.json()["status"] == "abandoned"
    body = table.view(1)
    assert body["status"] == "abandoned"
    refused = table.examine(1, "start")
    assert refused["http"] == 409 and refused["error"]["code"] == "game_over"
    assert json.loads(json.dumps(table.events(EventKind.GAME_ABANDONED)[0].payload))["by"] == (
        "clinician"
    )


def test_controls_refuse_a_seat_that_is_not_a_persons(open_):
    table = open_(("participant", "bot", "participant", "bot"), game="mendikot")
    refused = table.control("seat_computer", seat=1)
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "invalid_seats"
    missing = table.control("seat_person")
    assert missing.status_code == 400
