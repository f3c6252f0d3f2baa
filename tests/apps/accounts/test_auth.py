"""Sign in with a session (browser) or a token (scripts); roles come with the user."""

from apps.accounts.models import User
from tests.conftest import PASSWORD


def test_login_me_logout(api, researcher):
    response = api.post("/api/auth/login", {"username": "rosalind", "password": PASSWORD})
    assert response.status_code == 200
    assert response.json()["role"] == "researcher"
    assert api.get("/api/me").json()["username"] == "rosalind"
    assert api.post("/api/auth/logout").status_code == 204
    assert api.get("/api/me").status_code == 403


def test_wrong_password_is_refused_without_saying_which_part_was_wrong(api, researcher):
    response = api.post("/api/auth/login", {"username": "rosalind", "password": "nope"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_credentials"


def test_token_for_scripts(api, clinician):
    token = api.post("/api/auth/token", {"username": "claude", "password": PASSWORD}).json()[
        "token"
    ]
    script = type(api)()
    script.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert script.get("/api/me").json()["role"] == "clinician"


def test_a_superuser_is_always_an_admin(db):
    user = User.objects.create_superuser("root", password=PASSWORD, role=User.Role.CLINICIAN)
    assert user.role == User.Role.ADMIN and user.is_admin


def test_staff_list_for_admins_and_researchers(client_for, researcher, clinician, admin_user):
    names = client_for(researcher).get("/api/staff/", {"role": "clinician"}).json()
    assert [s["username"] for s in names] == ["claude"]
    assert client_for(admin_user).get("/api/staff/").status_code == 200
    assert client_for(clinician).get("/api/staff/").status_code == 403
    for role in ("chair", "clinician\x00"):  # no such role; PostgreSQL holds no NUL
        refused = client_for(researcher).get("/api/staff/", {"role": role})
        assert refused.status_code == 400
        assert "role" in refused.json()["error"]["details"]
