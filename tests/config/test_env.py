"""Each environment variable parses, and a bad value fails with a message naming it."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import database_config, env_bool, env_int, env_list, redis_url, secret_key

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("YES", True), ("on", True), ("0", False), ("off", False)],
)
def test_debug_parses_booleans(raw, expected):
    assert env_bool({"DEBUG": raw}, "DEBUG", default=not expected) is expected


def test_a_missing_boolean_takes_its_default():
    assert env_bool({}, "DEBUG", default=False) is False


def test_a_bad_boolean_names_the_variable():
    with pytest.raises(ImproperlyConfigured, match="DEBUG='maybe' is not a boolean"):
        env_bool({"DEBUG": "maybe"}, "DEBUG", default=False)


def test_allowed_hosts_is_a_comma_list():
    assert env_list({"ALLOWED_HOSTS": " a.org,,b.org "}, "ALLOWED_HOSTS", default=[]) == [
        "a.org",
        "b.org",
    ]
    assert env_list({}, "ALLOWED_HOSTS", default=["localhost"]) == ["localhost"]


def test_integers_are_checked():
    assert env_int({"N": "12"}, "N", default=1) == 12
    with pytest.raises(ImproperlyConfigured, match="N='twelve' is not a whole number"):
        env_int({"N": "twelve"}, "N", default=1)
    with pytest.raises(ImproperlyConfigured, match="must be at least 1"):
        env_int({"N": "0"}, "N", default=1, minimum=1)


def test_database_url_postgres_and_sqlite(tmp_path):
    pg = database_config("postgres://postgres@127.0.0.1:5432/memulation")
    assert pg["ENGINE"] == "django.db.backends.postgresql"
    assert (pg["HOST"], pg["PORT"], pg["NAME"]) == ("127.0.0.1", 5432, "memulation")
    lite = database_config(f"sqlite:///{tmp_path}/sub/db.sqlite3")
    assert lite["ENGINE"] == "django.db.backends.sqlite3"
    assert (tmp_path / "sub").is_dir()


def test_an_unsupported_database_url_is_refused():
    with pytest.raises(ImproperlyConfigured, match="scheme 'mysql' is not supported"):
        database_config("mysql://root@localhost/x")


def test_redis_url_optional_and_checked():
    assert redis_url({}) is None
    assert redis_url({"REDIS_URL": "redis://127.0.0.1:6379/0"}) == "redis://127.0.0.1:6379/0"
    with pytest.raises(ImproperlyConfigured, match="must start with redis://"):
        redis_url({"REDIS_URL": "http://127.0.0.1:6379"})


def test_secret_key_is_required_without_debug():
    assert secret_key({"SECRET_KEY": "s"}, debug=False) == "s"
    assert secret_key({}, debug=True)
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set when DEBUG is off"):
        secret_key({}, debug=False)


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE"}}
    for name in ("DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL", "SECURE_SSL_REDIRECT"):
        clean.pop(name, None)
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_process_refuses_to_start_without_a_secret_key(tmp_path):
    result = run_manage("check", DEBUG="0", VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_the_process_refuses_a_bad_debug_value(tmp_path):
    result = run_manage("check", DEBUG="perhaps", VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "DEBUG='perhaps' is not a boolean" in result.stderr


def test_production_settings_pass_the_deploy_check(tmp_path):
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="memulation.example.org",
        EMAIL_HOST="smtp.example.org",
        VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout
    # without a mail server the reminders would only be printed: the check says so
    printed = run_manage(
        "check",
        "--deploy",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="memulation.example.org",
        VAR_DIR=str(tmp_path),
    )
    assert printed.returncode != 0 and "mail.E001" in printed.stderr + printed.stdout


def test_the_embedded_default_is_sqlite_with_in_process_tasks(tmp_path):
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER)"
    )
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    clean.update(DJANGO_SETTINGS_MODULE="config.settings", DEBUG="1", VAR_DIR=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True
    )
    assert result.stdout.split() == ["django.db.backends.sqlite3", "True"], result.stderr


def test_the_readers_examples_hold():
    import doctest

    import config.env

    assert doctest.testmod(config.env).failed == 0


def test_the_mail_server_comes_from_the_environment_as_the_default_mailer(tmp_path):
    show = "from django.core import mail; m = mail.mailers.default; "
    show += "print(type(m).__name__, m.host, m.port, m.username, m.use_tls, m.timeout)"
    smtp = run_manage(
        "shell",
        "-c",
        show,
        DEBUG="1",
        VAR_DIR=str(tmp_path),
        PYTHONWARNINGS="always",
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="2525",
        EMAIL_HOST_USER="reminders",
        EMAIL_HOST_PASSWORD="secret",
    )
    assert smtp.returncode == 0, smtp.stderr
    assert smtp.stdout.split()[-6:] == [
        "EmailBackend",
        "smtp.example.org",
        "2525",
        "reminders",
        "True",
        "20",
    ]
    assert "Migrate to MAILERS" not in smtp.stderr  # no deprecated e-mail setting is declared
    local = run_manage(
        "shell",
        "-c",
        "from django.core import mail; print(type(mail.mailers.default).__module__)",
        DEBUG="1",
        VAR_DIR=str(tmp_path),
    )
    assert local.stdout.split()[-1] == "django.core.mail.backends.console", local.stderr
