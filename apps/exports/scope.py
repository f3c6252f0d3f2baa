"""What one export covers: the study, its filters, and the pseudonymous ids of what is in it.

:class:`ExportScope` looks up, once, every participant, session and game in the export (one
small record each, never their events) so that the row streams can label each row with export
ids instead of codes or database ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.db.models import F, OuterRef, Q, QuerySet, Subquery

from apps.exports import pseudonyms
from apps.games.models import EventKind, Game, GameEvent, GameSeat
from apps.participants.models import Participant, Study
from apps.training.models import TrainingSession

EXPORTED_GAMES = (Game.Status.FINISHED, Game.Status.ABANDONED)
NO_SHIFT = timedelta(0)
STARTS_BY = 8  # the last sequence number a table's start can have


@dataclass(frozen=True)
class Filters:
    """Which part of the study to export. Dates are inclusive, on the session's start (in the
    platform's time zone); ``participants`` and ``protocols`` are platform ids."""

    date_from: date | None = None
    date_to: date | None = None
    participants: tuple[int, ...] = ()
    game: str | None = None
    protocols: tuple[int, ...] = ()
    protocol_version: int | None = None
    group: str | None = None  # the participants' group or arm

    @classmethod
    def from_json(cls, data: dict) -> Filters:
        def day(value) -> date | None:
            if not value or isinstance(value, date):
                return value or None
            return date.fromisoformat(value)

        return cls(
            date_from=day(data.get("date_from")),
            date_to=day(data.get("date_to")),
            participants=tuple(data.get("participants") or ()),
            game=data.get("game") or None,
            protocols=tuple(data.get("protocols") or ()),
            protocol_version=data.get("protocol_version"),
            group=data.get("group") or None,
        )

    def to_json(self) -> dict:
        data = {
            "date_from": self.date_from.isoformat() if self.date_from else None,
            "date_to": self.date_to.isoformat() if self.date_to else None,
            "participants": list(self.participants),
            "game": self.game,
            "protocols": list(self.protocols),
            "protocol_version": self.protocol_version,
            "group": self.group,
        }
        return {k: v for k, v in data.items() if v not in (None, [])}


@dataclass(frozen=True)
class Subject:
    export_id: str
    shift: timedelta


@dataclass(frozen=True)
class GameRef:
    """A game in the export as one session played it: its key columns and what the rows of its
    events need. At a table each participant's session has its own ref to the game."""

    key: tuple[str, int, int]  # participant_id, session, game
    shift: timedelta
    participant_seat: int
    game_type: str
    started_at: datetime
    run: int | None  # the BIDS run number when the session has several games of its type
    session_id: int = 0
    # The seats whose rows are this session's: every seat (None) in a game for one
    # participant; at a table its own seat and the computer's, never another person's.
    kept: frozenset[int] | None = None

    def keeps(self, seat: int | None) -> bool:
        return self.kept is None or seat in self.kept


def _started_at(game: str) -> Subquery:
    """When the game named by the outer query's ``game`` field started: its first event, or for
    a table when everyone was seated (logged after its creation and at most four joins: the
    range keeps the lookup on the (game, seq) index)."""
    events = GameEvent.objects.filter(
        Q(seq=0) | Q(kind=EventKind.TABLE_STARTED), game=OuterRef(game), seq__lte=STARTS_BY
    )
    return Subquery(events.order_by("-seq").values("server_time")[:1])


@dataclass
class ExportScope:
    study: Study
    filters: Filters = field(default_factory=Filters)
    shift_dates: bool = True

    def __post_init__(self) -> None:
        self.key = pseudonyms.study_key(self.study)
        self._loaded = False

    # -- querysets (what is in the export) -------------------------------------------------

    def participant_rows(self) -> QuerySet[Participant]:
        """Participants with recorded consent that was not withdrawn."""
        rows = Participant.objects.filter(
            study=self.study, consent_date__isnull=False, consent_withdrawn_at__isnull=True
        )
        if self.filters.participants:
            rows = rows.filter(pk__in=self.filters.participants)
        if self.filters.group:
            rows = rows.filter(group=self.filters.group)
        return rows

    def session_rows(self) -> QuerySet[TrainingSession]:
        f = self.filters
        rows = TrainingSession.objects.filter(
            participant__in=self.participant_rows(), started_at__isnull=False
        )
        if f.date_from:
            rows = rows.filter(started_at__date__gte=f.date_from)
        if f.date_to:
            rows = rows.filter(started_at__date__lte=f.date_to)
        if f.game:
            rows = rows.filter(protocol__game=f.game)
        if f.protocols:
            rows = rows.filter(protocol__in=f.protocols)
        if f.protocol_version is not None:
            rows = rows.filter(protocol__version=f.protocol_version)
        return rows

    def game_rows(self) -> QuerySet[Game]:
        sessions = self.session_rows()
        seated = GameSeat.objects.filter(session__in=sessions).values("game_id")
        rows = Game.objects.filter(
            Q(session__in=sessions) | Q(pk__in=seated), status__in=EXPORTED_GAMES, practice=False
        )
        if self.filters.game:
            rows = rows.filter(game_type=self.filters.game)
        return rows

    # -- lookups (export ids) ----------------------------------------------------------------

    def load(self) -> ExportScope:
        """Look up the export ids of every participant, session and game (once)."""
        if self._loaded:
            return self
        self.subjects: dict[int, Subject] = {}
        for pk, code in self.participant_rows().values_list("pk", "code").iterator():
            shift = pseudonyms.date_shift(self.key, code) if self.shift_dates else NO_SHIFT
            self.subjects[pk] = Subject(pseudonyms.export_id(self.key, code), shift)
        self.sessions: dict[int, tuple[int, int]] = dict(
            (pk, (participant, number))
            for pk, participant, number in self.session_rows()
            .values_list("pk", "participant_id", "number")
            .iterator()
        )
        self.games = self._game_refs()
        self._loaded = True
        return self

    def _game_refs(self) -> dict[int, list[GameRef]]:
        # Game numbers count every game of the session (in order of creation), whatever the
        # filters, so that a game keeps its number from one export to the next. A table's game
        # counts in each seated participant's session. Practice rounds are not research data:
        # never exported, never numbered.
        sessions = self.session_rows()
        own = (
            Game.objects.filter(session__in=sessions, practice=False)
            .annotate(first_event_at=_started_at("pk"), seat=F("participant_seat"))
            .values_list(
                "pk",
                "session_id",
                "status",
                "game_type",
                "seat",
                "created_at",
                "first_event_at",
                "seats",
            )
        )
        seated = (
            GameSeat.objects.filter(session__in=sessions)
            .exclude(game__session_id=F("session_id"))
            .annotate(first_event_at=_started_at("game_id"))
            .values_list(
                "game_id",
                "session_id",
                "game__status",
                "game__game_type",
                "seat",
                "game__created_at",
                "first_event_at",
                "game__seats",
            )
        )
        games = sorted([*own.iterator(), *seated.iterator()], key=lambda row: (row[1], row[0]))
        numbered = []
        last_session, number = None, 0
        for pk, session_id, status, game_type, seat, created_at, first_at, seats in games:
            number = number + 1 if session_id == last_session else 1
            last_session = session_id
            if status in EXPORTED_GAMES and self.filters.game in (None, game_type):
                started = first_at or created_at
                numbered.append((pk, session_id, number, game_type, seat, started, seats))
        per_type: dict[tuple[int, str], int] = {}
        for _, session_id, _, game_type, *_ in numbered:
            per_type[session_id, game_type] = per_type.get((session_id, game_type), 0) + 1
        refs: dict[int, list[GameRef]] = {}
        for pk, session_id, number, game_type, seat, started_at, seats in numbered:
            participant, session_number = self.sessions[session_id]
            subject = self.subjects[participant]
            table = bool(seats) and "label" in seats[0]
            kept = None
            if table:
                # Another participant's seat is their data, never this one's; a clinician's
                # plays are kept (marked as staff: they are nobody's data and never counted).
                others = {s for s, entry in enumerate(seats) if entry["kind"] == "participant"}
                kept = frozenset(set(range(len(seats))) - others | {seat})
            refs.setdefault(pk, []).append(
                GameRef(
                    key=(subject.export_id, session_number, number),
                    shift=subject.shift,
                    participant_seat=seat,
                    game_type=game_type,
                    started_at=started_at,
                    run=number if per_type[session_id, game_type] > 1 else None,
                    session_id=session_id,
                    kept=kept,
                )
            )
        return refs

    def refs(self, game_id: int) -> list[GameRef]:
        """The game as each session in the export played it (one, unless it is a table)."""
        return self.games.get(game_id, [])

    def ref(self, game_id: int, session_id: int) -> GameRef | None:
        return next((r for r in self.refs(game_id) if r.session_id == session_id), None)

    def session_key(self, session_id: int) -> tuple[str, int, timedelta]:
        participant, number = self.sessions[session_id]
        subject = self.subjects[participant]
        return subject.export_id, number, subject.shift

    def filters_for_export(self) -> dict:
        """The filters as written into the export: participants by export id, never by
        platform id; with shifted times, a date filter only as the bounds it had
        (``date_filter``), never its days, which would give each participant's shift away
        (their first session is on or after ``date_from``)."""
        data = self.filters.to_json()
        bounds = [b for b in ("date_from", "date_to") if b in data]
        if self.shift_dates and bounds:
            for bound in bounds:
                del data[bound]
            data["date_filter"] = bounds
        if self.filters.participants:
            self.load()
            data["participants"] = sorted(
                self.subjects[pk].export_id
                for pk in self.filters.participants
                if pk in self.subjects
            )
        return data
