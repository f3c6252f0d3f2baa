"""The recall_probes table and the probes' BIDS events, from the append-only RecallProbe rows."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import QuerySet

from apps.exports.scope import ExportScope, GameRef
from apps.games.models import RecallProbe

CHUNK = 10_000
FIELDS = (
    "round",
    "deal",
    "kind",
    "number",
    "seat",
    "card",
    "pile",
    "pile_trick",
    "card_index",
    "in_other_hand",
    "correct",
    "true_pile",
    "true_pile_trick",
    "true_card_index",
    "truly_in_other_hand",
    "decision_ms",
    "asked_at",
)
# The probes' BIDS events: the answer, its correctness, and the decision time.
BIDS_FIELDS = (
    "round",
    "deal",
    "kind",
    "seat",
    "card",
    "pile",
    "pile_trick",
    "card_index",
    "in_other_hand",
    "correct",
    "decision_ms",
)


def _probes(scope: ExportScope) -> QuerySet:
    return RecallProbe.objects.filter(game__in=scope.game_rows().values("pk"))


def probe_count(scope: ExportScope) -> int:
    return _probes(scope).count()


def probe_rows(scope: ExportScope) -> Iterator[tuple]:
    scope.load()
    rows = (
        _probes(scope)
        .order_by("game_id", "event_id")
        .values_list("game_id", *FIELDS, "event__server_time")
    )
    for game_id, *values, asked_at, answered_at in rows.iterator(chunk_size=CHUNK):
        ref = scope.games.get(game_id)
        if ref is not None:
            yield (*ref.key, *values, asked_at + ref.shift, answered_at + ref.shift)


def bids_probe(
    event, ref: GameRef, rnd, deal, kind, seat, card, pile, trick, index, yes, ok, ms, at
):
    """One answered probe as a BIDS event (``event`` builds the row from named values)."""
    return event(
        onset=round((at - ref.started_at).total_seconds(), 3),
        duration=0,
        trial_type=f"probe_{kind}",
        response_time=None if ms is None else ms / 1000,
        round=rnd,
        deal=deal,
        seat=seat,
        actor="participant" if seat == ref.participant_seat else "person",
        card=card,
        pile=pile,
        pile_trick=trick,
        card_index=index,
        in_other_hand=yes,
        correct=ok,
    )
