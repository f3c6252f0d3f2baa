"""What /proc/<pid>/stat says of a process (Linux): its name, its parent and its CPU time."""

from __future__ import annotations

import os
from typing import NamedTuple

TICK = os.sysconf("SC_CLK_TCK")


class Stat(NamedTuple):
    name: str
    parent: int
    own: float  # CPU seconds, user and system
    reaped: float  # CPU seconds of the ended children it has waited for


def read_stat(pid: int) -> Stat:
    """The process's figures now; OSError once it has gone."""
    with open(f"/proc/{pid}/stat", "rb") as f:
        stat = f.read()
    # The name may hold spaces and parentheses: it runs from the first "(" to the last ")".
    name = stat[stat.index(b"(") + 1 : stat.rindex(b")")].decode(errors="replace")
    # After "pid (name) ": state, ppid, ..., utime, stime, cutime, cstime (fields 14 to 17).
    fields = stat[stat.rindex(b")") + 2 :].split()
    own = (int(fields[11]) + int(fields[12])) / TICK
    reaped = (int(fields[13]) + int(fields[14])) / TICK
    return Stat(name, int(fields[1]), own, reaped)


def cpu_seconds(pid: int) -> float:
    """The process's own CPU seconds so far; OSError once it has gone."""
    return read_stat(pid).own
