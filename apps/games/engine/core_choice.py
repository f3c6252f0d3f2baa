"""Which solver core runs: the compiled search (``_solver.c``, built when the package is
installed with a compiler) or the pure-Python reference (:mod:`apps.games.engine.solver_core`).
Both take and return the same states, so either can stand in for the other."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

try:
    from ._solver import Search as CompiledSearch
except ImportError as exc:  # not built (no compiler when installed): the reference runs
    CompiledSearch = None
    COMPILED_MISSING = f"{type(exc).__name__}: {exc}"
else:
    COMPILED_MISSING = ""

#: ``python`` forces the pure-Python core, ``compiled`` insists on the extension (an error when
#: it is not built), ``auto`` (the default) takes the compiled one when it is there.
CORE_ENV = "MEMULATION_SOLVER_CORE"
CORE_SETTINGS = ("auto", "python", "compiled")


def choose_core(setting: str | None) -> str:
    """``"compiled"`` or ``"python"``: the core a ``CORE_ENV`` value asks for."""
    setting = (setting or "auto").strip().lower() or "auto"
    if setting not in CORE_SETTINGS:
        raise ValueError(f"{CORE_ENV} must be one of {', '.join(CORE_SETTINGS)}, not {setting!r}")
    if setting == "python":
        return "python"
    if CompiledSearch is None:
        if setting == "compiled":
            raise ImportError(
                f"{CORE_ENV}=compiled, but the compiled core is not built: {COMPILED_MISSING}"
            )
        return "python"
    return "compiled"


#: The core this process runs unless a caller asks for one by name.
CORE = choose_core(os.environ.get(CORE_ENV))


def make_search(tie_leader: bool = True, core: str | None = None) -> Any:
    """A :class:`Search` (or its compiled twin) for the rule; ``core`` defaults to :data:`CORE`."""
    core = core or CORE
    if core == "compiled":
        if CompiledSearch is None:
            raise ImportError(f"the compiled core is not built: {COMPILED_MISSING}")
        return CompiledSearch(tie_leader)
    if core != "python":
        raise ValueError(f"core must be 'python' or 'compiled', not {core!r}")
    # Imported when first asked for: it builds its tables as it loads (0.13 s a process).
    from .solver_core import Search as PythonSearch

    return PythonSearch(tie_leader)


@contextmanager
def core_used(core: str) -> Iterator[None]:
    """Within the block, solvers made without naming a core use ``core`` (benchmarks compare
    both cores in one process this way)."""
    global CORE
    if core not in ("python", "compiled"):
        raise ValueError(f"core must be 'python' or 'compiled', not {core!r}")
    if core == "compiled" and CompiledSearch is None:
        raise ImportError(f"the compiled core is not built: {COMPILED_MISSING}")
    saved, CORE = CORE, core
    try:
        yield
    finally:
        CORE = saved


def core_description() -> str:
    """One line for start-up logs and the ``solver_core`` command."""
    if CORE == "compiled":
        return "solver core: compiled (apps.games.engine._solver)"
    why = f"{CORE_ENV}=python" if CompiledSearch is not None else COMPILED_MISSING
    return f"solver core: pure Python ({why})"
