"""Metric values of a constructed game, against expectations worked out by hand from its record.

The participant (seat 0) is always Lame Duck, so it makes both rounds' 'Stragedy: in round 0 it
names a card and picks exactly where it lies (a hit); in round 1 it names the second card of a
trick and picks the first card of the same trick (a miss by one slot). It makes one illegal
attempt, ends every examination at once, and takes 100, 200, 300 ... ms for its plays.
"""

import math

import pytest

from apps.games.engine import game_from_json
from apps.games.models import Game
from apps.metrics.models import MetricValue
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.playing import hand_on_show

pytestmark = pytest.mark.django_db


def piles_of(record_round: dict) -> dict[tuple[int, int], list[str]]:
    """(pile, trick in pile) -> the trick's two cards, from the Old Deal's tricks in play order."""
    counts, piles = [0, 0], {}
    for trick in record_round["deals"][0]["tricks"]:
        piles[(trick["winner"], counts[trick["winner"]])] = trick["cards"]
        counts[trick["winner"]] += 1
    return piles


def play_constructed(api, game_id: int) -> dict:
    base = f"/api/games/{game_id}/"
    body = api.get(base).json()
    plays, illegal_done, facts = 0, False, {}
    while not body["state"]["finished"]:
        state = body["state"]
        if state["phase"] == "examination":
            body = hand_on_show(api, base, body)
            body = api.post(base + "examination/", {"type": "ready"}).json()
            continue
        assert state["phase"] in ("play", "stragedy") and state["to_act"] == [0], state
        if state["phase"] == "stragedy":
            record = game_from_json(Game.objects.get(pk=game_id).state).spectator_view(
                allow_unfinished=True
            )["rounds"][-1]
            piles = piles_of(record)
            (pile, trick), cards = next(iter(sorted(piles.items())))
            if state["round"] == 0:
                move = {"pile": pile, "trick": trick, "card": 1, "intended": cards[1]}
            else:
                move = {"pile": pile, "trick": trick, "card": 0, "intended": cards[1]}
            facts[state["round"]] = {
                "cards": cards,
                "pile_size": 2 * sum(1 for p, _ in piles if p == pile),
            }
            body = api.post(base + "actions/", {"type": "stragedy", **move}).json()
            continue
        if not illegal_done:
            foreign = next(c for c in ["AS", "KS", "AH", "KH"] if c not in state["hand"])
            refused = api.post(base + "actions/", {"type": "play", "card": foreign})
            assert refused.status_code == 400
            illegal_done = True
        plays += 1
        body = api.post(
            base + "actions/",
            {"type": "play", "card": state["legal"][0], "decision_ms": 100 * plays},
        ).json()
    facts["final"] = body
    return facts


def test_metric_values_of_a_constructed_game(
    clinician, client_for, django_capture_on_commit_callbacks
):
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(
        study=participant.study, opponent="random", roles="participant_lame", rounds=2
    )
    session = make_session(participant=participant, protocol=protocol, status="started")
    api = client_for(clinician)
    game_id = api.post(f"/api/sessions/{session.pk}/games/").json()["id"]
    with django_capture_on_commit_callbacks(execute=True) as queued:
        facts = play_constructed(api, game_id)
    assert len(queued) == 1  # the session's metric job, queued once the last move committed

    # The job ran in-process (the test settings run tasks eagerly unless a worker is started).
    values = {v.key: v.value for v in MetricValue.objects.filter(level="game", subject_id=game_id)}
    miss_cards = facts[1]["cards"]
    assert values["recall_hit"] == 0.5
    assert values["recall_position_error"] == 0.5  # 0 slots, then 1 slot
    assert values["recall_suit_correct"] == (1 + (miss_cards[0][1] == miss_cards[1][1])) / 2
    assert values["recall_rank_correct"] == (1 + (miss_cards[0][0] == miss_cards[1][0])) / 2
    assert values["recall_chance"] == pytest.approx(
        (1 / facts[0]["pile_size"] + 1 / facts[1]["pile_size"]) / 2
    )
    assert values["illegal_attempts"] == 0.5  # one in two rounds
    assert values["examination_early_ends"] == 4  # A and B, in both deals, per round
    assert values["examination_time_used"] < 0.1
    # 52 plays of 100, 200, ... 5200 ms
    assert values["decision_time_median_ms"] == 2650
    assert values["decision_time_iqr_ms"] == pytest.approx(2550)
    assert values["decision_time_cv"] == pytest.approx(100 * math.sqrt(52 * 53 / 12) / 2650)
    score = facts["final"]["state"]["match_score"]["0"]
    assert values["tricks_won"] == score / 2

    session_values = {
        v.key: v.value for v in MetricValue.objects.filter(level="session", subject_id=session.pk)
    }
    assert session_values["recall_hit"] == 0.5
    trend = MetricValue.objects.get(
        level="participant", subject_id=participant.pk, key="recall_hit"
    )
    assert trend.details["readings"]["memulation"]["series"][0]["value"] == 0.5


def test_a_sessions_timing_is_of_all_its_plays_not_a_mean_of_its_games(played_session):
    """The median of the plays of two games together, not the mean of the two medians."""
    import statistics

    from apps.games.models import PERSON_KINDS, Play
    from apps.metrics import compute

    games = [played_session().games.get(), played_session().games.get()]
    pairs = [(g, g.participant_seat) for g in games]
    times = [
        float(p.decision_ms if p.decision_ms is not None else p.server_ms)
        for g, seat in pairs
        for p in Play.objects.filter(game=g, seat=seat, actor__in=PERSON_KINDS)
    ]
    pooled = compute.session_timing(pairs)
    assert pooled["decision_time_median_ms"].value == statistics.median(times)
    assert pooled["decision_time_median_ms"].n == len(times) == 2 * 26  # 13 plays a deal
    q1, _, q3 = statistics.quantiles(times, n=4, method="inclusive")
    assert pooled["decision_time_iqr_ms"].value == pytest.approx(q3 - q1)
    assert pooled["decision_time_cv"].value == pytest.approx(
        statistics.stdev(times) / statistics.fmean(times)
    )
