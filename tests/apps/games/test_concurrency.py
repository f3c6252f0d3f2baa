"""Two different requests for one game at the same moment: exactly one applies."""

import threading

import pytest
from django.db import connection

from apps.games.models import Game, GameEvent, Play
from tests.apps.factories import make_participant, make_protocol, make_session


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_concurrent_plays_one_applies_the_other_is_a_conflict(attempt, clinician, client_for):
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(
        study=participant.study, opponent="random", roles="participant_lame", rounds=1
    )
    session = make_session(participant=participant, protocol=protocol, status="started")
    api = client_for(clinician)
    game_id = api.post(f"/api/sessions/{session.pk}/games/").json()["id"]
    base = f"/api/games/{game_id}/"
    for kind in ("start", "ready", "start"):  # hand A, then hand B shown
        api.post(base + "examination/", {"type": kind})
    body = api.post(base + "examination/", {"type": "ready"}).json()
    version, legal = body["version"], body["state"]["legal"]
    assert len(legal) >= 2

    barrier = threading.Barrier(2)
    answers = []

    def play(card: str) -> None:
        client = client_for(clinician)
        barrier.wait()
        try:
            answers.append(
                client.post(
                    base + "actions/",
                    {"type": "play", "card": card, "version": version, "event_id": card},
                )
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=play, args=(card,)) for card in legal[:2]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    statuses = sorted(a.status_code for a in answers)
    assert statuses == [200, 409], [a.content for a in answers]
    loser = next(a for a in answers if a.status_code == 409)
    assert loser.json()["error"]["code"] == "stale_version"
    game = Game.objects.get(pk=game_id)
    assert Play.objects.filter(game=game, seat=0).count() == 1
    seqs = list(GameEvent.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(game.next_seq))
