"""The records the harness plays against: two studies side by side (``make_world``), a game in
each side's started session with a play link, an export queued for its job, and an API token
per staff member."""

from __future__ import annotations

import random
from types import SimpleNamespace

from django.conf import settings
from django.core.cache import cache
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from apps.accounts.models import User
from apps.exports.requests import export_request
from apps.exports.tokens import download_token
from apps.games import links, services
from apps.games.demo import demo_game_play
from tests.apps.factories import make_session, make_user, make_world
from tests.conftest import sign_in_enrolling

STAFF_ROLES = ("admin", "researcher", "clinician", "assessor")


def harness_world() -> SimpleNamespace:
    world = make_world()
    with_assessment_visits(world)
    # As the demo's admin: the admin role also runs the Django admin site.
    world.admin.is_staff = world.admin.is_superuser = True
    world.admin.save(update_fields=["is_staff", "is_superuser"])
    for side, owner in (("own", world.researcher), ("other", world.other_researcher)):
        record = getattr(world, side)
        record.game = services.game_create(session=record.session)
        record.game.refresh_from_db()
        record.token = links.play_link_token(record.game)
        # Requested by the owner and still queued for its job, as a large export waits.
        with override_settings(EXPORT_DIRECT_MAX_ROWS=-1):
            record.export = export_request(
                actor=owner, study_id=record.study.pk, formats=["csv"], filters={}
            )
    # Each staff member's token is handed out as a script gets one: by the token sign-in. The
    # per-address sign-in rate counts the earlier tests' sign-ins too: start afresh.
    cache.clear()
    browser = APIClient()
    world.api_tokens = {
        role: _token(browser, getattr(world, role).username) for role in STAFF_ROLES[1:]
    }
    # Admins must use a second factor: their session and their token come through the real
    # sign-in, an authenticator app enrolled on the way and a recovery code for the token.
    _, codes = sign_in_enrolling(browser, world.admin.username, "not used")
    world.admin_session = browser.cookies[settings.SESSION_COOKIE_NAME].value
    world.api_tokens["admin"] = _token(browser, world.admin.username, code=codes[0])
    return world


def _token(client: APIClient, username: str, **second_factor: str) -> str:
    """An API token from ``POST /api/auth/token``, as a script signs in for one."""
    body = {"username": username, "password": "not used", **second_factor}
    answer = client.post("/api/auth/token", body, format="json")
    assert answer.status_code == 200, answer.content
    return answer.json()["token"]


def with_assessment_visits(world) -> SimpleNamespace:
    """Each side's study declares a baseline (a window of days after enrolment, so open today)
    and a follow-up; ``assessor`` is the own study's blinded assessor, placed by its owner."""
    from apps.participants.services import study_update
    from apps.visits.services import assessors_set

    world.assessor = make_user(role=User.Role.ASSESSOR)
    points = [
        {"kind": "baseline", "window_start_days": 0, "window_end_days": 7},
        {"kind": "follow_up", "window_start_days": 28, "window_end_days": 35},
    ]
    for side, owner in ((world.own, world.researcher), (world.other, world.other_researcher)):
        study_update(study=side.study, actor=owner, assessment_points=points)
        side.point = side.study.assessment_points.order_by("pk").first()
    assessors_set(study=world.own.study, actor=world.researcher, assessors=[world.assessor.pk])
    return world


def headers_for(world, role: str) -> dict[str, str]:
    """Request headers that sign in as ``role`` (none for anonymous and participant devices)."""
    if role in STAFF_ROLES:
        return {"Authorization": f"Token {world.api_tokens[role]}"}
    return {}


def own_path_values(world) -> dict[str, object]:
    """Path parameters naming the own side's records, by the names the URL conf gives them."""
    own = world.own
    return {
        "session_id": own.session.pk,
        "game_id": own.game.pk,
        "token": own.token,
    }


def with_tables(world) -> SimpleNamespace:
    """Each side also gets a table (its participant and a clinician seat), still waiting."""
    from apps.games.seating import table_open

    for side, owner in ((world.own, world.researcher), (world.other, world.other_researcher)):
        seats = [{"kind": "participant", "participant": side.participant.pk}, {"kind": "clinician"}]
        side.table = table_open(user=owner, protocol_id=side.protocol.pk, seats=seats)
    return world


def with_finished_games(world) -> SimpleNamespace:
    """Each side also gets a game played to its end, in a session of its own."""
    for side in (world.own, world.other):
        session = make_session(
            participant=side.participant, protocol=side.protocol, status="started"
        )
        side.finished = demo_game_play(
            session=session, start=timezone.now(), skill=0.5, rng=random.Random(side.study.pk)
        )
        side.download, _ = download_token(side.export)
    return world
