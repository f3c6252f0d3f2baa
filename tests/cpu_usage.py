"""The CPU each test uses, for finding what to make cheaper (the suite is bound by its CPU, not
by waiting). Off unless loaded:

    nice -n 10 .venv/bin/python -m pytest -p tests.cpu_usage -n 2 tests/e2e [--cpu-top 30]

A test's figure runs from its setup to its teardown: its own process's CPU (every thread, so a
live server in the test's process counts) and that of the processes under it (a browser, a
Celery worker, a server: the live ones' CPU read from /proc, the ended ones' from
RUSAGE_CHILDREN). A module- or session-wide fixture counts to the test that set it up or tore
it down. A process that ends outside the test's tree (the shared browser, closed after a
worker's last test) takes its CPU with it: that test's children count as none. PostgreSQL's
server is no child of the test and is not counted. At the end the terminal shows the top tests
and modules by CPU; ``--cpu-file PATH`` writes every test's figures as tab-separated lines, to
compare two runs."""

from __future__ import annotations

import os
import resource
import time
from collections import defaultdict
from pathlib import Path

import pytest

TICKS = os.sysconf("SC_CLK_TCK")
KEY = "cpu_usage"


def descendants_cpu() -> float:
    """CPU seconds of the processes under this one: the live ones with what each has reaped,
    and the ended children this process reaped."""
    me = os.getpid()
    children: dict[int, list[int]] = defaultdict(list)
    ticks: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_bytes()
        except OSError:
            continue
        # After "pid (name) ": state, ppid, ..., utime, stime, cutime, cstime (fields 14 to 17).
        fields = stat[stat.rindex(b")") + 2 :].split()
        pid = int(entry.name)
        children[int(fields[1])].append(pid)
        ticks[pid] = sum(int(value) for value in fields[11:15])
    total = 0
    pending = list(children[me])
    while pending:
        pid = pending.pop()
        total += ticks.get(pid, 0)
        pending.extend(children[pid])
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return total / TICKS + reaped.ru_utime + reaped.ru_stime


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("cpu_usage")
    group.addoption("--cpu-top", type=int, default=30, help="tests and modules shown by CPU")
    group.addoption("--cpu-file", default=None, help="every test's CPU, tab-separated")


class CpuUsage:
    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.started: tuple[float, float, float] | None = None
        self.tests: dict[str, tuple[float, float, float]] = {}

    def pytest_runtest_logstart(self) -> None:
        self.started = (time.perf_counter(), time.process_time(), descendants_cpu())

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo):
        outcome = yield
        if call.when != "teardown" or self.started is None:
            return
        wall, own, children = self.started
        used = (
            time.perf_counter() - wall,
            time.process_time() - own,
            # At least nothing: a process that ends outside the test's tree (the shared
            # browser, closed after a worker's last test) takes its CPU out of the sum.
            max(0.0, descendants_cpu() - children),
        )
        # In the report, so that xdist carries it to the process that prints.
        outcome.get_result().user_properties.append((KEY, used))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "teardown":
            return
        for name, value in report.user_properties:
            if name == KEY:
                self.tests[report.nodeid] = tuple(value)

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if hasattr(self.config, "workerinput") or not self.tests:
            return
        top = self.config.getoption("cpu_top")
        write = terminalreporter.write_line
        modules: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0])
        for nodeid, (wall, own, children) in self.tests.items():
            module = modules[nodeid.split("::")[0]]
            module[0] += wall
            module[1] += own
            module[2] += children
            module[3] += 1
        own_all = sum(own for _, own, _ in self.tests.values())
        children_all = sum(children for _, _, children in self.tests.values())
        terminalreporter.section("CPU by test (seconds)")
        write(
            f"{len(self.tests)} tests: {own_all:.1f} s in the tests' processes, "
            f"{children_all:.1f} s in the processes under them"
        )
        write(f"{'cpu':>8} {'own':>8} {'children':>8} {'wall':>8}  test")
        ranked = sorted(self.tests.items(), key=lambda kv: -(kv[1][1] + kv[1][2]))
        for nodeid, (wall, own, children) in ranked[:top]:
            write(f"{own + children:8.2f} {own:8.2f} {children:8.2f} {wall:8.2f}  {nodeid}")
        terminalreporter.section("CPU by module (seconds)")
        write(f"{'cpu':>8} {'own':>8} {'children':>8} {'wall':>8} {'tests':>5}  module")
        ranked_modules = sorted(modules.items(), key=lambda kv: -(kv[1][1] + kv[1][2]))
        for module, (wall, own, children, count) in ranked_modules[:top]:
            cpu = own + children
            write(f"{cpu:8.2f} {own:8.2f} {children:8.2f} {wall:8.2f} {count:5}  {module}")
        path = self.config.getoption("cpu_file")
        if path:
            lines = [
                f"{nodeid}\t{own + children:.3f}\t{own:.3f}\t{children:.3f}\t{wall:.3f}"
                for nodeid, (wall, own, children) in ranked
            ]
            Path(path).write_text("nodeid\tcpu\town\tchildren\twall\n" + "\n".join(lines) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(CpuUsage(config), KEY)
