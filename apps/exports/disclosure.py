"""The k-anonymity report of an export: how many participants share each combination of the
exported quasi-identifiers (age band, group, arm, stratum). Made when the export is asked for,
shown beside it before anyone downloads it, and written into its codebook.

A participant alone in their combination (k = 1) can be singled out by anyone who knows those
few facts about them; ``K_MIN`` is the smallest class the report calls safe.
"""

from __future__ import annotations

from collections import Counter

from apps.exports.scope import ExportScope

QUASI_IDENTIFIERS = ("age_band", "group", "arm", "stratum")
K_MIN = 5


def k_anonymity(scope: ExportScope) -> dict:
    """The report for the participants the export holds, their values as exported (a group
    outside the study's code list is exported empty, so it is counted empty)."""
    codes = set(scope.study.group_codes)
    rows = scope.participant_rows().values_list(
        "age_band", "group", "arm__name", "allocation__stratum"
    )
    classes = Counter(
        (age_band, group if group in codes else None, arm, stratum)
        for age_band, group, arm, stratum in rows.iterator()
    )
    k = min(classes.values(), default=0)
    small = sorted(
        (values for values, n in classes.items() if n < K_MIN), key=lambda v: [str(x) for x in v]
    )
    return {
        "quasi_identifiers": list(QUASI_IDENTIFIERS),
        "participants": sum(classes.values()),
        "classes": len(classes),
        "k": k,
        "k_min": K_MIN,
        "meets_k_min": k >= K_MIN,
        "below_k_min": [
            {**dict(zip(QUASI_IDENTIFIERS, values, strict=True)), "participants": classes[values]}
            for values in small
        ],
    }
