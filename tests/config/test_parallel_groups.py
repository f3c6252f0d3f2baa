"""make test's workers keep a group's tests together: pytest-xdist's --dist loadgroup sends
every test of one xdist_group to one worker (a pytest that drops the groups silently spreads
them, so this runs a small suite of its own under two workers and looks), in the order
tests/groups.py gives the run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.groups import BROWSER_RUN

ROOT = Path(__file__).resolve().parents[2]

SERVERS = """
import pytest

@pytest.mark.xdist_group("servers:test_e_servers")
@pytest.mark.parametrize("n", range(6))
def test_grouped(n):
    pass

@pytest.mark.parametrize("n", range(6))
def test_free(n):
    pass
"""

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

BROWSING = """
import pytest

@pytest.mark.parametrize("n", range({count}))
def test_page(chromium, n):
    pass
"""

# tests/groups.py's hooks, as tests/conftest.py takes them, and a stand-in for the browser
CONFTEST = """
import pytest

from tests.groups import pytest_collection_modifyitems, pytest_configure

@pytest.fixture(scope="package")
def chromium():
    return object()
"""

# Browser modules of 4, 4 and 2 tests; busy modules between and after them.
FILES = {
    "conftest.py": CONFTEST,
    "test_a_small.py": SHARING.format(count=6),
    "test_b_browser.py": BROWSING.format(count=4),
    "test_c_browser.py": BROWSING.format(count=4),
    "test_d_browser.py": BROWSING.format(count=2),
    "test_e_servers.py": SERVERS,
    "test_f_large.py": SHARING.format(count=41),
    **{f"test_g{n}.py": "def test_busy():\n    pass\n" for n in range(8)},
}


def own_env() -> dict[str, str]:
    """This process's environment with the project importable, less the options given to the
    outer run (PYTEST_ADDOPTS may load plugins the small suite does not have)."""
    env = {name: value for name, value in os.environ.items() if name != "PYTEST_ADDOPTS"}
    return {**env, "PYTHONPATH": str(ROOT)}


def run_pytest(folder: Path, files: dict[str, str], *options: str) -> str:
    """A suite of its own (``files``, by name) run with ``options``: its output. The project is
    importable."""
    (folder / "pytest.ini").write_text("[pytest]\n")
    for name, text in files.items():
        (folder / name).write_text(text)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:django", "-p", "no:cacheprovider", *options],
        cwd=folder, capture_output=True, text=True, timeout=120, env=own_env(),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory) -> list[tuple[str, str, str, str]]:
    """The suite above, run by two workers as make test runs ours (verbose, so that the output
    names each test's worker and group): (worker, module, test, group) of each test."""
    out = run_pytest(tmp_path_factory.mktemp("groups"), FILES, "-n", "2", "--dist", "loadgroup",
                     "--no-loadscope-reorder", "-v")  # fmt: skip
    ran = re.findall(
        r"\[(gw\d)\] \[[ \d]+%\] PASSED (test_\w+)\.py::(test_\w+)\S*?(@\S+)?\s*$",
        out,
        re.MULTILINE,
    )
    assert len(ran) == 6 + 3 + 4 + 4 + 2 + 12 + 41 + 3 + 8, out[-3000:]
    return ran


def test_the_tests_of_a_group_run_on_one_worker(two_workers):
    workers = [w for w, module, test, group in two_workers if test == "test_grouped"]
    groups = {group for w, module, test, group in two_workers if test == "test_grouped"}
    assert len(workers) == 6 and len(set(workers)) == 1 and groups == {"@servers:test_e_servers"}


def test_a_small_module_sharing_a_module_fixture_runs_on_one_worker(two_workers):
    sharing = [(worker, group) for worker, module, test, group in two_workers
               if (module, test) == ("test_a_small", "test_sharing")]  # fmt: skip
    assert len(sharing) == 6
    assert {group for _, group in sharing} == {"@shared:test_a_small.py"}
    assert len({worker for worker, _ in sharing}) == 1
    # tests that use no module fixture, and a module too large to keep together, stay spread
    others = [group for _, module, test, group in two_workers
              if test in ("test_alone", "test_free", "test_busy")
              or (module, test) == ("test_f_large", "test_sharing")]  # fmt: skip
    assert len(others) == 3 + 6 + 8 + 41 + 3 and not any(others)


def test_browser_tests_in_a_row_share_a_worker_whole_modules_at_a_time(two_workers):
    browsing = {}
    for worker, module, _, group in two_workers:
        if module.endswith("_browser"):
            browsing.setdefault(group, set()).add((worker, module))
    # 4 + 4 tests make a run of at least BROWSER_RUN (6); the next module starts another.
    assert BROWSER_RUN == 6
    assert {group: {m for _, m in ran} for group, ran in browsing.items()} == {
        "@browser:test_b_browser.py": {"test_b_browser", "test_c_browser"},
        "@browser:test_d_browser.py": {"test_d_browser"},
    }
    assert all(len({w for w, _ in ran}) == 1 for ran in browsing.values())


def test_the_waiting_groups_are_spread_between_the_busy_modules(tmp_path):
    out = run_pytest(tmp_path, FILES, "--collect-only", "-q")
    order = [line.split("::")[0].removesuffix(".py") for line in out.splitlines() if "::" in line]
    runs = [module for n, module in enumerate(order) if n == 0 or order[n - 1] != module]
    # Collected a to g; the waiting units (the two browser runs, the servers' group) go out
    # evenly between the busy modules, none in the last fifth of them, each unit whole.
    assert runs == [
        "test_a_small", "test_b_browser", "test_c_browser", "test_e_servers", "test_f_large",
        "test_d_browser", "test_g0", "test_g1", "test_g2", "test_e_servers", "test_g3",
        "test_g4", "test_g5", "test_g6", "test_g7",
    ], runs  # fmt: skip


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
