"""``manage.py seed_demo``: a demo study with weeks of played sessions (local use only)."""

import random
from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from apps.accounts.services import DEMO_PASSWORD, demo_staff_ensure
from apps.common import clock
from apps.games.demo import demo_game_play
from apps.metrics.services import (
    fidelity_wanted,
    metrics_nightly,
    session_fidelity_compute,
    session_metrics_compute,
)
from apps.metrics.signals import metrics_deferred
from apps.participants.models import Participant, Study
from apps.participants.services.allocation import participant_allocate, study_open
from apps.participants.services.participants import participant_consent_record, participant_enrol
from apps.participants.services.studies import protocol_create, study_create
from apps.programmes.services import programme_set
from apps.training.models import TrainingSession
from apps.training.services import session_create
from apps.visits.services import assessors_set, visit_record, visit_windows_set

STUDY = "Memory Clinic Pilot (demo)"
DEMO_ARMS = [{"name": "training"}, {"name": "control", "control": True}]
DEMO_CRITERIA = ["Reports memory complaints", "Can hold and play cards on a tablet"]


class Command(BaseCommand):
    help = "Load demo data: staff logins, a study, participants with weeks of played sessions."

    def add_arguments(self, parser):
        parser.add_argument("--participants", type=int, default=6)
        parser.add_argument("--weeks", type=int, default=4)
        parser.add_argument("--seed", type=int, default=2026)

    def handle(self, *args, participants, weeks, seed, **options):
        staff = demo_staff_ensure()
        self.stdout.write(f"Demo logins (password: {DEMO_PASSWORD}):")
        for username, user in staff.items():
            self.stdout.write(f"  {username:<12} {user.role}")
        if Study.objects.filter(name=STUDY).exists():
            self.stdout.write(f"The demo study is already loaded ({STUDY}).")
            return
        rng = random.Random(seed)
        # Demo history: the sittings start ``weeks`` ago, the study opens and its participants
        # are enrolled (and consent) the day before the first; the services' clock says when.
        start = timezone.now().replace(hour=0, minute=0, second=0, microsecond=0)
        start -= timedelta(weeks=weeks)
        with transaction.atomic(), clock.installed(clock.ManualClock(start - timedelta(days=1))):
            study, protocols = self._study(staff)
            # Two arms, allocated after consent and eligibility (reproducible from the seed).
            study = study_open(
                study=study,
                actor=staff["researcher"],
                arms=DEMO_ARMS,
                eligibility_criteria=DEMO_CRITERIA,
                seed=seed,
            )
            people = self._participants(study, staff["clinician"], participants, rng)
        total = 0
        with metrics_deferred():
            for number, participant in enumerate(people, 1):
                sessions = self._sessions(
                    participant, protocols, staff["clinician"], start, weeks, rng
                )
                total += len(sessions)
                self._solver_analysis(sessions)
                self.stdout.write(f"  participant {number}/{len(people)} {participant.code}: done")
        metrics_nightly()
        visits = self._visits(study, staff, people, rng)
        self.stdout.write(
            f"Loaded {STUDY}: {len(people)} participants, {total} sessions, {visits} visits."
        )

    def _solver_analysis(self, sessions):
        """The solver's analysis of the latest Memulation session only: it takes seconds a
        game (the sweeper does the rest when a worker runs)."""
        memulation = [s for s in sessions if s.protocol_snapshot["game"] == "memulation"]
        if memulation and settings.METRICS_WITH_SOLVER:
            session_metrics_compute(session_id=memulation[-1].pk, with_solver=True)
            if fidelity_wanted():  # memory fidelity, its own job otherwise
                session_fidelity_compute(session_id=memulation[-1].pk)

    def _study(self, staff):
        researcher, clinician = staff["researcher"], staff["clinician"]
        study = study_create(
            actor=researcher,
            name=STUDY,
            description="Twelve weeks of Memulation training for people with memory complaints.",
            owners=[researcher],
            clinicians=[clinician],
            # What it will claim, declared before any session: read at these points only.
            primary_metrics=["adaptive_seconds", "tricks_won"],
            assessment_points=[
                {"kind": "baseline", "label": "", "session": 1},
                {"kind": "post_training", "label": "After four weeks", "session": 12},
            ],
            # How the published dataset names its authors and where it was collected.
            dataset_authors=["Ada Example", "Ben Example"],
            dataset_institution="Example Memory Clinic",
            dataset_institution_address="1 Example Road, Exampleton",
            dataset_department="Department of Old Age Psychiatry",
        )
        memulation = protocol_create(
            study=study,
            actor=researcher,
            name="Memulation standard",
            game="memulation",
            rounds=1,
            examination_seconds=30,
            opponent="greedy",
            sessions_per_week=3,
            adaptive={"enabled": True, "target_recall": 0.6},
        )
        mendikot = protocol_create(
            study=study,
            actor=researcher,
            name="Mendikot group",
            game="mendikot",
            rounds=1,
            opponent="heuristic",
            trump_rule="hidden_ask",
            sessions_per_week=1,
        )
        # The dose the study prescribes: what each participant's ledger, list row and progress
        # page count their weeks against (the two protocols' own plans are 3 and 1 a week).
        programme_set(
            study=study, actor=researcher, sessions_per_week=3, minutes_per_session=10, weeks=12
        )
        return study, (memulation, mendikot)

    def _participants(self, study, clinician, count, rng):
        people = []
        for _ in range(count):
            participant = participant_enrol(
                study=study,
                actor=clinician,
                age_band=rng.choice(["60-69", "70-79", "80+"]),
            )
            participant_consent_record(
                participant=participant,
                actor=clinician,
                date=clock.today(),
                form_version="v1.2",
            )
            participant_allocate(
                participant=participant, actor=clinician, eligibility_confirmed=DEMO_CRITERIA
            )
            people.append(Participant.objects.get(pk=participant.pk))
        return people

    def _visits(self, study, staff, people, rng) -> int:
        """A blinded assessor placed on the study, a window for each point, and the baseline
        visits: held for all but the last participant (missed, ill); the visit after training
        is due for the assessor's worklist."""
        researcher, assessor = staff["researcher"], staff["assessor"]
        assessors_set(study=study, actor=researcher, assessors=[assessor.pk])
        baseline, after = study.assessment_points.order_by("pk")
        windows = [
            {"point": baseline.pk, "anchor": "enrolment", "opens_day": 0, "closes_day": 14},
            {"point": after.pk, "anchor": "allocation", "opens_day": 26, "closes_day": 40},
        ]
        visit_windows_set(study=study, actor=researcher, windows=windows)
        for number, participant in enumerate(people, 1):
            participant.refresh_from_db()
            if number == len(people) and len(people) > 1:
                visit_record(
                    participant=participant, point_id=baseline.pk, actor=assessor,
                    status="missed", missed_reason="illness",
                )  # fmt: skip
                continue
            held = min(
                timezone.localdate(participant.created_at) + timedelta(days=2),
                clock.today(),
            )
            measures = {"moca": rng.randint(20, 29), "tmt_b": round(rng.uniform(60, 160), 1)}
            visit_record(
                participant=participant, point_id=baseline.pk, actor=assessor, status="done",
                held_on=held, measures=measures,
            )  # fmt: skip
        return len(people)

    def _sessions(self, participant, protocols, clinician, start, weeks, rng) -> list:
        memulation, mendikot = protocols
        talent = rng.uniform(0.1, 0.5)
        sessions: list[TrainingSession] = []
        for week in range(weeks):
            for sitting in range(3):
                day = start + timedelta(weeks=week, days=sitting * 2, hours=rng.uniform(9, 16))
                protocol = mendikot if sitting == 2 and week % 2 else memulation
                with clock.installed(clock.ManualClock(day)):  # the sitting starts on ``day``
                    session = session_create(
                        participant=participant, protocol=protocol, actor=clinician
                    )
                skill = min(0.95, talent + 0.04 * len(sessions) + rng.uniform(-0.05, 0.05))
                demo_game_play(session=session, start=day, skill=skill, rng=rng)
                # Session by session, so the adaptive staircase sets the next examination time.
                session_metrics_compute(session_id=session.pk, with_solver=False)
                sessions.append(session)
        return sessions
