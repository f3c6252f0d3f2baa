"""The second factor: who must have one, enrolment through the API, signing in with a code, a
recovery code or (tested in the browser) a passkey, API tokens under the same rule, and staff
sessions signed out when idle."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from apps.accounts.authentication import TokenAuthentication
from apps.audit.models import AuditEntry
from apps.common import clock
from apps.games import links, services
from tests.apps.factories import make_participant, make_session, make_study
from tests.conftest import PASSWORD, make_staff, sign_in_enrolling, totp_now

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate():
    cache.clear()


def login(client, username, password=PASSWORD):
    return client.post("/api/auth/login", {"username": username, "password": password})


def test_an_admin_cannot_sign_in_on_the_password_alone(api, admin_user):
    answer = login(api, "ada")
    assert answer.status_code == 202
    assert answer.json() == {"second_factor": "enrol", "methods": []}
    # Waiting for the factor is not being signed in.
    assert api.get("/api/me").status_code == 403
    assert api.get("/api/studies/").status_code == 403
    assert api.get("/admin/").status_code == 302


def test_an_admin_enrols_an_app_then_signs_in_with_its_codes(api, admin_user):
    _, codes = sign_in_enrolling(api, "ada")
    assert api.get("/api/me").json()["username"] == "ada"
    factors = api.get("/api/me/second-factor").json()
    assert factors["enforced"] and factors["totp"] and factors["recovery_codes_left"] == 10
    api.post("/api/auth/logout")

    again = APIClient()
    answer = login(again, "ada")
    assert answer.status_code == 202
    assert answer.json() == {"second_factor": "verify", "methods": ["recovery", "totp"]}
    wrong = again.post("/api/auth/second-factor", {"code": "000000"})
    assert wrong.status_code == 400
    assert wrong.json()["error"]["code"] == "invalid_second_factor"
    assert AuditEntry.objects.filter(
        action="login_failed", after__second_factor="code", after__username="ada"
    ).exists()
    # django-otp holds a device back for a second after a wrong code (doubling each time).
    assert again.post("/api/auth/second-factor", {"code": codes[0]}).status_code == 400
    time.sleep(1.1)
    assert again.post("/api/auth/second-factor", {"code": codes[0]}).status_code == 200
    assert again.get("/api/me").status_code == 200

    # A recovery code works once.
    third = APIClient()
    login(third, "ada")
    assert third.post("/api/auth/second-factor", {"code": codes[0]}).status_code == 400


def test_a_code_cannot_complete_a_sign_in_that_is_not_waiting(api, admin_user):
    answer = api.post("/api/auth/second-factor", {"code": "123456"})
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "no_sign_in_pending"


def test_a_waiting_sign_in_expires(api, admin_user):
    with clock.installed(clock.ManualClock()) as manual:
        login(api, "ada")
        manual.advance(301)
        answer = api.post("/api/auth/totp")
    assert answer.status_code == 409


def test_an_account_with_a_factor_must_give_it_even_if_not_required(api, clinician):
    client = APIClient()
    assert login(client, "claude").status_code == 200
    secret = client.post("/api/auth/totp").json()["secret"]
    assert client.post("/api/auth/totp/confirm", {"code": totp_now(secret)}).status_code == 200
    assert login(api, "claude").json() == {
        "second_factor": "verify",
        "methods": ["recovery", "totp"],
    }


def test_study_owners_require_a_factor_of_their_clinicians(client_for, researcher, clinician):
    study = make_study(owners=[researcher], clinicians=[clinician])
    make_participant(study=study, clinicians=[clinician])
    before = APIClient()
    manual = clock.ManualClock()
    with clock.installed(manual):
        assert login(before, "claude").status_code == 200
        assert before.get("/api/me").status_code == 200
    owner = client_for(researcher)
    answer = owner.put(f"/api/studies/{study.pk}/second-factor/", {"roles": ["clinician"]})
    assert answer.status_code == 200 and answer.json() == {"roles": ["clinician"]}
    assert AuditEntry.objects.filter(
        object_type="accounts.secondfactorrule", after={"roles": ["clinician"]}
    ).exists()
    # Clinicians on the team now need one; the researcher (not asked of) does not.
    assert login(APIClient(), "claude").json()["second_factor"] == "enrol"
    assert login(APIClient(), "rosalind").status_code == 200
    # The clinician's session from before the rule ends at its next check.
    with clock.installed(manual):
        manual.advance(10)
        assert before.get("/api/me").status_code == 200
        manual.advance(21)
        assert before.get("/api/me").status_code == 403
    assert AuditEntry.objects.filter(
        action="logout", after={"reason": "second_factor_required"}
    ).exists()
    refused = client_for(clinician).put(f"/api/studies/{study.pk}/second-factor/", {"roles": []})
    assert refused.status_code == 403


def test_a_study_s_rule_refuses_the_tokens_of_the_roles_it_names(api, client_for, researcher):
    """A clinician on the study's team, caring for one of its participants, falls under its
    rule; the researcher who owns it, whose role it does not name, keeps their token."""
    cache.clear()
    clinician = make_staff("carer", "clinician")
    owner = client_for(researcher)
    made = owner.post("/api/studies/", {"name": "Ruled", "clinicians": [clinician.pk]})
    assert made.status_code == 201, made.content
    study = made.json()["id"]
    enrolled = client_for(clinician).post("/api/participants/", {"study": study})
    assert enrolled.status_code == 201, enrolled.content
    tokens = {}
    for name in ("carer", "rosalind"):
        answer = api.post("/api/auth/token", {"username": name, "password": PASSWORD})
        tokens[name] = APIClient()
        tokens[name].credentials(HTTP_AUTHORIZATION=f"Token {answer.json()['token']}")
        assert tokens[name].get("/api/me").status_code == 200
    answer = owner.put(f"/api/studies/{study}/second-factor/", {"roles": ["clinician"]})
    assert answer.status_code == 200
    refused = tokens["carer"].get("/api/me")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "second_factor_required"
    assert tokens["rosalind"].get("/api/me").json()["username"] == "rosalind"


@pytest.mark.parametrize("way_on", ["owner", "team", "carer"])
def test_a_rule_reaches_the_tokens_of_each_way_onto_its_study(api, client_for, researcher, way_on):
    """Owning the study, being on its clinical team, or still caring for one of its
    participants after leaving the team: each brings a token under the study's rule. Someone
    of the same role on another study only keeps theirs."""
    clinician = make_staff("carer", "clinician")
    owner = client_for(researcher)
    made = owner.post("/api/studies/", {"name": "Ruled", "clinicians": [clinician.pk]})
    study = made.json()["id"]
    if way_on == "carer":
        enrolled = client_for(clinician).post("/api/participants/", {"study": study})
        assert enrolled.status_code == 201, enrolled.content
        assert owner.patch(f"/api/studies/{study}/", {"clinicians": []}).status_code == 200
    if way_on == "owner":
        bystander = make_staff("elsewhere", "researcher")
        elsewhere = client_for(bystander).post("/api/studies/", {"name": "Elsewhere"})
    else:
        bystander = make_staff("other", "clinician")
        elsewhere = owner.post("/api/studies/", {"name": "Elsewhere", "clinicians": [bystander.pk]})
    assert elsewhere.status_code == 201, elsewhere.content
    person = researcher if way_on == "owner" else clinician
    tokens = {}
    for user in (person, bystander):
        answer = api.post("/api/auth/token", {"username": user.username, "password": PASSWORD})
        tokens[user.username] = APIClient()
        tokens[user.username].credentials(HTTP_AUTHORIZATION=f"Token {answer.json()['token']}")
        assert tokens[user.username].get("/api/me").status_code == 200
    answer = owner.put(f"/api/studies/{study}/second-factor/", {"roles": [person.role]})
    assert answer.status_code == 200, answer.content
    refused = tokens[person.username].get("/api/me")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "second_factor_required"
    assert tokens[bystander.username].get("/api/me").status_code == 200


def test_a_rule_names_only_team_roles(client_for, researcher):
    study = make_study(owners=[researcher])
    answer = client_for(researcher).put(
        f"/api/studies/{study.pk}/second-factor/", {"roles": ["admin"]}
    )
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "validation_error"


def test_api_tokens_follow_the_same_rule(api, admin_user):
    old = Token.objects.create(user=admin_user)  # handed out before the rule, say
    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION=f"Token {old.key}")
    refused = script.get("/api/me")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "second_factor_required"

    no_factor = api.post("/api/auth/token", {"username": "ada", "password": PASSWORD})
    assert no_factor.json()["error"]["code"] == "second_factor_enrolment_required"
    _, codes = sign_in_enrolling(APIClient(), "ada")
    no_code = api.post("/api/auth/token", {"username": "ada", "password": PASSWORD})
    assert no_code.status_code == 403
    assert no_code.json()["error"]["code"] == "second_factor_required"
    bad = api.post("/api/auth/token", {"username": "ada", "password": PASSWORD, "code": "1"})
    assert bad.status_code == 400
    time.sleep(1.1)  # the devices' hold after a wrong code
    good = api.post("/api/auth/token", {"username": "ada", "password": PASSWORD, "code": codes[1]})
    assert good.status_code == 200
    assert good.json()["token"] != old.key  # the unverified token was replaced, not promoted
    script.credentials(HTTP_AUTHORIZATION=f"Token {good.json()['token']}")
    assert script.get("/api/me").json()["username"] == "ada"


def test_a_token_from_before_a_chosen_factor_stops_working_once_it_is_confirmed(api, researcher):
    """No rule asks it of a researcher, but one who enrols a factor of their own accord signs
    in with a token only if it was handed out after it: not once it is confirmed, while it is
    still only begun."""
    cache.clear()
    old = api.post("/api/auth/token", {"username": "rosalind", "password": PASSWORD})
    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION=f"Token {old.json()['token']}")
    assert script.get("/api/me").status_code == 200

    assert login(api, "rosalind").status_code == 200
    secret = api.post("/api/auth/totp").json()["secret"]
    assert script.get("/api/me").status_code == 200  # begun, not confirmed
    assert api.post("/api/auth/totp/confirm", {"code": totp_now(secret)}).status_code == 200
    refused = script.get("/api/me")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "second_factor_required"


def test_a_token_s_account_is_checked_in_one_query(api, researcher, django_assert_num_queries):
    """Every request made with a token checks the account's second factor: the token, its
    user and verification, the user's factors and their studies' rules come in one query."""
    cache.clear()
    key = api.post("/api/auth/token", {"username": "rosalind", "password": PASSWORD}).json()
    with django_assert_num_queries(1):
        user, _ = TokenAuthentication().authenticate_credentials(key["token"])
    assert user == researcher


def test_recovery_codes_are_renewed_on_request(api, admin_user):
    _, codes = sign_in_enrolling(api, "ada")
    fresh = api.post("/api/auth/recovery-codes").json()["recovery_codes"]
    assert len(fresh) == 10 and not set(fresh) & set(codes)
    api.post("/api/auth/logout")
    login(api, "ada")
    assert api.post("/api/auth/second-factor", {"code": codes[2]}).status_code == 400
    time.sleep(1.1)  # the devices' hold after a wrong code
    assert api.post("/api/auth/second-factor", {"code": fresh[0]}).status_code == 200


def test_an_idle_session_is_signed_out_and_a_busy_one_is_not(api, researcher):
    session = make_session(status="started")
    game = services.game_create(session=session)
    link = f"/api/play/{links.play_link_token(game)}/"
    with clock.installed(clock.ManualClock()) as manual:
        assert login(api, "rosalind").status_code == 200
        assert api.get("/api/me").json()["idle_seconds"] == 900
        for _ in range(4):  # a request every 5 minutes keeps it
            manual.advance(300)
            assert api.get("/api/me").status_code == 200
        manual.advance(901)
        assert api.get("/api/me").status_code == 403
        # A participant's play link, on the same device, is no session: unaffected.
        assert api.get(link).status_code == 200
    assert AuditEntry.objects.filter(action="logout", after={"reason": "idle"}).exists()
