"""bench/tools/run_cpu.py counts the CPU of a process the command's tree has lost (forked by a
shell that exits at once, as Chromium's helpers are), and exits with the command's status."""

import re
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "bench" / "tools" / "run_cpu.py"
# Prints the CPU seconds it took itself, from inside the orphan.
BURN = "import time; sum(i*i for i in range(3*10**6)); print('burnt', time.process_time())"


def test_an_orphans_cpu_is_counted_and_the_status_kept():
    orphan = f'( {sys.executable} -c "{BURN}" & ); exit 3'
    run = subprocess.run(
        [sys.executable, str(TOOL), "--no-index", "--linger", "30", "--", "bash", "-c", orphan],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 3, run.stdout + run.stderr
    burnt = float(re.search(r"burnt ([\d.]+)", run.stdout).group(1))
    counted = re.search(r"processes: ([\d.]+) s user \+ ([\d.]+) s system", run.stdout)
    assert counted, run.stdout
    # Counted to a tick (the tool rounds to tenths): the orphan's own and its interpreter's start.
    assert float(counted.group(1)) + float(counted.group(2)) >= burnt - 0.1, run.stdout
    assert "still running" not in run.stdout
