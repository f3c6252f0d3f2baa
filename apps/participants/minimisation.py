"""Allocation by minimisation with a random element, from a stated, version-stable generator.

Pure Python (the standard library only), so the benchmark and the services share it.

**The generator.** The k-th allocation of a study draws ``u = uniform(seed, k)``: the SHA-256
digest of ``"memulation-allocation-v1:<seed>:<k>"``, its first 8 bytes as a big-endian integer,
its top 53 bits divided by 2**53. SHA-256 is fixed by FIPS 180-4, so the numbers are the same
on every Python, platform and release (unlike ``random.shuffle``, whose algorithm is not
promised to stay); given the seed, every allocation can be reproduced, and without it no number
tells anything about the next one.

**The rule** (Pocock and Simon's minimisation, with arm weights). For each arm, suppose the new
participant went there: for every factor (the stratum's age band, ...) take the participants of
the same level so far, each arm's count divided by its weight, and the range of those; add the
ranges up. The arms with the smallest sum are preferred. Every other arm keeps ``1 - BIAS`` of
its share by weight, and the preferred arms share the rest by weight; when every arm is
preferred (a tie) the chances are the weights' shares. ``u`` then picks an arm from these
chances in the arms' order. With two arms 1:1 the preferred arm's chance is 0.6 at most, so a
guesser who sees every earlier allocation is right no more than 60% of the time, and no
allocation is ever determined in advance.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

GENERATOR = "sha256-counter-v1"
BIAS = 0.2  # the share a non-preferred arm gives up: 1:1 gives the preferred arm 0.6

Counts = Mapping[str, Mapping[str, Mapping[str, int]]]  # factor -> level -> arm -> n


def uniform(seed: int, k: int) -> float:
    """The study's k-th random number in [0, 1).

    >>> round(uniform(2026, 1), 6), round(uniform(2026, 2), 6)
    (0.915102, 0.638929)
    """
    digest = hashlib.sha256(f"memulation-allocation-v1:{seed}:{k}".encode()).digest()
    return (int.from_bytes(digest[:8], "big") >> 11) / 2**53


def chances(
    arms: Sequence[tuple[str, int]], counts: Counts, levels: Mapping[str, str]
) -> dict[str, float]:
    """Each arm's chance for a participant of these factor ``levels``, given the ``counts`` of
    those allocated so far.

    >>> arms = [("training", 1), ("control", 1)]
    >>> chances(arms, {}, {"age_band": "70-79"})
    {'training': 0.5, 'control': 0.5}
    >>> chances(arms, {"age_band": {"70-79": {"training": 2}}}, {"age_band": "70-79"})
    {'training': 0.4, 'control': 0.6}
    """
    total = sum(weight for _, weight in arms)
    scores = {}
    for name, _ in arms:
        score = 0.0
        for factor, level in levels.items():
            seen = counts.get(factor, {}).get(level, {})
            scaled = [(seen.get(arm, 0) + (arm == name)) / weight for arm, weight in arms]
            score += max(scaled) - min(scaled)
        scores[name] = score
    best = min(scores.values())
    preferred = [name for name, _ in arms if scores[name] - best < 1e-9]
    if len(preferred) == len(arms):
        return {name: weight / total for name, weight in arms}
    out = {name: (1 - BIAS) * weight / total for name, weight in arms if name not in preferred}
    left = 1 - sum(out.values())
    preferred_total = sum(weight for name, weight in arms if name in preferred)
    out.update(
        {name: left * weight / preferred_total for name, weight in arms if name in preferred}
    )
    return {name: round(out[name], 12) for name, _ in arms}


def pick(arm_chances: Mapping[str, float], u: float) -> str:
    """The arm ``u`` falls in, taking the chances in their order.

    >>> pick({"training": 0.4, "control": 0.6}, 0.39), pick({"training": 0.4, "control": 0.6}, 0.4)
    ('training', 'control')
    """
    edge = 0.0
    names = list(arm_chances)
    for name in names[:-1]:
        edge += arm_chances[name]
        if u < edge:
            return name
    return names[-1]
