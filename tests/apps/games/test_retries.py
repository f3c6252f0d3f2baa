"""Twenty identical requests with one event id, sent at once: every one gets the first answer,
byte for byte, and the move is applied once (real threads on real PostgreSQL)."""

import pytest

from apps.games.models import ActionReceipt, Game, GameEvent
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.threads import at_once as sent_at_once

COPIES = 20


def new_game(clinician, client_for) -> tuple[str, dict]:
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(
        study=participant.study, opponent="random", roles="participant_lame", rounds=1
    )
    session = make_session(participant=participant, protocol=protocol, status="started")
    body = client_for(clinician).post(f"/api/sessions/{session.pk}/games/").json()
    return f"/api/games/{body['id']}/", body


def at_once(clinician, client_for, url: str, data: dict) -> list:
    answers, errors = sent_at_once(
        lambda: client_for(clinician).post(url, data, format="json"), COPIES
    )
    assert errors == []
    return answers


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("with_version", [False, True], ids=["no-version", "version"])
@pytest.mark.parametrize("kind", ["play", "ready"])
def test_concurrent_retries_of_one_event_id_all_get_the_first_answer(
    kind, with_version, clinician, client_for
):
    base, body = new_game(clinician, client_for)
    api = client_for(clinician)
    body = api.post(base + "examination/", {"type": "start"}).json()
    if kind == "play":
        api.post(base + "examination/", {"type": "ready"})
        api.post(base + "examination/", {"type": "start"})  # the device shows hand B
        body = api.post(base + "examination/", {"type": "ready"}).json()
        url, data = base + "actions/", {"type": "play", "card": body["state"]["legal"][0]}
    else:
        url, data = base + "examination/", {"type": "ready"}
    data["event_id"] = f"same-{kind}"
    if with_version:
        data["version"] = body["version"]

    answers = at_once(clinician, client_for, url, data)

    assert len(answers) == COPIES
    assert {a.status_code for a in answers} == {200}, {a.content for a in answers}
    assert len({a.content for a in answers}) == 1
    game = Game.objects.get(pk=body["id"])
    assert GameEvent.objects.filter(game=game, event_id=data["event_id"]).count() == 1
    assert ActionReceipt.objects.filter(game=game, event_id=data["event_id"]).count() == 1
    seqs = list(GameEvent.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(game.next_seq))
    # A retry long after still gets the same bytes.
    assert api.post(url, data, format="json").content == answers[0].content
