"""Plain builders for test records (real rows in the real database)."""

from itertools import count

from apps.accounts.models import User
from apps.games.models import Game
from apps.participants.models import Participant, Protocol, Study
from apps.training.models import TrainingSession

_n = count(1)


def make_user(*, role=User.Role.CLINICIAN, username=None) -> User:
    return User.objects.create_user(
        username=username or f"{role}{next(_n)}", password="not used", role=role
    )


def make_study(*, owners=(), name=None, clinicians=()) -> Study:
    study = Study.objects.create(name=name or f"Study {next(_n)}")
    study.owners.set(owners)
    study.clinicians.set(clinicians)
    return study


def make_protocol(*, study=None, **fields) -> Protocol:
    study = study or make_study()
    fields.setdefault("name", f"Protocol {next(_n)}")
    return Protocol.objects.create(study=study, **fields)


def make_participant(*, study=None, clinicians=(), code=None, **fields) -> Participant:
    study = study or make_study()
    participant = Participant.objects.create(study=study, code=code or f"P{next(_n):05d}", **fields)
    participant.clinicians.set(clinicians)
    return participant


def make_session(*, participant=None, protocol=None, conducted_by: User | None = None, **fields):
    participant = participant or make_participant()
    protocol = protocol or make_protocol(study=participant.study)
    number = participant.sessions.count() + 1
    return TrainingSession.objects.create(
        participant=participant,
        protocol=protocol,
        protocol_snapshot=protocol.snapshot(),
        number=number,
        conducted_by=conducted_by,
        **fields,
    )


def make_game(*, session=None, **fields) -> Game:
    session = session or make_session()
    fields.setdefault("game_type", session.protocol.game)
    fields.setdefault("seed", next(_n))
    fields.setdefault("seats", [{"kind": "participant"}, {"kind": "bot", "bot": "random"}])
    fields.setdefault("state", {})
    return Game.objects.create(session=session, **fields)
