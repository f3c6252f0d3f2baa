"""What produced an export: the platform's version and the versions of what computed its
values, written into the codebook and the dataset descriptions."""

from __future__ import annotations

from importlib import metadata

from django.conf import settings

from apps.games.engine.bots import bot_versions
from apps.games.engine.solver import SOLVER_VERSION
from apps.metrics.selectors import ANALYSIS_VERSION, METRICS, catalogue_signature


def platform_version() -> str:
    try:
        return metadata.version("memulation-lab")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


def provenance() -> dict:
    return {
        "platform_version": platform_version(),
        "metric_catalogue": catalogue_signature(with_solver=settings.METRICS_WITH_SOLVER),
        "metric_versions": {m.key: m.version for m in METRICS},
        "solver_analysis_version": ANALYSIS_VERSION,
        "solver_version": SOLVER_VERSION,
        "metrics_with_solver": settings.METRICS_WITH_SOLVER,
        "opponent_versions": bot_versions(),
        "opponents": (
            "Each game's computer opponent, its level and the version that played are in the "
            "games table (opponent_versions: the versions of this platform); the protocol "
            "version of each session is in the sessions table."
        ),
    }
