"""Reference norm tables, loaded from CSV.

Format (UTF-8, comma-separated, a header row, one row per metric, age band and protocol; the
lines below are split for width)::

    key,version,age_band,game,examination_seconds,opponent,mean,sd,n,source,
      retest_r,retest_n,retest_source
    recall_hit,1,70-79,memulation,30,greedy,0.42,0.21,118,"Example 2027, Table 3",
      0.74,64,"Example 2027, Table 5"

- ``key`` and ``version``: a metric of the catalogue (``/api/metrics/catalogue/``) and the
  version of its definition the norms were collected under;
- ``age_band``: one of the participant age bands (``<40``, ``40-49`` ... ``80+``);
- ``game``, ``examination_seconds``, ``opponent``: the protocol settings of the norm sample's
  sessions; a z-score is given only for a session run with the same settings;
- ``mean``, ``sd`` (> 0, of one-session scores), ``n`` (people in the norm sample, at least
  ``MIN_NORM_N``) and ``source`` (a citation): all required;
- optional: ``retest_r``, the test-retest reliability of one-session scores (between 0 and 1,
  exclusive), with ``retest_n`` (people it rests on) and ``retest_source`` (its citation), all
  three together. A reliable change uses it only with a retest n of at least 50 (see
  :mod:`apps.metrics.reliability`).

Loading replaces the rows of the same (key, version, age band, protocol); the whole file is
checked first and nothing is stored if any row is wrong.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext

from apps.common.errors import ValidationFailed
from apps.metrics.catalogue import CATALOGUE
from apps.metrics.models import ReferenceNorm
from apps.participants.models import OPPONENTS, Participant

MIN_NORM_N = 50
REQUIRED = (
    "key", "version", "age_band", "game", "examination_seconds", "opponent",
    "mean", "sd", "n", "source",
)  # fmt: skip
RETEST = ("retest_r", "retest_n", "retest_source")
AGE_BANDS = {value for value, _ in Participant.AgeBand.choices}
WHERE = ("key", "version", "age_band", "game", "examination_seconds", "opponent")


def _text(row: dict, column: str) -> str:
    return (row.get(column) or "").strip()


def _row(number: int, row: dict) -> ReferenceNorm:
    problems = []
    missing = [c for c in REQUIRED if not _text(row, c)]
    if missing:
        problems.append(gettext("%(join)s must not be empty") % {"join": ", ".join(missing)})
    key, band, game = _text(row, "key"), _text(row, "age_band"), _text(row, "game")
    opponent = _text(row, "opponent")
    if key and key not in CATALOGUE:
        problems.append(gettext("unknown metric %(key)s") % {"key": repr(key)})
    if band and band not in AGE_BANDS:
        problems.append(
            gettext("age band %(band)s is not one of %(join)s")
            % {"band": repr(band), "join": ", ".join(sorted(AGE_BANDS))}
        )
    if game and game not in OPPONENTS:
        problems.append(
            gettext("game %(game)s is not one of %(join)s")
            % {"game": repr(game), "join": ", ".join(sorted(OPPONENTS))}
        )
    elif game and key in CATALOGUE and game not in CATALOGUE[key].games:
        problems.append(gettext("%(key)s is not measured in %(game)s") % {"key": key, "game": game})
    elif game and opponent and opponent not in OPPONENTS[game]:
        problems.append(
            gettext("%(game)s has no opponent %(opponent)s")
            % {"game": game, "opponent": repr(opponent)}
        )
    version = seconds = n = 0
    mean = sd = math.nan
    try:
        version = int(_text(row, "version") or 1)
        seconds = int(_text(row, "examination_seconds") or 0)
        mean = float(_text(row, "mean") or "nan")
        sd = float(_text(row, "sd") or "nan")
        n = int(_text(row, "n") or 0)
    except ValueError:
        problems.append(gettext("version, examination_seconds, mean, sd and n must be numbers"))
    else:
        if not missing and not (math.isfinite(mean) and math.isfinite(sd)):
            problems.append(gettext("mean and sd must be finite numbers"))
        elif not missing and sd <= 0:
            problems.append(gettext("sd must be positive"))
        if not missing and n < MIN_NORM_N:
            problems.append(
                gettext("n must be at least %(MIN_NORM_N)s (a norm sample of %(n)s is too small)")
                % {"MIN_NORM_N": MIN_NORM_N, "n": n}
            )
        if not missing and not 5 <= seconds <= 600:
            problems.append(gettext("examination_seconds must be between 5 and 600"))
    retest_r, retest_n, retest_source = _retest(row, problems)
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
        game=game,
        examination_seconds=seconds,
        opponent=opponent,
        mean=mean,
        sd=sd,
        n=n,
        source=_text(row, "source")[:200],
        retest_r=retest_r,
        retest_n=retest_n,
        retest_source=retest_source[:200],
    )


def _retest(row: dict, problems: list[str]) -> tuple[float | None, int, str]:
    given = [c for c in RETEST if _text(row, c)]
    if not given:
        return None, 0, ""
    if len(given) < len(RETEST):
        problems.append(gettext("retest_r, retest_n and retest_source go together: give all three"))
        return None, 0, ""
    try:
        retest_r, retest_n = float(_text(row, "retest_r")), int(_text(row, "retest_n"))
    except ValueError:
        problems.append(gettext("retest_r and retest_n must be numbers"))
        return None, 0, ""
    if not (math.isfinite(retest_r) and 0 < retest_r < 1):
        problems.append(gettext("retest_r must be between 0 and 1 (exclusive)"))
    if retest_n < 2:
        problems.append(gettext("retest_n must be at least 2"))
    return retest_r, retest_n, _text(row, "retest_source")


def norms_load(lines: Iterable[str]) -> int:
    """Load a norm table (see the module docstring); returns the rows stored."""
    reader = csv.DictReader(lines)
    missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
    if missing:
        raise ValidationFailed(
            gettext("The norm table lacks the column(s) %(join)s.") % {"join": ", ".join(missing)},
            code="invalid_norms",
        )
    rows = [_row(number, row) for number, row in enumerate(reader, start=2)]
    seen: dict[tuple, int] = {}
    for number, norm in enumerate(rows, start=2):
        where = tuple(getattr(norm, f) for f in WHERE)
        if where in seen:
            raise ValidationFailed(
                gettext(
                    "Line %(number)s: %(key)s version %(version)s for %(age_band)s under "
                    "these protocol settings is already on line %(value)s."
                )
                % {
                    "number": number,
                    "key": norm.key,
                    "version": norm.version,
                    "age_band": norm.age_band,
                    "value": seen[where],
                },
                code="invalid_norms",
                details={"line": number, "problems": [gettext("duplicate row")]},
            )
        seen[where] = number
    with transaction.atomic():
        for norm in rows:
            ReferenceNorm.objects.update_or_create(
                **{f: getattr(norm, f) for f in WHERE},
                defaults={
                    f: getattr(norm, f)
                    for f in ("mean", "sd", "n", "source", "retest_r", "retest_n", "retest_source")
                },
            )
    return len(rows)
