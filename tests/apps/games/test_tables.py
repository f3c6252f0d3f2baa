"""Tables for several people: opening, links per seat, the waiting room, the start, and the
refusals (over HTTP; the sockets are in tests/apps/live/test_tables_live.py)."""

from __future__ import annotations

import pytest

from apps.games.models import EventKind, Game, GameEvent, GameSeat
from apps.training.models import TrainingSession
from tests.apps.games.tables import game_of, open_table, people, protocol_for, token_of

pytestmark = pytest.mark.django_db


def two_participants(client_for, clinician):
    pair = people(clinician, 2)
    protocol = protocol_for(pair)
    seats = [{"kind": "participant", "participant": p.pk} for p in pair]
    return client_for(clinician), pair, open_table(client_for(clinician), protocol, seats)


def test_a_table_opens_waiting_with_a_session_and_a_link_per_person(client_for, clinician):
    client, pair, table = two_participants(client_for, clinician)
    assert table["status"] == "waiting" and table["game_type"] == "memulation"
    assert [s["label"] for s in table["seats"]] == [p.code for p in pair]
    assert not any(s["joined"] for s in table["seats"])
    sessions = TrainingSession.objects.filter(pk__in=[s["session"] for s in table["seats"]])
    assert {s.participant_id for s in sessions} == {p.pk for p in pair}
    assert {s.status for s in sessions} == {"started"}
    assert table["seats"][0]["link"].startswith("http://testserver/play/")
    assert len({s["link"] for s in table["seats"]}) == 2
    assert table["watch"] == f"/games/{table['game']}/watch"
    game = game_of(table)
    # Nothing is due while waiting: no clock, no opponents, only the creation logged.
    assert game.examination is None and game.turn_started_at is None
    assert list(GameEvent.objects.filter(game=game).values_list("kind", flat=True)) == [
        EventKind.GAME_CREATED
    ]
    fresh = client.get(f"/api/tables/{game.pk}/").json()
    # The same table (links are signed afresh, with their time: compare them by what they grant).
    assert [token_of(s) is not None for s in fresh["seats"]] == [True, True]
    unlinked = [{**s, "link": None} for s in table["seats"]]
    assert {**fresh, "seats": [{**s, "link": None} for s in fresh["seats"]]} == {
        **table,
        "seats": unlinked,
    }
    assert [api_seat(fresh, i) for i in (0, 1)] == [0, 1]


def api_seat(table: dict, index: int) -> int:
    from rest_framework.test import APIClient

    return APIClient().get(f"/api/play/{token_of(table['seats'][index])}/").json()["seat"]


def test_the_waiting_room_then_the_start_when_the_last_joins(client_for, clinician, api):
    _, _, table = two_participants(client_for, clinician)
    first, second = (token_of(s) for s in table["seats"])
    body = api.get(f"/api/play/{first}/").json()
    assert body["status"] == "waiting" and body["seat"] == 0
    assert body["table"]["you"] == 0
    assert [s["joined"] for s in body["table"]["seats"]] == [False, False]
    assert body["examination"] is None and body["recent"] == []
    move = api.post(f"/api/play/{first}/examination/", {"type": "start"}, format="json")
    assert move.status_code == 409 and move.json()["error"]["code"] == "table_waiting"

    joined = api.post(f"/api/play/{first}/join/").json()
    assert joined["status"] == "waiting"
    assert [s["joined"] for s in joined["table"]["seats"]] == [True, False]
    again = api.post(f"/api/play/{first}/join/").json()  # idempotent
    assert again["version"] == joined["version"]

    started = api.post(f"/api/play/{second}/join/").json()
    assert started["status"] == "active" and started["seat"] == 1
    assert started["examination"]["waiting"] is True
    kinds = list(GameEvent.objects.filter(game_id=table["game"]).values_list("kind", flat=True))
    assert kinds[-3:] == [EventKind.SEAT_JOINED, EventKind.SEAT_JOINED, EventKind.TABLE_STARTED]
    assert GameSeat.objects.filter(game_id=table["game"], joined_at__isnull=True).count() == 0


def test_two_participants_play_a_whole_memulation_game_over_http(client_for, clinician, api):
    _, _, table = two_participants(client_for, clinician)
    tokens = [token_of(s) for s in table["seats"]]
    for token in tokens:
        api.post(f"/api/play/{token}/join/")
    play_alternately(api, tokens)
    game = game_of(table)
    assert game.status == Game.Status.FINISHED
    sessions = TrainingSession.objects.filter(pk__in=[s["session"] for s in table["seats"]])
    assert {s.status for s in sessions} == {"completed"}


def play_alternately(api, tokens, limit=600, decision_ms=(1000, 1000, 1000, 1000)):
    """Each seat's device moves when it is its turn, until the game ends (seat ``i`` takes
    ``decision_ms[i]`` a move)."""
    import random

    from tests.apps.games.playing import hand_on_show, next_move

    rngs = [random.Random(i) for i in range(len(tokens))]
    for step in range(limit):
        bodies = [api.get(f"/api/play/{t}/").json() for t in tokens]
        if bodies[0]["state"]["finished"]:
            return bodies
        moved = False
        for i, (token, body) in enumerate(zip(tokens, bodies, strict=True)):
            base = f"/api/play/{token}/"
            if body["state"]["phase"] == "examination":
                body = hand_on_show(api, base, body)
            move = next_move(body, rngs[i])
            if move is None:
                continue
            suffix, data = move
            data = {**data, "event_id": f"t{step}-{i}", "decision_ms": decision_ms[i]}
            response = api.post(base + suffix, data, format="json")
            assert response.status_code in (200, 409), response.content
            moved = True
        assert moved or step < 2, bodies
    raise AssertionError("the game did not end")


# -- each participant's own metrics, from their own seat ----------------------------------------


def session_values(session_id: int) -> dict:
    from apps.metrics.models import MetricValue

    rows = MetricValue.objects.filter(level="session", subject_id=session_id)
    return {row.key: row.value for row in rows}


def game_values_of(game, session_id: int) -> dict:
    from apps.metrics.models import MetricValue

    rows = MetricValue.objects.filter(level="game", game=game, session_id=session_id)
    return {row.key: row.value for row in rows}


def test_each_participant_gets_their_own_metrics_from_their_own_seat(client_for, clinician, api):
    from apps.games.engine import game_from_json
    from apps.games.models import ExaminationPeriod, Play
    from apps.metrics import services as metrics

    _, _, table = two_participants(client_for, clinician)
    tokens = [token_of(s) for s in table["seats"]]
    for token in tokens:
        api.post(f"/api/play/{token}/join/")
    play_alternately(api, tokens, decision_ms=(1200, 3400))
    game = game_of(table)
    sessions = [s["session"] for s in table["seats"]]
    for session_id in sessions:
        metrics.session_metrics_compute(session_id=session_id, with_solver=False)
    record = game_from_json(game.state).spectator_view(allow_unfinished=True)
    first, second = (session_values(s) for s in sessions)
    # Each session's decision times are its own seat's plays only.
    assert first["decision_time_median_ms"] == 1200
    assert second["decision_time_median_ms"] == 3400
    # Tricks won: each seat's own score in the record.
    for seat, values in ((0, first), (1, second)):
        scores = [r["score"][str(seat)] for r in record["rounds"]]
        assert values["tricks_won"] == sum(scores) / len(scores)
    # Both examined every hand: one period per seat.
    assert ExaminationPeriod.objects.filter(game=game, seat=0).count() == (
        ExaminationPeriod.objects.filter(game=game, seat=1).count()
    )
    # The game-level values are stored per session, side by side.
    assert game_values_of(game, sessions[0])["decision_time_median_ms"] == 1200
    assert game_values_of(game, sessions[1])["decision_time_median_ms"] == 3400
    assert Play.objects.filter(game=game, seat=1, actor="participant").exists()


def test_a_clinicians_seat_is_logged_but_never_counted(client_for, clinician, api):
    from apps.games.models import Play
    from apps.metrics import services as metrics

    (participant,) = people(clinician, 1)
    protocol = protocol_for([participant])
    seats = [{"kind": "clinician"}, {"kind": "participant", "participant": participant.pk}]
    table = open_table(client_for(clinician), protocol, seats)
    assert [s["session"] is None for s in table["seats"]] == [True, False]
    tokens = [token_of(s) for s in table["seats"]]
    for token in tokens:
        api.post(f"/api/play/{token}/join/")
    play_alternately(api, tokens, decision_ms=(9000, 2000))
    game = game_of(table)
    assert game.participant_seat == 1 and game.seats[0]["kind"] == "clinician"
    assert Play.objects.filter(game=game, seat=0, actor="clinician").exists()
    session_id = table["seats"][1]["session"]
    metrics.session_metrics_compute(session_id=session_id, with_solver=False)
    assert session_values(session_id)["decision_time_median_ms"] == 2000
    assert TrainingSession.objects.filter(participant=participant).count() == 1


# -- staff, links and refusals --------------------------------------------------------------------


def test_staff_act_for_the_clinician_seat(client_for, clinician, api):
    (participant,) = people(clinician, 1)
    protocol = protocol_for([participant])
    seats = [{"kind": "participant", "participant": participant.pk}, {"kind": "clinician"}]
    client = client_for(clinician)
    table = open_table(client, protocol, seats)
    for seat in table["seats"]:
        api.post(f"/api/play/{token_of(seat)}/join/")
    assert client.get(f"/api/games/{table['game']}/").json()["seat"] == 1
    assert api.get(f"/api/play/{token_of(table['seats'][0])}/").json()["seat"] == 0


def test_new_links_revoke_the_old_ones(client_for, clinician, api):
    client, _, table = two_participants(client_for, clinician)
    old = token_of(table["seats"][0])
    fresh = client.post(f"/api/tables/{table['game']}/links/").json()
    assert api.get(f"/api/play/{old}/").json()["error"]["code"] == "link_invalid"
    assert api.get(f"/api/play/{token_of(fresh['seats'][0])}/").status_code == 200


def test_an_old_link_without_a_seat_still_means_the_participant_seat(client_for, clinician, api):
    from apps.games import links

    _, _, table = two_participants(client_for, clinician)
    token = links.play_link_token(game_of(table))
    assert api.get(f"/api/play/{token}/").json()["seat"] == 0


@pytest.mark.parametrize(
    ("game", "seats", "code"),
    [
        ("memulation", ["participant"], "invalid_seats"),
        ("memulation", ["participant", "bot"], "invalid_seats"),
        ("memulation", ["clinician", "clinician"], "invalid_seats"),
        ("mendikot", ["participant", "bot", "bot", "bot"], "invalid_seats"),
        ("mendikot", ["participant", "bot", "clinician"], "invalid_seats"),
        ("mendikot", ["clinician", "bot", "clinician", "participant"], "invalid_seats"),
        ("memulation", ["same", "same"], "duplicate_participant"),
    ],
)
def test_bad_seat_lists_are_refused_with_a_code_and_nothing_is_made(
    game, seats, code, client_for, clinician
):
    group = people(clinician, 2)
    protocol = protocol_for(group, game=game)
    body = []
    for i, kind in enumerate(seats):
        if kind == "same":
            body.append({"kind": "participant", "participant": group[0].pk})
        elif kind == "participant":
            body.append({"kind": "participant", "participant": group[i % 2].pk})
        else:
            body.append({"kind": kind})
    response = client_for(clinician).post(
        "/api/tables/", {"protocol": protocol.pk, "seats": body}, format="json"
    )
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == code
    assert not Game.objects.exists() and not TrainingSession.objects.exists()


def test_a_participant_one_may_not_see_is_not_found_and_nothing_is_made(client_for, clinician):
    from tests.apps.factories import make_user

    mine = people(clinician, 1)[0]
    stranger = people(make_user(), 1, study=mine.study)[0]
    protocol = protocol_for([mine])
    seats = [
        {"kind": "participant", "participant": mine.pk},
        {"kind": "participant", "participant": stranger.pk},
    ]
    response = client_for(clinician).post(
        "/api/tables/", {"protocol": protocol.pk, "seats": seats}, format="json"
    )
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
    assert not TrainingSession.objects.exists()


def test_joining_a_table_that_is_over_is_refused(client_for, clinician, api):
    from apps.games import services

    _, _, table = two_participants(client_for, clinician)
    services.game_abandon(game=game_of(table), reason="test")
    response = api.post(f"/api/play/{token_of(table['seats'][0])}/join/")
    assert response.status_code == 409 and response.json()["error"]["code"] == "table_closed"


def test_the_spectator_view_over_http_is_public_while_running_and_full_after(
    client_for, clinician, api
):
    client, _, table = two_participants(client_for, clinician)
    tokens = [token_of(s) for s in table["seats"]]
    for token in tokens:
        api.post(f"/api/play/{token}/join/")
    watching = client.get(f"/api/games/{table['game']}/watch/").json()
    assert watching["status"] == "active" and watching["record"] is None
    assert watching["state"]["hand"] is None and watching["state"]["examination"] is None
    assert watching["state"]["legal"] == []
    assert [s["label"] for s in watching["seats"]] == [s["label"] for s in table["seats"]]
    play_alternately(api, tokens)
    over = client.get(f"/api/games/{table['game']}/watch/").json()
    assert over["status"] == "finished" and over["record"]["rounds"]
    assert api.get(f"/api/games/{table['game']}/watch/").status_code in (401, 403)


# -- exports: each session's rows from its own seat -----------------------------------------------


def test_each_sessions_export_rows_come_from_its_own_seat(client_for, clinician, api):
    from apps.exports import deals, rows
    from apps.exports.scope import ExportScope, Filters

    _, pair, table = two_participants(client_for, clinician)
    tokens = [token_of(s) for s in table["seats"]]
    for token in tokens:
        api.post(f"/api/play/{token}/join/")
    play_alternately(api, tokens, decision_ms=(1200, 3400))
    scope = ExportScope(study=pair[0].study, shift_dates=False).load()
    ids = {scope.subjects[p.pk].export_id: seat for seat, p in enumerate(pair)}
    games = list(rows.game_rows(scope))
    assert len(games) == 2  # the one game, once for each participant's session
    assert {g[0]: g[5] for g in games} == ids  # each with its own seat
    plays = list(rows.play_rows(scope))
    assert plays and all(ids[p[0]] == p[7] for p in plays)  # (key..., round, deal, ..., seat)
    assert {p[7] for p in plays} == {0, 1}
    assert all(p[8] == "participant" for p in plays)  # the actor column is kept
    periods = list(rows.examination_rows(scope))
    assert all(ids[p[0]] == p[6] for p in periods)
    assert len(list(deals.deal_rows(scope))) == 2 * 2  # two deals, for each session
    # Only the participant's own session: the other's rows stay out.
    only = ExportScope(study=pair[0].study, filters=Filters(participants=(pair[1].pk,))).load()
    assert {p[7] for p in rows.play_rows(only)} == {1}
