"""The examples of docs/rules.md are real runs: each input block goes to its command and the
output and exit status must be the ones printed below it.

An example is a fenced block tagged ``json replay`` or ``json solve`` (the input), followed by
the next block tagged ``json exit=N`` (the command's output and its exit status).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
FENCE = re.compile(r"^```json (replay|solve|exit=\d)\n(.*?)^```$", re.S | re.M)


def examples() -> list[tuple[str, object, int, object]]:
    found = []
    pending = None
    for tag, body in FENCE.findall(RULES.read_text(encoding="utf-8")):
        if tag.startswith("exit="):
            assert pending is not None, "an output block without an input block before it"
            found.append((pending[0], pending[1], int(tag[5:]), json.loads(body)))
            pending = None
        else:
            assert pending is None, "an input block without its output block"
            pending = (tag, json.loads(body))
    assert pending is None, "the last input block has no output block"
    return found


EXAMPLES = examples()


def test_the_page_has_examples_of_every_outcome():
    outcomes = {(command, status) for command, _, status, _ in EXAMPLES}
    assert {("replay", 0), ("replay", 1), ("replay", 2), ("solve", 0), ("solve", 2)} <= outcomes


@pytest.mark.parametrize(("command", "document", "status", "output"), EXAMPLES)
def test_example_is_what_the_command_prints(command, document, status, output):
    ran = subprocess.run(
        [sys.executable, "-m", f"apps.games.engine.{command}", "-"],
        input=json.dumps(document),
        capture_output=True,
        text=True,
        cwd=RULES.parents[1],
        check=False,
        timeout=60,
    )
    assert (ran.returncode, json.loads(ran.stdout)) == (status, output)
