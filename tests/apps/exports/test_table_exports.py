"""A table's game in the export: the settings it ran with, a clinician's plays kept as staff,
and the clinician's running of the table, as its events."""

from __future__ import annotations

import csv
import random

import pytest

from apps.common import clock
from apps.exports.services import export_to_folder
from apps.games import links, services
from apps.games.models import ExaminationPeriod, Game, IllegalAttempt
from tests.apps.games.playing import next_move
from tests.apps.games.tables import open_table, people, protocol_for, token_of

pytestmark = pytest.mark.django_db
CARDS = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]


@pytest.fixture
def manual_clock():
    with clock.installed(clock.ManualClock()) as installed:
        yield installed


def rows(out, name: str) -> list[dict]:
    with (out / "csv" / f"{name}.csv").open(newline="") as stream:
        return list(csv.DictReader(stream))


def play_to_the_end(
    game_id: int, seats: dict[int, links.Claim | None], manual_clock, *, refused=False
) -> None:
    """Both people play (over the services every edge calls) until the game ends; with
    ``refused``, each seat's first card is one not in its hand (refused: card_not_in_hand)."""
    rng = random.Random(4)
    tried: set[int] = set()
    calls = {
        "actions/": services.game_act,
        "examination/": services.game_examination_event,
        "probes/": services.game_probe_answer,
    }
    names = {"actions/": "action", "examination/": "event", "probes/": "answer"}
    for _ in range(600):
        moved = False
        for link in seats.values():
            body = services.game_view(game_id=game_id, link=link)
            if body["state"]["finished"]:
                return
            starts = (body["examination"] or {}).get("starts_in_seconds")
            if starts:
                manual_clock.advance(starts + 0.01)
                continue
            if (body["examination"] or {}).get("ready"):
                continue
            move = next_move(body, rng)
            if move is None:
                continue
            suffix, data = move
            if refused and data["type"] == "play" and body["seat"] not in tried:
                tried.add(body["seat"])
                held = set(body["state"]["hand"])
                wrong = {"type": "play", "card": next(c for c in CARDS if c not in held)}
                reply = services.game_act(
                    game_id=game_id, link=link, request=services.ClientFacts(), action=wrong
                )
                assert reply.status < 500, reply.body
            reply = calls[suffix](
                game_id=game_id,
                link=link,
                request=services.ClientFacts(),
                **{names[suffix]: data},
            )
            assert reply.status == 200, reply.body
            moved = True
        if not moved:
            manual_clock.advance(1)
            services.game_settle(game_id=game_id)
    raise AssertionError("the game did not end")


def test_a_tables_game_exports_its_settings_the_clinicians_plays_and_its_events(
    clinician, client_for, manual_clock, tmp_path
):
    staff = client_for(clinician)
    (participant,) = people(clinician, 1)
    protocol = protocol_for(
        [participant], examination_seconds=12, opponent_pace_seconds=1, takeover_seconds=40
    )
    table = open_table(
        staff,
        protocol,
        [{"kind": "participant", "participant": participant.pk}, {"kind": "clinician"}],
    )
    for seat in table["seats"]:
        assert staff.post(f"/api/play/{token_of(seat)}/join/").status_code == 200
    game_id = table["game"]
    control = f"/api/tables/{game_id}/control/"
    assert staff.post(control, {"action": "pause"}, format="json").status_code == 200
    manual_clock.advance(30)
    assert staff.post(control, {"action": "resume"}, format="json").status_code == 200
    seats = {0: links.play_link_claim(token_of(table["seats"][0])), 1: None}  # staff: seat 1
    play_to_the_end(game_id, seats, manual_clock, refused=True)
    assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED
    # Both people examined every hand and had a move refused.
    for model in (ExaminationPeriod, IllegalAttempt):
        assert {row.seat for row in model.objects.filter(game_id=game_id)} == {0, 1}

    out = tmp_path / "out"
    export_to_folder(study=participant.study, formats=["csv", "bids"], filters={}, out=out)
    (game,) = rows(out, "games")
    assert (game["people"], game["examination_seconds"]) == ("2", "12")
    assert (float(game["opponent_pace_seconds"]), game["takeover_seconds"]) == (1, "40")
    assert game["turn_seconds"] == "" and game["recall_probes"] == "0"
    actors = {(play["seat"], play["actor"]) for play in rows(out, "plays")}
    assert actors == {("0", "participant"), ("1", "clinician")}
    events = [(e["event"], e["seat"], e["reason"]) for e in rows(out, "table_events")]
    assert events == [
        ("table_paused", "", "paused by the clinician"),
        ("table_resumed", "", "resumed by the clinician"),
    ]
    # What the clinician did at their own seat is nobody's data: only the participant's
    # examinations and refused moves, once each.
    periods = rows(out, "examination_periods")
    key = ("participant_id", "session", "game", "round", "deal", "hand")
    assert periods and {p["seat"] for p in periods} == {"0"}
    assert len({tuple(p[k] for k in key) for p in periods}) == len(periods)
    refused = rows(out, "illegal_attempts")
    assert [r["seat"] for r in refused] == ["0"] and refused[0]["code"] == "card_not_in_hand"
    (events_file,) = (out / "bids").glob("sub-*/ses-*/beh/*_events.tsv")
    with events_file.open(newline="") as stream:
        events = list(csv.DictReader(stream, delimiter="\t"))
    onsets = [float(e["onset"]) for e in events]
    assert onsets == sorted(onsets)  # as the codebook says, though logged in another order
    own = {"examination", "illegal_attempt"}
    assert {(e["seat"], e["actor"]) for e in events if e["trial_type"] in own} == {
        ("0", "participant")
    }
    assert sum(e["trial_type"] == "examination" for e in events) == len(periods)
    assert sum(e["trial_type"] == "illegal_attempt" for e in events) == 1
    assert {e["actor"] for e in events if e["trial_type"] == "other_play"} == {"clinician"}
