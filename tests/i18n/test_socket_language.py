"""A device's live socket speaks its participant's language: its refusals and the rules'
refusals of its moves, the codes unchanged."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from apps.games import services
from apps.participants.services import participant_language_set
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.live.sockets import Seat
from tests.apps.live.test_sockets import link_path

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_device_socket_refuses_in_its_participants_language(clinician):
    participant = make_participant(clinicians=[clinician])
    participant_language_set(participant=participant, actor=clinician, language="de")
    protocol = make_protocol(study=participant.study, opponent="random", rounds=1)
    session = make_session(participant=participant, protocol=protocol, status="started")
    game = services.game_create(session=session)

    async def scenario():
        seat = Seat(link_path(game))
        assert (await seat.connect())[0]
        await seat.view()
        await seat.send("not json")
        malformed = await seat.until(lambda m: m["type"] == "error")
        answer = await seat.ask("act", {"type": "play", "card": "AS"})  # hands not yet examined
        await seat.close()
        return malformed, answer

    malformed, answer = async_to_sync(scenario)()
    assert malformed["error"]["code"] == "malformed_message"
    assert malformed["error"]["message"] == "Eine Nachricht ist ein einzelnes JSON-Objekt."
    assert (answer["status"], answer["body"]["error"]["code"]) == (409, "wrong_phase")
    assert answer["body"]["error"]["message"] == (
        "Dieser Zug ist an dieser Stelle des Spiels nicht vorgesehen."
    )
