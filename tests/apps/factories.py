"""Builders for test records (real rows in the real database): studies, protocols and games
made by their services, as the API makes them; participants and sessions as rows, for the tests
of what reads them."""

from itertools import count

from apps.accounts.models import User
from apps.games.models import Game
from apps.metrics.selectors import session_difficulty
from apps.participants.models import Participant, Protocol, Study
from apps.training.models import TrainingSession

_n = count(1)


def make_user(*, role=User.Role.CLINICIAN, username=None) -> User:
    return User.objects.create_user(
        username=username or f"{role}{next(_n)}", password="not used", role=role
    )


def _admin() -> User:
    """The admin who sets up what a test's researcher does not (one a test)."""
    return User.objects.filter(username="builder").first() or make_user(
        role=User.Role.ADMIN, username="builder"
    )


def _owner(study: Study) -> User:
    """Who adds to a study: its first researcher among the owners, or the admin."""
    return study.owners.filter(role=User.Role.RESEARCHER).order_by("pk").first() or _admin()


def make_study(*, owners=(), name=None, clinicians=(), group_codes=()) -> Study:
    """A study as its researcher (or, without one, an admin) creates it."""
    from apps.participants.services import study_create

    owners = list(owners)
    creator = next((o for o in owners if o.is_researcher), None) or _admin()
    return study_create(
        actor=creator,
        name=name or f"Study {next(_n)}",
        owners=owners,
        clinicians=clinicians,
        group_codes=list(group_codes),
    )


def make_protocol(*, study=None, **fields) -> Protocol:
    """A protocol as the study's owner adds it; opponents answer at once unless a test paces
    them."""
    from apps.participants.services import protocol_create

    study = study or make_study()
    fields.setdefault("name", f"Protocol {next(_n)}")
    fields.setdefault("opponent_pace_seconds", 0)
    return protocol_create(study=study, actor=_owner(study), **fields)


def make_participant(*, study=None, clinicians=(), code=None, **fields) -> Participant:
    study = study or make_study()
    participant = Participant.objects.create(study=study, code=code or f"P{next(_n):05d}", **fields)
    participant.clinicians.set(clinicians)
    return participant


def make_session(*, participant=None, protocol=None, conducted_by: User | None = None, **fields):
    participant = participant or make_participant()
    protocol = protocol or make_protocol(study=participant.study)
    number = participant.sessions.count() + 1
    if fields.get("status") == "started":  # as session_create does when a sitting starts
        seconds, level = session_difficulty(participant, protocol.snapshot())
        fields.setdefault("examination_seconds", seconds)
        fields.setdefault("opponent_level", level)
    return TrainingSession.objects.create(
        participant=participant,
        protocol=protocol,
        protocol_snapshot=protocol.snapshot(),
        number=number,
        conducted_by=conducted_by,
        **fields,
    )


def make_game(*, session=None) -> Game:
    """A game as a started session's link opens it (its ``game_created`` logged)."""
    from apps.games.services import game_create

    return game_create(session=session or make_session(status="started"), seed=next(_n))


def make_world():
    """Two studies side by side, for checking who sees what.

    ``own``: the study of ``researcher`` with ``clinician`` on its team and caring for its
    participant; ``other``: the same for ``other_researcher`` and ``other_clinician``. ``colleague``
    is a second participant of the own study that ``clinician`` does not care for. Each side has
    a protocol, a consenting participant, a started and a scheduled session, a clinician note and
    an audit entry.
    """
    from datetime import timedelta
    from types import SimpleNamespace

    from django.utils import timezone

    from apps.audit.services import audit_record
    from apps.participants.models import ClinicianNote

    now = timezone.now()
    world = SimpleNamespace(
        admin=make_user(role=User.Role.ADMIN),
        researcher=make_user(role=User.Role.RESEARCHER),
        clinician=make_user(role=User.Role.CLINICIAN),
        other_researcher=make_user(role=User.Role.RESEARCHER),
        other_clinician=make_user(role=User.Role.CLINICIAN),
    )
    sides = (
        ("own", world.researcher, world.clinician),
        ("other", world.other_researcher, world.other_clinician),
    )
    for side, researcher, clinician in sides:
        study = make_study(owners=[researcher], clinicians=[clinician])
        protocol = make_protocol(study=study)
        participant = make_participant(
            study=study, clinicians=[clinician], consent_date=now.date(), consent_form_version="1"
        )
        record = SimpleNamespace(
            study=study,
            protocol=protocol,
            participant=participant,
            session=make_session(
                participant=participant, protocol=protocol, status="started", started_at=now
            ),
            scheduled=make_session(
                participant=participant,
                protocol=protocol,
                status="scheduled",
                scheduled_for=now + timedelta(days=1),
            ),
            note=ClinicianNote.objects.create(
                participant=participant, author=clinician, text=f"{side} note"
            ),
            audit=audit_record(
                actor=researcher, action="update", instance=study, before={}, study_id=study.pk
            ),
        )
        setattr(world, side, record)
    world.colleague = make_participant(study=world.own.study, consent_date=now.date())
    world.colleague_session = make_session(
        participant=world.colleague, protocol=world.own.protocol, status="started", started_at=now
    )
    return world
