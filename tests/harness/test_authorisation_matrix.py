"""The authorisation matrix: every route of the URL configuration, for every role, on the
caller's own records and on someone else's, against one declarative table of expected outcomes.

A route with no entry in ``MATRIX`` fails (so a new route needs its rule before it lands), and
so does an entry for a route that no longer exists. Each request runs in a savepoint rolled back
afterwards, so one role's change never decides another's answer. Refusals come in the error shape.

Who is who: ``own`` records are on the side of the world where ``researcher`` owns the study and
``clinician`` is on its team and cares for the participant; ``foreign`` ones are on the other side.
The ``participant`` holds the own game's play link (and no account); on play routes ``foreign``
is a link forged to name the other side's game, and the ``anonymous`` caller's link is not one.
"""

from __future__ import annotations

import dataclasses

import pytest
from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from rest_framework.test import APIClient

from apps.programmes.links import progress_token
from apps.reminders.links import stop_token
from tests.harness.routes import url_routes
from tests.harness.world import (
    STAFF_ROLES,
    harness_world,
    headers_for,
    with_finished_games,
    with_tables,
)

ROLES = ("anonymous", "participant", *STAFF_ROLES)

Outcome = tuple[int, int]  # the status for (own record, foreign record)


@dataclasses.dataclass(frozen=True)
class Rule:
    path: str  # {placeholders} are filled from the caller's own or the foreign side
    expect: dict[str, Outcome]  # role: (own, foreign)
    body: dict | None = None
    signed_in: bool = False  # staff sign in with a session (the admin site), not a token
    lists: str | None = None  # a list of these records: others' never in it, except for admins


# A blinded assessor reaches no study's or participant's record outside the visits: every one
# is hidden alike, its own study's as the other's (tests/harness/test_blinded_assessor.py).
BLIND = (404, 404)


def staff_only(
    ok: int,
    *,
    clinician: Outcome | None = None,
    researcher: Outcome | None = None,
    assessor: Outcome = BLIND,
):
    """Signed-in staff only; others' records are hidden (404) except from admins."""
    return {
        "anonymous": (403, 403),
        "participant": (403, 403),
        "clinician": clinician or (ok, 404),
        "researcher": researcher or (ok, 404),
        "assessor": assessor,
        "admin": (ok, ok),
    }


def everyone(status: int) -> dict[str, Outcome]:
    return {role: (status, status) for role in ROLES}


def link_only(ok: int) -> dict[str, Outcome]:
    """A play link is the only credential: whoever holds the own game's link, signed in or not."""
    return {"anonymous": (403, 403), "participant": (ok, 403)} | {
        role: (ok, 403) for role in STAFF_ROLES
    }


def open_to_all(status: int) -> dict[str, Outcome]:
    return {role: (status, status) for role in ROLES}


def signed_in(
    ok: int, *, clinician: Outcome | None = None, assessor: Outcome | None = None
) -> dict[str, Outcome]:
    """Any signed-in staff member, about themselves (no record of anyone else's is named)."""
    staff = {role: (ok, ok) for role in STAFF_ROLES}
    return (
        {"anonymous": (403, 403), "participant": (403, 403)}
        | staff
        | ({"clinician": clinician} if clinician else {})
        | ({"assessor": assessor} if assessor else {})
    )


def enrolling(ok: int) -> dict[str, Outcome]:
    """Adding a second factor: staff signed in get ``ok``; anyone else is refused by state
    (409: no sign-in waits to enrol)."""
    return open_to_all(409) | {role: (ok, ok) for role in STAFF_ROLES}


ADMINS_ONLY = {"anonymous": (403, 403), "participant": (403, 403), "admin": (200, 200)} | {
    role: (403, 403) for role in ("researcher", "clinician", "assessor")
}
NO_CLINICIANS = (403, 403)  # a role refusal, the same whatever record is named
MAY_NOT = (403, 404)  # may see its own record but not do this; others' stay hidden
FOREIGN_REFERENCE = 400  # a foreign record named in a body is refused like an unknown one
PLAY = {"type": "play", "card": "AS", "event_id": "matrix-play"}
START = {"type": "start", "event_id": "matrix-start"}  # the device shows hand A
PROBE = {"in_other_hand": True, "event_id": "matrix-probe"}  # no probe waits: out of phase
DOSE = {"sessions_per_week": 3, "minutes_per_session": 20, "weeks": 12}
REMINDERS = {
    "email": "reader@example.org",
    "time_zone": "Europe/Paris",
    "times": ["08:30"],
    "agreed_how": "in_person",
}
# "{today}": the day the request is sent (a day fixed at import is yesterday after midnight)
HELD = {"status": "done", "held_on": "{today}", "measures": {"moca": 27}}
WINDOW = {"windows": [{"point": "{point}", "anchor": "enrolment", "opens_day": 0, "closes_day": 9}]}

# (route as in the URL conf, method): the request, and what each role gets.
MATRIX: dict[tuple[str, str], Rule] = {
    ("healthz", "GET"): Rule("/healthz", open_to_all(200)),
    ("readyz", "GET"): Rule("/readyz", open_to_all(200)),
    ("api/auth/csrf", "GET"): Rule("/api/auth/csrf", open_to_all(204)),
    ("api/auth/login", "POST"): Rule(
        "/api/auth/login", open_to_all(200), {"username": "{username}", "password": "not used"}
    ),
    ("api/auth/logout", "POST"): Rule("/api/auth/logout", signed_in(204)),
    ("api/auth/token", "POST"): Rule(
        "/api/auth/token", open_to_all(200), {"username": "{username}", "password": "not used"}
    ),
    ("api/me", "GET"): Rule("/api/me", signed_in(200)),
    # Each account chooses its own language.
    ("api/me", "PATCH"): Rule("/api/me", signed_in(200), {"language": "en"}),
    # The second factor. No sign-in waits in these requests: the steps that complete one are
    # refused by state (409) whoever asks. Adding a factor is for the signed-in (and a sign-in
    # waiting to enrol): nothing waits to be confirmed (409) and no passkey ceremony is open
    # (400) in a request of its own.
    ("api/auth/second-factor", "POST"): Rule(
        "/api/auth/second-factor", open_to_all(409), {"code": "123456"}
    ),
    ("api/auth/passkeys/options", "POST"): Rule("/api/auth/passkeys/options", open_to_all(409)),
    ("api/auth/totp", "POST"): Rule("/api/auth/totp", enrolling(201)),
    ("api/auth/totp/confirm", "POST"): Rule(
        "/api/auth/totp/confirm", open_to_all(409), {"code": "123456"}
    ),
    ("api/auth/passkeys/register/options", "POST"): Rule(
        "/api/auth/passkeys/register/options", enrolling(200)
    ),
    ("api/auth/passkeys", "POST"): Rule(
        "/api/auth/passkeys", enrolling(400), {"credential": {"id": "x"}}
    ),
    # A new set of recovery codes: for an account with a factor (the admin); others have none.
    ("api/auth/recovery-codes", "POST"): Rule(
        "/api/auth/recovery-codes",
        signed_in(400) | {"admin": (201, 201)},
    ),
    ("api/me/second-factor", "GET"): Rule("/api/me/second-factor", signed_in(200)),
    # A study's second-factor rule: read like the study, set by its owners.
    ("api/studies/<int:pk>/second-factor/", "GET"): Rule(
        "/api/studies/{study}/second-factor/", staff_only(200)
    ),
    ("api/studies/<int:pk>/second-factor/", "PUT"): Rule(
        "/api/studies/{study}/second-factor/",
        staff_only(200, clinician=MAY_NOT),
        {"roles": ["clinician"]},
    ),
    ("api/staff/", "GET"): Rule(
        "/api/staff/", signed_in(200, clinician=NO_CLINICIANS, assessor=NO_CLINICIANS)
    ),
    ("api/studies/", "GET"): Rule("/api/studies/", signed_in(200), lists="study"),
    ("api/studies/", "POST"): Rule(
        "/api/studies/",
        signed_in(201, clinician=NO_CLINICIANS, assessor=NO_CLINICIANS),
        {"name": "A new study"},
    ),
    ("api/studies/<int:pk>/", "GET"): Rule("/api/studies/{study}/", staff_only(200)),
    ("api/studies/<int:pk>/", "PATCH"): Rule(
        "/api/studies/{study}/", staff_only(200, clinician=MAY_NOT), {"description": "changed"}
    ),
    ("api/studies/<int:pk>/open/", "POST"): Rule(
        "/api/studies/{study}/open/",
        staff_only(200, clinician=MAY_NOT),
        {"arms": [{"name": "training"}, {"name": "control", "control": True}]},
    ),
    ("api/studies/<int:pk>/protocols/", "GET"): Rule(
        "/api/studies/{study}/protocols/", staff_only(200)
    ),
    ("api/studies/<int:pk>/protocols/", "POST"): Rule(
        "/api/studies/{study}/protocols/", staff_only(201, clinician=MAY_NOT), {"name": "New"}
    ),
    ("api/protocols/<int:pk>/", "GET"): Rule("/api/protocols/{protocol}/", staff_only(200)),
    ("api/participants/", "GET"): Rule("/api/participants/", signed_in(200), lists="participant"),
    ("api/participants/", "POST"): Rule(
        "/api/participants/",
        staff_only(
            201,
            clinician=(201, FOREIGN_REFERENCE),
            researcher=(201, FOREIGN_REFERENCE),
            assessor=(FOREIGN_REFERENCE, FOREIGN_REFERENCE),
        ),
        {"study": "{study}"},
    ),
    ("api/participants/<int:pk>/", "GET"): Rule(
        "/api/participants/{participant}/", staff_only(200)
    ),
    ("api/participants/<int:pk>/", "PATCH"): Rule(
        "/api/participants/{participant}/",
        staff_only(200, clinician=MAY_NOT),
        {"age_band": "80+", "reason": "birth date corrected"},
    ),
    ("api/participants/<int:pk>/consent/", "POST"): Rule(
        "/api/participants/{participant}/consent/",
        staff_only(200),
        {"date": "{today}", "form_version": "2", "reason": "form 2 signed"},
    ),
    # The clinical team allocates (past the access check the world's study has no arms: 409);
    # the owners and admins, who see the arms of a concealed design, do not.
    ("api/participants/<int:pk>/allocate/", "POST"): Rule(
        "/api/participants/{participant}/allocate/",
        staff_only(409, researcher=(403, 404)) | {"admin": (403, 403)},
        {"eligibility_confirmed": []},
    ),
    ("api/participants/<int:pk>/withdraw/", "POST"): Rule(
        "/api/participants/{participant}/withdraw/", staff_only(200), {"reason": "asked to stop"}
    ),
    # The programme: the owners prescribe the study's dose, the clinical team a participant's.
    ("api/studies/<int:pk>/programme/", "GET"): Rule(
        "/api/studies/{study}/programme/", staff_only(200)
    ),
    ("api/studies/<int:pk>/programme/", "PUT"): Rule(
        "/api/studies/{study}/programme/", staff_only(200, clinician=MAY_NOT), DOSE
    ),
    # Assessment visits: the owners place the study's blinded assessors and set the windows;
    # everyone who sees the participant sees the visits; only the study's assessor records one.
    ("api/studies/<int:pk>/assessors/", "GET"): Rule(
        "/api/studies/{study}/assessors/", staff_only(200)
    ),
    ("api/studies/<int:pk>/assessors/", "PUT"): Rule(
        "/api/studies/{study}/assessors/",
        staff_only(200, clinician=MAY_NOT),
        {"assessors": ["{assessor}"]},
    ),
    ("api/studies/<int:pk>/visit-windows/", "GET"): Rule(
        "/api/studies/{study}/visit-windows/", staff_only(200)
    ),
    ("api/studies/<int:pk>/visit-windows/", "PUT"): Rule(
        "/api/studies/{study}/visit-windows/", staff_only(200, clinician=MAY_NOT), WINDOW
    ),
    ("api/visits/", "GET"): Rule("/api/visits/", signed_in(200)),
    ("api/participants/<int:pk>/visits/", "GET"): Rule(
        "/api/participants/{participant}/visits/", staff_only(200, assessor=(200, 404))
    ),
    ("api/participants/<int:pk>/visits/<int:point_id>/", "POST"): Rule(
        "/api/participants/{participant}/visits/{point}/",
        staff_only(403, assessor=(201, 404)) | {"admin": (403, 403)},
        HELD,
    ),
    # Reminders: the clinical team and the owners set them as the participant chose; the
    # participant on their own device (the progress link); a reminder's links are their own
    # credentials (the world has sent none: any link to open is unknown to everyone).
    ("api/participants/<int:pk>/reminders/", "GET"): Rule(
        "/api/participants/{participant}/reminders/", staff_only(200)
    ),
    ("api/participants/<int:pk>/reminders/", "PUT"): Rule(
        "/api/participants/{participant}/reminders/", staff_only(200), REMINDERS
    ),
    ("api/progress/<str:token>/reminders/", "GET"): Rule(
        "/api/progress/{progress}/reminders/", {role: (200, 404) for role in ROLES}
    ),
    ("api/progress/<str:token>/reminders/", "PUT"): Rule(
        "/api/progress/{progress}/reminders/",
        {role: (200, 404) for role in ROLES},
        {k: v for k, v in REMINDERS.items() if k != "agreed_how"},
    ),
    ("api/reminders/open/<str:token>/", "POST"): Rule(
        "/api/reminders/open/not-a-link/", open_to_all(404)
    ),
    ("api/reminders/stop/<str:token>/", "GET"): Rule(
        "/api/reminders/stop/{stop}/", {role: (200, 404) for role in ROLES}
    ),
    ("api/reminders/stop/<str:token>/", "POST"): Rule(
        "/api/reminders/stop/{stop}/", {role: (200, 404) for role in ROLES}
    ),
    # A participant's rights: a copy of their data (owners and the clinical team); erasure (owners).
    ("api/participants/<int:pk>/access-request/", "GET"): Rule(
        "/api/participants/{participant}/access-request/", staff_only(200)
    ),
    ("api/participants/<int:pk>/erase/", "POST"): Rule(
        "/api/participants/{participant}/erase/",
        staff_only(200, clinician=MAY_NOT),
        {"reason": "the participant asked"},
    ),
    ("api/studies/<int:pk>/flow/", "GET"): Rule("/api/studies/{study}/flow/", staff_only(200)),
    ("api/participants/<int:pk>/programme/", "PUT"): Rule(
        "/api/participants/{participant}/programme/", staff_only(200), DOSE
    ),
    ("api/participants/<int:pk>/programme/", "DELETE"): Rule(
        "/api/participants/{participant}/programme/", staff_only(204)
    ),
    ("api/participants/<int:pk>/dose/", "GET"): Rule(
        "/api/participants/{participant}/dose/", staff_only(200)
    ),
    # Past the access check: the world's week 1 is not over (409).
    ("api/participants/<int:pk>/dose/missed/", "POST"): Rule(
        "/api/participants/{participant}/dose/missed/",
        staff_only(409),
        {"week": 1, "reason": "illness"},
    ),
    ("api/participants/<int:pk>/progress-link/", "POST"): Rule(
        "/api/participants/{participant}/progress-link/", staff_only(201)
    ),
    # The progress link is the participant's credential: whoever holds it sees the page.
    ("api/progress/<str:token>/", "GET"): Rule(
        "/api/progress/{progress}/", {role: (200, 404) for role in ROLES}
    ),
    # Clinical notes are for the care team: researchers may not read or write them.
    ("api/participants/<int:pk>/notes/", "GET"): Rule(
        "/api/participants/{participant}/notes/", staff_only(200, researcher=MAY_NOT)
    ),
    ("api/participants/<int:pk>/notes/", "POST"): Rule(
        "/api/participants/{participant}/notes/",
        staff_only(201, researcher=MAY_NOT),
        {"text": "seen"},
    ),
    # A note is corrected by its author only (the own clinician wrote the world's note).
    ("api/participants/<int:pk>/notes/<int:note_id>/", "PATCH"): Rule(
        "/api/participants/{participant}/notes/{note}/",
        staff_only(200, researcher=MAY_NOT) | {"admin": (403, 403)},
        {"text": "corrected", "reason": "wrong day"},
    ),
    ("api/sessions/", "GET"): Rule("/api/sessions/", signed_in(200), lists="session"),
    ("api/sessions/", "POST"): Rule(
        "/api/sessions/",
        staff_only(
            201,
            clinician=(201, FOREIGN_REFERENCE),
            researcher=(201, FOREIGN_REFERENCE),
            assessor=(FOREIGN_REFERENCE, FOREIGN_REFERENCE),
        ),
        {"participant": "{participant}", "protocol": "{protocol}"},
    ),
    ("api/sessions/<int:pk>/", "GET"): Rule("/api/sessions/{session}/", staff_only(200)),
    ("api/sessions/<int:pk>/start/", "POST"): Rule(
        "/api/sessions/{scheduled}/start/", staff_only(200)
    ),
    # The world's sitting has its game in play: completing it by hand is refused (409
    # game_in_play), after who may ask is settled.
    ("api/sessions/<int:pk>/complete/", "POST"): Rule(
        "/api/sessions/{session}/complete/", staff_only(409)
    ),
    ("api/sessions/<int:pk>/abandon/", "POST"): Rule(
        "/api/sessions/{session}/abandon/", staff_only(200)
    ),
    # Researchers read the entries of their own studies only (the list is filtered).
    ("api/audit/", "GET"): Rule(
        "/api/audit/",
        signed_in(200, clinician=NO_CLINICIANS, assessor=NO_CLINICIANS),
        lists="audit",
    ),
    ("api/sessions/<int:session_id>/games/", "GET"): Rule(
        "/api/sessions/{session}/games/", staff_only(200)
    ),
    ("api/sessions/<int:session_id>/games/", "POST"): Rule(
        "/api/sessions/{session}/games/", staff_only(201)
    ),
    ("api/sessions/<int:session_id>/practice/", "GET"): Rule(
        "/api/sessions/{session}/practice/", staff_only(200)
    ),
    # The session's game has begun: the practice comes before it (refused by state, not role).
    ("api/sessions/<int:session_id>/practice/", "POST"): Rule(
        "/api/sessions/{session}/practice/", staff_only(409)
    ),
    ("api/games/<int:game_id>/", "GET"): Rule("/api/games/{game}/", staff_only(200)),
    # The game is in its examination: a card is refused by the rules (409), not by the role.
    ("api/games/<int:game_id>/actions/", "POST"): Rule(
        "/api/games/{game}/actions/", staff_only(409), PLAY
    ),
    ("api/games/<int:game_id>/examination/", "POST"): Rule(
        "/api/games/{game}/examination/", staff_only(200), START
    ),
    # No recall probe waits during the examination: an answer is out of phase (409).
    ("api/games/<int:game_id>/probes/", "POST"): Rule(
        "/api/games/{game}/probes/", staff_only(409), PROBE
    ),
    ("api/games/<int:game_id>/replay/", "GET"): Rule(
        "/api/games/{finished}/replay/", staff_only(200)
    ),
    ("api/games/<int:game_id>/review/", "GET"): Rule(
        "/api/games/{finished}/review/", staff_only(200)
    ),
    ("api/games/<int:game_id>/link/", "POST"): Rule("/api/games/{game}/link/", staff_only(201), {}),
    ("api/play/<str:token>/", "GET"): Rule("/api/play/{token}/", link_only(200)),
    # The participant's language, read and changed on their device (or a handed-over one).
    ("api/play/<str:token>/language/", "GET"): Rule("/api/play/{token}/language/", link_only(200)),
    ("api/play/<str:token>/language/", "PUT"): Rule(
        "/api/play/{token}/language/", link_only(200), {"language": "en"}
    ),
    ("api/games/<int:game_id>/language/", "GET"): Rule(
        "/api/games/{game}/language/", staff_only(200)
    ),
    ("api/games/<int:game_id>/language/", "PUT"): Rule(
        "/api/games/{game}/language/", staff_only(200), {"language": "en"}
    ),
    # Joining a game for one participant changes nothing: its seat is taken already.
    ("api/play/<str:token>/join/", "POST"): Rule("/api/play/{token}/join/", link_only(200)),
    # Tables: staff open one for participants they may see (another study's protocol: 404).
    ("api/tables/", "POST"): Rule(
        "/api/tables/",
        staff_only(201),
        {
            "protocol": "{protocol}",
            "seats": [
                {"kind": "participant", "participant": "{participant}"},
                {"kind": "clinician"},
            ],
        },
    ),
    ("api/tables/<int:game_id>/", "GET"): Rule("/api/tables/{table}/", staff_only(200)),
    ("api/tables/<int:game_id>/links/", "POST"): Rule(
        "/api/tables/{table}/links/", staff_only(201)
    ),
    # Giving back a seat nobody took: refused as the table stands (changes nothing), or hidden.
    ("api/tables/<int:game_id>/control/", "POST"): Rule(
        "/api/tables/{table}/control/",
        staff_only(409),
        {"action": "seat_person", "seat": 0},
    ),
    ("api/games/<int:game_id>/watch/", "GET"): Rule("/api/games/{game}/watch/", staff_only(200)),
    # A join code is its own credential, like a link: an unknown one is unknown to everyone.
    ("api/join/", "POST"): Rule("/api/join/", open_to_all(404), {"code": "ZZZZZZ"}),
    ("api/play/<str:token>/actions/", "POST"): Rule(
        "/api/play/{token}/actions/", link_only(409), PLAY
    ),
    ("api/play/<str:token>/examination/", "POST"): Rule(
        "/api/play/{token}/examination/", link_only(200), START
    ),
    ("api/play/<str:token>/probes/", "POST"): Rule(
        "/api/play/{token}/probes/", link_only(409), PROBE
    ),
    ("api/metrics/catalogue/", "GET"): Rule("/api/metrics/catalogue/", signed_in(200)),
    ("api/participants/<int:pk>/summary/", "GET"): Rule(
        "/api/participants/{participant}/summary/", staff_only(200)
    ),
    ("api/participants/<int:pk>/metrics/", "GET"): Rule(
        "/api/participants/{participant}/metrics/", staff_only(200)
    ),
    # The printable report: the participant's own access rules (notes only on request).
    ("api/participants/<int:pk>/report/", "GET"): Rule(
        "/api/participants/{participant}/report/", staff_only(200)
    ),
    # Signatures: read like the record; signing is the care team's and owners' (a report) or
    # the owners' (an export), past the access check refused for the wrong password (400). The
    # world's exports are not built: signing one is refused by state (409).
    ("api/participants/<int:pk>/signatures/", "GET"): Rule(
        "/api/participants/{participant}/signatures/", staff_only(200)
    ),
    ("api/participants/<int:pk>/signatures/", "POST"): Rule(
        "/api/participants/{participant}/signatures/",
        staff_only(400),
        {"meaning": "reviewed", "password": "not the password"},
    ),
    ("api/exports/<int:pk>/signatures/", "GET"): Rule(
        "/api/exports/{export}/signatures/",
        staff_only(200, clinician=NO_CLINICIANS, assessor=NO_CLINICIANS),
    ),
    ("api/exports/<int:pk>/signatures/", "POST"): Rule(
        "/api/exports/{export}/signatures/",
        staff_only(409, clinician=NO_CLINICIANS, assessor=NO_CLINICIANS),
        {"meaning": "approved", "password": "not the password"},
    ),
    # The FHIR export: the participant's own access rules. The clinic's identifier: the
    # clinical team and the owners (none is recorded in the world: 204).
    ("api/participants/<int:pk>/fhir/", "GET"): Rule(
        "/api/participants/{participant}/fhir/", staff_only(200)
    ),
    ("api/participants/<int:pk>/clinic-identifier/", "GET"): Rule(
        "/api/participants/{participant}/clinic-identifier/", staff_only(204)
    ),
    ("api/participants/<int:pk>/clinic-identifier/", "PUT"): Rule(
        "/api/participants/{participant}/clinic-identifier/",
        staff_only(200),
        {"system": "https://hospital.example.org/mrn", "value": "MRN-1"},
    ),
    ("api/fhir/CodeSystem/metric", "GET"): Rule("/api/fhir/CodeSystem/metric", open_to_all(200)),
    # The access review is the administrators' (revoking deactivates the named clinician).
    ("api/access-review/", "GET"): Rule("/api/access-review/", ADMINS_ONLY),
    ("api/access-review/export", "GET"): Rule("/api/access-review/export", ADMINS_ONLY),
    ("api/access-review/confirm", "POST"): Rule(
        "/api/access-review/confirm", ADMINS_ONLY | {"admin": (201, 201)}, {"note": "ok"}
    ),
    ("api/access-review/revoke", "POST"): Rule(
        "/api/access-review/revoke", ADMINS_ONLY, {"user": "{staff}"}
    ),
    ("api/sessions/<int:pk>/analysis/", "GET"): Rule(
        "/api/sessions/{session}/analysis/", staff_only(200)
    ),
    ("api/studies/<int:pk>/cohort/", "GET"): Rule("/api/studies/{study}/cohort/", staff_only(200)),
    # Exports are for researchers: clinicians are refused whatever study they name.
    ("api/studies/<int:pk>/exports/", "GET"): Rule(
        "/api/studies/{study}/exports/",
        staff_only(200, clinician=NO_CLINICIANS, assessor=NO_CLINICIANS),
    ),
    ("api/studies/<int:pk>/exports/", "POST"): Rule(
        "/api/studies/{study}/exports/",
        staff_only(201, clinician=NO_CLINICIANS, assessor=NO_CLINICIANS),
        {"formats": ["csv"]},
    ),
    ("api/exports/<int:pk>/", "GET"): Rule(
        "/api/exports/{export}/", staff_only(200, clinician=NO_CLINICIANS, assessor=NO_CLINICIANS)
    ),
    # The signed download link is the credential (like a play link), for anyone holding it;
    # the archive is not built yet, so a good link gets 409.
    ("api/exports/<int:pk>/download", "GET"): Rule(
        "/api/exports/{export}/download?token={download}",
        {role: (409, 409) for role in ROLES},
    ),
    ("api/schema/", "GET"): Rule("/api/schema/", open_to_all(200)),
    ("api/docs/", "GET"): Rule("/api/docs/", open_to_all(200)),
    ("api/live-protocol.asyncapi.yaml", "GET"): Rule(
        "/api/live-protocol.asyncapi.yaml", open_to_all(200)
    ),
    ("api/^", "GET"): Rule("/api/no-such-route/", open_to_all(404)),
    ("^(?!api/|admin/|static/|ws/)(?P<route>.*)$", "GET"): Rule(
        "/studies/{study}", open_to_all(200)
    ),
}

# Whole route families with one rule, tried on the requests given. The admin site: only the
# admin role gets in; everyone else is sent to its sign-in page.
ADMIN_SITE = {"admin": (200, 200)} | {role: (302, 302) for role in ROLES if role != "admin"}
PREFIXES: dict[str, list[Rule]] = {
    "admin/": [
        Rule("/admin/", ADMIN_SITE, signed_in=True),
        Rule("/admin/audit/auditentry/", ADMIN_SITE, signed_in=True),
        Rule("/admin/participants/participant/{participant}/change/", ADMIN_SITE, signed_in=True),
    ],
}


def _side_values(world, whose: str) -> dict[str, object]:
    side = world.own if whose == "own" else world.other
    values = {
        "study": side.study.pk,
        "protocol": side.protocol.pk,
        "participant": side.participant.pk,
        "session": side.session.pk,
        "scheduled": side.scheduled.pk,
        "game": side.game.pk,
        "export": side.export.pk,
        "finished": side.finished.pk,
        "table": side.table.pk,
        "download": side.download,
        "audit": side.audit.pk,
        "note": side.note.pk,
        "staff": (world.clinician if whose == "own" else world.other_clinician).pk,
        "point": side.point.pk,
        "assessor": world.assessor.pk,
        "username": side.study.owners.get().username,
    }
    values["progress"] = progress_token(side.participant.pk)
    values["stop"] = stop_token(side.participant.pk)
    if whose != "own":  # the other side's participant, signed with a key not the site's
        values["progress"] = signing.dumps({"p": side.participant.pk}, key="not the site's key")
        values["stop"] = signing.dumps({"p": side.participant.pk}, key="not the site's key")
    if whose == "own":
        values["token"] = world.own.token
    else:  # a link naming the other side's game, signed with a key that is not the site's
        claim = {"g": world.other.game.pk, "v": world.other.game.link_generation}
        values["token"] = signing.dumps(claim, key="not the site's key", salt="x", compress=True)
    return values


def _fill(value, values: dict[str, object]):
    if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
        return values[value[1:-1]]
    if isinstance(value, dict):
        return {key: _fill(item, values) for key, item in value.items()}
    if isinstance(value, list):
        return [_fill(item, values) for item in value]
    return value


def answer(world, method: str, rule: Rule, role: str, whose: str):
    """The response to ``role`` sending ``rule``'s request about ``whose`` records, with every
    change it made rolled back."""
    values = {**_side_values(world, whose), "today": timezone.localdate().isoformat()}
    path = rule.path.format(**values)
    if role == "anonymous" and "{token}" in rule.path:
        path = rule.path.format(**{**values, "token": "not-a-link"})
    client = APIClient()
    headers = headers_for(world, role)
    if rule.signed_in and role == "admin":  # signed in for real, with the second factor
        client.cookies[settings.SESSION_COOKIE_NAME] = world.admin_session
        headers = {}
    elif rule.signed_in and role in STAFF_ROLES:
        client.force_login(getattr(world, role))
        headers = {}
    cache.clear()  # sign-in throttling counts requests: each one starts afresh
    body = _fill(rule.body, values)
    with transaction.atomic():
        response = getattr(client, method.lower())(path, body, format="json", headers=headers)
        transaction.set_rollback(True)
    return response


def _rule_for(route: str, method: str) -> list[Rule]:
    if (route, method) in MATRIX:
        return [MATRIX[route, method]]
    for prefix, rules in PREFIXES.items():
        if route.startswith(prefix):
            return rules
    return []


ROUTES = url_routes()


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """One world for the module, rolled back at its end (each request is rolled back too)."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield with_tables(with_finished_games(harness_world()))
        transaction.set_rollback(True)


def _check(world, method: str, rule: Rule) -> list[str]:
    wrong = []
    for role in ROLES:
        for whose, expected in zip(("own", "foreign"), rule.expect[role], strict=True):
            response = answer(world, method, rule, role, whose)
            got = response.status_code
            if got != expected:
                wrong.append(f"{role} on {whose}: {got}, expected {expected}")
            elif 400 <= got < 500 and response.get("Content-Type", "").startswith(
                "application/json"
            ):
                error = response.json().get("error", {})
                if not (error.get("code") and error.get("message")):
                    wrong.append(f"{role} on {whose}: {got} not in the error shape")
    return wrong


def _listed_wrongly(world, kind: str, role: str, body) -> list[str]:
    listed = {item["id"] for item in (body["results"] if isinstance(body, dict) else body)}
    own, foreign = (_side_values(world, whose)[kind] for whose in ("own", "foreign"))
    wrong = []
    if own not in listed:
        wrong.append(f"{role}: own {kind} {own} missing from the list")
    if (foreign in listed) != (role == "admin"):
        where = "missing from" if role == "admin" else "in"
        wrong.append(f"{role}: foreign {kind} {foreign} {where} the list")
    return wrong


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "method"), ROUTES, ids=[f"{m} {r}" for r, m in ROUTES])
def test_every_route_answers_each_role_as_the_matrix_says(world, route, method):
    rules = _rule_for(route, method)
    assert rules, f"{method} {route} has no rule in the authorisation matrix: add one"
    if route.startswith(tuple(PREFIXES)) and (route, method) not in MATRIX:
        return  # a family's rule is tried once, below
    wrong = _check(world, method, rules[0])
    assert not wrong, f"{method} {route}:\n" + "\n".join(wrong)


@pytest.mark.django_db
@pytest.mark.parametrize("prefix", list(PREFIXES))
def test_each_route_family_answers_as_the_matrix_says(world, prefix):
    for rule in PREFIXES[prefix]:
        wrong = _check(world, "GET", rule)
        assert not wrong, f"{rule.path}:\n" + "\n".join(wrong)


def test_the_matrix_names_no_route_that_is_gone():
    assert set(MATRIX) - set(ROUTES) == set()
    assert all(any(route.startswith(p) for route, _ in ROUTES) for p in PREFIXES)


def test_every_rule_covers_every_role():
    for rule in [*MATRIX.values(), *(r for rules in PREFIXES.values() for r in rules)]:
        assert set(rule.expect) == set(ROLES), rule.path


def test_a_route_without_a_rule_is_caught():
    assert _rule_for("api/a-route-added-later/", "GET") == []
    assert _rule_for("api/studies/<int:pk>/", "DELETE") == []  # a new method on a known route
