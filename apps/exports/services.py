"""The exports app's public face: asking for an export, building it (the job and the command
line), and sweeping up after it. Each topic has its own module:

- :mod:`.requests`: the filters checked, the export recorded, built now or queued;
- :mod:`.building`: one build at a time, its progress, the audit record;
- :mod:`.folder`: the command line's export into a folder;
- :mod:`.sweep`: expired archives, dead work files, lost jobs;
- :mod:`.tasks`: the jobs that build and sweep (they call the modules above, never this one).

Every finished export is written to the audit trail with its row counts and checksums.
"""

from apps.exports import sweep
from apps.exports.building import BuildInProgress, ProgressRecorder, export_build
from apps.exports.folder import export_to_folder
from apps.exports.requests import export_request
from apps.exports.tasks import export_build_job


def exports_sweep(*, now=None) -> dict[str, int]:
    """The hourly sweep (:func:`.sweep.exports_sweep`), lost build jobs queued again."""
    return sweep.exports_sweep(requeue=export_build_job.delay, now=now)


__all__ = [
    "BuildInProgress",
    "ProgressRecorder",
    "export_build",
    "export_request",
    "export_to_folder",
    "exports_sweep",
]
