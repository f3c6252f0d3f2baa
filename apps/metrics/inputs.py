"""What a participant's readings rest on, read from the database: their own series, and the
study's claims, retest pairs, control arm and norms (see :mod:`apps.metrics.readings`).

A :class:`StudyInputs` loads a study's consented participants and their completed sessions once
and the session values it needs lazily, so a nightly refresh of a whole study reads each value
once; a refresh after one session reads only the sessions its readings look at.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from django.utils import timezone

from apps.metrics import readings, reliability
from apps.metrics.catalogue import CATALOGUE
from apps.metrics.models import AdaptiveChange, MetricValue, ReferenceNorm
from apps.metrics.readings import Assessment, Context, Gate, Norm, Point, PointSpec, Sitting
from apps.participants.models import Participant, Study
from apps.training.models import TrainingSession

Level = MetricValue.Level


@dataclass(frozen=True)
class Held:
    """A completed session as readings see it."""

    id: int
    number: int
    day: int  # days after enrolment
    date: str
    game: str
    adaptive: bool
    protocol: dict  # game, examination_seconds (as played), opponent


def _same_settings(a: Held | None, b: Held | None) -> bool:
    """Two sessions played with the same protocol settings: a change between two that were not
    would be the settings' as much as the person's (as for a participant's own reading)."""
    if a is None or b is None:
        return False
    first, second = (Point(h.number, h.id, None, None, 0, h.adaptive, h.protocol) for h in (a, b))
    return not readings.settings_differ(first, second)


def _day(moment, enrolled) -> int:
    def local(at) -> date:
        return timezone.localtime(at).date()

    return (local(moment) - local(enrolled)).days


def sessions_held(participants: list[Participant]) -> dict[int, list[Held]]:
    """Each participant's completed sessions in order, with the examination seconds each was
    played at (the staircase's, for an adaptive session)."""
    enrolled = {p.pk: p.created_at for p in participants}
    rows = list(
        TrainingSession.objects.filter(participant_id__in=enrolled, status="completed")
        .order_by("participant_id", "number")
        .values_list("id", "participant_id", "number", "started_at", "completed_at",
                     "created_at", "protocol_snapshot", "examination_seconds")
    )  # fmt: skip
    played_at = dict(
        AdaptiveChange.objects.filter(session_id__in=[r[0] for r in rows]).values_list(
            "session_id", "examination_seconds_before"
        )
    )
    out: dict[int, list[Held]] = defaultdict(list)
    for pk, pid, number, started, completed, created, snapshot, kept in rows:
        at = started or completed or created
        adaptive = bool((snapshot.get("adaptive") or {}).get("enabled"))
        seconds = round(kept) if kept is not None else None  # what it was played at
        if seconds is None:
            seconds = played_at.get(pk, snapshot.get("examination_seconds"))
        protocol = {
            "game": snapshot.get("game"),
            "examination_seconds": seconds,
            "opponent": snapshot.get("opponent"),
        }
        out[pid].append(
            Held(pk, number, _day(at, enrolled[pid]), (completed or at).isoformat(),
                 snapshot.get("game") or "memulation", adaptive, protocol)
        )  # fmt: skip
    return out


def session_values(session_ids) -> dict[int, dict[str, tuple[float | None, int]]]:
    """Session id -> metric key -> (value, n), current catalogue versions only."""
    out: dict[int, dict[str, tuple[float | None, int]]] = defaultdict(dict)
    rows = MetricValue.objects.filter(level=Level.SESSION, session_id__in=list(session_ids))
    for session_id, key, version, value, n in rows.values_list(
        "session_id", "key", "version", "value", "n"
    ):
        if key in CATALOGUE and CATALOGUE[key].version == version:
            out[session_id][key] = (value, n)
    return out


def specs(study: Study) -> list[PointSpec]:
    out = []
    for p in study.assessment_points.order_by("pk"):
        window = None
        if p.window_start_days is not None and p.window_end_days is not None:
            window = (p.window_start_days, p.window_end_days)
        out.append(PointSpec(p.pk, p.kind, p.label, p.when, p.session, window))
    return out


class Norms:
    """The norms rows of the catalogue's current versions, read once per age band."""

    def __init__(self) -> None:
        self._bands: dict[str, list[ReferenceNorm]] = {}

    def rows(self, key: str, age_band: str) -> list[ReferenceNorm]:
        if age_band not in self._bands:
            self._bands[age_band] = [
                row
                for row in ReferenceNorm.objects.filter(age_band=age_band)
                if row.key in CATALOGUE and row.version == CATALOGUE[row.key].version
            ]
        return [row for row in self._bands[age_band] if row.key == key]

    def matching(self, key: str, age_band: str, protocol: dict) -> ReferenceNorm | None:
        """The row collected under the session's protocol settings."""
        for row in self.rows(key, age_band):
            if all(row.protocol[f] == protocol.get(f) for f in row.protocol):
                return row
        return None

    def of_game(self, key: str, age_band: str, game: str) -> ReferenceNorm | None:
        """Any row of the game (to say which settings differ when none matches)."""
        return next((row for row in self.rows(key, age_band) if row.game == game), None)


class StudyInputs:
    """A study's consented participants, their sessions, and the values readings need."""

    def __init__(self, study: Study):
        study = Study.objects.get(pk=study.pk)  # its claims as stored now
        self.study = study
        self.specs = specs(study)
        self.primary = tuple(study.primary_metrics or ())
        self.interval = study.retest_interval_days
        self.control_arm = study.arms.filter(control=True).exists()
        people = list(
            Participant.objects.filter(
                study=study, consent_date__isnull=False, consent_withdrawn_at__isnull=True
            ).select_related("arm")
        )
        self.consented = {p.pk for p in people}
        self.controls = tuple(p.pk for p in people if p.arm is not None and p.arm.control)
        self.held = sessions_held(people)
        self.assessed = {pid: self.resolve(held) for pid, held in self.held.items()}
        self._values: dict[int, dict[str, tuple[float | None, int]]] = {}
        self._gates: dict[tuple, Gate] = {}
        self.norms = Norms()
        self._gains: dict[tuple, dict[int, float]] = {}

    # -- loading ---------------------------------------------------------------------------

    def resolve(self, held: list[Held]) -> tuple[Assessment, ...]:
        return readings.resolve(self.specs, [Sitting(h.number, h.day) for h in held])

    def values(self, session_ids) -> dict[int, dict[str, tuple[float | None, int]]]:
        missing = [pk for pk in session_ids if pk not in self._values]
        if missing:
            loaded = session_values(missing)
            for pk in missing:
                self._values[pk] = loaded.get(pk, {})
        return {pk: self._values[pk] for pk in session_ids}

    def _counted(self, key: str, held: Held | None) -> float | None:
        """The value of ``key`` at a session, if a reading may rest on it."""
        if held is None:
            return None
        value, n = self.values([held.id])[held.id].get(key, (None, 0))
        point = Point(held.number, held.id, None, value, n, held.adaptive)
        return value if readings.counted(CATALOGUE[key], [point]) else None

    @staticmethod
    def _at(held: list[Held], number: int | None, game: str) -> Held | None:
        for h in held:
            if h.number == number:
                return h if h.game == game else None
        return None

    # -- what readings ask for -------------------------------------------------------------

    def retest_pairs(self, key: str, game: str) -> list[tuple[float, float]] | None:
        """(baseline, next session) of every consented participant whose next session was
        the declared interval after it, with nothing between (None: no retest protocol)."""
        if self.interval is None:
            return None
        candidates = []
        for pid, held in self.held.items():
            assessed = self.assessed[pid]
            first = assessed[0].session if assessed else (held[0].number if held else None)
            base = self._at(held, first, game)
            after = self._at(held, first + 1, game) if first is not None else None
            if base is None or after is None:
                continue
            if reliability.retest_pair_ok(
                days_apart=after.day - base.day, interval_days=self.interval
            ) and _same_settings(base, after):
                candidates.append((base, after))
        self.values([h.id for pair in candidates for h in pair])  # one query for them all
        pairs = []
        for base, after in candidates:
            a, b = self._counted(key, base), self._counted(key, after)
            if a is not None and b is not None:
                pairs.append((a, b))
        return pairs

    def gate(self, key: str, game: str, age_band: str, protocol: dict) -> Gate:
        where = (key, game, age_band, tuple(sorted(protocol.items())))
        if where not in self._gates:
            row = self.norms.matching(key, age_band, protocol)
            norm = None
            if row is not None:
                norm = reliability.NormRetest(
                    row.sd, row.retest_r, row.retest_n, row.retest_source or row.source
                )
            self._gates[where] = reliability.gate(
                norm=norm, pairs=self.retest_pairs(key, game), interval_days=self.interval
            )
        return self._gates[where]

    def gains(self, key: str, game: str, point_id: int) -> dict[int, float]:
        """Each consented control's change from the baseline to the point."""
        where = (key, game, point_id)
        if where not in self._gains:
            index = next(i for i, s in enumerate(self.specs) if s.id == point_id)
            ends = {}
            for pid in self.controls:
                held, assessed = self.held.get(pid, []), self.assessed.get(pid, ())
                if assessed:
                    ends[pid] = (
                        self._at(held, assessed[0].session, game),
                        self._at(held, assessed[index].session, game),
                    )
            self.values([h.id for pair in ends.values() for h in pair if h is not None])
            gains = {}
            for pid, (start, end) in ends.items():
                base, there = self._counted(key, start), self._counted(key, end)
                if base is not None and there is not None and _same_settings(start, end):
                    gains[pid] = there - base
            self._gains[where] = gains
        return self._gains[where]

    def cohort(self, key: str, game: str, number: int, leave_out: int) -> list[float]:
        """The consented controls' values at session ``number`` (the participant left out)."""
        there = [self._at(self.held.get(pid, []), number, game) for pid in self.controls]
        self.values([h.id for h in there if h is not None])
        values = {pid: self._counted(key, h) for pid, h in zip(self.controls, there, strict=True)}
        return [v for pid, v in values.items() if v is not None and pid != leave_out]

    def context(self, participant: Participant, held: list[Held]) -> Context:
        """The readings context of one participant (consented or not)."""
        pid = participant.pk
        assessed = self.resolve(held)
        base = (assessed[0].session if assessed else None) or 0
        first_by_game: dict[str, Held] = {}
        for h in held:
            if h.number >= base:
                first_by_game.setdefault(h.game, h)
        latest_by_game = {h.game: h for h in held}

        def gate(key: str, game: str) -> Gate:
            first = first_by_game.get(game)  # the norms must match the baseline's protocol
            return self.gate(key, game, participant.age_band, first.protocol if first else {})

        def practice(key: str, game: str, point_id: int):
            return reliability.practice(self.gains(key, game, point_id), leave_out=pid)

        def norm(key: str, game: str) -> Norm | None:
            latest = latest_by_game.get(game)
            if latest is None:
                return None
            row = self.norms.matching(key, participant.age_band, latest.protocol)
            if row is None:
                row = self.norms.of_game(key, participant.age_band, game)
            if row is None:
                return None
            return Norm(row.mean, row.sd, row.n, row.source, row.age_band, row.protocol)

        return Context(
            primary=self.primary,
            assessments=assessed,
            control_arm=self.control_arm,
            gate=gate,
            practice=practice,
            norm=norm,
            cohort=lambda key, game, number: self.cohort(key, game, number, pid),
        )


def participant_series(held: list[Held]) -> dict[tuple[str, str], list[Point]]:
    """(key, game) -> every completed session of that game, its value there or None."""
    values = session_values([h.id for h in held])
    keys_by_game: dict[str, set[str]] = defaultdict(set)
    for h in held:
        keys_by_game[h.game] |= set(values.get(h.id, {}))
    series: dict[tuple[str, str], list[Point]] = {}
    for game, keys in keys_by_game.items():
        for key in keys:
            series[(key, game)] = [
                Point(
                    h.number,
                    h.id,
                    h.date,
                    values.get(h.id, {}).get(key, (None, 0))[0],
                    values.get(h.id, {}).get(key, (None, 0))[1],
                    h.adaptive,
                    h.protocol,
                )
                for h in held
                if h.game == game
            ]
    return series
