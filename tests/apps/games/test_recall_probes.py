"""Recall probes: asked where the protocol says, answered through the shared edge (HTTP and the
service), logged as events and append-only rows, and without effect on the game."""

from __future__ import annotations

import json
import random

import pytest
from django.db import DatabaseError, transaction

from apps.games import services
from apps.games.engine import game_from_json
from apps.games.models import EventKind, Game, GameEvent, Play, RecallProbe
from apps.games.runtime.probes import old_positions
from tests.apps.factories import make_participant, make_protocol, make_session, make_study
from tests.apps.games.playing import next_move, play_through

pytestmark = pytest.mark.django_db


def probe_game(clinician, *, k=3, seed=11, roles="participant_lame", rounds=1) -> Game:
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(
        study=participant.study, opponent="greedy", roles=roles, rounds=rounds, recall_probes=k
    )
    session = make_session(participant=participant, protocol=protocol, status="started")
    return services.game_create(session=session, seed=seed)


def play_by_service(game: Game, clock, *, seed: int = 0, on_body=None) -> dict:
    """The whole game through the shared idempotent edge (what the socket calls)."""
    rng = random.Random(seed)
    edges = {
        "actions/": lambda data, req: services.game_act(
            game_id=game.pk, link=None, action=data, request=req
        ),
        "examination/": lambda data, req: services.game_examination_event(
            game_id=game.pk, link=None, event=data, request=req
        ),
        "probes/": lambda data, req: services.game_probe_answer(
            game_id=game.pk, link=None, answer=data, request=req
        ),
    }
    body = services.game_view(game_id=game.pk)
    for number in range(600):
        if on_body:
            on_body(body)
        if body["state"]["finished"]:
            return body
        exam, state = body["examination"], body["state"]
        pausing = state["phase"] == "examination" and not state["examination"]["cards"]
        if pausing and not body["probe"] and not exam["waiting"]:  # after the last trick
            clock.advance(3)
            body = services.game_view(game_id=game.pk)
            continue
        suffix, data = next_move(body, rng)
        request = services.ClientFacts(event_id=f"s{game.pk}-{number}", decision_ms=900)
        answer = edges[suffix](data, request)
        assert answer.status == 200, answer.body
        body = answer.data()
    raise AssertionError("the game did not end")


def test_a_whole_game_with_probes_through_the_service(clinician, manual_clock):
    game = probe_game(clinician, k=3, rounds=2)
    seen = []
    play_by_service(game, manual_clock, on_body=lambda b: b["probe"] and seen.append(b["probe"]))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.probes["pending"] == {}
    rows = list(RecallProbe.objects.filter(game=game).order_by("event__seq"))
    # Per round: 3 which-hand probes after each of the two hand choices, 3 where-probes between.
    kinds = [r.kind for r in rows]
    assert kinds == (["which_hand"] * 3 + ["where"] * 3 + ["which_hand"] * 3) * 2
    assert [(r.round, r.deal) for r in rows][:9] == [(0, 1)] * 3 + [(0, 1)] * 3 + [(0, 2)] * 3
    events = GameEvent.objects.filter(game=game, kind=EventKind.RECALL_PROBE)
    assert events.count() == len(rows) == 18
    for row in rows:  # the row and its event say the same
        assert row.event.payload["probe"]["card"] == row.card
        assert row.event.payload["correct"] == row.correct
        assert row.decision_ms == 900 and row.asked_at <= row.event.server_time
    # The view never carried the truth.
    assert all(set(p) == {"kind", "card", "round", "deal", "number", "of"} for p in seen)


def test_where_probes_name_cards_of_the_old_tricks_and_know_where_they_lie(clinician, manual_clock):
    game = probe_game(clinician, k=4)
    truth = {}

    def look(body):
        if body["probe"] and body["probe"]["kind"] == "where" and not truth:
            state = Game.objects.get(pk=game.pk)
            record = game_from_json(state.state).spectator_view(allow_unfinished=True)
            truth.update(old_positions(record["rounds"][0]))

    play_by_service(game, manual_clock, on_body=look)
    for row in RecallProbe.objects.filter(game=game, kind="where"):
        where = truth[row.card]
        assert (row.true_pile, row.true_pile_trick, row.true_card_index) == (
            where["pile"],
            where["pile_trick"],
            where["card_index"],
        )
        chosen = (row.pile, row.pile_trick, row.card_index)
        assert row.correct == (chosen == (row.true_pile, row.true_pile_trick, row.true_card_index))
        assert row.in_other_hand is None and row.truly_in_other_hand is None


def test_about_half_the_which_hand_cards_were_in_the_other_hand(clinician, manual_clock):
    game = probe_game(clinician, k=4, roles="participant_lucky")
    play_by_service(game, manual_clock)
    record = game_from_json(Game.objects.get(pk=game.pk).state).spectator_view()
    for deal in (1, 2):
        hands = record["rounds"][0]["deals"][deal - 1]["hands"]
        rows = RecallProbe.objects.filter(game=game, kind="which_hand", deal=deal)
        assert sum(r.truly_in_other_hand for r in rows) == 2
        for row in rows:
            assert row.card not in hands["0"]  # never the participant's own hand
            assert row.truly_in_other_hand == (row.card in hands["1"])
            assert row.correct == (row.in_other_hand == row.truly_in_other_hand)


def test_the_game_is_the_same_with_and_without_probes(clinician, manual_clock):
    with_probes = probe_game(clinician, k=3, seed=99, rounds=2)
    without = probe_game(clinician, k=0, seed=99, rounds=2)
    assert without.probes is None
    play_by_service(with_probes, manual_clock, seed=5)
    play_by_service(without, manual_clock, seed=5)
    a, b = (Game.objects.get(pk=g.pk) for g in (with_probes, without))
    assert a.state == b.state
    plays = [list(Play.objects.filter(game=g).values_list("card", flat=True)) for g in (a, b)]
    assert plays[0] == plays[1]
    assert not RecallProbe.objects.filter(game=b).exists()


def test_a_whole_game_with_probes_over_http(clinician, client_for):
    game = probe_game(clinician, k=2)
    api = client_for(clinician)
    body = play_through(api, f"/api/games/{game.pk}/", seed=3)
    assert body["state"]["finished"] and body["probe"] is None
    assert RecallProbe.objects.filter(game=game).count() == 6


def test_the_game_waits_for_the_probes(clinician, client_for, manual_clock):
    """The participant (Lucky Duck) chooses; the opponent may not lead until the probes are
    answered, and no other action of the participant is taken meanwhile."""
    game = probe_game(clinician, k=2, roles="participant_lucky")
    api = client_for(clinician)
    base = f"/api/games/{game.pk}/"
    for kind in ("start", "ready", "start", "ready"):  # hand A, then hand B, each shown
        api.post(base + "examination/", {"type": kind}, format="json")
    body = api.post(base + "actions/", {"type": "choose_hand", "hand": "A"}, format="json").json()
    assert body["probe"]["kind"] == "which_hand" and body["probe"]["number"] == 1
    assert body["state"]["trick"]["cards"] == []  # the opponent, Lame Duck, has not led
    seq = Game.objects.get(pk=game.pk).next_seq
    refused = api.post(base + "actions/", {"type": "play", "card": body["state"]["hand"][0]})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "wrong_phase"
    for wrong in ({"pile": 0, "trick": 0, "card": 0}, {}, {"in_other_hand": True, "card": 1}):
        answer = api.post(base + "probes/", wrong, format="json")
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_input"
    assert Game.objects.get(pk=game.pk).next_seq == seq  # nothing changed
    body = api.post(base + "probes/", {"in_other_hand": True}, format="json").json()
    assert body["probe"]["number"] == 2
    body = api.post(base + "probes/", {"in_other_hand": False}, format="json").json()
    assert body["probe"] is None and len(body["state"]["trick"]["cards"]) == 1  # now it led


def _to_where_probe(api, base, rng) -> dict:
    body = api.get(base).json()
    while not (body["probe"] and body["probe"]["kind"] == "where"):
        suffix, data = next_move(body, rng)
        body = api.post(base + suffix, data, format="json").json()
    return body


def test_refusals_have_codes_and_change_nothing(clinician, client_for):
    game = probe_game(clinician, k=1)
    api = client_for(clinician)
    base = f"/api/games/{game.pk}/"
    # No probe waiting yet: out of phase.
    early = api.post(base + "probes/", {"in_other_hand": True}, format="json")
    assert early.status_code == 409 and early.json()["error"]["code"] == "wrong_phase"
    body = _to_where_probe(api, base, random.Random(1))
    assert body["state"]["phase"] == "examination" and body["examination"]["waiting"]
    seq = Game.objects.get(pk=game.pk).next_seq
    cases = [
        ({"in_other_hand": True}, 400, "invalid_input"),  # a yes/no to a where-probe
        ({"pile": 0, "trick": 0}, 400, "invalid_input"),  # no card
        ({"pile": 2, "trick": 0, "card": 0}, 400, "invalid_position"),
        ({"pile": 0, "trick": 13, "card": 0}, 400, "invalid_position"),
        ({"pile": 0, "trick": 0, "card": 5}, 400, "invalid_position"),
        ({"pile": "x", "trick": 0, "card": 0}, 400, "validation_error"),
        ({"pile": 0, "trick": 0, "card": 0, "extra": 1}, 400, "unknown_fields"),
    ]
    for data, status, code in cases:
        response = api.post(base + "probes/", data, format="json")
        assert response.status_code == status, (data, response.content)
        error = response.json()["error"]
        assert error["code"] == code and error["message"], data
    # The examination waits for the probes.
    start = api.post(base + "examination/", {"type": "start"}, format="json")
    assert start.status_code == 409 and start.json()["error"]["code"] == "wrong_phase"
    assert Game.objects.get(pk=game.pk).next_seq == seq
    assert not RecallProbe.objects.filter(game=game, kind="where").exists()


def test_an_answer_retried_applies_once(clinician, client_for):
    game = probe_game(clinician, k=2)
    api = client_for(clinician)
    base = f"/api/games/{game.pk}/"
    body = _to_where_probe(api, base, random.Random(2))
    data = {"pile": 0, "trick": 0, "card": 0, "event_id": "where-1", "decision_ms": 1200}
    if not body["state"]["old_piles"]["0"]:
        data["pile"] = 1
    first = api.post(base + "probes/", data, format="json")
    again = api.post(base + "probes/", data, format="json")
    assert first.status_code == 200 and first.content == again.content
    assert RecallProbe.objects.filter(game=game, kind="where").count() == 1


def test_the_probe_view_and_log_leak_nothing(clinician, client_for):
    game = probe_game(clinician, k=3)
    api = client_for(clinician)
    base = f"/api/games/{game.pk}/"
    body = _to_where_probe(api, base, random.Random(4))
    assert set(body["probe"]) == {"kind", "card", "round", "deal", "number", "of"}
    stored = Game.objects.get(pk=game.pk)
    truth = stored.probes["pending"]["0"][0]["truth"]
    text = json.dumps(body)
    assert "truth" not in text and "correct" not in text and "pile_trick" not in text
    # the Old Deal's piles are shown as presence only, exactly as without probes
    assert all(all(cards) for tricks in body["state"]["old_piles"].values() for cards in tricks)
    assert truth  # the server knows it
    # Answer it wrongly or rightly: nothing in the answer or the pushed log says which.
    piles = body["state"]["old_piles"]
    pile = 0 if piles["0"] else 1
    after = api.post(base + "probes/", {"pile": pile, "trick": 0, "card": 0}, format="json")
    text = after.content.decode()
    assert "correct" not in text and "truth" not in text and "hit" not in text
    events, _ = services.game_log_view(game_id=game.pk, since=-1)
    logged = [e for e in events if e["kind"] == "recall_probe"]
    assert logged and all(
        set(e) == {"seq", "kind", "seat", "server_time", "effects"} for e in logged
    )
    assert all(e["effects"] == [] for e in logged)


def test_probe_rows_are_append_only(clinician, client_for):
    game = probe_game(clinician, k=1)
    play_through(client_for(clinician), f"/api/games/{game.pk}/", seed=8)
    row = RecallProbe.objects.filter(game=game).first()
    with pytest.raises(DatabaseError), transaction.atomic():
        RecallProbe.objects.filter(pk=row.pk).update(correct=not row.correct)
    with pytest.raises(DatabaseError), transaction.atomic():
        RecallProbe.objects.filter(pk=row.pk).delete()


def test_a_clinician_can_abandon_while_a_probe_waits(clinician, client_for):
    game = probe_game(clinician, k=2)
    api = client_for(clinician)
    _to_where_probe(api, f"/api/games/{game.pk}/", random.Random(6))
    services.game_abandon(game=game, reason="tired")
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABANDONED
    assert services.game_view(game_id=game.pk)["probe"] is None  # nothing left to answer
    refused = api.post(f"/api/games/{game.pk}/probes/", {"in_other_hand": True}, format="json")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_over"


def test_recall_probes_are_validated_on_the_protocol(researcher, client_for):
    study = make_study(owners=[researcher])
    api = client_for(researcher)
    url = f"/api/studies/{study.pk}/protocols/"
    too_many = api.post(url, {"name": "p", "recall_probes": 9}, format="json")
    assert too_many.status_code == 400 and "recall_probes" in json.dumps(too_many.json())
    mendikot = api.post(
        url, {"name": "m", "game": "mendikot", "opponent": "random", "recall_probes": 2}
    )
    assert mendikot.status_code == 400 and "recall_probes" in json.dumps(mendikot.json())
    fine = api.post(url, {"name": "q", "recall_probes": 3}, format="json")
    assert fine.status_code == 201 and fine.json()["recall_probes"] == 3
