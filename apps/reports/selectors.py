"""What a participant's printed report and a game's replay show, read with the caller's access
rules: the same as the participant's own (a record the caller may not see is not found)."""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext

from apps.common.errors import Conflict
from apps.games.engine import game_from_json
from apps.games.models import ExaminationPeriod, Game, RecallAttempt
from apps.games.selectors import game_for_staff
from apps.metrics.models import GameAnalysis
from apps.metrics.selectors import (
    ANALYSIS_VERSION,
    participant_summary,
    participant_summary_worded,
    replay_deals,
)
from apps.participants.selectors import clinician_note_list, participant_get
from apps.programmes.models import MissedDose
from apps.programmes.selectors import (
    attendance,
    dose_ledger,
    plan_basis,
    plan_changes,
    plan_in_force,
    prescriptions_for,
    programme_for,
    programme_start,
)
from apps.signoff.selectors import content_hash, signature_list
from apps.training.models import TrainingSession

WEEKS_SHOWN = 12  # the report's attendance table: the latest programme weeks


def participant_report(*, user, participant, with_notes: bool = False) -> dict:
    """Everything the report prints of a participant the user may see (read with
    :func:`participant_get`). Clinician notes only when asked for, and only for the
    participant's clinical team (others are refused, as on the notes endpoint)."""
    notes = None
    if with_notes:
        notes = [
            {"author": n.author.username, "at": n.created_at, "text": n.text}
            for n in clinician_note_list(user=user, participant=participant)
        ]
    summary = participant_summary_worded(participant=participant)
    planned, plan_source = plan_in_force(participant)
    return {
        "participant": participant,
        "planned": planned,
        "plan_source": plan_source,
        "claims": summary["claims"],
        "metrics": summary["metrics"],
        "weeks": attendance(participant, WEEKS_SHOWN),
        "sessions_completed": summary["participant"]["sessions_completed"],
        "notes": notes,
        "dose": dose_ledger(participant),
        "generated_at": timezone.now(),
    }


def report_content(participant) -> dict:
    """What a signature of the report covers: every recorded value it prints, in English (the
    record's language). The weekly tables are covered by what they are counted from (the plan,
    the prescription, the sessions held and the reasons recorded for missed weeks), not by the
    day they are drawn on, so a week passing leaves a signature current. Left out: when it was
    drawn or recomputed, the arm (shown or not depending on who looks) and the clinician notes
    (printed only on request)."""
    with translation.override(settings.LANGUAGE_CODE):
        summary = participant_summary(participant=participant)
        plan = plan_basis(participant)
    programme = programme_for(participant)
    held = TrainingSession.objects.filter(participant=participant, status="completed")
    content = {
        "participant": {k: v for k, v in summary["participant"].items() if k != "arm"},
        "study": participant.study.name,
        "enrolled": timezone.localdate(participant.created_at),
        "claims": summary["claims"],
        "metrics": [{k: v for k, v in m.items() if k != "computed_at"} for m in summary["metrics"]],
        "plan": plan,
        "prescription": programme and programme.dose,
        "programme_start": programme_start(participant),
        "sessions_held": list(
            held.order_by("number").values_list("number", "started_at", "completed_at")
        ),
        "missed_weeks": dict(
            MissedDose.objects.filter(participant=participant).values_list("week", "reason")
        ),
    }
    # The weeks that are over read the prescriptions of their time, so the changes are covered
    # too; a prescription as it stood before versions were kept (no moment) is the one above,
    # which leaves the signatures made before then current.
    changes = [
        [v.effective_at, v.participant_id is not None, v.cleared, v.dose]
        for v in prescriptions_for(participant)
        if v.effective_at is not None
    ]
    if changes:
        content["prescription_changes"] = changes
    # And the changes of the participant's own plan, which the weeks that are over read too.
    if plan_changed := plan_changes(participant):
        content["plan_changes"] = plan_changed
    return content


def report_content_hash(participant) -> str:
    return content_hash(report_content(participant))


def game_review(*, user, game_id: int) -> dict:
    """A finished game as its replay shows it: the hands, the Pritticut and every trick (the
    game's record), each examination period, each 'Stragedy, and the solver's analysis once it
    is stored (``analysis`` null until then; Mendikot games have none). Only once the game is
    over: during play it would show the hidden hands."""
    game = game_for_staff(user=user, game_id=game_id)
    if game.status in Game.OPEN:
        raise Conflict(gettext("A game is replayed only once it is over."), code="game_in_progress")
    record = game_from_json(game.state).spectator_view(allow_unfinished=True)
    stored = GameAnalysis.objects.filter(game=game, version=ANALYSIS_VERSION).first()
    actors = [seat["kind"] for seat in game.seats]
    deals = replay_deals(stored.analysis, record["rounds"], actors) if stored else None
    solvable = game.game_type == "memulation"  # the solver reads Memulation only
    status = ("ready" if stored else "pending") if solvable else "none"
    return {
        "game_id": game.pk,
        "session_id": game.session_id,
        "game_type": game.game_type,
        "status": game.status,
        "participant_seat": game.participant_seat,
        "seats": actors,
        "record": record,
        "examination": [
            {
                "round": e.round,
                "deal": e.deal,
                "hand": e.hand,
                "seat": e.seat,
                "planned_seconds": e.planned_seconds,
                "actual_seconds": e.actual_seconds,
                "ended_early": e.ended_early,
                "sorts": e.sorts,
            }
            for e in ExaminationPeriod.objects.filter(game=game).order_by("event__seq")
        ],
        "stragedy": [
            {
                "round": r.round,
                "seat": r.seat,
                "intended_card": r.intended_card or None,
                "revealed_card": r.revealed_card,
                "pile": r.pile,
                "trick": r.trick,
                "card_index": r.card_index,
                "hit": bool(r.intended_card) and r.intended_card == r.revealed_card,
                "decision_ms": r.decision_ms,
            }
            for r in RecallAttempt.objects.filter(game=game).order_by("event__seq")
        ],
        "analysis_status": status,
        "analysis": deals,
    }


def participant_report_document(
    *, user, participant_id: int, with_notes: bool = False
) -> tuple[dict, bytes]:
    """The report as printed: its content with its signatures, and the PDF's bytes."""
    # ReportLab is imported when a report is printed, not as every process starts (0.25 s).
    from apps.reports import pdf

    participant = participant_get(user=user, participant_id=participant_id)
    with translation.override(participant.language):  # the participant's, not the reader's
        report = participant_report(user=user, participant=participant, with_notes=with_notes)
        report["signatures"] = signature_list(
            kind="report",
            object_id=participant_id,
            content_hash=report_content_hash(report["participant"]),
        )
        return report, pdf.render(report)
