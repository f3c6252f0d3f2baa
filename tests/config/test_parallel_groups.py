"""make test's workers keep a group's tests together: pytest-xdist's --dist loadgroup sends
every test of one xdist_group to one worker (a pytest that drops the groups silently spreads
them, so this runs a small suite of its own under two workers and looks)."""

from __future__ import annotations

import re
import subprocess
import sys

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


def test_the_tests_of_a_group_run_on_one_worker(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_groups.py").write_text(SUITE)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v",
         "-p", "no:django", "-p", "no:cacheprovider", "test_groups.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:]
    workers = re.findall(
        r"\[(gw\d)\] \[[ \d]+%\] PASSED test_groups.py::test_grouped\S*@servers", done.stdout
    )
    assert len(workers) == 6, done.stdout[-3000:]
    assert len(set(workers)) == 1


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
