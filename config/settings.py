"""Settings for the whole site, read from the environment (django-environ).

With nothing set, the site runs on its embedded defaults: a SQLite file under ``var/``, Celery
tasks executed in-process, and an in-memory cache. Real services take over when their URLs are
set: ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` (broker, result backend and cache).
"""

from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.local_env import env_file

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"

env = environ.Env()
environ.Env.read_env(env_file(), overwrite=False)

DEBUG = env.bool("DEBUG", default=False)

# A development key exists only while DEBUG is on; production must set its own.
_DEVELOPMENT_SECRET_KEY = "django-insecure-development-key-for-local-use-only"
SECRET_KEY = env.str("SECRET_KEY", default=_DEVELOPMENT_SECRET_KEY if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured(
        "SECRET_KEY must be set when DEBUG is off. In production set SECRET_KEY (and DEBUG=0) in the "
        "environment; for development, any manage.py command writes this checkout's .env."
    )

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "core",
    "clubs",
    "tournaments",
    "games",
    "discipline",
    "scoring",
    "ratings",
    "records",
    "leagues",
    "seasons",
    "axes",
    "online",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "config.input_guard.RefuseNulMiddleware",  # 400 for a NUL in the path, query or a form field
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "clubs.middleware.ClubTimezoneMiddleware",
    # Rate limits (core/ratelimits.py): a refused request gets the 429 page or JSON.
    "django_ratelimit.middleware.RatelimitMiddleware",
    "axes.middleware.AxesMiddleware",
    "online.core.deadlines.SweepMiddleware",
    "online.core.languages.RememberLanguageMiddleware",  # the language of a user's e-mails
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.context_processors.navigation",
            ],
        },
    },
]

# --- Database: PostgreSQL when DATABASE_URL is set, else the embedded SQLite file -------------
DATABASE_URL = env.str("DATABASE_URL", default="")
if DATABASE_URL:
    DATABASES = {"default": env.db_url_config(DATABASE_URL)}
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
else:
    VAR_DIR.mkdir(exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "db.sqlite3",
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: broker, result backend and cache when REDIS_URL is set ----------------------------
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            # Cache errors are logged and read as misses: pages and the API serve from the
            # database while Redis is down (core/cache.py, docs/pipeline.md).
            "BACKEND": "core.cache.ForgivingRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="mafia"),
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    # No result backend: nothing reads a task's result (the RecomputeJob row is the record), and
    # the Redis result backend made the first send after Redis died wait ~19 s in its reconnect
    # loop (issue 14). tests/pipeline/test_faults.py pins the prompt answer.
    CELERY_RESULT_BACKEND = None
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # django-axes warns that a process's own memory is no shared store: the embedded mode is one
    # process, so its lock-outs and limits hold there (with several, set REDIS_URL).
    SILENCED_SYSTEM_CHECKS = ["axes.W001"]
    # No broker: every task runs in-process, at once, and its errors surface to the caller.
    CELERY_BROKER_URL = "memory://localhost/"
    CELERY_RESULT_BACKEND = "cache+memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
# Online games' deadlines: without beat (the embedded default) requests run the sweep in-process,
# at most once every ONLINE_SWEEP_SECONDS (online/core/deadlines.py).
ONLINE_SWEEP_IN_PROCESS = env.bool("ONLINE_SWEEP_IN_PROCESS", default=not REDIS_URL)
ONLINE_SWEEP_SECONDS = env.int("ONLINE_SWEEP_SECONDS", default=30)

# The auto-judged table's chat-completion agents (docs/auto-judged-table.md): an OpenAI-style
# endpoint, its model and key. Empty: the `chat` agent kind is refused with a clear message.
TABLE_CHAT_URL = env.str("TABLE_CHAT_URL", default="")
TABLE_CHAT_MODEL = env.str("TABLE_CHAT_MODEL", default="")
TABLE_CHAT_KEY = env.str("TABLE_CHAT_KEY", default="")
# A person's speech window at an auto-judged table (typing takes longer than speaking).
TABLE_PERSON_SPEECH_SECONDS = env.int("TABLE_PERSON_SPEECH_SECONDS", default=180)
# A person's window per candidate in a vote round (the agents' 1.5 s is too short to read and click).
TABLE_PERSON_VOTE_SECONDS = env.float("TABLE_PERSON_VOTE_SECONDS", default=20.0)
# The most games a simulation run asked for on the site may play (per spec; the command has no limit).
TABLE_SIMULATION_MAX_GAMES = env.int("TABLE_SIMULATION_MAX_GAMES", default=2000)
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_IGNORE_RESULT = True
# A message is acknowledged when its task has run, and given back when the worker dies under it;
# the job's lease (core/outbox.py) lets the sweep take a dead worker's job over meanwhile.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A broker outage must not hang a judge's request: the pipeline's dirty rows and its sweep
# repair whatever could not be sent (core/outbox.py).
CELERY_TASK_PUBLISH_RETRY = False
# A running recompute renews its lease every third of this; the minute's sweep takes over a job
# whose lease ran out (its worker died): within PIPELINE_LEASE_SECONDS + 60 s (docs/pipeline.md).
PIPELINE_LEASE_SECONDS = env.int("PIPELINE_LEASE_SECONDS", default=45)
CELERY_BEAT_SCHEDULE = {
    "pipeline-sweep": {"task": "core.outbox.sweep_pipeline", "schedule": 60.0},
    # Online games: resolve every phase past its deadline (online/core/deadlines.py).
    "online-deadline-sweep": {"task": "online.tasks.sweep_deadlines", "schedule": 60.0},
}
# A send while the broker is down fails at once (one try, no waiting between tries): the page
# answers, the job's row stays dirty, and the sweep sends it when Redis is back. Health checks
# likewise answer quickly rather than hang. The worker keeps reconnecting on its own.
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 1, "socket_timeout": 5, "max_retries": 0,
    "interval_start": 0, "interval_step": 0, "interval_max": 0,
}

# /healthz makes its deep check (database, Redis, a worker's ping) at most once per this many
# seconds per process; /healthz/live asks nothing (config/health.py).
HEALTHZ_CACHE_SECONDS = env.float("HEALTHZ_CACHE_SECONDS", default=5.0)

# --- Accounts ---------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses a locked-out log-in before the password is checked
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# With no EMAIL_URL, every message the site sends is appended to one file, var/mail.log (core/mail.py):
# `make run`'s console stays for the accounts and the server, and `tail -f var/mail.log` shows the mail.
EMAIL_BACKEND = env.str("EMAIL_BACKEND", default="core.mail.FileBackend")
EMAIL_FILE = Path(env.str("EMAIL_FILE", default=str(VAR_DIR / "mail.log")))
# The site's address as people reach it: the links in e-mails are absolute (core/site.py). `make run`
# serves ADDRESS (127.0.0.1:8000 unless set) and this follows it; production sets SITE_URL.
SITE_URL = env.str("SITE_URL", default=f"http://{env.str('ADDRESS', default='127.0.0.1:8000')}")
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Mafia clubs <noreply@localhost>")
if env.str("EMAIL_URL", default=""):
    vars().update(env.email_url("EMAIL_URL"))

# --- Rate limits (core/ratelimits.py, docs/pipeline.md): counted in the cache ---------------------
RATE_LIMITS_ENABLED = env.bool("RATE_LIMITS_ENABLED", default=True)
RATE_LIMITS = {
    "sign_up": env.str("RATE_LIMIT_SIGN_UP", default="5/h"),  # per address
    "password_reset": env.str("RATE_LIMIT_PASSWORD_RESET", default="5/h"),  # per address
    "applications": env.str("RATE_LIMIT_APPLICATIONS", default="20/h"),  # per account or address
    "api_token": env.str("RATE_LIMIT_API_TOKEN", default="10/m"),  # per address
    "api_write": env.str("RATE_LIMIT_API_WRITE", default="600/m"),  # per account or address
}
RATELIMIT_VIEW = "core.ratelimits.refused"
RATELIMIT_FAIL_OPEN = True  # the cache is down: let people through rather than refuse everyone
# Log-in lock-out (django-axes, in the cache): a username from one address, 5 failures, 15 minutes.
AXES_ENABLED = RATE_LIMITS_ENABLED
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "core.ratelimits.locked_out"

# --- The judge's private link (/t/<token>/; games/links.py, docs/entry.md) ---------------------
# A link expires this many hours after the latest of: when it was issued (or rotated), the start of
# its game's evening, the start of its tournament's last day (in the club's time zone).
JUDGE_LINK_LIFETIME_HOURS = env.int("JUDGE_LINK_LIFETIME_HOURS", default=24)
if JUDGE_LINK_LIFETIME_HOURS < 1:
    raise ImproperlyConfigured("JUDGE_LINK_LIFETIME_HOURS must be a whole number of hours, at least 1.")

# --- Language and time ------------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ru", _("Russian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
# Stored in UTC; shown in the club's time zone (see clubs.middleware.ClubTimezoneMiddleware).
USE_TZ = True
TIME_ZONE = env.str("TIME_ZONE", default="UTC")

# --- Static files: everything is served from static/, nothing from a CDN ----------------------
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# collectstatic's target; the suite's runs of the server benchmarks give each run its own.
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
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
WHITENOISE_USE_FINDERS = True

# --- REST API ---------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "core.api_errors.Pagination",
    # JSON through core.strictjson: no NaN/Infinity/1e400, at most 64 levels (docs/input-validation.md).
    "DEFAULT_PARSER_CLASSES": [
        "core.api_parsers.StrictJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "PAGE_SIZE": 50,
    # ApplicationError → status and body, in one place (docs/api.md).
    "EXCEPTION_HANDLER": "core.api_errors.exception_handler",
    # ?format= is left to clients' own use; the export takes ?as=json|zip.
    "URL_FORMAT_OVERRIDE": None,
    # API writes are rate-limited per account (core/ratelimits.py); reads are not.
    "DEFAULT_THROTTLE_CLASSES": ["core.ratelimits.ApiWriteThrottle"],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Mafia clubs API",
    "DESCRIPTION": "Clubs, tournaments, games and protocols (mafia-protocol/1).",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "COMPONENT_SPLIT_REQUEST": False,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.api_errors.document_refusals",
    ],
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "games.models.Game.Status",
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "EveningStatusEnum": "tournaments.models.Evening.Status",
        "ApplicationStatusEnum": "tournaments.models.Application.Status",
        "RulesetEnum": "games.rulesets.RulesetChoice",
    },
}

# --- Security: strict unless DEBUG ------------------------------------------------------------
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=False)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # One line per eager task run would drown the console of `make run`.
    "loggers": {
        "celery.app.trace": {"level": env.str("CELERY_TRACE_LOG_LEVEL", default="WARNING")},
        # django-axes says "AXES: BEGIN version …" at every start of every command; its warnings
        # (and its lock-outs, logged by axes.handlers) still show.
        "axes.apps": {"level": "WARNING"},
    },
}
