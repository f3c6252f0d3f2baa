"""Reading a game's view takes no row lock and writes nothing."""

import threading
import time

import pytest
from django.db import connection, transaction

from apps.games.models import Game, GameEvent
from tests.apps.factories import make_participant, make_protocol, make_session


def started_game(clinician, client_for) -> int:
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(study=participant.study, opponent="random", rounds=1)
    session = make_session(participant=participant, protocol=protocol, status="started")
    return client_for(clinician).post(f"/api/sessions/{session.pk}/games/").json()["id"]


@pytest.mark.django_db(transaction=True)
def test_a_view_is_read_while_another_request_holds_the_row(clinician, client_for):
    game_id = started_game(clinician, client_for)
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                Game.objects.select_for_update().get(pk=game_id)
                locked.set()
                release.wait(timeout=30)
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert locked.wait(timeout=10)
        started = time.monotonic()
        response = client_for(clinician).get(f"/api/games/{game_id}/")
        waited = time.monotonic() - started
    finally:
        release.set()
        holder.join(timeout=30)
    assert response.status_code == 200
    assert waited < 5, f"the read waited {waited:.1f} s for the lock"


@pytest.mark.django_db
def test_reading_writes_nothing(clinician, client_for, manual_clock):
    game_id = started_game(clinician, client_for)
    before = Game.objects.get(pk=game_id)
    events = GameEvent.objects.filter(game_id=game_id).count()
    api = client_for(clinician)
    for seconds in (0, 10, 40, 80):  # through both hands' windows, into the play
        manual_clock.advance(seconds)
        assert api.get(f"/api/games/{game_id}/").status_code == 200
    after = Game.objects.get(pk=game_id)
    assert GameEvent.objects.filter(game_id=game_id).count() == events
    assert (after.updated_at, after.next_seq, after.state) == (
        before.updated_at,
        before.next_seq,
        before.state,
    )
