"""The compiled solver core gives exactly the answers of the pure-Python reference.

The reference (:mod:`apps.games.engine.solver_core`) is itself checked against a brute force in
``test_solver.py``; here every answer of the compiled core (``_solver.c``) is compared with it,
on random positions of every size and kind, on the stored full deals, through the ``solve``
command, and state by state (bounds, leads, answers). The fallback to the reference when the
extension is missing or refused is tested in fresh processes.

Random positions compared, per ``wild_tie`` rule (so twice this in all), by hand size:
1-7 cards 600 each, 8 cards 500, 9 cards 300, 10 cards 150, 11 cards 100, 12 cards 50,
13 cards 40: 5,340 per rule, 10,680 in all. The pure-Python side is the slow one (about 60 ms a
13-card position against a few for 1-7 cards), hence fewer large ones.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from apps.games.engine import core_choice
from apps.games.engine.solver import WILD_TIES, Solver, _encode
from apps.games.engine.solver_core import WILD, tricks_left

from .test_solver import describe, named, random_position, stored_deals

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("any", "suits", "wilds", "trumps", "wild_lead")
COUNTS = {1: 600, 2: 600, 3: 600, 4: 600, 5: 600, 6: 600, 7: 600}
COUNTS.update({8: 500, 9: 300, 10: 150, 11: 100, 12: 50, 13: 40})


def test_the_compiled_core_is_built():
    # `make setup` compiles it; without it every comparison below would compare nothing.
    assert core_choice.CompiledSearch is not None, core_choice.COMPILED_MISSING
    assert Solver(core="compiled").core == "compiled"
    assert Solver(core="python").core == "python"


def test_the_counts_add_up_to_ten_thousand():
    assert sum(COUNTS.values()) * len(WILD_TIES) >= 10_000
    assert set(COUNTS) == set(range(1, 14))


def answers(solver: Solver, pos) -> tuple:
    """Everything a solver says about a position, in a fixed order of calls."""
    sol = solver.solve(pos)
    out = [sol.values, sol.best, sol.seat, sol.tricks_left, solver.value(pos)]
    out.append(solver.best_cards(pos))
    if pos.led is None:
        out += [solver.at_least(pos, k) for k in (sol.best, sol.best + 1)]
    return tuple(out)


def compare(reference: Solver, compiled: Solver, pos) -> None:
    want = answers(reference, pos)
    got = answers(compiled, pos)
    assert got[0] == want[0], (
        f"{describe(pos)}: reference {named(want[0])}, compiled {named(got[0])}"
    )
    assert got == want, describe(pos)
    values, best = want[0], want[1]
    value, cards = want[5]
    assert value == best and cards and all(values[c] == best for c in cards)
    if pos.led is None:
        assert want[6:] == (True, False)


@pytest.mark.slow
@pytest.mark.parametrize("wild_tie", WILD_TIES)
@pytest.mark.parametrize("size", sorted(COUNTS))
def test_random_positions_agree(size, wild_tie):
    rng = random.Random(f"cores-{size}-{wild_tie}")
    # One table per core for the whole batch (as analysis and bots use them), and now and then
    # a fresh pair, so that answers from empty tables are compared too.
    reference, compiled = Solver(wild_tie, core="python"), Solver(wild_tie, core="compiled")
    kinds_seen = set()
    for i in range(COUNTS[size]):
        kind = KINDS[i % len(KINDS)]
        pos = random_position(rng, size, kind, wild_tie)
        kinds_seen.add((kind, pos.led is None))
        if i % 50 == 49:
            compare(Solver(wild_tie, core="python"), Solver(wild_tie, core="compiled"), pos)
        else:
            compare(reference, compiled, pos)
    assert {kind for kind, _ in kinds_seen} == set(KINDS)
    assert reference.search.nodes == compiled.search.nodes  # the same search, node for node


@pytest.mark.parametrize("wild_tie", WILD_TIES)
def test_states_agree_move_by_move(wild_tie):
    """Bounds, lead order and every answer (labels and children) of both cores, state by state,
    and the trial order the table keeps after a search."""
    rng = random.Random(f"states-{wild_tie}")
    tie_leader = wild_tie == "leader"
    ref = core_choice.make_search(tie_leader, "python")
    com = core_choice.CompiledSearch(tie_leader)
    checked = 0
    for i in range(1500):
        size = 1 + i % 13
        pos = random_position(rng, size, KINDS[i % len(KINDS)], wild_tie)
        hands = list(pos.hands)
        if pos.led is not None:
            hands[pos.leader] |= 1 << pos.led
        s, _ = _encode((hands[0], hands[1]), pos.leader, pos.trump, pos.wild_rank)
        n = tricks_left(s)
        assert com.bounds(s, n) == ref.bounds(s, n)
        leads = ref.leads(s)
        assert com.leads(s) == leads
        for key in leads:
            j, idx = (key >> 4) & 15, key & 15
            assert com.responses(s, j, idx) == list(ref.responses(s, j, idx))
            assert com.children(s, j, idx) == ref.children(s, j, idx)
        if size <= 9:
            assert com.value(s, n) == ref.value(s, n)
            assert com.lead_order(s) == ref.lead_order(s)
            assert com.known(s) == ref.known(s)
            assert len(com) == len(ref)
        checked += 1
    assert checked == 1500


def test_bad_states_are_refused_by_the_compiled_core():
    com = core_choice.CompiledSearch(True)
    s, _ = _encode((0b11, 0b1100), 0, 0, 12)  # 2S 3S against 4S 5S
    with pytest.raises(ValueError, match="not a search state"):
        com.ge(s | 1 << 20, 2, 1)  # an extra card for one seat
    with pytest.raises(ValueError, match="not a search state"):
        com.value(-1)
    with pytest.raises(ValueError, match="tricks left"):
        com.ge(s, 3, 1)
    with pytest.raises(ValueError, match="0 < k <= n"):
        com.ge(s, 2, 0)
    with pytest.raises(ValueError, match="holds no card"):
        com.children(s, WILD, 0)  # seat 0 holds no wild
    with pytest.raises(ValueError, match="holds no card"):
        com.children(s, 0, 2)  # position 2 (4S) is seat 1's
    assert len(com) == 0  # nothing was searched


@pytest.mark.parametrize("core", ["python", "compiled"])
@pytest.mark.parametrize("case", stored_deals(), ids=lambda case: case["id"])
def test_stored_full_deals_with_either_core(case, core):
    from apps.games.engine.solve import parse_document

    pos, order = parse_document(case["input"])
    assert Solver(pos.wild_tie, core=core).solve(pos).as_dict(order=order) == case["output"]


def hand(mask: int) -> list[str]:
    return ["23456789TJQKA"[c % 13] + "SHDC"[c // 13] for c in range(52) if mask >> c & 1]


def run_python(
    code: str, core: str | None, stdin: str | None = None
) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != core_choice.CORE_ENV}
    if core is not None:
        env[core_choice.CORE_ENV] = core
    return subprocess.run(
        [sys.executable, "-c", code],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


SOLVE_ALL = """
import json, sys
from apps.games.engine import core_choice
from apps.games.engine.solve import run_document
docs = json.load(sys.stdin)
print(json.dumps({"core": core_choice.CORE, "out": [run_document(d) for d in docs]}))
"""


def test_the_solve_command_gives_the_same_output_with_either_core():
    docs = [case["input"] for case in stored_deals()]
    rng = random.Random(5)
    for _ in range(40):  # and some short positions with a card led
        pos = random_position(rng, rng.randint(1, 9), rng.choice(KINDS), rng.choice(WILD_TIES))
        docs.append(
            {
                "trump": "SHDC"[pos.trump],
                "wild": "23456789TJQKA"[pos.wild_rank],
                "wild_tie": pos.wild_tie,
                "hands": {"0": hand(pos.hands[0]), "1": hand(pos.hands[1])},
                "leader": pos.leader,
                "led": None if pos.led is None else hand(1 << pos.led)[0],
            }
        )
    outputs = {}
    for core in ("python", "compiled"):
        done = run_python(SOLVE_ALL, core, json.dumps(docs))
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout)
        assert result["core"] == core
        outputs[core] = result["out"]
    assert outputs["python"] == outputs["compiled"]
    for case, (status, out) in zip(stored_deals(), outputs["compiled"], strict=False):
        assert (status, out) == (0, case["output"])

    # The command itself, as a process, with the core forced each way.
    for core in ("python", "compiled"):
        env = {**os.environ, core_choice.CORE_ENV: core}
        done = subprocess.run(
            [sys.executable, "-m", "apps.games.engine.solve", "-"],
            input=json.dumps(docs[0]),
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == stored_deals()[0]["output"]


WITHOUT_EXTENSION = """
import sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name == "apps.games.engine._solver":
            raise ImportError("the extension is not built")
sys.meta_path.insert(0, Refuse())
from apps.games.engine import core_choice
from apps.games.engine.solver import Solver
from apps.games.engine.solve import run_document
print(core_choice.CORE, Solver().core)
print(core_choice.core_description())
doc = {"trump": "S", "wild": "7", "hands": {"0": ["AS", "2D"], "1": ["KS", "7D", "3D"]},
       "leader": 0, "led": "4C"}
print(run_document(doc))
"""


def test_without_the_extension_the_reference_runs():
    done = run_python(WITHOUT_EXTENSION, None)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "python python"
    assert lines[1].startswith("solver core: pure Python (ImportError: the extension is not built")
    assert lines[2] == str(
        (0, {"seat": 1, "tricks_left": 3, "values": {"KS": 3, "7D": 2, "3D": 2}, "best": 3})
    )


def test_insisting_on_the_compiled_core_without_it_fails_clearly():
    done = run_python(WITHOUT_EXTENSION, "compiled")
    assert done.returncode != 0
    assert "MEMULATION_SOLVER_CORE=compiled, but the compiled core is not built" in done.stderr


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        (None, "compiled"),
        ("auto", "compiled"),
        ("python", "python"),
        (" Python ", "python"),
        ("compiled", "compiled"),
    ],
)
def test_the_environment_variable_picks_the_core(setting, expected):
    done = run_python(
        "from apps.games.engine import core_choice as c; from apps.games.engine.solver import "
        "Solver; print(c.CORE, Solver().core, type(Solver().search).__module__)",
        setting,
    )
    assert done.returncode == 0, done.stderr
    core, solver, module = done.stdout.split()
    assert (core, solver) == (expected, expected)
    assert module == (
        "apps.games.engine._solver" if expected == "compiled" else "apps.games.engine.solver_core"
    )


def test_a_bad_setting_is_refused():
    done = run_python("import apps.games.engine.solver", "fast")
    assert done.returncode != 0
    assert "MEMULATION_SOLVER_CORE must be one of auto, python, compiled, not 'fast'" in done.stderr
    with pytest.raises(ValueError, match="core must be"):
        Solver(core="fast")


def manage(*args: str, core: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != core_choice.CORE_ENV}
    env.update(DJANGO_SETTINGS_MODULE="config.test_settings", LOG_LEVEL="INFO")
    if core is not None:
        env[core_choice.CORE_ENV] = core
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def test_the_platform_says_at_start_up_which_core_runs():
    done = manage("solver_core")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "solver core: compiled (apps.games.engine._solver)"
    assert "solver core: compiled" in done.stderr  # the log line (plain or JSON)

    done = manage("solver_core", core="python")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "solver core: pure Python (MEMULATION_SOLVER_CORE=python)"
    assert "solver core: pure Python" in done.stderr  # the log line (plain or JSON)

    done = manage("solver_core", "--require-compiled", core="python")
    assert done.returncode == 1
    assert "solver core: pure Python" in done.stderr
