"""A small seeded study, played through the real engine, and one export of it on disk."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import transaction
from django.utils import timezone

from apps.accounts.models import User
from apps.common import clock
from apps.exports.pseudonyms import export_id, study_key
from apps.exports.services import export_to_folder
from apps.games.demo import demo_game_play
from apps.metrics.models import MetricValue
from apps.metrics.services import session_metrics_compute
from apps.participants.models import ClinicianNote, Participant
from apps.participants.services import study_update
from apps.training.models import TrainingSession
from apps.training.services import session_abandon
from tests.apps.factories import (
    make_participant,
    make_protocol,
    make_session,
    make_study,
    open_study,
    withdraw_consent,
)

AGE_BANDS = ["60-69", "70-79", "80+"]

# Everything that must never appear in an export.
SECRETS = {
    "codes": ["PXQ-7301", "PXQ-7302", "PXQ-7309"],
    "staff": ["rosalind_f", "Rosalind", "Franklin", "claude_b", "Bernard"],
    "free_text": [
        "Lives at 12 Elm Street",
        "daughter Janet",
        "Riverside Memory Trial",
        "Recruited at the Riverside clinic",
        "Riverside standard",
        "Felt unwell after a phone call",
    ],
}


@dataclass
class Seeded:
    study: object
    researcher: User
    clinician: User
    participants: list[Participant]
    withdrawn: Participant
    sessions: list[TrainingSession] = field(default_factory=list)

    def export_id(self, participant: Participant) -> str:
        return export_id(study_key(self.study), participant.code)


def seed_study(
    *,
    games_per_participant: int = 2,
    seed: int = 11,
    assessment_points: list | None = None,
    primary_metrics: list | None = None,
) -> Seeded:
    """Two consenting participants with Memulation and Mendikot sessions, a third who withdrew,
    staff with real-looking names, clinician notes and an abandoned session with a reason;
    ``assessment_points`` (and ``primary_metrics``) declared before the first session, as the
    study's claims must be."""
    rng = random.Random(seed)
    researcher = User.objects.create_user(
        username="rosalind_f", first_name="Rosalind", last_name="Franklin", role="researcher"
    )
    clinician = User.objects.create_user(
        username="claude_b", first_name="Claude", last_name="Bernard", role="clinician"
    )
    study = make_study(owners=[researcher], clinicians=[clinician], name="Riverside Memory Trial")
    # What a lab fills in before publishing (BIDS and Psych-DS dataset descriptions).
    study.dataset_authors = ["Ada Quill", "Ben Okafor"]
    study.dataset_institution = "Example University"
    study.dataset_institution_address = "1 Example Road, Exampleton"
    study.dataset_department = "Department of Psychology"
    study.group_codes = ["training", "control"]
    study.save()
    study.description = "Recruited at the Riverside clinic"
    study.save()
    memulation = make_protocol(
        study=study,
        name="Riverside standard",
        opponent="random",
        roles="participant_lame",
        rounds=1,
        recall_probes=2,
    )
    mendikot = make_protocol(
        study=study, name="Riverside cards", game="mendikot", opponent="random", rounds=1
    )
    if assessment_points is not None:
        claims = {"primary_metrics": primary_metrics} if primary_metrics else {}
        study_update(study=study, actor=researcher, assessment_points=assessment_points, **claims)
    arms = ["training", "control", "training"]
    open_study(study, list(zip(arms, AGE_BANDS, strict=True)))
    start = timezone.now() - timedelta(days=20)
    people = []
    for i, code in enumerate(SECRETS["codes"]):
        person = make_participant(
            study=study,
            code=code,
            clinicians=[clinician],
            age_band=AGE_BANDS[i],
            group=["training", "control", "training"][i],
            arm=arms[i],
            consent_date=start.date(),
            consent_form_version="v1",
        )
        ClinicianNote.objects.create(
            participant=person, author=clinician, text="Lives at 12 Elm Street, daughter Janet"
        )
        people.append(person)
    seeded = Seeded(study, researcher, clinician, people[:2], people[2])
    for n, person in enumerate(people):
        protocols = [memulation] * games_per_participant + ([mendikot] if n == 0 else [])
        for k, protocol in enumerate(protocols):
            day = start + timedelta(days=2 * k + n, hours=9)
            session = make_session(
                participant=person,
                protocol=protocol,
                conducted_by=clinician,
                status="started",
                at=day,
            )
            demo_game_play(session=session, start=day, skill=0.4 + 0.2 * k, rng=rng)
            session_metrics_compute(session_id=session.pk, with_solver=False)
            seeded.sessions.append(session)
    # A sitting given up three minutes in, with the reason staff typed.
    with clock.installed(clock.ManualClock(start + timedelta(days=9))) as moved:
        given_up = make_session(
            participant=people[1], protocol=memulation, conducted_by=clinician, status="started"
        )
        moved.advance(180)
        session_abandon(session=given_up, actor=clinician, reason="Felt unwell after a phone call")
    withdraw_consent(people[2])
    return seeded


@pytest.fixture(autouse=True)
def export_root(settings, tmp_path):
    """Archives of each test in a folder of its own."""
    settings.EXPORT_ROOT = tmp_path / "exports"
    return settings.EXPORT_ROOT


@dataclass
class Exported:
    seeded: Seeded
    folder: Path
    filtered: Path  # the first participant's Memulation sessions of the first two days
    shifted: Path  # everything, with dates shifted
    export_ids: dict[str, str]  # participant code -> export id
    session_metrics: dict[tuple[str, int, str], float | None]  # (export id, session, key)
    game_metrics: dict[tuple[str, int, int, str], float | None]


@pytest.fixture(scope="module")
def exported(django_db_setup, django_db_blocker, tmp_path_factory) -> Exported:
    """The seeded study exported once in every format (the database is rolled back after)."""
    root = tmp_path_factory.mktemp("export")
    folder, filtered, shifted = root / "all", root / "filtered", root / "shifted"
    with django_db_blocker.unblock(), transaction.atomic():
        seeded = seed_study()
        study = seeded.study
        # Times as recorded, to compare with the database; the default shifts them.
        export_to_folder(
            study=study,
            formats=["csv", "parquet", "bids"],
            filters={},
            out=folder,
            shift_dates=False,
        )
        until = min(s.started_at for s in seeded.sessions).date() + timedelta(days=1)
        export_to_folder(
            study=study,
            formats=["csv", "bids"],
            filters={
                "participants": [seeded.participants[0].pk],
                "game": "memulation",
                "date_to": until.isoformat(),
            },
            out=filtered,
            shift_dates=False,
        )
        export_to_folder(study=study, formats=["csv", "bids"], filters={}, out=shifted)
        ids = {p.code: seeded.export_id(p) for p in [*seeded.participants, seeded.withdrawn]}
        numbers = {s.pk: (ids[s.participant.code], s.number) for s in seeded.sessions}
        session_metrics = {
            (*numbers[v.session_id], v.key): v.value
            for v in MetricValue.objects.filter(level="session", session__in=seeded.sessions)
        }
        game_metrics = {
            (*numbers[v.session_id], 1, v.key): v.value
            for v in MetricValue.objects.filter(level="game", session__in=seeded.sessions)
        }
        transaction.set_rollback(True)
    return Exported(seeded, folder, filtered, shifted, ids, session_metrics, game_metrics)


@pytest.fixture
def private_redis(private_redis):
    """The shared private Redis server, started: its URL."""
    return private_redis.start().url
