"""Builders for test records (real rows in the real database): studies, protocols, participants
(their consent, its withdrawal and their weekly plan too), sittings started, completed or
abandoned (now, or on a clock set to another time), games and the two-study world made by
their services, as the API makes them; studies opened with arms under an allocation seed that
puts their participants in the arms a test needs; sittings with other fields as rows, for the
tests of what reads them."""

from collections import defaultdict
from contextlib import contextmanager, nullcontext
from datetime import date, datetime
from itertools import count

from apps.accounts.models import User
from apps.common import clock
from apps.games.models import Game
from apps.metrics.selectors import session_difficulty
from apps.participants import minimisation
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


# What the study's owner sets through the services: the group, language and age band chosen on
# enrolling, consent (on ``consent_date``, on form ``consent_form_version``), its withdrawal
# (``consent_withdrawn_at``: withdrawn now) and the weekly plan.
OWNER_FIELDS = {
    "group",
    "language",
    "age_band",
    "consent_date",
    "consent_form_version",
    "consent_withdrawn_at",
    "sessions_per_week",
}


ARMS = [{"name": "training"}, {"name": "control", "control": True}]
# An adaptive protocol's staircase as the tests run it: examination time only.
ADAPTIVE = {
    "enabled": True,
    "target_recall": 0.6,
    "step_seconds": 4,
    "min_seconds": 5,
    "max_seconds": 60,
    "adjust_opponent": False,
}


def open_study(study: Study, allocations: list[tuple[str, str]]) -> Study:
    """``study`` opened by its owner with :data:`ARMS`, on the first allocation seed under
    which its next participants, allocated in the order of ``allocations`` (each ``(arm,
    age band)``), fall in those arms: what a seed drawn at random gives one time in so many."""
    from apps.participants.services import study_open

    seed = next(seed for seed in count() if _allocations_under(seed, allocations))
    return study_open(study=study, actor=_owner(study), arms=ARMS, seed=seed)


def _allocations_under(seed: int, allocations: list[tuple[str, str]]) -> bool:
    """Whether the allocation service, drawing from ``seed``, puts them in those arms."""
    weights = [(arm["name"], 1) for arm in ARMS]
    counts: dict = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
    for position, (arm, age_band) in enumerate(allocations, start=1):
        chances = minimisation.chances(weights, counts, {"age_band": age_band})
        if minimisation.pick(chances, minimisation.uniform(seed, position)) != arm:
            return False
        counts["age_band"][age_band][arm] += 1
    return True


def make_participant(
    *, study=None, clinicians=(), code=None, arm: str | None = None, **fields
) -> Participant:
    """A participant enrolled by the study's owner, with ``clinicians`` caring for them (put on
    the study's team first, as its owner does), the owner's fields (:data:`OWNER_FIELDS`) set
    through the services, and ``code`` (if chosen) as the enrolment's draw of a code. With an
    ``arm``, allocated by their first clinician (one is assigned when none is given) in a study
    opened for it (:func:`open_study`)."""
    study = study or make_study()
    if arm is not None:
        return _allocated(study, arm, list(clinicians) or [make_user()], code, **fields)
    if unknown := set(fields) - OWNER_FIELDS:
        raise TypeError(f"no service sets {', '.join(sorted(unknown))} on enrolment")
    with _code_drawn(code):
        return _enrolled(study, list(clinicians), **fields)


def _allocated(study: Study, arm: str, clinicians: list[User], code, **fields) -> Participant:
    from apps.participants.services import participant_allocate

    with _code_drawn(code):
        participant = _enrolled(study, clinicians, **fields)
    slot = participant_allocate(
        participant=participant, actor=clinicians[0], eligibility_confirmed=[]
    )
    assert slot.arm.name == arm, f"allocated to {slot.arm.name}: open the study for this order"
    participant.arm = slot.arm  # as the service stored it
    return participant


@contextmanager
def _code_drawn(code: str | None):
    """Enrolment draws ``code`` while the block runs (its random draw when ``None``)."""
    from apps.participants.services import participants as enrolment

    drawn = enrolment.participant_code_new
    if code is not None:
        enrolment.participant_code_new = lambda: code
    try:
        yield
    finally:
        enrolment.participant_code_new = drawn


def _enrolled(
    study: Study,
    clinicians: list[User],
    consent_date: date | str | None = None,
    consent_form_version: str | None = None,
    consent_withdrawn_at=None,
    sessions_per_week: int | None = None,
    **chosen: str,
) -> Participant:
    from apps.participants.services import participant_enrol, participant_plan_set, study_update

    if consent_form_version is not None and consent_date is None:
        raise TypeError("a consent form's version needs the consent's date")
    owner = _owner(study)
    team = list(study.clinicians.all())
    if missing := [c for c in clinicians if c not in team]:
        study_update(study=study, actor=owner, clinicians=team + missing)
    participant = participant_enrol(study=study, actor=owner, clinicians=clinicians, **chosen)
    if isinstance(consent_date, str):
        consent_date = date.fromisoformat(consent_date)
    if consent_date is not None:
        participant = _consented(participant, owner, consent_date, consent_form_version or "v1")
    if consent_withdrawn_at is not None:
        participant = withdraw_consent(participant)
    if sessions_per_week is not None:
        participant = participant_plan_set(
            participant=participant,
            actor=owner,
            sessions_per_week=sessions_per_week,
            reason="plan agreed",
        )
    return participant


def _clock_at(at: datetime | None):
    """The services' clock set to ``at`` while the block runs; without ``at``, left as it is."""
    return clock.installed(clock.ManualClock(at)) if at else nullcontext()


def withdraw_consent(participant: Participant, *, at: datetime | None = None) -> Participant:
    """Consent withdrawn by the study's owner: now on the services' clock, or with the clock
    set to ``at`` (after the sittings the participant held)."""
    from apps.participants.services import participant_withdraw

    with _clock_at(at):
        return participant_withdraw(
            participant=participant, actor=_owner(participant.study), reason="asked to stop"
        )


def enrol_with_consent(
    study: Study,
    actor: User,
    group: str = "",
    language: str = "en",
    age_band: str = Participant.AgeBand.UNKNOWN,
) -> Participant:
    """A participant ``actor`` enrols (a clinician who enrols cares for them) and records
    consent for, on the enrolment day (the services' clock's)."""
    from apps.participants.services import participant_enrol

    participant = participant_enrol(
        study=study, actor=actor, group=group, language=language, age_band=age_band
    )
    return _consented(participant, actor)


def _consented(
    participant: Participant, actor: User, on: date | None = None, form_version: str = "v1"
) -> Participant:
    """Consent recorded by ``actor`` on ``on`` (by default today, the services' clock's day)."""
    from apps.participants.services import participant_consent_record

    return participant_consent_record(
        participant=participant,
        actor=actor,
        date=on or clock.today(),
        form_version=form_version,
    )


# A sitting's statuses as staff reach them: started, then completed or abandoned at once.
SERVICE_STATUSES = {"started", "completed", "abandoned"}


def make_session(
    *,
    participant=None,
    protocol=None,
    conducted_by: User | None = None,
    at: datetime | None = None,
    **fields,
):
    """A sitting started, and completed or abandoned when ``status`` says so, through the
    services: now on their clock, or with the clock set to ``at`` (a sitting that began and
    ended then). With other fields, a row."""
    participant = participant or make_participant()
    protocol = protocol or make_protocol(study=participant.study)
    if set(fields) == {"status"} and fields["status"] in SERVICE_STATUSES:
        with _clock_at(at):
            return _run(participant, protocol, conducted_by, fields["status"])
    if at is not None:
        raise TypeError("make_session(at=...) runs the services: give it a status alone")
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


def _run(participant, protocol, conducted_by: User | None, status: str):
    from apps.training.services import session_abandon, session_complete

    session = _started(participant, protocol, conducted_by)
    actor = session.conducted_by  # whoever started it
    if status == "completed":
        return session_complete(session=session, actor=actor)
    if status == "abandoned":
        return session_abandon(session=session, actor=actor)
    return session


def _started(participant, protocol, conducted_by: User | None):
    """A sitting started as staff start one: by whoever conducts it (else the study's owner),
    consent recorded first when it is not on record (the service refuses without it)."""
    from apps.training.services import session_create

    actor = conducted_by or _owner(participant.study)
    participant.refresh_from_db(fields=["consent_date"])  # an earlier sitting may have recorded it
    if participant.consent_date is None:
        participant = _consented(participant, actor)
    return session_create(participant=participant, protocol=protocol, actor=actor)


def make_game(*, session=None) -> Game:
    """A game as a started session's link opens it (its ``game_created`` logged)."""
    from apps.games.services import game_create

    return game_create(session=session or make_session(status="started"), seed=next(_n))


def make_world():
    """Two studies side by side, for checking who sees what, made through the services as staff
    make them.

    ``own``: the study of ``researcher`` with ``clinician`` on its team and caring for its
    participant; ``other``: the same for ``other_researcher`` and ``other_clinician``. ``colleague``
    is a second participant of the own study, enrolled by its owner, that ``clinician`` does not
    care for. Each side has a protocol, a consenting participant, a started and a scheduled
    session, a clinician note, and the latest entry of its study's audit trail.
    """
    from datetime import timedelta
    from types import SimpleNamespace

    from apps.audit.models import AuditEntry
    from apps.participants.services import clinician_note_create
    from apps.training.services import session_create

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
        participant = enrol_with_consent(study, clinician)
        tomorrow = clock.now() + timedelta(days=1)
        note = clinician_note_create(participant=participant, actor=clinician, text=f"{side} note")
        record = SimpleNamespace(
            study=study,
            protocol=protocol,
            participant=participant,
            session=session_create(participant=participant, protocol=protocol, actor=clinician),
            scheduled=session_create(
                participant=participant, protocol=protocol, actor=clinician, scheduled_for=tomorrow
            ),
            note=note,
            audit=AuditEntry.objects.filter(study_id=study.pk).latest("pk"),
        )
        setattr(world, side, record)
    world.colleague = enrol_with_consent(world.own.study, world.researcher)
    world.colleague_session = session_create(
        participant=world.colleague, protocol=world.own.protocol, actor=world.researcher
    )
    return world
