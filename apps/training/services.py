"""Sittings: scheduled, started, then completed or abandoned.

    scheduled -> started -> completed
         \\          \\
          +----------+-> abandoned

Any other move is refused with ``409 invalid_transition``. Completing a completed session or
abandoning an abandoned one changes nothing (the games service may report a game's end twice).
Anyone who may see a participant may run their sessions: the views look records up through the
scoped selectors; the services check the actor again when there is one.
"""

from __future__ import annotations

import datetime
import uuid

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext, gettext_noop

from apps.audit.models import AuditEntry
from apps.audit.services import audit_record, audit_snapshot
from apps.common import clock
from apps.common.errors import Conflict, ValidationFailed
from apps.metrics.selectors import session_difficulty
from apps.participants.models import Participant, Protocol
from apps.participants.selectors import rules
from apps.training.models import TrainingSession
from apps.training.signals import session_abandoned

Status = TrainingSession.Status


def _require_may_run(actor, participant: Participant) -> None:
    if getattr(actor, "is_authenticated", False):
        rules.require(
            rules.may_run_sessions(actor, participant),
            gettext("You may not run this participant's sessions."),
        )


def _check_consent(participant: Participant) -> None:
    if participant.consent_withdrawn_at is not None:
        raise Conflict(
            gettext("%(code)s has withdrawn consent: no new sessions.")
            % {"code": participant.code},
            code="consent_withdrawn",
        )
    if participant.consent_date is None:
        raise Conflict(
            gettext("%(code)s has no recorded consent yet: record it first.")
            % {"code": participant.code},
            code="consent_missing",
        )


REFUSED_CHANGES = {
    "started": gettext_noop("A %(status)s session cannot be started."),
    "completed": gettext_noop("A %(status)s session cannot be completed."),
    "abandoned": gettext_noop("A %(status)s session cannot be abandoned."),
}


def _invalid(session: TrainingSession, verb: str) -> Conflict:
    return Conflict(
        gettext(REFUSED_CHANGES[verb]) % {"status": session.status},
        code="invalid_transition",
        details={"status": session.status},
    )


def _locked(session: TrainingSession) -> TrainingSession:
    return (
        TrainingSession.objects.select_for_update(of=("self",))
        .select_related("participant__study")
        .get(pk=session.pk)
    )


def _save(session: TrainingSession, *, actor, before: dict, fields: list[str]) -> TrainingSession:
    session.save(update_fields=fields)
    audit_record(
        actor=actor,
        action=AuditEntry.Action.UPDATE,
        instance=session,
        before=before,
        study_id=session.participant.study_id,
    )
    return session


def _copy_back(source: TrainingSession, target: TrainingSession, fields: list[str]) -> None:
    """Keep the caller's instance in step with the row it asked to change."""
    for name in fields:
        setattr(target, name, getattr(source, name))


@transaction.atomic
def session_create(
    *,
    participant: Participant,
    protocol: Protocol,
    actor,
    scheduled_for: datetime.datetime | None = None,
    client_key: uuid.UUID | None = None,
) -> TrainingSession:
    """A sitting: ``scheduled`` when planned for later, else ``started`` now.

    Numbered 1, 2, ... per participant under a lock on the participant's row, so two sittings
    started together get different numbers. Runs with a frozen copy of the protocol.
    ``client_key``: the sitting already made with this key is the answer (a double click or a
    retried request makes one sitting); it is looked up under the lock, so two requests with
    one key at once make one sitting too.
    """
    _require_may_run(actor, participant)
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    if client_key is not None:
        made = participant.sessions.filter(client_key=client_key).first()
        if made is not None:
            if made.protocol_id != protocol.pk:
                raise Conflict(
                    gettext("This key already made a session with another protocol."),
                    code="client_key_reused",
                    details={"client_key": [gettext("Make a new key for each session.")]},
                )
            return made
    if protocol.study_id != participant.study_id:
        raise ValidationFailed(
            gettext("The protocol belongs to another study than the participant."),
            code="protocol_wrong_study",
            details={"protocol": [gettext("Not a protocol of the participant's study.")]},
        )
    _check_consent(participant)
    now = clock.now()
    later = scheduled_for is not None and scheduled_for > now
    last = participant.sessions.aggregate(n=Max("number"))["n"] or 0
    snapshot = protocol.snapshot()
    seconds, level = (None, None) if later else session_difficulty(participant, snapshot)
    session = TrainingSession.objects.create(
        participant=participant,
        number=last + 1,
        protocol=protocol,
        protocol_snapshot=snapshot,
        conducted_by=None if later else actor,
        status=Status.SCHEDULED if later else Status.STARTED,
        scheduled_for=scheduled_for,
        started_at=None if later else now,
        client_key=client_key,
        examination_seconds=seconds,
        opponent_level=level,
    )
    audit_record(
        actor=actor,
        action=AuditEntry.Action.CREATE,
        instance=session,
        study_id=participant.study_id,
    )
    return session


@transaction.atomic
def session_start(*, session: TrainingSession, actor) -> TrainingSession:
    """A scheduled sitting begins; whoever starts it conducts it."""
    locked = _locked(session)
    _require_may_run(actor, locked.participant)
    _check_consent(locked.participant)  # first: a withdrawal abandoned what was scheduled
    if locked.status != Status.SCHEDULED:
        raise _invalid(locked, "started")
    before = audit_snapshot(locked)
    locked.status = Status.STARTED
    locked.started_at = clock.now()
    locked.conducted_by = actor
    # The difficulty it plays with is the participant's now (an adaptive protocol's staircase).
    locked.examination_seconds, locked.opponent_level = session_difficulty(
        locked.participant, locked.protocol_snapshot
    )
    fields = ["status", "started_at", "conducted_by", "examination_seconds", "opponent_level"]
    _save(locked, actor=actor, before=before, fields=fields)
    _copy_back(locked, session, fields)
    return locked


# Game.OPEN's statuses (the games app imports this one, not the reverse).
OPEN_GAME = ("waiting", "active", "paused")


def _game_in_play(session: TrainingSession) -> bool:
    """A real game of the sitting (its own, or a table's it sits at) is not over yet."""
    own = session.games.filter(status__in=OPEN_GAME, practice=False)
    return own.exists() or session.table_seats.filter(game__status__in=OPEN_GAME).exists()


@transaction.atomic
def session_complete(*, session: TrainingSession, actor=None) -> TrainingSession:
    """A started sitting is over. Idempotent on a completed one."""
    locked = _locked(session)
    _require_may_run(actor, locked.participant)
    if locked.status == Status.COMPLETED:
        return locked
    if locked.status != Status.STARTED:
        raise _invalid(locked, "completed")
    if actor is not None and _game_in_play(locked):
        raise Conflict(
            gettext(
                "Its game is still in play: the sitting completes when the game ends. Abandon "
                "the sitting to stop the game."
            ),
            code="game_in_play",
        )
    before = audit_snapshot(locked)
    locked.status = Status.COMPLETED
    locked.completed_at = clock.now()
    fields = ["status", "completed_at"]
    _save(locked, actor=actor, before=before, fields=fields)
    _copy_back(locked, session, fields)
    return locked


@transaction.atomic
def session_abandon(
    *, session: TrainingSession, actor=None, reason: str = "", by_its_game: bool = False
) -> TrainingSession:
    """A scheduled or started sitting will not be finished. Idempotent on an abandoned one.
    Its games still open stop too, unless the abandonment comes from its game (``by_its_game``:
    a table the clinician ended, which stops itself)."""
    locked = _locked(session)
    _require_may_run(actor, locked.participant)
    if locked.status == Status.ABANDONED:
        return locked
    if locked.status not in (Status.SCHEDULED, Status.STARTED):
        raise _invalid(locked, "abandoned")
    before = audit_snapshot(locked)
    locked.status = Status.ABANDONED
    locked.abandoned_at = clock.now()
    locked.abandon_reason = reason[:200]
    fields = ["status", "abandoned_at", "abandon_reason"]
    _save(locked, actor=actor, before=before, fields=fields)
    _copy_back(locked, session, fields)
    if not by_its_game:
        session_abandoned.send(sender=TrainingSession, session=locked, reason=locked.abandon_reason)
    return locked


@transaction.atomic
def participant_sittings_abandon(*, participant: Participant, reason: str) -> int:
    """Every sitting of the participant still scheduled or started is abandoned (a withdrawal
    of consent): the number abandoned."""
    sittings = list(
        participant.sessions.filter(status__in=(Status.SCHEDULED, Status.STARTED)).order_by("pk")
    )
    for session in sittings:
        session_abandon(session=session, actor=None, reason=reason)
    return len(sittings)
