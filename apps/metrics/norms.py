"""Reference norm tables, loaded from CSV.

Format (UTF-8, comma-separated, a header row, one row per metric and age band)::

    key,version,age_band,mean,sd,n,source
    recall_hit,1,70-79,0.42,0.21,118,"Example et al. 2027, Table 3"

- ``key`` and ``version``: a metric of the catalogue (``/api/metrics/catalogue/``) and the
  version of its definition the norms were collected under;
- ``age_band``: one of the participant age bands (``<40``, ``40-49`` ... ``80+``);
- ``mean``, ``sd`` (> 0) and ``n`` (people in the norm sample); ``source``: a citation.

Loading replaces the rows of the same (key, version, age band); the whole file is checked first
and nothing is stored if any row is wrong.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable

from django.db import transaction

from apps.common.errors import ValidationFailed
from apps.metrics.catalogue import CATALOGUE
from apps.metrics.models import ReferenceNorm
from apps.participants.models import Participant

COLUMNS = ("key", "version", "age_band", "mean", "sd", "n", "source")
AGE_BANDS = {value for value, _ in Participant.AgeBand.choices}


def _row(number: int, row: dict) -> ReferenceNorm:
    problems = []
    key = (row.get("key") or "").strip()
    if key not in CATALOGUE:
        problems.append(f"unknown metric {key!r}")
    band = (row.get("age_band") or "").strip()
    if band not in AGE_BANDS:
        problems.append(f"age band {band!r} is not one of {', '.join(sorted(AGE_BANDS))}")
    try:
        version = int(row.get("version") or 1)
        mean = float(row["mean"])
        sd = float(row["sd"])
        n = int(row.get("n") or 0)
    except (TypeError, ValueError, KeyError):
        problems.append("version, mean, sd and n must be numbers")
    else:
        if sd <= 0:
            problems.append("sd must be positive")
    if problems:
        raise ValidationFailed(
            f"Line {number}: " + "; ".join(problems) + ".",
            code="invalid_norms",
            details={"line": number, "problems": problems},
        )
    return ReferenceNorm(
        key=key,
        version=version,
        age_band=band,
        mean=mean,
        sd=sd,
        n=n,
        source=(row.get("source") or "").strip()[:200],
    )


def norms_load(lines: Iterable[str]) -> int:
    """Load a norm table (see the module docstring); returns the rows stored."""
    reader = csv.DictReader(lines)
    missing = [c for c in COLUMNS[:5] if c not in (reader.fieldnames or [])]
    if missing:
        raise ValidationFailed(
            f"The norm table lacks the column(s) {', '.join(missing)}.", code="invalid_norms"
        )
    rows = [_row(number, row) for number, row in enumerate(reader, start=2)]
    with transaction.atomic():
        for norm in rows:
            ReferenceNorm.objects.update_or_create(
                key=norm.key,
                version=norm.version,
                age_band=norm.age_band,
                defaults={"mean": norm.mean, "sd": norm.sd, "n": norm.n, "source": norm.source},
            )
    return len(rows)
