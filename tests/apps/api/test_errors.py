"""Every error, whoever raises it, has the shape {"error": {"code", "message", "details"}}."""

import pytest
from rest_framework.test import APIClient

from tests.conftest import PASSWORD


def assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message", "details"}
    assert body["error"]["code"] == code
    assert body["error"]["message"]
    return body["error"]


def test_unknown_api_path_is_a_404_in_the_shape(client, db):
    assert_error(client.get("/api/no-such-thing/"), 404, "not_found")


def test_unknown_api_path_is_a_404_in_the_shape_with_debug_on_too(client, db, settings):
    settings.DEBUG = True  # as `make run` starts the platform
    assert_error(client.get("/api/no-such-thing/"), 404, "not_found")
    assert_error(client.post("/api/protocols/", {}), 404, "not_found")


def test_unknown_static_file_is_a_404_in_the_shape(client, db):
    assert_error(client.get("/static/nowhere.js"), 404, "not_found")


def test_anonymous_access_is_refused_in_the_shape(api, db):
    assert_error(api.get("/api/me"), 403, "not_authenticated")


def test_validation_errors_list_the_fields(api, db):
    error = assert_error(api.post("/api/auth/login", {"username": "x"}), 400, "validation_error")
    assert "password" in error["details"]


def test_malformed_json_is_refused(api, db):
    response = api.post("/api/auth/login", "{not json", content_type="application/json")
    assert_error(response, 400, "malformed_request")


def test_wrong_method(api, db):
    assert_error(api.get("/api/auth/login"), 405, "method_not_allowed")


def test_admin_site_refusal_for_a_non_staff_user_is_a_redirect_not_an_error(client, clinician):
    client.force_login(clinician)
    assert client.get("/admin/").status_code == 302


@pytest.mark.django_db
def test_session_writes_need_the_csrf_token(clinician):
    browser = APIClient(enforce_csrf_checks=True)
    browser.get("/api/auth/csrf")
    token = browser.cookies["csrftoken"].value
    assert (
        browser.post(
            "/api/auth/login", {"username": "claude", "password": PASSWORD}, HTTP_X_CSRFTOKEN=token
        ).status_code
        == 200
    )
    assert_error(browser.post("/api/auth/logout"), 403, "permission_denied")
    token = browser.cookies["csrftoken"].value
    assert browser.post("/api/auth/logout", HTTP_X_CSRFTOKEN=token).status_code == 204
