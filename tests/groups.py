"""How make test's workers share the suite (its hooks are ``tests/conftest.py``'s).

Groups. The tests of a small module that share a module-scoped fixture (a made world, the
seeded study exported in every format) form a pytest-xdist group, "shared:<module>", so the
fixture is made once, not once on each worker that draws one of the module's tests (the export:
about 2.5 s of CPU each time, made on three or four workers of six). A module of more than
``SPREAD`` tests stays spread over the workers: its fixture is small beside its tests, and one
worker would trail the run. Browser tests in a row form groups of about ``BROWSER_RUN`` tests,
"browser:<first module>", run one after another on one worker (a worker starts its one
Chromium for its first browser test and keeps it: tests/e2e/conftest.py). The servers' groups
are ``tests/conftest.py``'s; a test already in a group keeps it.

Order. Browser tests and tests with servers of their own spend much of their time waiting (a
timer, a page, a server starting); the rest keep a core busy. In the order collected, the
browser tests come together, and the six workers all waited at once: both cores were 15% idle
for a minute and a half. So the run's work units (a group, or a test of no group) go out in an
order of their own: the waiting groups spread evenly between the modules of the busy ones, the
last of them before the final ``TAIL`` of the busy modules, so that the run ends on small units
and no worker trails. pytest-xdist keeps that order (``--no-loadscope-reorder``).
"""

from __future__ import annotations

import pytest

GROUP = "shared"
SPREAD = 40
SERVERS_GROUP = "servers"  # its tests are found by tests/conftest.py
BROWSER = "browser"
BROWSER_RUN = 6
WAITING = (f"{SERVERS_GROUP}:", f"{BROWSER}:")
TAIL = 0.2


def shares_a_module_fixture(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(
        definitions[-1].scope == "module"
        for name in info.names_closure
        if (definitions := info.name2fixturedefs.get(name))
    )


def group_of(item: pytest.Item) -> str | None:
    marker = item.get_closest_marker("xdist_group")
    if marker is None:
        return None
    return marker.kwargs.get("name", marker.args[0] if marker.args else "default")


def module_of(item: pytest.Item) -> str:
    return item.nodeid.split("::")[0]


def uses_the_browser(item: pytest.Item) -> bool:
    return "chromium" in getattr(item, "fixturenames", ())


@pytest.hookimpl(tryfirst=True)  # before xdist's worker writes the groups into the test ids
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    group_shared_fixtures(items)
    group_browser_runs(items)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(RunOrder(), "tests.groups.RunOrder")


class RunOrder:
    """The run's order, given last: after pytest-django's (by database use), which would undo
    it (a plugin of its own: a conftest has one hook of a name)."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        items[:] = spread_the_waiting(items)


def group_shared_fixtures(items: list[pytest.Item]) -> None:
    by_module: dict[str, list[pytest.Item]] = {}
    for item in items:
        if group_of(item) is None and shares_a_module_fixture(item):
            by_module.setdefault(module_of(item), []).append(item)
    for module, shared in by_module.items():
        if len(shared) <= SPREAD:
            for item in shared:
                item.add_marker(pytest.mark.xdist_group(f"{GROUP}:{module}"))


def group_browser_runs(items: list[pytest.Item]) -> None:
    """Browser tests of no group, whole modules in collection order, in groups of at least
    ``BROWSER_RUN`` tests (the last one may be smaller)."""
    name, size, module = "", 0, ""
    for item in items:
        if group_of(item) is not None or not uses_the_browser(item):
            continue
        if not name or (size >= BROWSER_RUN and module_of(item) != module):
            name, size = f"{BROWSER}:{module_of(item)}", 0
        module = module_of(item)
        item.add_marker(pytest.mark.xdist_group(name))
        size += 1


def spread_the_waiting(items: list[pytest.Item]) -> list[pytest.Item]:
    """The tests, unit by unit (a group's tests where its first one was collected): the
    waiting groups spread evenly between the busy modules, none in the last ``TAIL`` of them."""
    units: dict[str, list[pytest.Item]] = {}
    for item in items:
        units.setdefault(group_of(item) or item.nodeid, []).append(item)
    waiting = [tests for key, tests in units.items() if key.startswith(WAITING)]
    busy = [tests for key, tests in units.items() if not key.startswith(WAITING)]
    # Where a busy module ends, a waiting group may go in without splitting that module (a
    # worker leaving a module tears its module fixtures down).
    ends = [
        i + 1 for i in range(len(busy) - 1) if module_of(busy[i][0]) != module_of(busy[i + 1][0])
    ]
    ends = ends[: max(1, int(len(ends) * (1 - TAIL)))] if ends else [len(busy)]
    after: dict[int, list[list[pytest.Item]]] = {}
    for n, tests in enumerate(waiting):
        after.setdefault(ends[n * len(ends) // len(waiting)], []).append(tests)
    ordered: list[pytest.Item] = []
    for i in range(len(busy) + 1):
        for tests in after.get(i, []):
            ordered += tests
        if i < len(busy):
            ordered += busy[i]
    return ordered
