"""Settings for every environment, read from environment variables (see README, Configuration).

Safe defaults: with nothing set, the platform runs on a SQLite file under ``var/`` and Celery
tasks run in-process. ``DEBUG`` is off unless asked for, and then ``SECRET_KEY`` is required.
"""

import os
from datetime import timedelta
from pathlib import Path

from celery.schedules import crontab

from config.env import database_config, env_bool, env_int, env_list, redis_url, secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))

DEBUG = env_bool(os.environ, "DEBUG", default=False)
SECRET_KEY = secret_key(os.environ, debug=DEBUG)
ALLOWED_HOSTS = env_list(os.environ, "ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list(os.environ, "CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "apps.accounts",
    "apps.api",
    "apps.audit",
    "apps.participants",
    "apps.training",
    "apps.games",
    "apps.metrics",
    "apps.exports",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": database_config(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'memulation.sqlite3'}"
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# The browser app is built by Vite into frontend/dist (its assets under /static/app/).
FRONTEND_DIST = Path(os.environ.get("FRONTEND_DIST", BASE_DIR / "frontend" / "dist"))
STATICFILES_DIRS = [FRONTEND_DIST] if FRONTEND_DIST.is_dir() else []
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise expects it even before collectstatic
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
MEDIA_ROOT = VAR_DIR / "media"

# --- Celery -------------------------------------------------------------------------------------
# Without REDIS_URL, tasks run in-process at the moment they are queued, so the embedded default
# needs no broker; with it, they go to Redis and a worker runs them.
REDIS_URL = redis_url(os.environ)
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_ALWAYS_EAGER = REDIS_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_TIME_LIMIT = env_int(os.environ, "CELERY_TASK_TIME_LIMIT", default=600, minimum=1)
CELERY_TASK_SOFT_TIME_LIMIT = max(1, CELERY_TASK_TIME_LIMIT - 30)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_RESULT_EXPIRES = timedelta(days=1)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# An unacknowledged job (its worker died) is handed out again after this many seconds.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int(
        os.environ, "CELERY_VISIBILITY_TIMEOUT", default=2 * CELERY_TASK_TIME_LIMIT, minimum=1
    )
}
CELERY_TIMEZONE = TIME_ZONE
# Metric jobs value every play with the double-dummy solver (seconds per game); off, the
# solver-based metrics are left out and the sweeper does not count them as missing.
METRICS_WITH_SOLVER = env_bool(os.environ, "METRICS_WITH_SOLVER", default=True)
CELERY_BEAT_SCHEDULE = {
    "metrics-sweep": {"task": "metrics.sweep", "schedule": timedelta(minutes=10)},
    "metrics-nightly": {"task": "metrics.nightly", "schedule": crontab(hour=2, minute=30)},
    "exports-sweep": {"task": "exports.sweep", "schedule": timedelta(hours=1)},
}

# --- Research exports ---------------------------------------------------------------------------
# Finished archives live here (under a temporary folder while being built).
EXPORT_ROOT = Path(os.environ.get("EXPORT_ROOT", VAR_DIR / "exports"))
# How long a download link stays valid, and how long a finished archive is kept.
EXPORT_LINK_HOURS = env_int(os.environ, "EXPORT_LINK_HOURS", default=24, minimum=1)
EXPORT_KEEP_DAYS = env_int(os.environ, "EXPORT_KEEP_DAYS", default=30, minimum=1)
# Exports of at most this many rows are built while the request waits; larger ones by a job.
EXPORT_DIRECT_MAX_ROWS = env_int(os.environ, "EXPORT_DIRECT_MAX_ROWS", default=50_000)
EXPORT_TASK_TIME_LIMIT = env_int(os.environ, "EXPORT_TASK_TIME_LIMIT", default=900, minimum=60)
# Per-study pseudonymisation keys, never stored in the database: "ref=key" pairs separated by
# commas; a study names its key by ``pseudonymisation_key_ref``.
PSEUDONYMISATION_KEYS = dict(
    pair.split("=", 1) for pair in env_list(os.environ, "PSEUDONYMISATION_KEYS", default=[])
)

# --- API ----------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "apps.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "apps.api.errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    "DEFAULT_THROTTLE_RATES": {"login": "10/min"},
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Memulation Lab API",
    "DESCRIPTION": (
        "Cognitive-training sessions with Memulation and Mendikot: studies, participants, "
        "games played through the API, memory-performance metrics and research exports. "
        'Every error has the shape {"error": {"code", "message", "details"}}.'
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api",
    "COMPONENT_SPLIT_REQUEST": True,
    # Words of the games that recur in many bodies: one enum name each.
    "ENUM_NAME_OVERRIDES": {
        "GameEnum": "apps.participants.models.Game",
        "GameStatusEnum": "apps.games.models.Game.Status",
        "HandEnum": "apps.games.serializers.HAND_CHOICES",
        "RoleMethodEnum": "apps.games.serializers.ROLE_METHODS",
        "SeatKindEnum": "apps.games.serializers.SEAT_KINDS",
        "MemulationGameEnum": "apps.games.serializers.MEMULATION",
        "MendikotGameEnum": "apps.games.serializers.MENDIKOT",
        "MemulationPhaseEnum": "apps.games.engine.memulation.PHASES",
        "MendikotPhaseEnum": "apps.games.engine.mendikot.PHASES",
    },
}

# --- Security -----------------------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool(os.environ, "SECURE_SSL_REDIRECT", default=True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int(os.environ, "SECURE_HSTS_SECONDS", default=31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
CSRF_FAILURE_VIEW = "apps.api.errors.csrf_failure"
