"""make test's workers keep a group's tests together: pytest-xdist's --dist loadgroup sends
every test of one xdist_group to one worker (a pytest that drops the groups silently spreads
them, so this runs a small suite of its own under two workers and looks)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SUITE = """
import pytest

@pytest.mark.xdist_group("servers")
@pytest.mark.parametrize("n", range(6))
def test_grouped(n):
    pass

@pytest.mark.parametrize("n", range(6))
def test_free(n):
    pass
"""


def own_env() -> dict[str, str]:
    """This process's environment with the project importable, less the options given to the
    outer run (PYTEST_ADDOPTS may load plugins the small suite does not have)."""
    env = {name: value for name, value in os.environ.items() if name != "PYTEST_ADDOPTS"}
    return {**env, "PYTHONPATH": str(ROOT)}


def run_on_two_workers(folder: Path, files: dict[str, str]) -> str:
    """A suite of its own (``files``, by name) run by two workers, as make test runs ours: the
    verbose output, which names each test's worker and group. The project is importable."""
    (folder / "pytest.ini").write_text("[pytest]\n")
    for name, text in files.items():
        (folder / name).write_text(text)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v",
         "-p", "no:django", "-p", "no:cacheprovider"],
        cwd=folder, capture_output=True, text=True, timeout=120,
        env=own_env(),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:]
    return done.stdout


def test_the_tests_of_a_group_run_on_one_worker(tmp_path):
    out = run_on_two_workers(tmp_path, {"test_groups.py": SUITE})
    workers = re.findall(
        r"\[(gw\d)\] \[[ \d]+%\] PASSED test_groups.py::test_grouped\S*@servers", out
    )
    assert len(workers) == 6, out[-3000:]
    assert len(set(workers)) == 1


SHARING = """
import pytest

@pytest.fixture(scope="module")
def made_once():
    return object()

@pytest.mark.parametrize("n", range({count}))
def test_sharing(made_once, n):
    pass

@pytest.mark.parametrize("n", range(3))
def test_alone(n):
    pass
"""


def test_a_small_module_sharing_a_module_fixture_runs_on_one_worker(tmp_path):
    # tests/groups.py's hook, as tests/conftest.py takes it
    out = run_on_two_workers(
        tmp_path,
        {
            "conftest.py": "from tests.groups import pytest_collection_modifyitems\n",
            "test_small.py": SHARING.format(count=6),
            "test_large.py": SHARING.format(count=41),
        },
    )
    ran = re.findall(
        r"\[(gw\d)\] \[[ \d]+%\] PASSED (test_\w+)\.py::(test_\w+)\S*?(@\S+)?\s*$",
        out,
        re.MULTILINE,
    )
    sharing = [(worker, group) for worker, module, test, group in ran
               if (module, test) == ("test_small", "test_sharing")]  # fmt: skip
    assert len(sharing) == 6, out[-3000:]
    assert {group for _, group in sharing} == {"@shared:test_small.py"}
    assert len({worker for worker, _ in sharing}) == 1
    # tests that use no module fixture, and a module too large to keep together, stay spread
    others = [group for _, module, test, group in ran
              if (module, test) != ("test_small", "test_sharing")]  # fmt: skip
    assert len(others) == 3 + 41 + 3 and not any(others), out[-3000:]


def test_each_worker_takes_ports_from_a_range_of_its_own(monkeypatch):
    # Below the kernel's ephemeral ports (bind(0) hands those out), one range per worker: a port
    # one worker found free is never another worker's to find.
    import socket

    from tests import conftest

    ranges = []
    for worker in ("", "gw0", "gw1", "gw7"):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
        index = conftest._worker_index()
        low = conftest.FIRST_PORT + conftest.PORTS_PER_WORKER * index
        ranges.append(range(low, low + conftest.PORTS_PER_WORKER))
        given = [conftest.free_port() for _ in range(3)]
        assert all(port in ranges[-1] for port in given), (worker, given)
        assert len(set(given)) == 3  # handed out in turn
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", given[0]))  # and free when given
    assert max(r.stop for r in ranges) <= 32768
    assert all(set(a).isdisjoint(b) for i, a in enumerate(ranges) for b in ranges[i + 1 :])
