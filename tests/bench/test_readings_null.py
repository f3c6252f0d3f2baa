"""The null simulation of readings (bench/readings.py) on a small seeded sample: it makes real
reliable-change readings through the platform's code, and few unchanged participants get a word
(the bound is loose: the sample is small; the bench's own runs measure the rate)."""

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "readings.py"


def test_few_unchanged_participants_get_a_reading_word():
    run = subprocess.run(
        [sys.executable, str(BENCH), "--seed", "5", "--studies", "2", "--per-arm", "24"],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    lines = run.stdout.strip().splitlines()
    made = re.search(r"reliable-change readings made at assessment points: (\d+)", run.stdout)
    assert made and int(made.group(1)) >= 100, run.stdout  # the readings were really made
    last = re.fullmatch(r"unchanged participants with a reading word: ([\d.]+)%", lines[-1])
    assert last, lines[-1]
    assert float(last.group(1)) <= 15.0, run.stdout
