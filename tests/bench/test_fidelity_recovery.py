"""The memory-fidelity recovery study (bench/fidelity.py) on a tiny seeded sample: it simulates
participants of known fidelity through the platform's own estimate, prints how often the
interval held the true f at every true f, for one session and for all, and its verdict."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "fidelity.py"
TRUE_F = ("0.00", "0.25", "0.50", "0.75", "1.00")


def bench(*args) -> str:
    """What the bench prints, run as a command with ``args``."""
    return subprocess.run(
        [sys.executable, str(BENCH), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    ).stdout


def test_the_recovery_study_prints_coverage_by_true_f(tmp_path):
    args = ["--seed", "7", "8", "--replicates", "1", "--sessions", "1", "--worlds", "4"]
    saved = tmp_path / "participants.json"
    out = bench(*args, "--jobs", "2", "--metric-only", "--save", saved)
    assert (
        "seeds 7, 8: 30 participants x 1 sessions, 4 worlds per decision, slip rate 0.3, 30 games"
        in out
    )
    lines = out.strip().splitlines()
    assert lines.pop() == f"participants' game grids written to {saved}"
    rows = lines[-6:-1]
    held = 0
    for f, row in zip(TRUE_F, rows, strict=True):
        # 6 participants a true f (2 seeds x 3 noise levels), one session each
        found = re.fullmatch(
            rf"  true f {f}: one session (\d+)/6 \([\d.]+%\), all sessions (\d+)/6 \([\d.]+%\), "
            r"bias [+-][\d.]+",
            row,
        )
        assert found, row
        one, together = (int(x) for x in found.groups())
        assert one == together <= 6  # one session a participant: the same intervals
        held += one
    assert held >= 20, out  # of 30 single sessions: a loose bound, the sample is tiny
    # and the table MEASURED_COVERAGE is copied from: by games pooled (here one), by true f
    assert "interval held the true f, by games pooled (MEASURED_COVERAGE):" in out
    assert re.search(r"^  1 game\(s\): \{0\.0: \(\d+, 6\), 0\.25: ", out, re.M), out
    assert re.fullmatch(
        r"calibrated \(92-98% at every f, both; \|bias\| < 0.05 inside\): (True|False)", lines[-1]
    )
    # The saved participants read back give the same figures, and the drops at the ends of the
    # range that would make the interval hold a true f there 95% of the time on them
    again = bench("--load", saved)
    assert again.startswith("seeds 7, 8: 30 participants read from 1 file(s)"), again
    assert "\n".join(lines[-6:]) in again
    tail = again.strip().splitlines()
    drops = tail[-7]
    assert re.fullmatch(
        r"  1: \((inf|[\d.]+) \(without: \d+/6\), (inf|[\d.]+) \(without: \d+/6\)\)", drops
    ), drops
    # and the calibration curves they call for: each interior true f's mean estimate before the
    # curve, 6 participants each, and the raw value one game's interval holds 95% of the time
    # nearest the knot in use; then the knots in use and called for, of several games and of one
    assert tail[-6] == (
        "calibration curve these participants call for (CALIBRATION), mean raw estimate (SE):"
    )
    for f, row in zip(TRUE_F[1:-1], tail[-5:-2], strict=True):
        found = re.fullmatch(
            rf"  true f {f}: [\d.]+ \([\d.]+\) over 6 participants; one game: [\d.]+ "
            r"\(held (\d+)/(\d+)\)",
            row,
        )
        assert found and int(found[1]) <= int(found[2]) <= 6, row
    knots = r"\([\d.]+, 0\.25\), \([\d.]+, 0\.5\), \([\d.]+, 0\.75\)"
    curve = rf"\(\(0\.0, 0\.0\), {knots}, \(1\.0, 1\.0\)\)"
    assert re.fullmatch(rf"  in use: {curve}; called for: {curve}", tail[-2]), tail[-2]
    assert re.fullmatch(
        rf"  one game \(ONE_GAME_CALIBRATION\), in use: {curve}; called for: {curve}", tail[-1]
    ), tail[-1]


def test_participants_of_one_true_f_alone(tmp_path):
    """``--true-f`` simulates the participants of those true f only (the same ones a whole run
    has), as the test at f = 0 was chosen and measured: the figures are theirs alone."""
    saved = tmp_path / "zero.json"
    args = ["--seed", "7", "--true-f", "0.0", "--replicates", "1", "--sessions", "2"]
    out = bench(*args, "--worlds", "4", "--metric-only", "--save", saved)
    assert "seeds 7: 3 participants x 2 sessions" in out
    lines = out.strip().splitlines()
    assert re.fullmatch(r"  true f 0\.00: one session \d+/\d+ .*", lines[-3]), out
    assert not re.search(r"true f 0\.25", out)
    assert re.fullmatch(
        r"calibrated \(92-98% at each f simulated \(0\.0\), both; \|bias\| < 0.05 inside\): "
        r"(True|False)",
        lines[-2],
    )
    again = bench("--load", saved)
    # the drops at f = 0 by games pooled; none at f = 1, where nobody was simulated
    assert re.search(r"^  2: \((inf|[\d.]+) \(without: \d+/3\), -\)$", again, re.M), again


def test_one_game_s_knot_is_where_95_percent_of_intervals_hold_it():
    spec = importlib.util.spec_from_file_location("fidelity_bench", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    # From below: of 20 intervals 18 hold everything and two start at 0.6; 0.45 is held by 18,
    # under 19 (95% of 20), and the nearest value held by 19 or more is 0.6 (by all 20)
    late = [(0.0, 1.0)] * 18 + [(0.6, 1.0)] * 2
    assert bench.one_game_knot(late, 0.45) == (20, 0.6)
    # From above: 0.5 is held by all 20 when one ends at 0.52; the nearest value held by 19 or
    # fewer is 0.521
    early = [(0.0, 1.0)] * 19 + [(0.0, 0.52)]
    assert bench.one_game_knot(early, 0.5) == (19, 0.521)
    # Where no value is held by 95% of them: the value nearest the start that most hold
    split = [(0.0, 0.4)] * 10 + [(0.6, 1.0)] * 10
    assert bench.one_game_knot(split, 0.45) == (10, 0.4)
