"""Figures the harness prints at the end of the run (see ``conftest.pytest_terminal_summary``)."""

from __future__ import annotations

from collections import defaultdict

fuzz = {"operations": set(), "runs": 0, "cases": 0, "failures": 0, "known": 0}
faults: dict[str, dict[str, int]] = defaultdict(dict)


def add_fuzz(*, operation: str, cases: int, failures: list[str], known: bool) -> None:
    """One (role, operation) run; ``known``: its failures are a listed defect (marked xfail)."""
    fuzz["operations"].add(operation)
    fuzz["runs"] += 1
    fuzz["cases"] += cases
    fuzz["known" if known else "failures"] += len(failures)


def add_fault(name: str, **counts: int) -> None:
    faults[name].update(counts)


def lines() -> list[str]:
    out = []
    if fuzz["runs"]:
        out.append(
            f"schemathesis: {len(fuzz['operations'])} operations, {fuzz['runs']} role x "
            f"operation runs, {fuzz['cases']} cases, {fuzz['failures']} failures "
            f"(+{fuzz['known']} in runs marked as known defects)"
        )
    for name, counts in faults.items():
        out.append(f"{name}: " + ", ".join(f"{key} {value}" for key, value in counts.items()))
    return out
