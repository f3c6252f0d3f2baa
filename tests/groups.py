"""Tests that share a module's fixture run on one worker (its hook is ``tests/conftest.py``'s).

The tests of a small module that share a module-scoped fixture (a made world, the seeded study
exported in every format) form a pytest-xdist group, "shared:<module>", so the fixture is made
once, not once on each worker that draws one of the module's tests (the export: about 2.5 s of
CPU each time, made on three or four workers of six). A module of more than ``SPREAD`` tests
stays spread over the workers: its fixture is small beside its tests, and one worker would trail
the run. The servers' groups are ``tests/conftest.py``'s; a test already in a group keeps it.
"""

from __future__ import annotations

import pytest

GROUP = "shared"
SPREAD = 40


def shares_a_module_fixture(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(
        definitions[-1].scope == "module"
        for name in info.names_closure
        if (definitions := info.name2fixturedefs.get(name))
    )


@pytest.hookimpl(tryfirst=True)  # before xdist's worker writes the groups into the test ids
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    by_module: dict[str, list[pytest.Item]] = {}
    for item in items:
        if item.get_closest_marker("xdist_group") is None and shares_a_module_fixture(item):
            by_module.setdefault(item.nodeid.split("::")[0], []).append(item)
    for module, shared in by_module.items():
        if len(shared) <= SPREAD:
            for item in shared:
                item.add_marker(pytest.mark.xdist_group(f"{GROUP}:{module}"))
