"""Simulated participants for demo data: weeks of sessions, played with human-like timing.

A simulated participant has a ``skill`` from 0 to 1 that grows over the sessions: it decides how
often the participant remembers the card it means to find in the 'Stragedy (and where it lies),
how long it studies each hand, and how quickly it plays. The games go through the same engine,
log and typed rows as real ones; only the clock is simulated: the services (the session's
completion among them) read the game's simulated time while it is played.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from apps.common import clock
from apps.games.engine.contract import Action
from apps.games.models import Game
from apps.games.runtime import probes, turns
from apps.games.runtime.run import GameRun
from apps.games.runtime.transaction import locked
from apps.games.services import game_create


def _old_positions(state) -> dict[str, tuple[int, int, int]]:
    """Where each card of the Old Deal's tricks lies: card -> (pile, trick, card)."""
    record = state.spectator_view(allow_unfinished=True)["rounds"][-1]
    places = {}
    counts = [0, 0]
    for trick in record["deals"][0]["tricks"]:
        pile = trick["winner"]
        for position, card in enumerate(trick["cards"]):
            places[card] = (pile, counts[pile], position)
        counts[pile] += 1
    return places


def _participant_action(state, seat: int, skill: float, rng: random.Random) -> Action:
    actions = state.legal_actions(seat)
    kind = actions[0]["type"]
    if kind == "stragedy":
        places = _old_positions(state)
        intended = rng.choice(sorted(places))
        if rng.random() < skill:
            pile, trick, card = places[intended]
        else:
            pile, trick, card = places[rng.choice(sorted(places))]
        return {
            "type": "stragedy",
            "seat": seat,
            "pile": pile,
            "trick": trick,
            "card": card,
            "intended": intended,
        }
    if kind == "play" and rng.random() < skill:
        # A better player wins cheaply more often: the highest legal card when following.
        return actions[-1] if state.view(seat)["trick"]["cards"] else actions[0]
    return rng.choice(actions)


def _probe_answer(run: GameRun, seat: int, skill: float, rng: random.Random) -> dict:
    """A simulated answer to the recall probe waiting: right more often the higher the skill."""
    assert run.probes is not None
    probe = run.probes.pending[seat][0]
    truth = probe.truth
    if probe.kind == probes.WHICH_HAND:
        right = rng.random() < 0.5 + skill / 2
        return {"in_other_hand": truth["in_other_hand"] == right}
    if rng.random() < skill:
        return {"pile": truth["pile"], "trick": truth["pile_trick"], "card": truth["card_index"]}
    view = run.state.view(seat)
    assert view["game"] == "memulation" and view["old_piles"] is not None  # a where-probe
    spots = [
        {"pile": int(pile), "trick": trick, "card": card}
        for pile, tricks in view["old_piles"].items()
        for trick, cards in enumerate(tricks)
        for card, present in enumerate(cards)
        if present
    ]
    return rng.choice(spots)


class _GameTime:
    """The services' clock while a simulated game is played: the game's own time (``start``
    until the game is locked for play)."""

    def __init__(self, start: datetime):
        self.start = start
        self.run: GameRun | None = None

    def now(self) -> datetime:
        return self.start if self.run is None else self.run.now


def demo_game_play(*, session, start: datetime, skill: float, rng: random.Random) -> Game:
    """Play the session's game to its end as a simulated participant, starting at ``start``."""
    game_time = _GameTime(start)
    with clock.installed(game_time):
        game = game_create(session=session, seed=rng.getrandbits(62))
        with locked(game.pk) as run:
            game_time.run = run
            _play(run, game, skill, rng)
    game.refresh_from_db()
    return game


def _play(run: GameRun, game: Game, skill: float, rng: random.Random) -> None:
    """Play to the end, the simulated participant at its seat, moving the run's time."""
    seat = game.participant_seat
    while not run.state.finished:
        if run.probes_waiting:
            seconds = rng.lognormvariate(1.2 - 0.4 * skill, 0.4)
            run.now += timedelta(seconds=seconds)
            answer = _probe_answer(run, seat, skill, rng)
            probes.probe_answer(run, seat=seat, answer=answer, decision_ms=int(seconds * 1000))
            run.catch_up()
            continue
        due = turns.next_due(run)
        if due is not None and not run.is_person(due.seat):
            run.now = max(run.now, due.at)  # the participant waits for the opponent
            run.catch_up()
            continue
        shown = run.clock(seat) if run.state.phase == "examination" else None
        if shown is not None and not shown.done:
            if shown.waiting:
                run.examination_start(seat)  # the device shows the hand
            assert shown.shown_at is not None
            run.now = max(run.now, shown.shown_at)
            planned = shown.planned
            studied = planned * min(1.0, rng.uniform(0.3, 0.7) + skill * 0.4)
            run.now += timedelta(seconds=studied)
            early = studied < planned
            if not early:
                run.now += timedelta(seconds=0.5)
            run.examination_end(seat, early=early)
        else:
            seconds = rng.lognormvariate(0.9 - 0.5 * skill, 0.45)
            run.now += timedelta(seconds=seconds)
            action = _participant_action(run.state, seat, skill, rng)
            run.apply(action, decision_ms=int(seconds * 1000))
        run.catch_up()
