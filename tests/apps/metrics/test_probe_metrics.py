"""Recall-probe metrics of a game played through the API, against values worked out by hand.

The participant is always Lucky Duck with k = 4 probes: four which-hand probes after each of the
two hand choices (two cards of the other hand among each four) and four where-probes between the
deals. It says yes to every card that was in the other hand (4 hits of 4 signal trials), yes to
the first card that was not (an Old-Deal foil, never seen) and no to the others, and places
three where-probes exactly and the fourth one card off. The New Deal's two foils (cards seen in
the old tricks) are kept apart: d' rests on the Old Deal's two never-seen foils.

    H = (4 + 0.5) / (4 + 1) = 0.9      F = (1 + 0.5) / (2 + 1) = 0.5
    d' = z(0.9) - z(0.5) = 1.28155 - 0 = 1.28155
    c = -(z(0.9) + z(0.5)) / 2 = -1.28155 / 2 = -0.64078
    where-probe hit rate = 3 / 4 = 0.75
"""

import random

import pytest

from apps.games.models import Game
from apps.metrics.models import MetricValue
from apps.metrics.services import session_metrics_compute
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.playing import hand_on_show, next_move

pytestmark = pytest.mark.django_db


def _answer(game_id: int, noise_said_yes: list) -> dict:
    probe = Game.objects.get(pk=game_id).probes["pending"]["0"][0]
    truth = probe["truth"]
    if probe["kind"] == "which_hand":
        if truth["in_other_hand"]:
            return {"in_other_hand": True}
        yes = not noise_said_yes
        noise_said_yes.append(yes)
        return {"in_other_hand": yes}
    where = {"pile": truth["pile"], "trick": truth["pile_trick"], "card": truth["card_index"]}
    if probe["number"] == 4:
        where["card"] = 1 - where["card"]  # the other card of the same trick
    return where


def _play(api, game_id: int) -> None:
    base, rng, noise = f"/api/games/{game_id}/", random.Random(1), []
    body = api.get(base).json()
    while not body["state"]["finished"]:
        body = hand_on_show(api, base, body)
        if body["probe"]:
            body = api.post(base + "probes/", _answer(game_id, noise), format="json").json()
            continue
        suffix, data = next_move(body, rng)
        body = api.post(base + suffix, data, format="json").json()


def _session(clinician, k):
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(
        study=participant.study, opponent="greedy", roles="participant_lucky", recall_probes=k
    )
    return make_session(participant=participant, protocol=protocol, status="started")


def _values(level, subject) -> dict[str, float | None]:
    rows = MetricValue.objects.filter(level=level, subject_id=subject, key__startswith="probe_")
    return {r.key: (r.value, r.n, r.details) for r in rows}


def test_probe_metrics_as_worked_out_by_hand(clinician, client_for):
    session = _session(clinician, 4)
    api = client_for(clinician)
    game_id = api.post(f"/api/sessions/{session.pk}/games/").json()["id"]
    _play(api, game_id)
    session_metrics_compute(session_id=session.pk, with_solver=False)
    game = _values(MetricValue.Level.GAME, game_id)
    assert game["probe_location_hit"][:2] == (0.75, 4)
    dprime, n, counts = game["probe_hand_dprime"]
    assert counts == {
        "hits": 4, "misses": 0, "false_alarms": 1, "correct_rejections": 1,
        "false_alarms_seen": 0, "correct_rejections_seen": 2,
    }  # fmt: skip
    assert n == 6 and dprime == pytest.approx(1.28155, abs=1e-4)
    assert game["probe_hand_criterion"][0] == pytest.approx(-0.64078, abs=1e-4)
    sessions = _values(MetricValue.Level.SESSION, session.pk)
    assert sessions["probe_hand_dprime"][0] == pytest.approx(1.28155, abs=1e-4)
    assert sessions["probe_location_hit"][0] == 0.75


def test_no_probe_metrics_without_probes(clinician, client_for):
    session = _session(clinician, 0)
    api = client_for(clinician)
    game_id = api.post(f"/api/sessions/{session.pk}/games/").json()["id"]
    _play(api, game_id)
    session_metrics_compute(session_id=session.pk, with_solver=False)
    assert _values(MetricValue.Level.GAME, game_id) == {}
    assert _values(MetricValue.Level.SESSION, session.pk) == {}
    assert MetricValue.objects.filter(level="session", subject_id=session.pk).exists()
