"""Computes once what each of the suite's workers would otherwise compute for itself on a fresh
checkout, so that they start warm: `make test` runs it beside mypy, on the core mypy leaves idle.

- Collection, as the workers collect: Python's compiled modules of the project and pytest's
  rewritten test modules, which are written beside the sources (the first collection of the
  suite costs about twice the CPU of a warm one: 8.9-10.7 s against 4.5-5.1 s).
- Hypothesis's tables, written under `.hypothesis/`: the characters each Unicode category and
  the UTF-8 codec hold (the request fuzz generates UTF-8 strings; several seconds to build), and
  the constants of every local module it draws from (an AST walk of each module).

The run does not depend on it: a worker that finds a table missing builds it, as before.
Usage: `python -m tests.warm` from the project's root (exits with pytest's collection status).
"""

from __future__ import annotations

import sys

import pytest


class WarmHypothesis:
    """Draws once after collection, inside the session as a worker would."""

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        warm_hypothesis()


def warm_hypothesis() -> None:
    # Imported here, after pytest has loaded its Hypothesis plugin, as in a worker.
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from hypothesis.internal.conjecture import providers

    @settings(max_examples=1, database=None, suppress_health_check=list(HealthCheck))
    @given(st.text(st.characters(codec="utf-8")))
    def draw(text: str) -> None:
        pass

    draw()
    # A worker walks the modules it has loaded when a draw first asks for a constant; after
    # the collection above that is every test module and what they import.
    providers._get_local_constants()


def main() -> int:
    return int(pytest.main(["--collect-only", "-qq"], plugins=[WarmHypothesis()]))


if __name__ == "__main__":
    sys.exit(main())
