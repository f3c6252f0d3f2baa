"""Exports say who made each move (a person, or the takeover opponent for their seat) and the
turn settings of each session's protocol."""

from datetime import date

import pytest

from apps.common import clock
from apps.exports.rows import play_rows, session_rows
from apps.exports.schema import ACTORS, TABLES
from apps.exports.scope import ExportScope
from apps.games import services
from apps.games.models import Game
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.test_turns import act, settle, view

pytestmark = pytest.mark.django_db


@pytest.fixture
def manual_clock():
    with clock.installed(clock.ManualClock()) as installed:
        yield installed


def test_takeover_plays_are_marked_in_the_plays_table(manual_clock):
    participant = make_participant(consent_date=date(2026, 1, 5))
    protocol = make_protocol(
        study=participant.study,
        game="mendikot",
        rounds=1,
        trump_rule="turn_up",
        opponent="random",
        turn_seconds=5,
        takeover_seconds=None,
    )
    # started on the test's clock (manual_clock), as every step after it
    session = make_session(participant=participant, protocol=protocol, status="started")
    game = services.game_create(session=session, seed=3)
    for n in range(60):
        if view(game)["state"]["finished"]:
            break
        manual_clock.advance(6 if n % 2 else 1)
        if n % 2:
            settle(game)  # the turn timer played this one
        else:
            act(game, 0)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED

    scope = ExportScope(study=participant.study, shift_dates=False)
    plays = [dict(zip(TABLES["plays"].names, row, strict=True)) for row in play_rows(scope)]
    actors = {play["actor"] for play in plays}
    assert {"participant", "bot", "takeover"} <= actors <= set(ACTORS)

    (session_row,) = list(session_rows(scope))
    sessions = TABLES["sessions"].names
    exported = dict(zip(sessions, session_row, strict=True))
    assert (exported["opponent_pace_seconds"], exported["turn_seconds"]) == (0, 5)
    assert (exported["takeover_seconds"], exported["takeover_level"]) == (None, 0.5)
