"""The admin's sign-in page with production static files (``DEBUG`` off), collected or not."""

import pytest
from django.core.management import call_command
from django.test import override_settings

pytestmark = pytest.mark.django_db
PRODUCTION_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "apps.api.staticfiles.StaticFilesStorage"},
}


@pytest.mark.parametrize("collected", [False, True])
def test_anonymous_admin_is_the_sign_in_page(client, tmp_path, collected):
    client.raise_request_exception = False
    with override_settings(DEBUG=False, STATIC_ROOT=tmp_path, STORAGES=PRODUCTION_STORAGES):
        if collected:
            call_command("collectstatic", "--no-input", verbosity=0)
        response = client.get("/admin/")
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")
        page = client.get(response["Location"])
        assert page.status_code == 200
        assert b"/static/admin/css/base" in page.content
        if collected:  # the hashed name from the manifest
            assert b"/static/admin/css/base.css" not in page.content
