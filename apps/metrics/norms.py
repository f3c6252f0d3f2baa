"""Reference norm tables, loaded from CSV.

Format (UTF-8, comma-separated, a header row, one row per metric and age band)::

    key,version,age_band,mean,sd,n,source,retest_r,retest_source,practice_effect
    recall_hit,1,70-79,0.42,0.21,118,"Example 2027, Table 3",0.74,"Example 2027, Table 5",0.03

- ``key`` and ``version``: a metric of the catalogue (``/api/metrics/catalogue/``) and the
  version of its definition the norms were collected under;
- ``age_band``: one of the participant age bands (``<40``, ``40-49`` ... ``80+``);
- ``mean``, ``sd`` (> 0, of one-session scores) and ``n`` (people in the norm sample);
  ``source``: a citation;
- optional: ``retest_r``, the test-retest reliability of one-session scores (between 0 and 1,
  exclusive), with ``retest_source`` (required with it) its citation; ``practice_effect``, the
  mean retest gain without training in the metric's unit (second minus first testing), with
  ``practice_source`` (the ``source`` when empty). A reliable change needs ``retest_r`` (or
  enough of the study's own retest data); an empty cell means "not known".

Loading replaces the rows of the same (key, version, age band); the whole file is checked first
and nothing is stored if any row is wrong.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable

from django.db import transaction

from apps.common.errors import ValidationFailed
from apps.metrics.catalogue import CATALOGUE
from apps.metrics.models import ReferenceNorm
from apps.participants.models import Participant

COLUMNS = ("key", "version", "age_band", "mean", "sd", "n", "source")
OPTIONAL = ("retest_r", "retest_source", "practice_effect", "practice_source")
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
        if not (math.isfinite(mean) and math.isfinite(sd)):
            problems.append("mean and sd must be finite numbers")
        elif sd <= 0:
            problems.append("sd must be positive")
        if n < 0:
            problems.append("n must not be negative")
    retest_r = _optional_number(row, "retest_r", problems)
    if retest_r is not None and not 0 < retest_r < 1:
        problems.append("retest_r must be between 0 and 1 (exclusive)")
    retest_source = (row.get("retest_source") or "").strip()
    if retest_r is not None and not retest_source:
        problems.append("retest_r needs its citation in retest_source")
    if retest_r is None and retest_source:
        problems.append("retest_source is given without a retest_r")
    practice = _optional_number(row, "practice_effect", problems)
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
        retest_r=retest_r,
        retest_source=retest_source[:200],
        practice_effect=practice,
        practice_source=(row.get("practice_source") or "").strip()[:200],
    )


def _optional_number(row: dict, column: str, problems: list[str]) -> float | None:
    text = (row.get(column) or "").strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        problems.append(f"{column} must be a number or empty")
        return None
    if not math.isfinite(value):
        problems.append(f"{column} must be a finite number")
        return None
    return value


def norms_load(lines: Iterable[str]) -> int:
    """Load a norm table (see the module docstring); returns the rows stored."""
    reader = csv.DictReader(lines)
    missing = [c for c in COLUMNS[:5] if c not in (reader.fieldnames or [])]
    if missing:
        raise ValidationFailed(
            f"The norm table lacks the column(s) {', '.join(missing)}.", code="invalid_norms"
        )
    rows = [_row(number, row) for number, row in enumerate(reader, start=2)]
    seen: dict[tuple, int] = {}
    for number, norm in enumerate(rows, start=2):
        where = (norm.key, norm.version, norm.age_band)
        if where in seen:
            raise ValidationFailed(
                f"Line {number}: {norm.key} version {norm.version} for {norm.age_band} is "
                f"already on line {seen[where]}.",
                code="invalid_norms",
                details={"line": number, "problems": ["duplicate row"]},
            )
        seen[where] = number
    with transaction.atomic():
        for norm in rows:
            ReferenceNorm.objects.update_or_create(
                key=norm.key,
                version=norm.version,
                age_band=norm.age_band,
                defaults={
                    field: getattr(norm, field)
                    for field in ("mean", "sd", "n", "source", *OPTIONAL)
                },
            )
    return len(rows)
