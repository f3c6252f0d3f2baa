"""Opening tables for tests: a study with a clinician, participants who consent, a protocol."""

from __future__ import annotations

import datetime

from apps.games.models import Game
from tests.apps.factories import make_participant, make_protocol


def people(clinician, count: int = 2, study=None):
    today = datetime.date.today()
    first = make_participant(clinicians=[clinician], study=study, consent_date=today)
    rest = [
        make_participant(clinicians=[clinician], study=first.study, consent_date=today)
        for _ in range(count - 1)
    ]
    return [first, *rest]


def protocol_for(participants, game: str = "memulation", **fields):
    fields.setdefault("rounds", 1)
    fields.setdefault("opponent", "random")
    if game == "memulation":
        fields.setdefault("examination_seconds", 5)
    return make_protocol(study=participants[0].study, game=game, **fields)


def open_table(client, protocol, seats) -> dict:
    response = client.post("/api/tables/", {"protocol": protocol.pk, "seats": seats}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def token_of(seat: dict) -> str:
    return seat["link"].rsplit("/play/", 1)[1]


def game_of(table: dict) -> Game:
    return Game.objects.get(pk=table["game"])
