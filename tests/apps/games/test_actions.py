"""Acting on a game: refusals, illegal attempts as data, retries, stale views, the clock."""

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.common import clock
from apps.games import services
from apps.games.models import ExaminationPeriod, Game, GameEvent, IllegalAttempt
from tests.apps.factories import make_participant, make_protocol, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(clinician, client_for):
    return client_for(clinician)


def lame_duck_game(clinician, seed=None) -> Game:
    """A Memulation game where the participant is always Lame Duck, hand A on show."""
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(
        study=participant.study, opponent="random", roles="participant_lame", rounds=1
    )
    session = make_session(participant=participant, protocol=protocol, status="started")
    game = services.game_create(session=session, seed=seed)
    # The device shows hand A: its clock starts.
    services.game_examination_event(
        game_id=game.pk, link=None, event={"type": "start"}, request=services.ClientFacts()
    )
    return Game.objects.get(pk=game.pk)


@pytest.fixture
def memulation(clinician):
    return lame_duck_game(clinician)


def url(game, suffix=""):
    return f"/api/games/{game.pk}/{suffix}"


def to_play(api, game):
    """Skip both examinations (ready; the device shows hand B; ready): the opponent chooses,
    the participant leads."""
    api.post(url(game, "examination/"), {"type": "ready"})
    api.post(url(game, "examination/"), {"type": "start"})
    return api.post(url(game, "examination/"), {"type": "ready"}).json()


def test_only_the_hand_on_show_is_in_the_view(api, memulation):
    body = api.get(url(memulation)).json()
    assert body["examination"]["hand"] == "A"
    exam = body["state"]["examination"]
    assert exam["hand"] == "A" and len(exam["cards"]) == 13
    assert "B" not in exam


def test_the_clock_moves_on_without_the_participant(api, clinician, manual_clock):
    game = lame_duck_game(clinician)
    count = GameEvent.objects.filter(game=game).count()
    manual_clock.advance(33)  # past hand A's 30 s and its grace
    body = api.get(url(game)).json()
    assert body["examination"]["hand"] == "B"
    # Reading wrote nothing: the next request that acts records the hand's end.
    assert GameEvent.objects.filter(game=game).count() == count
    assert not ExaminationPeriod.objects.filter(game=game).exists()
    api.post(url(game, "examination/"), {"type": "page_hidden"})
    period = ExaminationPeriod.objects.get(game=game)
    assert (period.hand, period.ended_early) == ("A", False)
    assert period.actual_seconds == period.planned_seconds == 30


def test_a_late_examination_action_is_wrong_phase(api, memulation):
    game = Game.objects.get(pk=memulation.pk)
    with clock.installed(clock.ManualClock(timezone.now() + timedelta(seconds=120))):
        response = api.post(url(game, "examination/"), {"type": "ready"})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "wrong_phase"
    # hand A's time was up: hand B now waits for the device to show it
    body = api.get(url(game)).json()
    assert body["state"]["phase"] == "examination"
    assert body["examination"]["hand"] == "B" and body["examination"]["waiting"] is True


def test_sorting_is_logged_and_counted(api, memulation):
    cards = api.get(url(memulation)).json()["state"]["examination"]["cards"]
    response = api.post(url(memulation, "examination/"), {"type": "sort", "cards": cards[::-1]})
    assert response.status_code == 200
    bad = api.post(url(memulation, "examination/"), {"type": "sort", "cards": cards[:3]})
    assert bad.status_code == 400
    to_play(api, memulation)
    assert ExaminationPeriod.objects.get(game=memulation, hand="A").sorts == 1


def test_a_play_during_the_examination_is_wrong_phase_and_not_logged(api, memulation):
    card = api.get(url(memulation)).json()["state"]["examination"]["cards"][0]
    response = api.post(url(memulation, "actions/"), {"type": "play", "card": card})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "wrong_phase"
    assert not IllegalAttempt.objects.filter(game=memulation).exists()


def test_a_card_not_in_hand_is_refused_and_logged_as_an_illegal_attempt(api, memulation):
    body = to_play(api, memulation)
    assert body["state"]["phase"] == "play" and body["state"]["to_act"] == [0]
    not_mine = next(c for c in ["AS", "KS", "QS", "JS", "TS"] if c not in body["state"]["hand"])
    before = GameEvent.objects.filter(game=memulation).count()
    response = api.post(
        url(memulation, "actions/"), {"type": "play", "card": not_mine, "decision_ms": 900}
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "card_not_in_hand"
    attempt = IllegalAttempt.objects.get(game=memulation)
    assert (attempt.card, attempt.code, attempt.decision_ms) == (not_mine, "card_not_in_hand", 900)
    assert GameEvent.objects.filter(game=memulation).count() == before + 1


@pytest.mark.parametrize("card", ["1Z", "QHSX", "10SS", ["7H"], 7.5, {"card": "7H"}])
def test_an_unknown_card_is_refused_and_nothing_is_stored(api, memulation, card):
    """Whatever is sent for a card that is not one, RULES.md's code says so: ``invalid_card``
    (a string too long to be a card included), and the refusal does not echo it."""
    to_play(api, memulation)
    before = GameEvent.objects.filter(game=memulation).count()
    response = api.post(url(memulation, "actions/"), {"type": "play", "card": card}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_card" and error["message"]
    assert "QHSX" not in response.content.decode()
    assert GameEvent.objects.filter(game=memulation).count() == before


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_must_follow_suit_when_following(api, clinician, seed):
    game = lame_duck_game(clinician, seed)  # fixed deals: each has such a follow
    body = to_play(api, game)
    for _ in range(13):
        state = body["state"]
        if state["trick"]["cards"]:
            refused = [c for c in state["hand"] if c not in state["legal"]]
            if refused:
                response = api.post(url(game, "actions/"), {"type": "play", "card": refused[0]})
                assert response.json()["error"]["code"] == "must_follow_suit"
                assert IllegalAttempt.objects.filter(code="must_follow_suit").count() == 1
                return
        body = api.post(url(game, "actions/"), {"type": "play", "card": state["legal"][0]})
        body = body.json()
    raise AssertionError("this deal has no follow restricted by suit: pick another seed")


def test_a_retry_with_the_same_event_id_changes_nothing(api, memulation):
    body = to_play(api, memulation)
    move = {"type": "play", "card": body["state"]["legal"][0], "event_id": "retry-1"}
    first = api.post(url(memulation, "actions/"), move)
    count = GameEvent.objects.filter(game=memulation).count()
    again = api.post(url(memulation, "actions/"), move)
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert GameEvent.objects.filter(game=memulation).count() == count


def test_a_retried_refusal_is_refused_the_same_way(api, memulation):
    to_play(api, memulation)
    move = {"type": "choose_hand", "hand": "A", "event_id": "late-choice"}
    first = api.post(url(memulation, "actions/"), move)
    count = GameEvent.objects.filter(game=memulation).count()
    again = api.post(url(memulation, "actions/"), move)
    assert first.status_code == again.status_code == 409
    assert again.json() == first.json()
    assert GameEvent.objects.filter(game=memulation).count() == count


def test_a_move_made_on_a_stale_view_is_a_conflict(api, memulation):
    body = to_play(api, memulation)
    version = body["version"]
    card = body["state"]["legal"][0]
    ok = api.post(url(memulation, "actions/"), {"type": "play", "card": card, "version": version})
    assert ok.status_code == 200
    stale = api.post(
        url(memulation, "actions/"), {"type": "play", "card": card, "version": version}
    )
    assert stale.status_code == 409
    assert stale.json()["error"]["code"] == "stale_version"


def test_the_seat_comes_from_the_caller_not_the_body(api, memulation):
    body = to_play(api, memulation)
    card = body["state"]["legal"][0]
    response = api.post(url(memulation, "actions/"), {"type": "play", "card": card, "seat": 1})
    assert response.status_code == 400  # a seat in the body is an unknown field
    assert response.json()["error"]["code"] == "unknown_fields"
    assert not GameEvent.objects.filter(game=memulation, kind="play").exists()
    response = api.post(url(memulation, "actions/"), {"type": "play", "card": card})
    assert response.status_code == 200
    assert GameEvent.objects.filter(game=memulation, kind="play").first().seat == 0
