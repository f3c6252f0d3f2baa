"""Settings for every environment, read from environment variables (see README, Configuration).

Safe defaults: with nothing set, the platform runs on a SQLite file under ``var/`` and Celery
tasks run in-process. ``DEBUG`` is off unless asked for, and then ``SECRET_KEY`` is required.
"""

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from kombu import Exchange, Queue

from config.env import (
    database_config,
    database_pool,
    env_bool,
    env_int,
    env_list,
    redis_url,
    secret_key,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))

DEBUG = env_bool(os.environ, "DEBUG", default=False)
SECRET_KEY = secret_key(os.environ, debug=DEBUG)
ALLOWED_HOSTS = env_list(os.environ, "ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list(os.environ, "CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "apps.accounts.admin_site.StaffAdminConfig",  # the admin site, behind the second factor
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "django_otp_webauthn",
    "apps.accounts",
    "apps.api",
    "apps.audit",
    "apps.participants",
    "apps.training",
    "apps.programmes",
    "apps.visits",
    "apps.reminders",
    "apps.games",
    "apps.metrics",
    "apps.exports",
    "apps.reports",
    "apps.signoff",
    "apps.fhir",
    "apps.live",
    "apps.demo",
]

MIDDLEWARE = [
    # Content-Security-Policy outermost, so the policy goes on every response, those the outer
    # middleware answer themselves (probes, the body limit) included.
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # The request id, request counts and latencies; it runs before the rest so that every other
    # middleware's log lines carry the id. It also answers /metrics (Prometheus, with the bearer
    # token METRICS_TOKEN; unset, the endpoint is off), /healthz and /readyz.
    "apps.api.observability.RequestMiddleware",
    # Request bodies over MAX_REQUEST_BYTES are refused with a 413 before any view reads them.
    "apps.api.limits.BodyLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django_otp.middleware.OTPMiddleware",
    # The language a request is answered in: a participant device's link, its participant's;
    # staff requests take their own when DRF signs them in (apps.accounts.authentication).
    "apps.api.language.LanguageMiddleware",
    "apps.accounts.middleware.StaffSessionMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

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

# With DATABASE_POOL_MAX_SIZE above 0, a psycopg pool per process (PostgreSQL only).
DATABASES = {
    "default": database_config(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'memulation.sqlite3'}",
        pool=database_pool(os.environ),
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
# The languages shipped complete, each person's own (a participant's, a staff member's): the
# catalogues are locale/<code>/LC_MESSAGES/django.po (`make messages`).
LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("ar", "العربية"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The font the participant report is printed in for a right-to-left language (DejaVu Sans:
# Debian's fonts-dejavu-core, installed in the container image).
REPORT_FONT_DIR = Path(os.environ.get("REPORT_FONT_DIR", "/usr/share/fonts/truetype/dejavu"))
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
            else "apps.api.staticfiles.StaticFilesStorage"
        )
    },
}
MEDIA_ROOT = VAR_DIR / "media"

# --- Live tables (Django Channels) -------------------------------------------------------------
# Sockets share Redis when it is configured, else the process's memory. The pool is sized for
# every socket a process holds: redis-py's default of 100 runs out under a few hundred sockets.
ASGI_APPLICATION = "config.asgi.application"
LIVE_REDIS_CONNECTIONS = env_int(os.environ, "LIVE_REDIS_CONNECTIONS", default=1000, minimum=10)
# Threads (so database connections) a live process uses for its sockets' database work.
LIVE_DATABASE_THREADS = env_int(os.environ, "LIVE_DATABASE_THREADS", default=4, minimum=1)
# LIVE_CHANNEL_LAYER: "pubsub" (the default with Redis), "redis" (channels-redis's list-based
# layer) or "memory" (one process only; the default without Redis); bench/README.md has figures.
_LIVE_LAYERS = {
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
    "redis": "channels_redis.core.RedisChannelLayer",
}
_live_layer = os.environ.get("LIVE_CHANNEL_LAYER") or (
    "pubsub" if redis_url(os.environ) else "memory"
)
CHANNEL_LAYERS: dict[str, dict[str, Any]] = {
    "default": (
        {
            "BACKEND": _LIVE_LAYERS[_live_layer],
            "CONFIG": {
                "hosts": [
                    {"address": redis_url(os.environ), "max_connections": LIVE_REDIS_CONNECTIONS}
                ]
            },
        }
        if _live_layer in _LIVE_LAYERS and redis_url(os.environ)
        else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    )
}

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
# With the solver on, also estimate memory fidelity from the participant's decisions
# (apps.metrics.fidelity, about a second of CPU a game), in its own job on the metrics queue
# after the session's other metrics.
METRICS_WITH_FIDELITY = env_bool(os.environ, "METRICS_WITH_FIDELITY", default=True)
CELERY_BEAT_SCHEDULE = {
    "metrics-sweep": {"task": "metrics.sweep", "schedule": timedelta(minutes=10)},
    "metrics-nightly": {"task": "metrics.nightly", "schedule": crontab(hour=2, minute=30)},
    "exports-sweep": {"task": "exports.sweep", "schedule": timedelta(hours=1)},
    "games-settle": {"task": "games.settle", "schedule": timedelta(seconds=30)},
    # Participants' reminders, at their own times of day (apps.reminders): each sent once.
    "reminders-send": {"task": "reminders.send", "schedule": timedelta(minutes=1)},
}

# --- Reminders (e-mail) ------------------------------------------------------------------------
# Participants' reminders go through Django's default mailer: SMTP when EMAIL_HOST is set, else
# the console (a local platform prints them). Their links point at SITE_URL. The environment
# keeps its EMAIL_* names; they are the mailer's options, not settings of their own (Django 6.1
# refuses both at once).
_smtp = "django.core.mail.backends.smtp.EmailBackend"
_mail_host = os.environ.get("EMAIL_HOST", "")
_mailer: dict[str, Any] = {
    "BACKEND": os.environ.get(
        "EMAIL_BACKEND", _smtp if _mail_host else "django.core.mail.backends.console.EmailBackend"
    )
}
if _mailer["BACKEND"] == _smtp:
    _mailer["OPTIONS"] = {
        "host": _mail_host,
        "port": env_int(os.environ, "EMAIL_PORT", default=587, minimum=1),
        "username": os.environ.get("EMAIL_HOST_USER", ""),
        "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "use_tls": env_bool(os.environ, "EMAIL_USE_TLS", default=bool(_mail_host)),
        "timeout": env_int(os.environ, "EMAIL_TIMEOUT", default=20, minimum=1),
    }
MAILERS = {"default": _mailer}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "reminders@localhost")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

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
# How many proxies in front of the site append to X-Forwarded-For; 0 believes no such header.
TRUSTED_PROXIES = env_int(os.environ, "TRUSTED_PROXIES", default=0)
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "apps.accounts.authentication.SessionAuthentication",
        "apps.accounts.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "apps.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "apps.api.errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    # JSON may nest at most 32 levels and be at most MAX_REQUEST_BYTES (apps.api.limits).
    "DEFAULT_PARSER_CLASSES": [
        "apps.api.limits.LimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_METADATA_CLASS": "apps.api.metadata.Metadata",
    "DEFAULT_THROTTLE_RATES": {"login": "10/min", "join": "10/min"},
    "NUM_PROXIES": TRUSTED_PROXIES,
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Memulation Lab API",
    "DESCRIPTION": (
        "Cognitive-training sessions with Memulation and Mendikot: studies, participants, "
        "games played through the API, memory-performance metrics and research exports. "
        'Every error has the shape {"error": {"code", "message", "details"}}. '
        "Live tables push each seat its view over WebSocket: see the "
        "[live protocol (AsyncAPI 3)](/api/live-protocol.asyncapi.yaml)."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api",
    "COMPONENT_SPLIT_REQUEST": True,
    # Words of the games that recur in many bodies: one enum name each.
    "ENUM_NAME_OVERRIDES": {
        "GameEnum": "apps.participants.models.GameType",
        "SecondFactorRoleEnum": "apps.accounts.services.RULE_ROLE_CHOICES",
        "RolesEnum": "apps.participants.models.Protocol.Roles",
        "AssessmentPointKindEnum": "apps.participants.models.AssessmentPoint.Kind",
        "MissedReasonEnum": "apps.programmes.models.MissedDose.Reason",
        "VisitMissedReasonEnum": "apps.visits.models.Visit.MissedReason",
        "VisitStatusEnum": "apps.visits.models.VISIT_STATUSES",
        "VisitRecordStatusEnum": "apps.visits.models.Visit.Status",
        "ReminderOutcomeEnum": "apps.reminders.models.ReminderLog.Outcome",
        "GameStatusEnum": "apps.games.models.Game.Status",
        "HandEnum": "apps.games.shapes.fields.HAND_CHOICES",
        "RoleMethodEnum": "apps.games.shapes.fields.ROLE_METHODS",
        "SeatKindEnum": "apps.games.shapes.fields.SEAT_KINDS",
        "MemulationGameEnum": "apps.games.shapes.fields.MEMULATION",
        "MendikotGameEnum": "apps.games.shapes.fields.MENDIKOT",
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

CSRF_FAILURE_VIEW = "apps.api.errors.csrf_failure"

# --- Operations: logs, metrics, database connection pool, task queues ---------------------------
# One line per log record, JSON in production (plain text with DEBUG on), each with the id of
# the request (or task) it belongs to; apps.api.observability sets and carries the id.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "plain" if DEBUG else "json")
if LOG_FORMAT not in {"plain", "json"}:
    raise ImproperlyConfigured(f"LOG_FORMAT={LOG_FORMAT!r} must be plain or json")
# Link tokens (play, progress and reminder links) and download tokens are blanked out of every
# log line (apps.common.logs), and Django's own loggers (requests, runserver) write through
# those filtered handlers.
LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "apps.api.observability.RequestIdFilter"},
        "redact": {"()": "apps.common.logs.RedactSecrets"},
    },
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s]: %(message)s"},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(request_id)s %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            "timestamp": False,
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": LOG_FORMAT,
            "filters": ["request_id", "redact"],
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        "django.server": {"handlers": [], "level": "INFO", "propagate": True},
    },
}

# --- Hardening: request limits, sign-in throttling, CSP ----------------------------------------
# Request bodies over this many bytes are refused with a 413 (JSON bodies are a few KB), before
# any view reads them (apps.api.limits, in MIDDLEWARE and the API's parsers).
MAX_REQUEST_BYTES = env_int(os.environ, "MAX_REQUEST_BYTES", default=1_048_576, minimum=1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES

# Redis when configured, so rate limits and sign-in lockouts hold across web processes.
CACHES = {
    "default": {
        "BACKEND": "apps.common.cache.RedisCache",  # clear() leaves the broker's keys alone
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "memulation",
        "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
    }
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}
LOGIN_LOCKOUT_FAILURES = env_int(os.environ, "LOGIN_LOCKOUT_FAILURES", default=10, minimum=1)
LOGIN_LOCKOUT_SECONDS = env_int(os.environ, "LOGIN_LOCKOUT_SECONDS", default=900, minimum=1)
# Staff sessions end after this many seconds without a request (the browser warns a minute
# before and signs out itself); participants' play links have no session and are not affected.
STAFF_IDLE_SECONDS = env_int(os.environ, "STAFF_IDLE_SECONDS", default=900, minimum=120)
# How long a sign-in whose password was right waits for its second factor.
SECOND_FACTOR_WAIT_SECONDS = 300
# The second factor (apps.accounts): TOTP codes name the platform in the authenticator app;
# passkeys belong to the site's own host name (WEBAUTHN_RP_ID; unset: the host of the request,
# which ALLOWED_HOSTS already limits) and are accepted from its own origin only.
OTP_TOTP_ISSUER = os.environ.get("OTP_TOTP_ISSUER", "Memulation Lab")
OTP_WEBAUTHN_RP_NAME = "Memulation Lab"
OTP_WEBAUTHN_RP_ID_CALLABLE = "apps.accounts.passkeys.relying_party_id"
OTP_WEBAUTHN_HELPER_CLASS = "apps.accounts.passkeys.PasskeyHelper"
OTP_WEBAUTHN_ALLOW_PASSWORDLESS_LOGIN = False
WEBAUTHN_RP_ID = os.environ.get("WEBAUTHN_RP_ID", "")

# Content-Security-Policy: the browser app and the admin load everything from this site and
# run no inline script; images may be data: URLs (the favicon). The API docs page widens it
# for its CDN (apps.api.docs).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# The bearer token of /metrics (apps.api.observability.RequestMiddleware); unset, it is off.
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
# Three queues, each with workers of its own, so a long export never delays a session's results
# and the solver's analysis never delays game-time work: game (the default), metrics, exports.
CELERY_QUEUE_NAMES = ["game", "metrics", "exports"]
CELERY_TASK_DEFAULT_QUEUE = "game"
# Declared, so that a worker started without -Q (make run, compose) consumes all three.
CELERY_TASK_QUEUES = [Queue(name, Exchange(name), routing_key=name) for name in CELERY_QUEUE_NAMES]
CELERY_TASK_ROUTES = {"metrics.*": {"queue": "metrics"}, "exports.*": {"queue": "exports"}}
# Passkeys are checked against the origin of the site that asked for them (see
# apps.accounts.passkeys), not a fixed list: the library's check for one is silenced.
SILENCED_SYSTEM_CHECKS = ["otp_webauthn.E030"]
