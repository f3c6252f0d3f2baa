"""Opponents kept between requests as versioned JSON play exactly as opponents never stored,
and a game whose stored memory no longer fits its bot class rebuilds it from the log."""

import json
import random

import pytest

from apps.games import services
from apps.games.engine import create_game
from apps.games.engine.bots.memulation import MEMULATION_BOTS, MemoryBot
from apps.games.engine.bots.mendikot import MENDIKOT_BOTS
from apps.games.engine.bots.state import Randomness
from apps.games.models import Game, GameEvent
from apps.games.runtime.opponents import MEMULATION_OPPONENTS, MENDIKOT_OPPONENTS, Opponents
from tests.apps.factories import make_participant, make_protocol, make_session
from tests.apps.games.playing import play_through

BOTS = {"memulation": MEMULATION_BOTS, "mendikot": MENDIKOT_BOTS}
CASES = [("memulation", kind) for kind in MEMULATION_OPPONENTS] + [
    ("mendikot", kind) for kind in MENDIKOT_OPPONENTS
]


def new_state(game_type: str, seed: int):
    options = {"rounds": 1}
    if game_type == "memulation":
        options.update(examination=True, examination_seconds=30)
    return create_game(game_type, seed=seed, options=options)


def play(game_type: str, kind: str, seed: int, *, store_every_step: bool, rebuild_at=None):
    """Every seat played by a bot of ``kind``; the actions taken, in order."""
    state = new_state(game_type, seed)
    seats = [{"kind": "bot", "bot": kind, "level": 0.5}] * (4 if game_type == "mendikot" else 2)
    config = {"game_type": game_type, "seats": seats, "seed": seed}
    opponents = Opponents.seated(**config, state=state)
    setup, actions = state.setup, []

    def refuse_rebuild():
        raise AssertionError("stored opponents of the current version were rebuilt")

    while not state.finished:
        if store_every_step:
            data = json.loads(json.dumps(opponents.dumps()))  # exactly what a JSON column keeps
            opponents = Opponents.loads(data, **config, rebuild=refuse_rebuild)
        if rebuild_at is not None and len(actions) == rebuild_at:
            opponents = Opponents.rebuilt(**config, setup=setup, actions=actions)
        if state.phase == "examination":
            action = {"type": "end_examination", "seat": None}
        else:
            action = opponents.act(state, state.to_act[0])
        state = state.apply(action)
        opponents.observe(state, state.events)
        actions.append(action)
    return actions


@pytest.mark.parametrize(("game_type", "kind"), CASES)
def test_a_stored_opponent_plays_exactly_as_one_never_stored(game_type, kind):
    for seed in (3, 11):
        never = play(game_type, kind, seed, store_every_step=False)
        stored = play(game_type, kind, seed, store_every_step=True)
        assert stored == never


@pytest.mark.parametrize(("game_type", "kind"), CASES)
def test_opponents_rebuilt_from_the_log_play_as_the_ones_never_stored(game_type, kind):
    never = play(game_type, kind, 5, store_every_step=False)
    rebuilt = play(game_type, kind, 5, store_every_step=False, rebuild_at=len(never) // 2)
    assert rebuilt == never


def test_the_stored_memory_is_plain_json():
    state = new_state("memulation", 1)
    seats = [{"kind": "participant"}, {"kind": "bot", "bot": "memory", "level": 0.5}]
    data = Opponents.seated(game_type="memulation", seats=seats, seed=1, state=state).dumps()
    assert json.loads(json.dumps(data)) == data
    assert data["format"] == 1
    assert data["bots"]["1"]["kind"] == "memory"
    assert data["bots"]["1"]["version"] == MemoryBot.MEMORY_VERSION


def test_a_bots_randomness_is_stored_as_one_seed():
    """Between requests the generator's state is a seed it drew itself, not its 625 words: the
    stored opponents stay small, and a bot given that seed back draws what the original does."""
    state = new_state("memulation", 3)
    seats = [{"kind": "participant"}, {"kind": "bot", "bot": "memory", "level": 0.5}]
    opponents = Opponents.seated(game_type="memulation", seats=seats, seed=3, state=state)
    data = opponents.dumps()
    assert isinstance(data["bots"]["1"]["memory"]["rng"], int)
    assert len(json.dumps(data)) < 1500
    twin = Randomness(0)
    twin.restart(data["bots"]["1"]["memory"]["rng"])
    original = opponents.bots[1].rng
    assert [twin.random() for _ in range(5)] == [original.random() for _ in range(5)]


def test_randomness_never_turned_draws_as_a_plain_generator():
    ours, plain = Randomness(11), random.Random(11)
    assert [ours.random() for _ in range(3)] == [plain.random() for _ in range(3)]


def logged_actions(game: Game) -> list[dict]:
    return [
        e.payload["action"]
        for e in GameEvent.objects.filter(game=game).order_by("seq")
        if "action" in e.payload
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(("game_type", "bot"), [("memulation", "memory"), ("mendikot", "tracker")])
def test_a_game_in_progress_survives_a_changed_bot_class(game_type, bot, clinician, client_for):
    """Two games from one seed, the same person's moves; in one, the stored memory is of an
    older bot version halfway through (as after a deploy): its opponents are rebuilt from the
    log and go on playing exactly as in the other."""
    participant = make_participant(clinicians=[clinician])
    protocol = make_protocol(study=participant.study, game=game_type, opponent=bot, rounds=1)
    api = client_for(clinician)
    logs = []
    for changed in (False, True):
        session = make_session(participant=participant, protocol=protocol, status="started")
        game = services.game_create(session=session, seed=77)
        base = f"/api/games/{game.pk}/"
        moves = {"n": 0}

        def on_body(body, game=game, changed=changed, moves=moves):
            moves["n"] += 1
            if changed and moves["n"] == 6:
                stored = Game.objects.get(pk=game.pk)
                for kept in stored.opponents["bots"].values():
                    # An older class's memory: neither its version nor its content fits.
                    kept["version"], kept["memory"] = 0, {"forgotten": True}
                stored.save(update_fields=["opponents"])

        play_through(api, base, seed=9, on_body=on_body)
        logs.append(logged_actions(game))
    assert logs[0] == logs[1]
    stored = Game.objects.get(pk=game.pk).opponents["bots"]["1"]["version"]
    assert stored == BOTS[game_type][bot].MEMORY_VERSION
