"""The practice round: before a participant's first real game, one short game to learn on.

Offered when the protocol's ``practice_round`` is on (the default) and the participant has not
yet finished a real game or a practice of that game. It is a game of the session like any other,
fully logged, marked ``Game.practice``: it never completes its session, queues no metrics and is
left out of the research export. Always the same friendly deal, one round of a few tricks a
deal (Memulation), the gentlest opponents, and the protocol's examination time as written
(adaptive difficulty does not apply).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from apps.common.errors import Conflict
from apps.games.models import Game, GameSeat
from apps.games.services import SEAT_COUNTS, SeatPlan, game_open
from apps.training.models import TrainingSession

# Deals chosen to be easy to follow (checked by tests/apps/games/test_practice.py). Memulation:
# each hand of the Old Deal holds one Wild Card and a few trumps, whichever the participant gets.
# Mendikot: the participant holds two tens and a single club (a chance to ask for trump), and
# an opponent hides the trump and leads.
PRACTICE_SEEDS = {"memulation": 1, "mendikot": 21}
GENTLE_OPPONENT = "random"
# A practice plays this many tricks in each deal (the engine's ``tricks`` option): in Memulation
# enough to lead, follow, win and lose a trick and to turn up a card in the 'Stragedy; in Mendikot
# enough for every seat to lead or follow and for a void (an ask for trump) to come up. Mendikot
# takes an odd number, so that a short round always has a winner.
PRACTICE_TRICKS = {"memulation": 3, "mendikot": 5}


def practice_snapshot(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The session's settings, cut down to a practice: one round of a few tricks against gentle
    opponents; in Memulation the participant is Lame Duck, so they lead and make the 'Stragedy."""
    return {
        **snapshot,
        "tricks_per_deal": PRACTICE_TRICKS[snapshot["game"]],
        "rounds": 1,
        "opponent": GENTLE_OPPONENT,
        "opponent_level": 0.0,
        "roles": "participant_lame",
        "examination_seconds": snapshot.get("examination_seconds", 30),
    }


def practice_offered(session: TrainingSession) -> bool:
    """Whether the session should begin with a practice round (nothing played in it yet)."""
    snapshot = session.protocol_snapshot
    if not snapshot.get("practice_round", True) or session.status != "started":
        return False
    if session.games.exists():
        return False
    done = Game.objects.filter(
        session__participant_id=session.participant_id,
        game_type=snapshot["game"],
        status=Game.Status.FINISHED,
    )
    return not done.exists()


def practice_state(*, session: TrainingSession) -> dict[str, Any]:
    """What the session page shows: is a practice offered, and the session's practice game."""
    game = session.games.filter(practice=True).order_by("-created_at").first()
    return {
        "offered": practice_offered(session),
        "game": game.pk if game else None,
        "status": game.status if game else None,
    }


@transaction.atomic
def practice_create(*, session: TrainingSession) -> Game:
    """Start the session's practice round (refused once its real game has begun). The session's
    row is locked, so that two requests at once start one practice, not two."""
    session = TrainingSession.objects.select_for_update().get(pk=session.pk)
    if session.status != TrainingSession.Status.STARTED:
        raise Conflict(
            gettext("The session is %(status)s; games are played in a started session.")
            % {"status": session.status},
            code="session_not_started",
        )
    if session.games.filter(practice=False).exists():
        raise Conflict(
            gettext("This session's game has begun: the practice comes before it."),
            code="practice_after_game",
        )
    if session.games.filter(practice=True, status=Game.Status.ACTIVE).exists():
        raise Conflict(gettext("A practice round is already in play."), code="practice_in_play")
    snapshot = practice_snapshot(dict(session.protocol_snapshot))
    plans = [SeatPlan(GameSeat.Kind.PARTICIPANT, session=session)]
    plans += [SeatPlan(GameSeat.Kind.BOT)] * (SEAT_COUNTS[snapshot["game"]] - 1)
    return game_open(
        plans=plans, snapshot=snapshot, seed=PRACTICE_SEEDS[snapshot["game"]], practice=True
    )
